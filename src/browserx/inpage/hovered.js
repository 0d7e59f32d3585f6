// layer: widgets
// What a person finds by pointing or focusing, read from the style sheets' state rules (issue 31, kinds
// 4, 7 and 8), part of the in-page program (main.js). getComputedStyle, read without the hover or the
// focus, sees neither:
//   - pointers: a page that shows the pointer over an element only while it is hovered (a calendar's day
//     cells: `td.day:hover { cursor: pointer }`, served by a listener on their table) tells a person it is
//     a target just as a pointer cursor of its own does. walk.js treats them as having a pointer cursor.
//   - reveals: a control transparent until its container is hovered or focused (a column header's sort
//     button: `th:hover .sort { opacity: 1 }`, Tailwind's `group-hover:opacity-100`, which is
//     `:is(:where(.group):hover *)`; a skip link shown by `:focus-visible`; row actions shown by
//     `tr:hover .actions { visibility: visible }`) is operable by a person: pointing at the header shows
//     it. walk.js lists it (`shows_on`: "hover", else "focus"); a click's pointer moves onto it first,
//     which hovers its container too (an invisible one: onto its row first, reach.js hoverFirst).
//     Transparent or invisible with no such rule: hidden. A rule under an @media this window does not
//     match now (`(hover: hover)` in a headless Chromium) shows nothing here (inMedia).
// One pass over a sheet's rules finds both: the rules that set `cursor: pointer` under `:hover`, and
// those that set a non-zero `opacity` (or `visibility: visible`) under `:hover`, `:focus`, `:focus-within` or `:focus-visible`. What
// the state reaches is the selector with the state taken out (hovering an element hovers its ancestors
// too, so `.row:hover .cell` reaches every .cell of a .row); inside :is()/:where() the same holds.
// Left out, as not reached by hovering or focusing the element or an ancestor: a state under :not() or
// :has(), or before a sibling combinator (`a:hover + b`); a rule that reaches every element (`:hover`,
// `*:hover`); nested CSS; a sheet of another origin (unreadable).
// Cost: a sheet is scanned again only when its rules change in number (sheets.js); the pointer query
// runs on the document only after a DOM change (observer.js `mutations`); reveals are asked only of the
// transparent elements a walk meets (`el.matches`), from their own root's sheets (a shadow root's
// adopted sheets are often shared by many roots: scanned once per sheet).
import { mutations } from "./observer.js";
import { scannedOnce, splitList } from "./sheets.js";

const HOVER = /:hover(?![-\w])/g;
const SHOWING_STATE = /:(?:hover|focus-within|focus-visible|focus)(?![-\w])/g;
const PSEUDO_ELEMENT = /::?(?:before|after)\b/g;
let hovered = null;       // the elements, for the walk that is running (null: none)
const rulesByRoot = new WeakMap();   // document or shadow root -> {key, value} (sheets.js)
const rulesBySheet = new WeakMap();  // sheet -> {n, pointer, hover, focus}
let reached = { doc: null, selector: "", at: -1, set: null };
let reveals = new Map();  // root -> its selectors, for the walk that is running

