// layer: capture
// Where a piece of the page's text stands (part of the in-page program, main.js): find (reading.js)
// matches the reader text, and an agent that reads something must be able to act on it (drag a card,
// click a row, hover a cell). `holderOf` gives the smallest shown element holding a matched string,
// the n-th such element for the n-th occurrence, so find can give it an element id (el_N).
import { norm } from "./names.js";
import { facts } from "./facts.js";
import { shadowOf } from "./dom.js";

const CLIMB = 6;
const NON_SPACE = /\S/;  // what String.prototype.trim keeps: the same white space  // a match spanning text nodes: ancestors tried above the node holding its start

function* textNodes(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.nodeType === 3) { yield n; continue; }
    const shadow = shadowOf(n);
    if (shadow) yield* textNodes(shadow);
  }
}
const shownParent = (node) => {
  const parent = node.parentElement;
  const f = parent && facts.get(parent);
  return f && !f.gone && f.visible ? parent : null;
};

// `wanted`: the matched strings in page order. Returns one element (or null) per entry. `flat`: no shadow
// root holds a shown element (the walk met none): the text nodes are read without a look at each element.
function holdersOf(wanted, root, flat) {
  const out = new Array(wanted.length).fill(null);
  if (!wanted.length) return out;
  const keys = wanted.map(w => norm(w).toLowerCase());
  const need = new Map();  // key -> [indexes into wanted, in order]
  keys.forEach((k, i) => { if (k) { if (!need.has(k)) need.set(k, []); need.get(k).push(i); } });
  // Per key: its occurrences wanted, those met so far, its first word (arrays: no iterator per text node).
  const wantedKeys = [...need.keys()], lists = [...need.values()];
  const met = lists.map(() => 0), firstWords = wantedKeys.map(k => k.split(" ")[0]);
  let left = lists.reduce((a, b) => a + b.length, 0);
  const start = root || document.body || document.documentElement;
  const walker = flat ? document.createTreeWalker(start, NodeFilter.SHOW_TEXT) : null;
  const nodes = flat ? null : textNodes(start);
  for (let node = flat ? walker.nextNode() : nodes.next().value; node && left; node = flat ? walker.nextNode() : nodes.next().value) {
    const data = node.data;
    if (!NON_SPACE.test(data)) continue;
    const hay = data.toLowerCase();
    for (let j = 0; j < wantedKeys.length; j++) {
      const key = wantedKeys[j], indexes = lists[j];
      if (met[j] >= indexes.length) continue;
      let holder = null;
      if (hay.includes(key)) holder = shownParent(node);
      else if (hay.includes(firstWords[j])) {
        // Spans text nodes ("<b>Write</b> report"): the smallest ancestor whose text holds it all.
        for (let up = shownParent(node), k = 0; up && k < CLIMB; up = up.parentElement, k++) {
          if (norm(up.textContent || "").toLowerCase().includes(key)) { holder = up; break; }
        }
      }
      if (!holder) continue;
      out[indexes[met[j]++]] = holder;
      left--;
    }
  }
  return out;
}

export { holdersOf };
