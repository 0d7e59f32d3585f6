// layer: base
// Selectors for the aimap: `#id`, then a test attribute, then a short structural path; each is
// checked (or unique by construction) to match exactly its element in its own root. Hops into
// iframes and shadow roots are joined with " >> " by selectorFor.
import { TEST_ATTRS } from "./roles.js";

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
function segment(el) {
  let seg = segMemo.get(el);
  if (seg) return seg;
  seg = CSS.escape(el.localName);
  const parent = el.parentNode;
  if (parent) {
    const memo = siblingPosition(parent);
    if (memo.totals.get(el.localName) > 1) seg += `:nth-of-type(${memo.index.get(el)})`;
  }
  segMemo.set(el, seg);
  return seg;
}
function localSelector(el) {
  const root = el.getRootNode();
  if (uniqueId(el, root)) return "#" + CSS.escape(el.id);
  for (const attr of TEST_ATTRS) {
    const v = el.getAttribute(attr);
    if (v) {
      const sel = `[${attr}="${cssStr(v)}"]`;
      if (matchesOnly(root, sel, el)) return sel;
    }
  }
  const parts = [];
  for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) {
    if (cur !== el && cur.id && parts.length && anchorIds.get(cur) !== false) {
      const ok = anchorIds.has(cur) ? anchorIds.get(cur) : uniqueId(cur, root);
      anchorIds.set(cur, ok);
      if (ok) { parts.unshift("#" + CSS.escape(cur.id)); break; }
    }
    parts.unshift(cur.parentElement || root.nodeType !== 11 ? segment(cur) : `:host > ${segment(cur)}`);
    if (cur.localName === "body") break;
  }
  let sel = parts.join(" > ");
  if (sel.startsWith(":host > ")) sel = sel.slice(8);
  // A chain of child steps, each made unique among its siblings by :nth-of-type, from an
  // anchor verified unique (#id by querySelectorAll, or the document's one body) is unique by
  // construction; verifying it again would cost a selector parse per control.
  if (parts[0].startsWith("#") || (parts[0].startsWith("body") && el.ownerDocument.body === el.closest("body"))) return sel;
  const full = [];
  for (let cur = el; cur && cur.nodeType === 1; cur = cur.parentElement) full.unshift(segment(cur));
  sel = (root.nodeType === 11 ? "" : ":root > ") + full.join(" > ");
  return matchesOnly(root, sel, el) ? sel : null;
}
let anchorIds = new Map();
let hostSel = new Map();
// The memos hold for one capture (a snapshot, or frameInfo): the DOM may change between two.
function resetSelectors() {
  segMemo = new Map(); siblingMemo = new Map(); anchorIds = new Map(); hostSel = new Map();
}
function selectorFor(el, hops) {
  const parts = hops.map(h => { if (!hostSel.has(h)) hostSel.set(h, localSelector(h)); return hostSel.get(h); });
  parts.push(localSelector(el));
  return parts.every(Boolean) ? parts.join(" >> ") : null;
}

export { resetSelectors, selectorFor };
