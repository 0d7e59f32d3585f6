// layer: base
// Seen labels: the caption a person reads for a field the page left without an accessible name
// (a <label> without `for` beside it, a <div> above it, a <label for> naming a wrapper that cannot be
// labelled). Chromium names none of these; a person reads the caption all the same. One rule, here:
//
//   The nearest text before the field in reading order, walked back from the field within its own
//   group (up to SEEN_LEVELS ancestors, never out of a form, fieldset, dialog, landmark or sectioning
//   element), is its caption when it is a caption's size (≤ CAPTION_CHARS), placed as captions are
//   (above the field, at most ABOVE_GAP px over it, over its columns or up to LEFT_GAP left of them; left
//   of it, overlapping its lines, at most LEFT_GAP px from it or anywhere in a row holding nothing but the
//   two; or on it, a floating label drawn across its top border or resting inside its box, within its
//   columns), and is no other control's: not a control's content, not a label of another control, not
//   referenced by another control's aria-labelledby, not the words right after a checkbox or radio (their
//   captions follow them); the field's own description (aria-describedby: a placeholder drawn beside it) is
//   passed over. A heading (or legend) is taken only when what it heads holds no other control: else it
//   titles a larger region. The first thing met walking back decides: another control, prose, or text
//   placed elsewhere ends the search empty. The walk goes from a shadow root up to its host (a control
//   drawn in a custom element's shadow root reads the caption standing before that element) and through
//   what hosts before it draw in theirs.
//
// It never overrides a declared name that names the control: it runs only when the computed name is
// empty; for a field whose only name is a fallback html-aam gives when nothing labels it, its title (a
// tooltip nobody sees until hovering) or its placeholder (the format hint inside it: "YYYY-MM-DD" under "Event date"),
// which stays its placeholder, the title its description; for a dropdown whose only name is its own
// content (role combobox, or a button opening a listbox, named by no aria-label, label, title, nor
// aria-labelledby other than itself): that content is the current choice, not a caption ("Economy"
// under "Cabin"), so the seen caption names it; and for a control whose name states only the value it
// holds (statesValue): an aria-label "Choose date, selected date is May 1, 2026" on a field holding
// 05/01/2026, a button that opens a picker showing "May 1, 2026" (a person reads the caption beside it,
// "Start date", as its name, the date as its value). A field with a fallback name takes no heading: the
// heading titles its region, the field's own hint says more of what it takes ("Town or postcode"
// under "Find a store").
import { roleOf, PREFIX, CHECKABLE, LANDMARK } from "./roles.js";
import { norm, cap, labelsOf, accName } from "./names.js";
import { facts, unseenThoughRendered, valueReads } from "./facts.js";
import { parentOf, composedContains, trackOf } from "./geometry.js";
import { shadowOf } from "./dom.js";

// Fields a person fills or sets. Not buttons, links or tabs (text before an icon button is the title
// it closes or edits, not its name), not checkboxes and radios (their captions follow them).
const SEEN_ROLES = new Set(["textbox", "searchbox", "spinbutton", "combobox", "listbox", "slider", "switch"]);
// Form layouts set a caption 4-16 px above its field; 48 px is two lines of 16 px text at 1.5 line
// height: text further up reads as a block of its own (Gestalt proximity), not as this field's caption.
const ABOVE_GAP = 48;
// Left-aligned captions in a form's label column end up to a column's width before their fields
// (about ten 16 px ems); further than that the text belongs to something else on the row.
const LEFT_GAP = 160;
const CAPTION_CHARS = 80;  // a few words; a longer text is prose, not a caption
const SEEN_LEVELS = 6;
const SEEN_BUDGET = 200;        // nodes looked at per field: the walk back stays cheap on any page
const SEEN_GROUPS = new Set(["form", "fieldset", "dialog", "body", "html", "main", "nav", "aside", "section", "article",
  "header", "footer", "details", "table"]);
const SEEN_GROUP_ROLES = new Set(["group", "radiogroup", "toolbar", "menu", "menubar", "listbox", "grid", "tablist", "tree"]);
const SEEN_CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable=''], [contenteditable=true], " +
  "[tabindex]:not([tabindex='-1']), " + Object.keys(PREFIX).filter(r => r !== "clickable" && r !== "element").map(r => `[role=${r}]`).join(", ");
