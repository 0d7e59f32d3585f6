// layer: actions
// browser_wait's in-page checks (actions/waiting.py): text that appears or goes, an element's state; a
// part of the in-page program (page/main.js), published as `__bxact.wait` (element.js).
//
// They see what the snapshot sees. Text: each same-origin document's rendered text (the page's and its
// frames', innerText: native and cheap) and, when the page has open shadow roots (a chat widget, a design
// system's components), the page model's own reader text (reading.js `textOf`, which reads them as the
// snapshot does); names: the labelled elements of those documents and of every open shadow root. The
// roots are found once per change of the page and observed, so a change inside a shadow root or a frame
// runs the check again even before any snapshot walked them.
import { mutations, observe, onMutations } from "./observer.js";
import { textOf } from "./reading.js";
import { resolve, shown } from "./reach.js";
import { shadowOf } from "./dom.js";

const WAIT_CHECK_MS = 50;  // checks run on change, at most this often (and never more than half the time)
const FRAME_DEPTH = 3;
const BUTTON_VALUE = /^(button|submit|reset)$/;  // their value is their label; any other is what was typed
const LABELLED_BY = '[aria-label],[title],[placeholder],img[alt],input[type=button],input[type=submit],input[type=reset]';
const foldedText = (s) => String(s || '').replace(/\s+/g, ' ').trim().toLowerCase();

// The same-origin documents (the page's first) and the open shadow roots, each observed; kept until the
// page changes.
let waitRootsCache = null;
function waitRoots() {
  if (waitRootsCache && waitRootsCache.m === mutations) return waitRootsCache;
  const docs = [document], shadows = [];
  const visit = (root, depth) => {
    const walker = (root.ownerDocument || root).createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let el = walker.nextNode(); el; el = walker.nextNode()) {
      const shadow = shadowOf(el);
      if (shadow) { shadows.push(shadow); visit(shadow, depth); }
      if ((el.localName === 'iframe' || el.localName === 'frame') && depth < FRAME_DEPTH) {
        let doc;
        try { doc = el.contentDocument; } catch (e) { doc = null; }  // cross-origin: not ours to read
        if (doc && doc.documentElement) { docs.push(doc); visit(doc.documentElement, depth + 1); }
      }
    }
  };
  if (document.documentElement) visit(document.documentElement, 0);
  for (const root of [...docs, ...shadows]) observe(root);
  waitRootsCache = {m: mutations, docs, shadows};  // after observing: observing changes nothing
  return waitRootsCache;
}

function textSeen(needle) {
  const {docs, shadows} = waitRoots();
  for (const doc of docs) if (doc.body && foldedText(doc.body.innerText).includes(needle)) return 'text';
  if (shadows.length && foldedText(textOf(null, null).text).includes(needle)) return 'text';
  for (const root of [...docs, ...shadows]) {
    for (const el of root.querySelectorAll(LABELLED_BY)) {
      const name = el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('alt') ||
        el.getAttribute('placeholder') || (BUTTON_VALUE.test(el.type) && el.localName === 'input' ? el.value : '');
      if (name && foldedText(name).includes(needle) && shown(el)) return 'name';
    }
  }
  return null;
}

function elementState(id) {
  const el = resolve(id);  // observed with its frame's document and shadow root: their changes run the check
  if (!el || !el.isConnected) return 'gone';
  const disabled = el.matches(':disabled') || el.closest('[aria-disabled=true]') !== null;
  return (shown(el) ? 'visible' : 'hidden') + (disabled ? ',disabled' : ',enabled');
}

// kind "text" / "text_gone" (arg: the text, case-insensitive, whitespace-normalised) or "element" (arg:
// element id, `state`). Resolves {met, last}: met at once or on a later change; at `limit` ms, met false
// with the last state seen.
function waitFor(kind, arg, state, limit) {
  const needle = foldedText(arg);
  function check() {
    if (kind === 'text') { const where = textSeen(needle); return {met: where !== null, last: where || 'absent'}; }
    if (kind === 'text_gone') {
      const where = textSeen(needle);
      return {met: where === null, last: where ? 'present in ' + where : 'absent'};
    }
    const now = elementState(arg);
    const parts = now.split(',');
    const met = state === 'gone' ? now === 'gone' : state === 'hidden' ? parts[0] !== 'visible' :
      now !== 'gone' && (parts[0] === state || parts[1] === state);
    return {met, last: now};
  }
  observe(document);
  let started = performance.now();
  const first = check();
  if (first.met) return first;
  let cost = performance.now() - started;
  return new Promise(resolve => {
    let pending = 0, last = first.last;
    const off = onMutations(schedule);  // the in-page program's one MutationObserver
    const hard = setTimeout(() => end({met: false, last}), limit);
    const EVENTS = ['resize', 'transitionend', 'animationend'];
    function end(out) {
      off(); clearTimeout(hard); clearTimeout(pending);
      for (const e of EVENTS) removeEventListener(e, schedule, true);
      resolve(out);
    }
    function run() {
      pending = 0;
      started = performance.now();
      const out = check();
      cost = performance.now() - started;
      last = out.last;
      if (out.met) end(out);
    }
    function schedule() {
      // A check that reads a large page's text takes long: the page keeps at least half of the time.
      if (!pending) pending = setTimeout(run, Math.max(0, started + Math.max(WAIT_CHECK_MS, 2 * cost) - performance.now()));
    }
    // Visibility also changes with the viewport and with transitions: check on those too.
    for (const e of EVENTS) addEventListener(e, schedule, true);
  });
}

export { waitFor };
