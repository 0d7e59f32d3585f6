// layer: base
// Seen labels: the caption a person reads for a field the page left without an accessible name
// (a <label> without `for` beside it, a <div> above it, a <label for> naming a wrapper that cannot be
// labelled). Chromium names none of these; a person reads the caption all the same. One rule, here:
//
//   The nearest text before the field in reading order, walked back from the field within its own
//   group (up to SEEN_LEVELS ancestors, never out of a form, fieldset, dialog, landmark or sectioning
//   element), is its caption when it is a caption's size (≤ CAPTION_CHARS), placed as captions are
//   (above the field, at most ABOVE_GAP px over it, over its columns or up to LEFT_GAP left of them; or
//   left of it, at most LEFT_GAP px from it and overlapping its lines), and is no other control's: not a control's content,
//   not a label of another control, not referenced by another control's aria-labelledby, not the words
//   right after a checkbox or radio (their captions follow them); the field's own description
//   (aria-describedby: a placeholder drawn beside it) is passed over. A heading (or legend) is taken only
//   when what it heads holds no other control: else it titles a larger region. The first thing met
//   walking back decides: another control, prose, or text placed elsewhere ends the search empty.
//
// It never overrides a declared label: it runs only when the computed name is empty; for a field
// whose only name is a fallback html-aam gives when nothing labels it, its title (a tooltip nobody
// sees until hovering) or its placeholder (the format hint inside it: "YYYY-MM-DD" under "Event date"),
// which stays its placeholder, the title its description; or for a dropdown whose only name is its own
// content (role combobox, or a button opening a listbox, named by no aria-label, label, title, nor
// aria-labelledby other than itself): that content is the current choice, not a caption ("Economy"
// under "Cabin"), so the seen caption names it. A field with a fallback name takes no heading: the
// heading titles its region, the field's own hint says more of what it takes ("Town or postcode"
// under "Find a store").
import { roleOf, PREFIX, CHECKABLE, LANDMARK } from "./roles.js";
import { norm, cap, labelsOf } from "./names.js";
import { facts, unseenThoughRendered } from "./facts.js";

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
const SEEN_TAKE = 1, SEEN_STOP = 2;  // else undefined: nothing here, walk on

function seenShown(el) {
  const f = facts.get(el);
  if (f !== undefined) return f.visible;
  return el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden=true]");
}
const isSeenControl = (el) => el.matches(SEEN_CONTROLS) && seenShown(el);
const holdsSeenControl = (el, except) => [...el.querySelectorAll(SEEN_CONTROLS)]
  .some(c => c !== except && !c.contains(except) && !except.contains(c) && seenShown(c));
const isSeenGroup = (el) => SEEN_GROUPS.has(el.localName) || SEEN_GROUP_ROLES.has(el.getAttribute("role")) || !!LANDMARK[roleOf(el)];

// A dropdown named only by its own content: that content is its value.
function namedByValue(el, role) {
  if (role !== "combobox" && !(el.getAttribute("aria-haspopup") === "listbox" && (role === "button" || role === "clickable"))) return false;
  if (el.getAttribute("aria-label") || el.getAttribute("title") || labelsOf(el).length) return false;
  const ids = el.getAttribute("aria-labelledby");
  return !ids || ids.trim().split(/\s+/).every(id => id === el.id);
}

const labelled = (el) => el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || labelsOf(el).length > 0;
// html-aam's last resorts for a field nothing labels: "title" (the tooltip) or "placeholder" (the hint);
// null when `name` came from elsewhere.
function fallbackOf(el, name) {
  if (!name || labelled(el)) return null;
  const said = (attr) => cap(norm(el.getAttribute(attr) || ""), 160) === name;
  return said("title") ? "title" : said("placeholder") || said("aria-placeholder") ? "placeholder" : null;
}
const hinted = (el) => !labelled(el) && ["title", "placeholder", "aria-placeholder"].some(a => norm(el.getAttribute(a) || ""));