const ONLY_NUMBER = /^[-\u2212+]?\d+(?:[.,]\d+)?\s*%?$/;
const SEEN_TAKE = 1, SEEN_STOP = 2;  // else undefined: nothing here, walk on

function seenShown(el) {
  const f = facts.get(el);
  if (f !== undefined) return f.visible;
  return el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden=true]");
}
const isSeenControl = (el) => el.matches(SEEN_CONTROLS) && seenShown(el);
const holdsSeenControl = (el, except) => [...el.querySelectorAll(SEEN_CONTROLS)]
  .some(c => c !== except && !c.contains(except) && !except.contains(c) && !valueBoxPair(c, except) && seenShown(c));
// A slider and the number field beside it that holds the same range (an "input slider": the value typed or
// dragged): one widget to a person, under one caption; neither is another control beside the other.
function valueBoxPair(a, b) {
  const [box, slider] = a.localName === "input" && a.type === "number" ? [a, b] : [b, a];
  if (box.localName !== "input" || box.type !== "number") return false;
  const range = slider.localName === "input" && slider.type === "range" ? [slider.min, slider.max] :
    slider.getAttribute("role") === "slider" ? [slider.getAttribute("aria-valuemin"), slider.getAttribute("aria-valuemax")] : null;
  return !!range && range[0] !== null && range[1] !== null && box.min !== "" && box.max !== "" &&
    +range[0] === +box.min && +range[1] === +box.max;
}
const isSeenGroup = (el) => SEEN_GROUPS.has(el.localName) || SEEN_GROUP_ROLES.has(el.getAttribute("role")) || !!LANDMARK[roleOf(el)];

// A dropdown named only by its own content: that content is its value.
function namedByValue(el, role) {
  if (role !== "combobox" && !(el.getAttribute("aria-haspopup") === "listbox" && (role === "button" || role === "clickable"))) return false;
  if (el.getAttribute("aria-label") || el.getAttribute("title") || labelsOf(el).length) return false;
  const ids = el.getAttribute("aria-labelledby");
  return !ids || ids.trim().split(/\s+/).every(id => id === el.id);
}

