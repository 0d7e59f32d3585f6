// layer: widgets
// Elements a `:hover` rule gives a pointer cursor (issue 31, kind 4), part of the in-page program
// (main.js). A page that shows the pointer over an element only while it is hovered (a calendar's day
// cells: `td.day:hover { cursor: pointer }`, the cells served by a listener on their table) tells a
// person it is a target just as a pointer cursor of its own does; getComputedStyle, read without the
// hover, cannot see it. So the document's style sheets are read for the rules that set `cursor: pointer`
// under `:hover`, and the elements those rules reach when hovered are found with one query: the rule's
// selector with `:hover` taken out (hovering an element hovers its ancestors too, so `.row:hover .cell`
// reaches every .cell of a .row). capture.js's walk treats them as having a pointer cursor.
// Left out, as not reached by hovering the element itself: `:hover` under :not()/:has()/:is(), or before
// a sibling combinator (`a:hover + b`); a rule that reaches every element (`:hover`, `*:hover`); nested
// CSS; a sheet of another origin (unreadable) and a shadow tree's own sheets.
// Cost: the sheets are scanned again only when their rules change in number (as generated.js does), and
// the query runs again only after a DOM change (observer.js `mutations`); a page without such rules pays
// one scan of its sheets' keys per snapshot.
import { mutations } from "./observer.js";
import { scannedOnce } from "./sheets.js";

const HOVER = /:hover(?![-\w])/g;
const PSEUDO_ELEMENT = /::?(?:before|after)\b/g;
let hovered = null;       // the elements, for the walk that is running (null: none)
const scans = new WeakMap();  // document -> {key, value} (sheets.js)
let reached = { doc: null, selector: "", at: -1, set: null };

// Before a walk (capture.js beginWalk): the elements `:hover` rules of `doc` give a pointer cursor.
function refreshHovered(doc) {
  const selector = hoverSelector(doc);
  if (!selector) { hovered = null; return; }
  if (reached.doc !== doc || reached.selector !== selector || reached.at !== mutations) {
    let set;
    try { set = new Set(doc.querySelectorAll(selector)); } catch (_) { set = null; }
    reached = { doc, selector, at: mutations, set };
  }
  hovered = reached.set;
}
const hoverSelector = (doc) => scannedOnce(scans, doc, scan);
function scan(doc) {
  const found = [];
  const visitRules = (rules) => {
    for (const r of rules) {
      if (r.selectorText !== undefined) {
        if (r.parentRule && r.parentRule.selectorText !== undefined) continue;  // nested CSS: `&` unknown here
        HOVER.lastIndex = 0;
        if (HOVER.test(r.selectorText) && r.style.getPropertyValue("cursor") === "pointer") {
          for (const part of hoverTargets(r.selectorText)) if (valid(doc, part)) found.push(part);
        }
      } else if (r.styleSheet) visitSheet(r.styleSheet);
      else if (r.cssRules) visitRules(r.cssRules);
    }
  };
  const visitSheet = (sheet) => {
    let rules;
    try { rules = sheet.cssRules; } catch (_) { return; }
    if (rules) visitRules(rules);
  };
  for (const sheet of doc.styleSheets) visitSheet(sheet);
  for (const sheet of doc.adoptedStyleSheets || []) visitSheet(sheet);
  return [...new Set(found)].join(", ");
}
// "td.day:hover, .a:hover > b" -> ["td.day", ".a > b"]: what hovering reaches, per selector of the list.
function hoverTargets(text) {
  const out = [];
  let depth = 0, start = 0;
  for (let k = 0; k <= text.length; k++) {
    const c = text[k];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if ((c === "," && depth === 0) || k === text.length) {
      const part = text.slice(start, k).trim();
      start = k + 1;
      HOVER.lastIndex = 0;
      if (!HOVER.test(part) || /\([^)]*:hover/.test(part)) continue;
      const last = part.lastIndexOf(":hover");
      if (/[+~]/.test(part.slice(last).replace(/\[[^\]]*\]|\([^)]*\)/g, ""))) continue;  // a sibling of the hovered one
      let target = part.replace(HOVER, "").replace(PSEUDO_ELEMENT, "").trim();
      if (/::/.test(target)) continue;  // another pseudo-element (a scrollbar's thumb)
      if (!target || /[>+~]$/.test(target)) target += " *";
      if (/^[*\s>]*$/.test(target)) continue;  // every element
      out.push(target.trim());
    }
  }
  return out;
}
function valid(doc, selector) {
  try { doc.querySelector(selector); return true; } catch (_) { return false; }
}

export { hovered, refreshHovered };
