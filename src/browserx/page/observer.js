// The one MutationObserver of the in-page program. The page model counts changes with it (`mutations`:
// state().m tells Python whether its snapshot is stale, and reading.js's text cache) and the actions read
// the same records for their effects (onMutations). Documents, frames' documents and shadow roots are
// observed once each, by whichever part reaches them first.
let mutations = 0;
const observed = new WeakSet();
const listeners = [];
const observer = new MutationObserver(deliver);

function deliver(records) {
  mutations++;
  for (const listener of listeners) listener(records);
}
function observe(root) {
  if (observed.has(root)) return;
  observed.add(root);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  // Typing and toggling change properties, not the DOM: count those too (they bubble out of
  // shadow roots, so documents suffice).
  if (root.nodeType === 9) for (const type of ["input", "change"]) root.addEventListener(type, () => { mutations++; }, true);
}
// Hands the records not yet delivered to everyone now (MutationObserver callbacks run as a microtask).
function flush() {
  const records = observer.takeRecords();
  if (records.length) deliver(records);
}
function onMutations(listener) {
  listeners.push(listener);
}

export { mutations, observe, flush, onMutations };