// The calendar dates a text states, as "y-m-d" keys: "May 1, 2026", "1 May 2026", 2026-05-01, and 05/01/2026
// read both ways (month or day first: the page's locale says which, a text alone does not). English month
// names only: other languages' dates are not recognised (their controls keep their names).
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const DATE_FORMS = [[new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "g"), 3, 1, 2],
  [new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})\\b`, "g"), 3, 2, 1],
  [/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, 1, 2, 3], [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/g, 3, 1, 2],
  [/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/g, 3, 2, 1]];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
function datesIn(text) {
  const keys = new Set(), t = text.toLowerCase();
  for (const [form, y, m, d] of DATE_FORMS) {
    for (const hit of t.matchAll(form)) {
      const month = /^\d/.test(hit[m]) ? +hit[m] : MONTHS.indexOf(hit[m]) + 1, day = +hit[d];
      if (month >= 1 && month <= 12 && day >= 1 && day <= 31) keys.add(`${+hit[y]}-${month}-${day}`);
    }
  }
  return keys;
}
// A date or a time and nothing else ("May 1, 2026", "Fri, 1 May 2026", "10:30 AM"): what a picker shows.
const TIME = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?/gi;
const WEEKDAY = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?/gi;
function onlyDateOrTime(text) {
  let rest = text.toLowerCase().replace(TIME, " ");
  const timed = rest !== text.toLowerCase();
  for (const [form] of DATE_FORMS) rest = rest.replace(form, " ");
  return (timed || datesIn(text).size > 0) && !/[\p{L}\p{N}]/u.test(rest.replace(WEEKDAY, " "));
}
// The value a field holds, as a person reads it in the field: its text, a range's value; "" for none. A
// name it decides on is a name that took the value in (valueReads: its change is that name's change).
function heldValue(el, role) {
  if (role === "slider" || role === "spinbutton") {
    const aria = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (aria) return norm(aria);
  }
  // A drawn dropdown's own text is the choice it shows ("Single" in a Room dropdown): its value.
  if (role === "combobox" && el.localName !== "input" && el.localName !== "textarea") return norm(el.innerText || "");
  if ((el.localName !== "input" && el.localName !== "textarea") || el.type === "password") return "";
  valueReads.add(el);
  return norm(String(el.value));
}
// Whether `name` (the control's accessible name) states only the value the control holds, so a caption a
// person reads beside it is its name: a field's name that holds its value (the same words, or the same date:
// "Choose date, selected date is May 1, 2026" on 05/01/2026), or a button that opens a picker (it declares a
// popup or says whether it is expanded) named by a date or time alone. The value counts as whole words of two
// characters at least: a name holding a one-character value ("Top 5 results" on 5) says more than the value.
function statesValue(el, role, name) {
  if (!name) return false;
  if (role === "button") {
    return (el.hasAttribute("aria-haspopup") || el.hasAttribute("aria-expanded")) && onlyDateOrTime(name);
  }
  if (!SEEN_ROLES.has(role)) return false;
  // Only an author's aria-label states a value: a label a person reads is a caption, even one that holds
  // the field's value ("River" over a field holding "river").
  const label = (el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
  if (!label || label.toLowerCase() !== name.trim().replace(/\s+/g, " ").toLowerCase()) return false;
  const value = heldValue(el, role);
  if (value.length < 2) return false;
  const said = name.toLowerCase(), held = value.toLowerCase();
  const at = said.indexOf(held);
  if (at >= 0 && !/[\p{L}\p{N}]/u.test(said.charAt(at - 1) + said.charAt(at + held.length))) return true;
  const dates = datesIn(value);
  return dates.size > 0 && [...datesIn(name)].some(d => dates.has(d));
}
// Whether a seen caption took the place of a name that was the control's value (its content or a statement of it).
const valueNamed = (el, role, name) => namedByValue(el, role) || statesValue(el, role, name);
const mayStateValue = (el, role) => role === "button"
  ? el.hasAttribute("aria-haspopup") || el.hasAttribute("aria-expanded")
  : SEEN_ROLES.has(role) && heldValue(el, role).length >= 2;

const labelled = (el) => el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || labelsOf(el).length > 0;
// html-aam's last resorts for a field nothing labels: "title" (the tooltip) or "placeholder" (the hint);
// null when `name` came from elsewhere.
function fallbackOf(el, name) {
  if (!name || labelled(el)) return null;
  const said = (attr) => cap(norm(el.getAttribute(attr) || ""), 160) === name;
  return said("title") ? "title" : said("placeholder") || said("aria-placeholder") ? "placeholder" : null;
}
const hinted = (el) => !labelled(el) && ["title", "placeholder", "aria-placeholder"].some(a => norm(el.getAttribute(a) || ""));

// The seen caption find matches a control by, asked before any name: a field with no label declared for it
// anywhere or a dropdown named by its content takes one as the snapshot gives it; the name is computed only
// for a control that may state its value.
function seenCaption(el, role) {
  if (SEEN_ROLES.has(role) ? !labelled(el) : namedByValue(el, role)) return seenLabel(el, role, "", null);
  if (!mayStateValue(el, role)) return "";
  const name = norm(accName(el, role));
  return statesValue(el, role, name) ? seenLabel(el, role, name, null) : "";
}

// The caption `el` shows (its box: `drawn`, the UI drawn for it, or itself), or "" (see the rule above).
function seenLabel(el, role, name, drawn) {
  if (!namedByValue(el, role) && !(SEEN_ROLES.has(role) && (!name || fallbackOf(el, name))) && !statesValue(el, role, name)) return "";
  const field = role === "slider" && !drawn ? sliderBox(el) : (drawn || el).getBoundingClientRect();
  const described = (el.getAttribute("aria-describedby") || "").trim().split(/\s+/).filter(Boolean)
    .map(id => el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : null).filter(Boolean);
  const state = { el, field, described, budget: SEEN_BUDGET, found: "", hinted: SEEN_ROLES.has(role) && hinted(el),
    ranged: role === "slider" || role === "spinbutton" };
  // A <label for> naming the control itself or a wrapper, neither of which can be labelled: its one field
  // reads that label.
  for (let up = el, level = 0; up && level < SEEN_LEVELS && !isSeenGroup(up); up = up.parentElement, level++) {
    if (!up.id) continue;
    const label = up.getRootNode().querySelector(`label[for="${CSS.escape(up.id)}"]`);
    if (label && !label.control && seenShown(label) && !holdsSeenControl(up, el)) {
      const text = norm(label.innerText || "");
      if (text && text.length <= CAPTION_CHARS) return cap(text, 160);
    }
  }
  for (let node = el, level = 0; node && level < SEEN_LEVELS; node = parentOf(node), level++) {
    for (let sib = node.previousSibling; sib; sib = sib.previousSibling) {
      const r = scanBack(sib, state);
      if (r === SEEN_TAKE) return cap(state.found, 160);
      if (r === SEEN_STOP) return "";
    }
    if (!parentOf(node) || isSeenGroup(parentOf(node))) break;
  }
  return "";
}

// What a person sees of a slider drawn as a thumb on a track (geometry.js trackOf): the track, over which a
// caption stands wherever the thumb has moved to; a thumb centred on a thin track overhangs its top edge, up
// into the caption's line.
function sliderBox(el) {
  const track = trackOf(el);
  return (track || el).getBoundingClientRect();
}

// Walks `node` back to front (the text nearest the field first).
function scanBack(node, st) {
  if (--st.budget < 0) return SEEN_STOP;
  if (node.nodeType === 3) return /\S/.test(node.data) ? captionOf(node.parentElement, node, st) : undefined;
  if (node.nodeType !== 1) return undefined;
  if (!seenShown(node)) return undefined;
  if (isSeenControl(node)) return replacedSelect(node) ? undefined : SEEN_STOP;
  const tag = node.localName;
  if (/^h[1-6]$/.test(tag) || tag === "legend" || node.getAttribute("role") === "heading") {
    const region = node.parentElement;
    return st.hinted || (region && holdsSeenControl(region, st.el)) ? SEEN_STOP : captionOf(node, null, st);
  }
  // What is drawn in it, last first: a host's shadow tree (another control drawn there ends the search), a
  // slot's assigned nodes (or its fallback content).
  const shadow = shadowOf(node);
  const assigned = tag === "slot" ? node.assignedNodes({ flatten: true }) : null;
  if (assigned && assigned.length) {
    for (let k = assigned.length - 1; k >= 0; k--) { const r = scanBack(assigned[k], st); if (r) return r; }
    return undefined;
  }
  for (let child = (shadow || node).lastChild; child; child = child.previousSibling) {
    const r = scanBack(child, st);
    if (r) return r;
  }
  return undefined;
}

// A select no person sees (transparent, or a box of at most 1 px) though it is rendered: a widget drawn
// beside it replaced it, and its label is that widget's caption.
const replacedSelect = (el) => el.localName === "select" && unseenThoughRendered(el);

// Whether `block` is the title of the region holding `field`, as a heading would be: the first text of
// the field's group (a dialog, form, section: isSeenGroup) when that group holds other controls too
// ("Rename file" atop a dialog with its field, a checkbox and buttons). Asked only for a field with a hint
// of its own, as headings are (scanBack).
function titlesRegion(block, field) {
  let group = field.parentElement;
  while (group && !isSeenGroup(group)) group = group.parentElement;
  // The page's own body or main is no titled region: its first words may well be a field's caption.
  if (!group || /^(body|html|main)$/.test(group.localName) || !group.contains(block) || !holdsSeenControl(group, field)) return false;
  const walker = group.ownerDocument.createTreeWalker(group, NodeFilter.SHOW_TEXT);
  for (let budget = SEEN_BUDGET, t = walker.nextNode(); t && budget > 0; t = walker.nextNode(), budget--) {
    if (/\S/.test(t.data) && t.parentElement && seenShown(t.parentElement)) return block.contains(t);
  }
  return false;
}

// Whether the caption (its block, or its text standing alone) and the control `el` stand alone together in
// the smallest element holding both (a list's row, a form's row, however wide): nothing else there that a
// person reads or operates. Its tree is walked as drawn (shadow roots, a slot's fallback content where
// nothing is assigned to it).
function aloneTogether(caption, el) {
  let row = caption.parentElement;
  while (row && !composedContains(row, el)) row = row.parentElement;
  if (!row || isSeenGroup(row)) return false;
  let budget = SEEN_BUDGET;
  const other = (n) => {
    if (--budget < 0) return true;
    if (n === caption || n === el) return false;
    if (n.nodeType === 3) return /\S/.test(n.data) && !!n.parentElement && seenShown(n.parentElement);
    if (n.nodeType !== 1 || !seenShown(n)) return false;
    if (isSeenControl(n) && !composedContains(n, el)) return true;
    const shadow = shadowOf(n);
    if (shadow && [...shadow.childNodes].some(other)) return true;
    if (n.localName === "slot" && n.assignedNodes().length) return false;
    return [...n.childNodes].some(other);
  };
  return !other(row);
}

// The block of text holding what was met (the label or line around a text node), judged as a caption.
function captionOf(block, text, st) {
  if (!block || !seenShown(block)) return undefined;
  if (text) {
    // The words right after a checkbox or radio are its caption.
    let prev = text.previousSibling;
    while (prev && prev.nodeType === 3 && !/\S/.test(prev.data)) prev = prev.previousSibling;
    if (prev && prev.nodeType === 1 && (prev.type === "checkbox" || prev.type === "radio" || CHECKABLE.has(roleOf(prev)))) return SEEN_STOP;
  }
  // The inline run around the text: a label's words are one caption ("Amount (EUR)"); text standing
  // beside the field in its own box is read alone.
  const alone = !!text && composedContains(block, st.el);
  while (!alone && block.parentElement && (facts.get(block) || {}).display === "inline" && !composedContains(block.parentElement, st.el)) {
    block = block.parentElement;
  }
  const label = block.closest("label");
  // Another control's label, unless no person sees that control: a field hidden under a drawn widget leaves
  // its caption to what stands in for it (a select a plugin's own combobox replaces).
  if (label && label.control && label.control !== st.el && seenShown(label.control) && !replacedSelect(label.control)) return SEEN_STOP;
  // The field's own description (its placeholder drawn beside it, a hint) is not its caption.
  if (st.described.some(d => d === block || d.contains(block))) return undefined;
  for (let n = block; n && !composedContains(n, st.el); n = n.parentElement) {
    if (n.id && n.getRootNode().querySelector(`[aria-labelledby~="${CSS.escape(n.id)}"]`)) return SEEN_STOP;
  }
  const words = norm(alone ? text.data : block.innerText || "");
  if (!words) return undefined;
  if (words.length > CAPTION_CHARS) return SEEN_STOP;
  // A number alone beside a slider is its scale's mark or its value, read as such, never its caption.
  if (st.ranged && ONLY_NUMBER.test(words)) return undefined;
  const range = block.ownerDocument.createRange();
  if (alone) range.selectNode(text); else range.selectNodeContents(block);
  const t = range.getBoundingClientRect(), f = st.field;
  // Above: over its columns or up to LEFT_GAP left of them (a caption over a slider whose thumb moved on).
  const above = t.bottom <= f.top + 2 && f.top - t.bottom <= ABOVE_GAP && t.left < f.right && t.right > f.left - LEFT_GAP;
  const left = t.right <= f.left + 2 && t.top < f.bottom && t.bottom > f.top &&
    (f.left - t.right <= LEFT_GAP || aloneTogether(alone ? text : block, st.el));
  // On it: a floating label across its top border (no higher than its own height over it) or inside its box.
  const on = t.left >= f.left - 2 && t.right <= f.right + 2 && t.bottom > f.top && t.bottom <= f.bottom + 2 &&
    t.top >= f.top - (t.bottom - t.top);
  if (!above && !left && !on) return SEEN_STOP;
  // First words of a region holding other controls title it, unless the caption stands alone with the field
  // in a row of their own (a list form's item: caption and field, nothing else).
  if (st.hinted && titlesRegion(block, st.el) && !aloneTogether(alone ? text : block, st.el)) return SEEN_STOP;
  st.found = words;
  return SEEN_TAKE;
}

export { seenLabel, seenCaption, fallbackOf, valueNamed, holdsSeenControl };