// Before a walk (walk.js beginWalk): the elements `:hover` rules of `doc` give a pointer cursor.
function refreshHovered(doc) {
  reveals = new Map();
  const selector = rulesOf(doc).pointer;
  if (!selector) { hovered = null; return; }
  if (reached.doc !== doc || reached.selector !== selector || reached.at !== mutations) {
    let set;
    try { set = new Set(doc.querySelectorAll(selector)); } catch (_) { set = null; }
    reached = { doc, selector, at: mutations, set };
  }
  hovered = reached.set;
}
// An element transparent (`property` "opacity") or invisible ("visibility") that a state rule of its root
// shows: "hover" when pointing shows it, "focus" when only focus does; null when nothing does. `fresh`:
// outside a walk (an action's check), the sheets as they are now.
function shownOn(el, property, fresh) {
  const root = el.getRootNode();
  let found = fresh ? undefined : reveals.get(root);
  if (found === undefined) {
    found = root.styleSheets ? inMedia(rulesOf(root), root) : NONE;
    if (!fresh) reveals.set(root, found);
  }
  const [hover, focus] = property === "opacity" ? [found.hover, found.focus] : [found.vhover, found.vfocus];
  try {
    if (hover && el.matches(hover)) return "hover";
    if (focus && el.matches(focus)) return "focus";
  } catch (_) { /* a selector this engine refuses in matches(): nothing shown */ }
  return null;
}
// Whether el is invisible until its container is hovered (itself or an ancestor in its root: a row's
// actions, `tr:hover .actions { visibility: visible }`): a pointer must rest there before it can click.
function hiddenUntilHover(el) {
  for (let n = el, i = 0; n && n.nodeType === 1 && i < 12; n = n.parentElement, i++) {
    if (getComputedStyle(n).visibility !== "hidden") return false;
    if (shownOn(n, "visibility", true) === "hover") return true;
  }
  return false;
}
const KINDS = ["pointer", "hover", "focus", "vhover", "vfocus"];
const NONE = Object.freeze({ pointer: "", hover: "", focus: "", vhover: "", vfocus: "" });
const rulesOf = (root) => scannedOnce(rulesByRoot, root, scanRoot);
// A root's reveals as selectors, less those under an @media this window does not match now: a headless
// Chromium has no hovering pointer (`(hover: hover)` is false), so Tailwind's hover reveals show nothing here
// while its focus reveals do. (Pointers keep every rule: the cursor is a cue of the element, not a state.)
function inMedia(raw, root) {
  const win = (root.ownerDocument || root).defaultView;
  const matches = (media) => media.every(text => { try { return win.matchMedia(text).matches; } catch (_) { return false; } });
  const out = { pointer: raw.pointer };
  for (const key of ["hover", "focus", "vhover", "vfocus"]) {
    out[key] = [...new Set(raw[key].filter(([, media]) => !media.length || (win && matches(media))).map(([target]) => target))].join(", ");
  }
  return out;
}
function scanRoot(root) {
  const all = {};
  for (const key of KINDS) all[key] = [];
  for (const list of [root.styleSheets, root.adoptedStyleSheets || []]) {
    for (const sheet of list) {
      const found = scanSheet(root, sheet);
      for (const key of KINDS) all[key].push(...found[key]);
    }
  }
  return { pointer: [...new Set(all.pointer)].join(", "), hover: all.hover, focus: all.focus, vhover: all.vhover,
    vfocus: all.vfocus };
}
function scanSheet(root, sheet) {
  let rules;
  try { rules = sheet.cssRules; } catch (_) { return NONE_FOUND; }
  if (!rules) return NONE_FOUND;
  const known = rulesBySheet.get(sheet);
  if (known && known.n === rules.length) return known;
  const found = { n: rules.length, pointer: [], hover: [], focus: [], vhover: [], vfocus: [] };
  const doc = root.ownerDocument || root;
  const visitRules = (list, media) => {
    for (const r of list) {
      if (r.selectorText !== undefined) {
        if (r.parentRule && r.parentRule.selectorText !== undefined) continue;  // nested CSS: `&` unknown here
        const text = r.selectorText;
        SHOWING_STATE.lastIndex = 0;
        if (!SHOWING_STATE.test(text)) continue;
        HOVER.lastIndex = 0;
        const hover = HOVER.test(text);
        if (hover && r.style.getPropertyValue("cursor") === "pointer") {
          for (const t of stateTargets(text, HOVER)) if (valid(doc, t.target)) found.pointer.push(t.target);
        }
        const opacity = r.style.getPropertyValue("opacity"), visible = r.style.getPropertyValue("visibility") === "visible";
        if ((opacity && parseFloat(opacity) > 0) || visible) {
          // A part that needs the pointer is "hover"; one reached by focus alone is "focus".
          for (const t of stateTargets(text, SHOWING_STATE)) {
            if (!valid(doc, t.target)) continue;
            if (opacity && parseFloat(opacity) > 0) (t.hover ? found.hover : found.focus).push([t.target, media]);
            if (visible) (t.hover ? found.vhover : found.vfocus).push([t.target, media]);
          }
        }
      } else if (r.styleSheet) {
        const inner = scanSheet(root, r.styleSheet);
        for (const key of KINDS) found[key].push(...inner[key]);
      } else if (r.cssRules) visitRules(r.cssRules, r.media && r.media.mediaText ? [...media, r.media.mediaText] : media);
    }
  };
  visitRules(rules, []);
  rulesBySheet.set(sheet, found);
  return found;
}
const NONE_FOUND = Object.freeze({ n: -1, pointer: [], hover: [], focus: [], vhover: [], vfocus: [] });
// "td.day:hover, .a:focus > b" -> [{target: "td.day", hover: true}, {target: ".a > b", hover: false}]: what
// the state reaches, per selector of the list, and whether it takes the pointer (a :hover in it).
function stateTargets(text, state) {
  const out = [];
  for (const part of splitList(text)) {
    state.lastIndex = 0;
    if (!state.test(part) || underNegation(part, state)) continue;
    let last = -1;
    state.lastIndex = 0;
    for (let m; (m = state.exec(part)) !== null;) last = m.index;
    if (/[+~]/.test(part.slice(last).replace(/\[[^\]]*\]|\([^)]*\)/g, ""))) continue;  // a sibling of the hovered one
    let target = part.replace(state, "").replace(PSEUDO_ELEMENT, "").trim();
    if (/::/.test(target)) continue;  // another pseudo-element (a scrollbar's thumb)
    if (!target || /[>+~]$/.test(target)) target += " *";
    if (/^[*\s>]*$/.test(target)) continue;  // every element
    HOVER.lastIndex = 0;
    out.push({ target: target.trim(), hover: HOVER.test(part) });
  }
  return out;
}
// A state inside :not() or :has(): taking it out would not give what the state reaches.
function underNegation(part, state) {
  const stack = [];
  state.lastIndex = 0;
  const at = new Set();
  for (let m; (m = state.exec(part)) !== null;) at.add(m.index);
  for (let k = 0; k < part.length; k++) {
    const c = part[k];
    if (c === "(") stack.push((/([-\w]+)$/.exec(part.slice(0, k)) || ["", ""])[1]);
    else if (c === ")") stack.pop();
    else if (at.has(k) && stack.some(name => name === "not" || name === "has")) return true;
  }
  return false;
}
function valid(doc, selector) {
  try { doc.querySelector(selector); return true; } catch (_) { return false; }
}

export { hovered, refreshHovered, shownOn, hiddenUntilHover };