// A field that may take a seen label: no label declared for it anywhere (find asks before any name).
function undeclared(el, role) {
  return SEEN_ROLES.has(role) ? !labelled(el) : namedByValue(el, role);
}

// The caption `el` shows (its box: `drawn`, the UI drawn for it, or itself), or "" (see the rule above).
function seenLabel(el, role, name, drawn) {
  if (!namedByValue(el, role) && !(SEEN_ROLES.has(role) && (!name || fallbackOf(el, name)))) return "";
  const field = (drawn || el).getBoundingClientRect();
  const described = (el.getAttribute("aria-describedby") || "").trim().split(/\s+/).filter(Boolean)
    .map(id => el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : null).filter(Boolean);
  const state = { el, field, described, budget: SEEN_BUDGET, found: "", hinted: SEEN_ROLES.has(role) && hinted(el) };
  // A <label for> naming a wrapper that cannot be labelled: its one field reads that label.
  for (let up = el.parentElement, level = 0; up && level < SEEN_LEVELS && !isSeenGroup(up); up = up.parentElement, level++) {
    if (!up.id) continue;
    const label = up.getRootNode().querySelector(`label[for="${CSS.escape(up.id)}"]`);
    if (label && !label.control && seenShown(label) && !holdsSeenControl(up, el)) {
      const text = norm(label.innerText || "");
      if (text && text.length <= CAPTION_CHARS) return cap(text, 160);
    }
  }
  for (let node = el, level = 0; node && level < SEEN_LEVELS; node = node.parentElement, level++) {
    for (let sib = node.previousSibling; sib; sib = sib.previousSibling) {
      const r = scanBack(sib, state);
      if (r === SEEN_TAKE) return cap(state.found, 160);
      if (r === SEEN_STOP) return "";
    }
    if (!node.parentElement || isSeenGroup(node.parentElement)) break;
  }
  return "";
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
  for (let child = node.lastChild; child; child = child.previousSibling) {
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
  const alone = !!text && block.contains(st.el);
  while (!alone && block.parentElement && (facts.get(block) || {}).display === "inline" && !block.parentElement.contains(st.el)) {
    block = block.parentElement;
  }
  const label = block.closest("label");
  // Another control's label, unless no person sees that control: a field hidden under a drawn widget leaves
  // its caption to what stands in for it (a select a plugin's own combobox replaces).
  if (label && label.control && label.control !== st.el && seenShown(label.control) && !replacedSelect(label.control)) return SEEN_STOP;
  // The field's own description (its placeholder drawn beside it, a hint) is not its caption.
  if (st.described.some(d => d === block || d.contains(block))) return undefined;
  for (let n = block; n && !n.contains(st.el); n = n.parentElement) {
    if (n.id && n.getRootNode().querySelector(`[aria-labelledby~="${CSS.escape(n.id)}"]`)) return SEEN_STOP;
  }
  const words = norm(alone ? text.data : block.innerText || "");
  if (!words) return undefined;
  if (words.length > CAPTION_CHARS) return SEEN_STOP;
  const range = block.ownerDocument.createRange();
  if (alone) range.selectNode(text); else range.selectNodeContents(block);
  const t = range.getBoundingClientRect(), f = st.field;
  // Above: over its columns or up to LEFT_GAP left of them (a caption over a slider whose thumb moved on).
  const above = t.bottom <= f.top + 2 && f.top - t.bottom <= ABOVE_GAP && t.left < f.right && t.right > f.left - LEFT_GAP;
  const left = t.right <= f.left + 2 && f.left - t.right <= LEFT_GAP && t.top < f.bottom && t.bottom > f.top;
  if (!above && !left) return SEEN_STOP;
  if (st.hinted && titlesRegion(block, st.el)) return SEEN_STOP;
  st.found = words;
  return SEEN_TAKE;
}

export { seenLabel, undeclared, fallbackOf, holdsSeenControl };
