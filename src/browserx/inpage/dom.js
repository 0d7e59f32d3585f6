// layer: base
// The DOM as the program walks it (base layer): an element's shadow root, open or closed. Closed roots
// are adopted from CDP (frames.py, shadow.py): the walk notes custom elements without a visible shadow root
// (`notePendingHost`), Python resolves each closed root into this world and hands it over with
// `adoptShadowRoot(host, root)`, or marks the host as having none (`adoptShadowRoot(host, null)`).
// Every walk, name and reader pass then goes through `shadowOf(el)`.

const closedRoots = new WeakMap();  // host -> closed ShadowRoot adopted from CDP
const rootless = new WeakSet();     // custom elements CDP found without any shadow root

function shadowOf(el) {
  return el.shadowRoot || closedRoots.get(el) || null;
}
// Only custom elements are looked up: attachShadow on built-in elements is allowed too, but
// closed roots there are rare, and every lookup costs a CDP call.
function notePendingHost(el, out) {
  if (!rootless.has(el) && !closedRoots.has(el)) out.pendingHosts.push(el);
}
function adoptShadowRoot(host, root) {
  if (!host || host.nodeType !== 1) return false;
  if (root && root.nodeType === 11 && root.host === host) closedRoots.set(host, root);
  else rootless.add(host);
  return true;
}

// Python's batch after a walk: (host, root-or-null) pairs; the number of closed roots adopted.
function adoptShadowRoots(...pairs) {
  let adopted = 0;
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    if (adoptShadowRoot(pairs[i], pairs[i + 1]) && pairs[i + 1]) adopted++;
  }
  return adopted;
}

export { shadowOf, notePendingHost, adoptShadowRoot, adoptShadowRoots };
