// layer: base
// The one MutationObserver of the in-page program. The page model counts changes with it (`mutations`:
// state().m tells Python whether its snapshot is stale, and reading.js's text cache); the actions read
// the same records for their effects, their settling (whenQuiet) and browser_wait's checks (onMutations). Documents, frames' documents and shadow roots are
// observed once each, by whichever part reaches them first.
let mutations = 0;
let domRecords = 0;  // DOM mutations alone (not field input): recheck.js
// What changes the page model with no DOM mutation and no field input: a resource or font loaded, a
// popover or details toggled, slots reassigned (recheck.js asks whether any came since a snapshot).
let journalEvents = 0;
let changedAt = 0;  // performance.now() of the last change (whenQuietSince)
const JOURNAL = ["load", "error", "beforetoggle", "toggle", "slotchange", "loadedmetadata", "resize", "fullscreenchange"];
const noted = () => { journalEvents++; };
const observed = new WeakSet();
const rootRefs = [];  // every document and shadow root observed (recheck.js reads their style sheets)
const listeners = [];
const changeHooks = [];  // called on every change, mutation or field input (reading.js's text cache)
const observer = new MutationObserver(deliver);

function deliver(list) {
  domRecords++;
  changed();
  for (const listener of listeners.slice()) listener(list);  // a listener may stop listening
}
function changed() {
  mutations++;
  changedAt = performance.now();
  for (const hook of changeHooks) hook();
}
// Calls `hook()` on every change from now on, DOM mutations and field input alike.
function onAnyChange(hook) {
  changeHooks.push(hook);
}
function observe(root) {
  if (observed.has(root)) return;
  observed.add(root);
  rootRefs.push(new WeakRef(root));
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  // Neither bubbles out of a shadow root: each root listens for itself.
  for (const type of JOURNAL) root.addEventListener(type, noted, true);
  if (root.fonts) root.fonts.addEventListener("loadingdone", noted);
  // Typing and toggling change properties, not the DOM: count those too (they bubble out of
  // shadow roots, so documents suffice).
  if (root.nodeType === 9) for (const type of ["input", "change"]) root.addEventListener(type, changed, true);
}
// Hands the records not yet delivered to everyone now (MutationObserver callbacks run as a microtask).
function flush() {
  const records = observer.takeRecords();
  if (records.length) deliver(records);
}
// Calls `listener(records)` on every change until the returned function is called.
function onMutations(listener) {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}
// Resolves once `quiet` ms pass without a change of the document that `counts` (every change when
// null), or at `limit` ms: {changed: whether a counted change came meanwhile, quiet}.
function quietFor(quiet, limit, counts) {
  observe(document);
  return new Promise(resolve => {
    let changed = false;
    let timer = setTimeout(() => end(true), quiet);
    const off = onMutations((records) => {
      if (counts && !counts(records)) return;
      changed = true;
      clearTimeout(timer);
      timer = setTimeout(() => end(true), quiet);
    });
    const hard = setTimeout(() => end(false), limit);
    function end(ok) { off(); clearTimeout(timer); clearTimeout(hard); resolve({ changed, quiet: ok }); }
  });
}
// Resolves true after `quiet` ms without a change of the document, or false at `limit` ms.
const whenQuiet = (quiet, limit) => quietFor(quiet, limit, null).then(r => r.quiet);
// Resolves true once `quiet` ms have passed since the last change of the document (at once when they
// have: settle.py asks after a socket has been quiet longer than that), or false at `limit` ms.
function whenQuietSince(quiet, limit) {
  observe(document);
  flush();
  return new Promise(resolve => {
    let timer = null;
    const hard = setTimeout(() => end(false), limit);
    function end(ok) { clearTimeout(timer); clearTimeout(hard); resolve(ok); }
    (function check() {
      const left = quiet - (performance.now() - changedAt);
      if (left <= 0) end(true); else timer = setTimeout(check, left);
    })();
  });
}
// Resolves once `quiet` ms pass without an element added to or removed from the document (the page
// no longer building itself; text and attribute changes, a clock or an animation, do not count),
// or at `limit` ms: {built: whether any was added or removed meanwhile, quiet}.
const builds = (records) => records.some(r => r.type === "childList" &&
  [...r.addedNodes, ...r.removedNodes].some(n => n.nodeType === 1));
const whenBuilt = (quiet, limit) => quietFor(quiet, limit, builds).then(r => ({ built: r.changed, quiet: r.quiet }));

// The live documents and shadow roots observed; the counters of DOM mutations and of journal events.
const observedRoots = () => rootRefs.map(r => r.deref()).filter(r => r && (r.nodeType === 9 || r.host.isConnected));
const changeCounts = () => [domRecords, journalEvents];
// Whether the changes of `root` (a document or shadow root) are counted.
const observing = (root) => observed.has(root);

// `compute()`'s answer about `doc`, kept until the next change of it that is counted (a DOM mutation, attributes
// included: showing or closing a dialog sets or removes its `open`), for queries that visit a whole document.
const keptAnswers = new Map();  // key -> {doc, m, value}
function whileUnchanged(doc, key, compute) {
  observe(doc);
  flush();
  const k = keptAnswers.get(key);
  if (k && k.doc === doc && k.m === mutations) return k.value;
  const value = compute();
  keptAnswers.set(key, { doc, m: mutations, value });
  return value;
}

export { whileUnchanged, mutations, changeCounts, observedRoots, observe, observing, flush, onMutations, onAnyChange, whenQuiet, whenQuietSince, whenBuilt };
