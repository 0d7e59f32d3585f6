// layer: base
// Selectors for the aimap: `#id`, then a test attribute, then a short structural path; each is
// checked (or unique by construction) to match exactly its element in its own root. Hops into
// iframes and shadow roots are joined with " >> " by selectorFor.
import { TEST_ATTRS } from "./roles.js";
import { changeCounts, flush, observing } from "./observer.js";

let segMemo = new Map();
const cssStr = v => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\a ");
function matchesOnly(root, sel, el) {
  try { const r = root.querySelectorAll(sel); return r.length === 1 && r[0] === el; } catch (_) { return false; }
}
function uniqueId(el, root) {
  return el.id && matchesOnly(root, "#" + CSS.escape(el.id), el);
}
// nth-of-type positions of all children of a parent, found in one pass: asking per control
// walked every sibling each time, quadratic on long lists.
let siblingMemo = new Map();  // parent -> {index: Map(child -> k), totals: Map(localName -> n)}
function siblingPosition(parent) {
  let memo = siblingMemo.get(parent);
  if (!memo) {
    memo = { index: new Map(), totals: new Map() };
    for (let s = parent.firstElementChild; s; s = s.nextElementSibling) {
      const n = (memo.totals.get(s.localName) || 0) + 1;
      memo.totals.set(s.localName, n);
      memo.index.set(s, n);
    }
    siblingMemo.set(parent, memo);
  }
  return memo;
}
// CSS.escape of a tag name, once per name (a pure function of the string).
const escapedNames = new Map();
function escapedName(name) {
  let e = escapedNames.get(name);
  if (e === undefined) escapedNames.set(name, e = CSS.escape(name));
  return e;
}
function segment(el) {
  let seg = segMemo.get(el);
  if (seg) return seg;
  seg = escapedName(el.localName);
  const parent = el.parentNode;
  if (parent) {
    const memo = siblingPosition(parent);
    if (memo.totals.get(el.localName) > 1) seg += `:nth-of-type(${memo.index.get(el)})`;
  }
  segMemo.set(el, seg);
  return seg;
}
// A step of the path: a shadow root's top element is reached from the host (`:host > `).
const step = (el, root) => el.parentElement || root.nodeType !== 11 ? segment(el) : `:host > ${segment(el)}`;
// Whether `el`'s id is unique in its root, asked once per element and capture.
function anchored(el, root) {
  let ok = anchorIds.get(el);
  if (ok === undefined) anchorIds.set(el, ok = !!uniqueId(el, root));
  return ok;
}
// The path from the nearest anchor (an ancestor's unique #id, the body, or the top of the root) down to
// `el`, an ancestor of a control: `{ sel, first, top }`, `first` the anchor's step, `top` its element.
// The same for every control below `el` (the steps above `el` depend on `el` alone): once per capture,
// so a list of 300 links walks its common ancestors once, not 300 times.
function pathTo(el, root) {
  let path = pathMemo.get(el);
  if (path) return path;
  if (el.id && anchored(el, root)) path = { sel: "#" + CSS.escape(el.id), first: "#", top: el };
  else {
    const seg = step(el, root);
    const parent = el.localName === "body" ? null : el.parentElement;
    if (!parent) path = { sel: seg, first: seg, top: el };
    else {
      const up = pathTo(parent, root);
      path = { sel: up.sel + " > " + seg, first: up.first, top: up.top };
    }
  }
  pathMemo.set(el, path);
  return path;
}
function localSelector(el) {
  const root = el.getRootNode();
  if (el.id && anchored(el, root)) return "#" + CSS.escape(el.id);
  if (el.hasAttributes()) {
    for (const attr of TEST_ATTRS) {
      const v = el.getAttribute(attr);
      if (v) {
        const sel = `[${attr}="${cssStr(v)}"]`;
        if (matchesOnly(root, sel, el)) return sel;
      }
    }
  }
  const seg = step(el, root);
  const parent = el.localName === "body" ? null : el.parentElement;
  const up = parent ? pathTo(parent, root) : { sel: "", first: seg, top: el };
  let sel = parent ? up.sel + " > " + seg : seg;
  if (sel.startsWith(":host > ")) sel = sel.slice(8);
  // A chain of child steps, each made unique among its siblings by :nth-of-type, from an
  // anchor verified unique (#id by querySelectorAll, or the document's one body) is unique by
  // construction; verifying it again would cost a selector parse per control.
  if (up.first.startsWith("#") || (up.first.startsWith("body") && el.ownerDocument.body === up.top)) return sel;
  const full = [];
  for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) full.unshift(segment(cur));
  sel = (root.nodeType === 11 ? "" : ":root > ") + full.join(" > ");
  return matchesOnly(root, sel, el) ? sel : null;
}
let anchorIds = new Map();
let pathMemo = new Map();
let hostSel = new Map();
// The memos hold for one capture (a snapshot, or frameInfo): the DOM may change between two.
// A selector is a function of the DOM's structure and attributes alone, which the one MutationObserver
// sees change (observer.js): each element's answer is also kept across captures while no DOM mutation
// came since it was found, and only when every root it depends on (its own, each hop's) was observed
// then (a root not observed could change unseen). A WeakMap: an element gone is no key kept alive.
let kept = new WeakMap(), keptAt = -1;
function resetSelectors() {
  segMemo = new Map(); siblingMemo = new Map(); anchorIds = new Map(); pathMemo = new Map(); hostSel = new Map();
  flush();  // the records of mutations not yet delivered count too
  const now = changeCounts()[0];
  if (now !== keptAt) { kept = new WeakMap(); keptAt = now; }
}
function selectorFor(el, hops) {
  const known = kept.get(el);
  if (known !== undefined) return known;
  const parts = hops.map(h => { if (!hostSel.has(h)) hostSel.set(h, localSelector(h)); return hostSel.get(h); });
  parts.push(localSelector(el));
  const sel = parts.every(Boolean) ? parts.join(" >> ") : null;
  if (observing(el.getRootNode()) && hops.every(h => observing(h.getRootNode()))) kept.set(el, sel);
  return sel;
}

export { resetSelectors, selectorFor };
