// layer: widgets
// Visually hidden native controls (part of the in-page program, main.js). Pages often keep a native
// input for the keyboard and screen readers and draw their own UI for it: a range input of 1×1 px
// inside a custom slider, a transparent checkbox over a drawn switch, an input laid with opacity 0
// over its picture. Such a control is the control: the snapshot lists it with the box of the UI
// drawn for it and the actions aim the pointer there, as a person would (capture.js, reach.js).
// A native control a custom widget replaces (tom-select's or select2's <select>, taken out of the
// tab order) is not: the widget's own control stands for it. Code editors work the same way: ace
// types through a 2×1 px transparent textarea, Monaco through a 0-px EditContext textbox; the
// editor's box is what a person sees and clicks, and such an editor needs no name of its own.

import { parentOf, drawsBox } from "./geometry.js";
import { pointedAt } from "./names.js";
import { tooSmallToSee, unseenThoughRendered } from "./facts.js";
import { drawnThumb, writtenField } from "./thumbs.js";
import { faceHolding } from "./faces.js";

const FIELDS = new Set(["input", "select", "textarea"]);
const CHECKABLE_TYPES = /^(checkbox|radio|file)$/;
const OTHER_CONTROL = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

// Seen by a person: rendered, visible, neither transparent nor too small (facts.js).
const sized = (el) => el.checkVisibility({ visibilityProperty: true }) && !unseenThoughRendered(el);

// Visually hidden by a wrapper instead of by itself (React Aria's and others' VisuallyHidden: a
// 1-px box that clips what it holds).
function inHiddenWrapper(el) {
  for (let up = parentOf(el), depth = 0; up && depth < 3; up = parentOf(up), depth++) {
    if (!tooSmallToSee(up.getBoundingClientRect())) continue;
    const cs = getComputedStyle(up);
    if (cs.overflow !== "visible" || cs.clip !== "auto" || cs.clipPath !== "none") return true;
  }
  return false;
}
// The element whose box a person sees and aims at for the native field `el`; `el` itself when it is
// drawn as itself, null when nothing is drawn for it. `named(el)` says whether it carries its own
// name (the snapshot asks; an action on a listed id already knows).
// A field a page may hide and draw for itself: a native one, or an editing host that takes the
// keyboard (a contenteditable or EditContext element with a text role).
function keptField(el) {
  const tag = el.localName;
  if (FIELDS.has(tag)) return !(tag === "input" && el.type === "hidden");
  if (popupTrigger(el)) return true;
  return el.tabIndex >= 0 && (!!el.editContext || el.isContentEditable) && /^(textbox|searchbox|combobox)$/.test(el.getAttribute("role") || "textbox");
}
// A checkbox or radio hidden outright (display: none) that a label stands for: HTML's label activation toggles
// it whether or not it is rendered, so a person operates it by its label (the "checkbox hack" of menus and
// lists drawn in CSS). The walk lists it; the candidate pass sees it through its visible label (drawnFor).
// The label around it or one `for` its id (names.js pointedAt: the walk's index of those ids), found without
// `el.labels` (a live list that walks the whole tree on each element's first read).
function labelledHidden(el) {
  if (el.type !== "checkbox" && el.type !== "radio") return false;
  const around = el.parentElement && el.parentElement.closest("label");
  if (around && around.control === el) return true;
  const root = el.getRootNode();
  return !!el.id && !!root.querySelectorAll && pointedAt(root, el.id);
}
function drawnFor(el, named) {
  const tag = el.localName;
  if (!keptField(el)) return el;
  const editor = tag === "textarea" || !FIELDS.has(tag);
  const checkable = tag === "input" && CHECKABLE_TYPES.test(el.type);
  const label = el.labels ? [...el.labels].find(sized) : null;
  // A checkbox or radio hidden outright (display: none) behind a visible label: a click on it toggles it.
  if (!el.checkVisibility({ visibilityProperty: true })) return checkable ? label : tag === "select" ? standInOf(el) : null;
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const tiny = tooSmallToSee(r) ||
    (cs.position === "absolute" && (cs.clip !== "auto" || cs.clipPath !== "none")) || inHiddenWrapper(el);
  // A combobox in a transparent wrapper (opacity 0 on an ancestor) is as transparent as one of opacity 0.
  const popup = declaredPopup(el);
  const wrapped = popup && cs.opacity !== "0" && !el.checkVisibility({ opacityProperty: true });
  const transparent = cs.opacity === "0" || wrapped;
  if (!tiny && !transparent) return el;
  if (checkable) return label || (tiny ? null : el);
  if (popup && el.tabIndex >= 0) {
    const face = faceAround(el);
    if (face || wrapped) return face;
  }
  if (tag === "select") {
    // A select kept transparent or tiny under a widget that declares its own combobox (bootstrap-select's
    // button role=combobox over a select of opacity 0): the widget is the control, whether or not the
    // select stays in the tab order; listing both gives a person's one dropdown twice.
    const beside = widgetBeside(el);
    if (beside) return beside.declared ? null : beside.side;
  }
  // An unnamed one is left out (a focus catcher, a form's leftover), but for a range: a range input hidden in
  // a thumb a page drew (MUI's slider) is that slider, whatever its name (a caption may name it: names.js).
  if (el.tabIndex < 0 || (named && !named(el) && !editor && el.type !== "range")) return null;
  // Laid over its own picture (not moved off the page): the pointer reaches it where it is.
  if (!tiny && r.right + scrollX > 0 && r.bottom + scrollY > 0) return el;
  // The nearest visible ancestor that takes the pointer and holds no other control (the custom
  // slider or select drawn around it), else its label.
  for (let up = parentOf(el), depth = 0; up && depth < 4; up = parentOf(up), depth++) {
    if (!sized(up)) continue;
    if (getComputedStyle(up).pointerEvents === "none") break;
    for (const other of up.querySelectorAll(OTHER_CONTROL)) {
      if (other !== el && other.tabIndex >= 0 && !other.closest("[aria-hidden=true]")) return label;  // a control of its own
    }
    return up;
  }
  return label;
}

// A declared combobox that opens a list (role=combobox, aria-haspopup: a component library's select) kept
// transparent or unsized inside the face the library draws for it (a box with a border or a background, showing
// the value and an arrow), laid under the value's text or stacked behind the face: a person sees the face and
// presses it anywhere to open the list, and the press reaches the widget (its handler is on the face, or on the
// combobox beneath). The face is its nearest ancestor (up to 5 levels) that is seen, draws a box and holds no
// other control; null when there is none (a drop faded out beside the controls of its panel is no face).
const declaredPopup = (el) => el.getAttribute("role") === "combobox" && /^(listbox|true|menu|tree|grid|dialog)$/.test(el.getAttribute("aria-haspopup") || "");
function faceAround(el) {
  for (let up = parentOf(el), depth = 0; up && up.nodeType === 1 && depth < 5; up = parentOf(up), depth++) {
    if (!up.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (getComputedStyle(up).pointerEvents === "none") return null;
    for (const other of up.querySelectorAll(OTHER_CONTROL)) {
      if (other !== el && other.tabIndex >= 0 && !other.closest("[aria-hidden=true]")) return null;
    }
    if (!tooSmallToSee(up.getBoundingClientRect()) && drawsBox(up)) return up;
  }
  return null;
}

// The face a declared combobox is drawn by (what the snapshot lists and a press aims at), or null.
function comboFace(el) {
  if (!declaredPopup(el) || !keptField(el)) return null;
  const face = drawnFor(el, null);
  return face && face !== el && face.contains(el) ? face : null;
}
// What such a face shows as the choice: its visible text, but for what it hides from assistive technology (an
// arrow drawn as a glyph) and a list drawn inside it.
function comboChoice(el) {
  const face = comboFace(el);
  if (!face) return "";
  const list = listboxOf(el);
  return visibleText(face, up => !up.closest("[aria-hidden=true]") && !(list && list.contains(up)));
}

// ---- widgets drawn for a hidden field, without ARIA ---------------------------------------------
// A hidden native <select> that a page replaced by a drawn stand-in of its own (a text input and a list
// of options, as "chosen"-like plugins draw them): the stand-in is what a person sees and operates, and
// the select keeps the value the form sends. The stand-in is found by where such plugins put it: the
// visible element right beside the select (its next, else its previous sibling), or beside a wrapper
// of the select that holds no other field (up to 2 levels), that holds a text input or shows the
// selected option's text (an element beside it that does neither, such as the form's button, is no part
// of the widget). A widget that declares its own combobox or listbox that a person sees (as itself, or
// through the box drawn for a transparent field that takes its keys) is that control: the select is then
// no entry of its own (tom-select, select2 4, as before). Declared parts a person never sees declare
// nothing a person operates (a closed drop's search box and empty listbox), and a button is no select: a
// face that is a link or a button showing the value, or a 1-px focus catcher `role=button` named by that
// value, leaves the select one combobox, drawn by the face (select2 3's shape).
const DECLARED = "[role=combobox], [role=listbox], select";
const seenPart = (d) => (d.localName === "input" || d.localName === "textarea" ? !!drawnFor(d, null) : sized(d));
const declares = (side) => (side.matches(DECLARED) && seenPart(side)) || [...side.querySelectorAll(DECLARED)].some(seenPart);
const TEXT_FIELD = "input:not([type]), input[type=text], input[type=search]";
// The widget drawn beside `select`: {side, declared} (declared: it is a control of its own), or null.
function widgetBeside(select) {
  const chosen = select.selectedOptions.length ? select.selectedOptions[0].text.replace(/\s+/g, " ").trim() : "";
  for (let node = select, depth = 0; node && depth < 3; node = parentOf(node), depth++) {
    if (depth && node.querySelectorAll("select, textarea, input:not([type=hidden])").length > 1) return null;
    for (const side of [node.nextElementSibling, node.previousElementSibling]) {
      if (!side || !sized(side)) continue;
      const field = side.matches(TEXT_FIELD) ? side : side.querySelector(TEXT_FIELD);
      const looks = (field && sized(field)) || (chosen && (side.textContent || "").replace(/\s+/g, " ").includes(chosen));
      // A multiple select with nothing chosen shows a prompt ("Nothing selected"): a combobox declared
      // right beside it is its widget all the same.
      const declared = declares(side);
      if (looks || (declared && side.matches(DECLARED))) return { side, declared };
    }
  }
  return null;
}
function standInOf(select) {
  const face = faceHolding(select);
  if (face) return face;
  const beside = widgetBeside(select);
  return beside && !beside.declared ? beside.side : null;
}
// The stand-in that replaces `select` when the select is not drawn as itself (what actions go through).
function standInFor(select) {
  const face = drawnFor(select, null);
  return face && face !== select && face === standInOf(select) ? face : null;
}
// A slider (or another value widget) drawn as a tab stop with no role, whose value lives in a hidden
// field beside it (an ion.rangeSlider-like plugin: the label names its hidden read-only input, the plugin
// writes the value there; the person moves the track it drew, which takes the arrow keys). The rule that
// links them, by where such plugins put their drawing (right before or after the field): the tab stop, or
// an ancestor of it up to 3 levels that holds no other tab stop, has the field as its next or previous
// sibling; that field is an input a person can neither see (display: none, or no room inside its box) nor
// type into (read-only, out of the tab order, or type=hidden), holding a number (or declaring min/max).
// Then the tab stop is a slider: the field's label names it, the field's value is its value, and its keys
// are checked by that value (actions/fill.py step_to). A tab stop drawn as a slider's thumb (thumbs.js) may
// write into a field left in sight for the number (a read-only text field): that field is its value too.
const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
const NOT_VALUE = /^(checkbox|radio|file|button|submit|reset|image|color)$/;
const TAB_STOPS = "[tabindex], a[href], button, input, select, textarea";
function valueFieldOf(el) {
  if (!el.hasAttribute("tabindex") || el.tabIndex < 0 || el.hasAttribute("role") || FIELDS.has(el.localName)) return null;
  // The siblings first (cheap): the query for other tab stops runs only where a value field is found.
  let thumb = null;
  const thumbs = (field) => writtenField(field) && (thumb === null ? (thumb = drawnThumb(el)) : thumb);
  for (let node = el, depth = 0; node && depth < 4; node = parentOf(node), depth++) {
    for (const field of [node.nextElementSibling, node.previousElementSibling]) {
      if (!field || field.localName !== "input" || !(holdsValue(field) || thumbs(field))) continue;
      for (const other of node.querySelectorAll(TAB_STOPS)) if (other !== el && other.tabIndex >= 0 && !el.contains(other)) return null;
      return field;
    }
  }
  return null;
}
// A declared slider (role=slider) drawn beside the hidden field its widget writes the value into (a hidden
// read-only input its caption labels): the field is found in the slider's own widget, its nearest ancestor (up
// to 3 levels) that holds such a field and no other tab stop; one entry with the slider.
function sliderFieldOf(el) {
  for (let up = parentOf(el), depth = 0; up && depth < 3; up = parentOf(up), depth++) {
    const field = [...up.querySelectorAll("input")].find(holdsValue);
    if (!field) continue;
    for (const other of up.querySelectorAll(TAB_STOPS)) if (other !== el && other !== field && other.tabIndex >= 0 && !el.contains(other)) return null;
    return field;
  }
  return null;
}
function holdsValue(field) {
  // No room to show its text (its content and padding at most 1 px across: a 0-px box with borders too).
  if (NOT_VALUE.test(field.type) || (sized(field) && field.clientWidth > 1 && field.clientHeight > 1)) return false;
  if (!(field.readOnly || field.tabIndex < 0 || field.type === "hidden")) return false;
  return NUMBER.test(field.value) || field.hasAttribute("min") || field.hasAttribute("max");
}

// A dropdown drawn without a combobox role (a component library's select): a button that says it opens a
// listbox (aria-haspopup=listbox; Core-AAM maps a button with a popup to a popup button, as macOS maps a
// <select>) and holds the caption, the chosen options' text and one text field a person cannot type into
// (read-only: the part that takes focus and the keys, which the caption labels). A person sees one field named by
// its caption, showing its choice, and picks from the list it opens: one combobox. The field it holds (the
// combobox's name comes from its label, drawn.js), or null when `el` is no such dropdown.
function popupFieldOf(el) {
  if (el.getAttribute("aria-haspopup") !== "listbox") return null;
  const role = el.getAttribute("role");
  if (role ? role !== "button" : FIELDS.has(el.localName)) return null;
  const fields = el.querySelectorAll("input:not([type=hidden]), select, textarea");
  return fields.length === 1 && fields[0].matches(TEXT_FIELD) && fields[0].readOnly ? fields[0] : null;
}
// What such a dropdown shows as its choice: its text without its caption (the field's labels) and without a
// list drawn inside it ("Single"; "Breakfast, Parking" for one that takes several).
function shownChoice(el) {
  if (drawnTrigger(el)) return triggerChoice(el);  // a hidden popup button: what its drawing shows
  const field = popupFieldOf(el), list = listboxOf(el);
  const skip = [...(field && field.labels ? field.labels : []), ...(list && el.contains(list) ? [list] : [])];
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let text = "";
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!skip.some(s => s.contains(t)) && t.parentElement && t.parentElement.checkVisibility()) text += " " + t.data;
  }
  return text.replace(/\s+/g, " ").trim();
}

// ---- a hidden trigger that opens a list of options -----------------------------------------------------
// A native button that says it opens a listbox or a dialog and whether that is open (`aria-haspopup`,
// `aria-expanded`): the part of a dropdown a keyboard and a screen reader reach (Core-AAM: a popup button, as
// a <select> is one). A component that draws its dropdown itself (a custom element's caption, value text and
// arrow; Ionic's select) keeps such a button transparent or clipped over its drawing (drawnFor gives the drawn
// part a pointer reaches): the button with that box is the one combobox a person sees, its value what the
// drawing shows.
function popupTrigger(el) {
  return el.localName === "button" && /^(listbox|dialog)$/.test(el.getAttribute("aria-haspopup") || "") && el.hasAttribute("aria-expanded");
}
// The part drawn for such a trigger that the page drew for itself: the part drawnFor gives, or, for one laid
// transparent over its drawing, what holds it; null for a trigger drawn as itself.
function triggerFace(el) {
  if (!popupTrigger(el)) return null;
  const face = drawnFor(el, null);
  return face && face !== el ? face : unseenThoughRendered(el) ? parentOf(el) : null;
}
const drawnTrigger = (el) => !!triggerFace(el);
// The text shown in `el` a person reads: its visible text nodes (shadow trees of the custom elements it holds
// are not read: a value is text the component put there); `kept`, when given, says which parents' text counts.
function visibleText(el, kept = null) {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let text = "";
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const up = t.parentElement;
    if (up && up.checkVisibility() && (!kept || kept(up))) text += " " + t.data;
  }
  return text.replace(/\s+/g, " ").trim();
}
// Its name: a label that states the value after the caption ("Room, Single", as such buttons are labelled for a
// screen reader) names it by the caption (a combobox's value is no part of its name); else `name` as it is.
function triggerName(name, choice) {
  const rest = choice && name && name.endsWith(choice) ? name.slice(0, -choice.length).replace(/[\s,:;\u2013\u2014-]+$/, "") : "";
  return rest || name;
}
// What a drawn trigger shows as its choice: the text of the part drawn for it.
function triggerChoice(el) {
  const face = triggerFace(el);
  return face ? visibleText(face) : "";
}
// The options of the popup an expanded trigger opened, when it points at no listbox (a dialog, or a popover
// library's layer): the option-like items (options, radios, checkboxes, menu items) shown in the open modal
// dialog, else in the topmost shown dialog or popover; the items of a radio group or a group of checkboxes are
// its options as a listbox's are.
const OPTION_ITEMS = "[role=option], [role=radio], [role=checkbox], [role=menuitemradio], [role=menuitemcheckbox], [role=menuitem]";
function popupOf(el) {
  if (faceCaption(el)) return drawnMenuOf(el);
  if (!popupTrigger(el) || el.getAttribute("aria-expanded") !== "true") return null;
  const layers = [...document.querySelectorAll("[aria-modal=true], dialog[open], [role=dialog], [role=alertdialog], [popover]")]
    .filter(d => sized(d) && !d.contains(el) && d.querySelector(OPTION_ITEMS));
  return layers.length ? layers[layers.length - 1] : null;
}
function popupOptionsOf(el) {
  const popup = popupOf(el);
  if (!popup) return [];
  return [...popup.querySelectorAll(faceCaption(el) ? MENU_ITEMS : OPTION_ITEMS)].filter(o => !o.matches(BOX_FIELDS));
}

// ---- a select drawn as a face and an arrow, without ARIA -------------------------------------------------
// A component library's select that declares nothing (Writer's): a button (a tab stop of role button) showing the
// current value, or the chips of the chosen ones, and ending in a down arrow (an up one while open: such faces
// turn it), captioned by a <label> that labels no control (HTML: a label is a form control's caption; a person
// reads "Room" above a box showing "Single" and an arrow as a dropdown). Pressed, it opens a menu beside it in its
// group, whose items (buttons, labels of hidden checkboxes, options) are its options. Both the caption and the
// arrow are asked: a button with an arrow alone is a menu button, a label before a button alone a caption of an
// action ("Photo" over "Upload").
const DOWN_ARROW = /(chevron|caret|arrow|angle|triangle)[-_ ]?(down|up)|expand[-_]?(more|less)|drop[-_]?down/i;
const MENU_ITEMS = OPTION_ITEMS + ", button, [role=button], label, li, a[href]";
function endsInArrow(el) {
  const last = el.lastElementChild;
  if (!last) return false;
  for (const n of [last, ...last.querySelectorAll("*")].slice(0, 6)) {
    let words = n.getAttribute("class") || "";
    for (const a of n.attributes) if (a.name.startsWith("data-")) words += " " + a.value;
    if (DOWN_ARROW.test(words)) return true;
  }
  return false;
}
// The caption <label> of such a face, or null when `el` is no such select.
function faceCaption(el) {
  const role = el.getAttribute("role");
  if (!(role === "button" || (!role && el.localName === "button")) || el.tabIndex < 0 || el.hasAttribute("aria-haspopup")) return null;
  if (!endsInArrow(el)) return null;
  for (let node = el, depth = 0; node && depth < 2; node = node.parentElement, depth++) {
    const prev = node.previousElementSibling;
    if (!prev || prev.localName !== "label") continue;
    if (prev.control || prev.querySelector("input, select, textarea, button") || !sized(prev)) return null;
    return (prev.textContent || "").trim() ? prev : null;
  }
  return null;
}
// The menu such a face opened: a shown element beside it in its group holding items.
function drawnMenuOf(el) {
  const group = el.parentElement;
  if (!group) return null;
  for (const side of group.children) if (side !== el && sized(side) && side.querySelector(MENU_ITEMS)) return side;
  return null;
}

// ---- a combobox that takes several options, as it says so while closed --------------------------------
// The list a widget controls. Its id is looked up in the widget's own tree, then in the document: a trigger
// inside a shadow root whose popup a popover library drew at the end of the document's body (a portal) opens
// that popup all the same, beneath it, as a person sees (Chromium's tree does not link the two: IDREFs stay
// in one tree; the action goes by what is shown).
function listboxOf(el) {
  if (el.getAttribute("role") === "listbox") return el;
  const root = el.getRootNode();
  for (const attr of ["aria-controls", "aria-owns"]) {
    const ref = (el.getAttribute(attr) || "").trim().split(/\s+/)[0];
    const box = ref ? (root.getElementById && root.getElementById(ref)) || (root !== document && document.getElementById(ref)) : null;
    if (box) return box;
  }
  return el.querySelector("[role=listbox]");
}
const BOX_FIELDS = "input:not([type=hidden]), select, textarea";
// A select a person does not see in a widget's box is the widget's own: what it writes its options into.
const heldHere = (f) => f.localName === "select" && !sized(f);
// The widget's box: a combobox that is a container (ARIA 1.1's) is its own box; a combobox that is a text
// field, its largest ancestor (up to 3 levels) that holds no other field (where its chips are drawn).
function widgetBoxOf(el) {
  if (!el.matches(BOX_FIELDS) && !el.isContentEditable) return el;
  let box = el;
  for (let up = el.parentElement, depth = 0; up && depth < 3; up = up.parentElement, depth++) {
    if ([...up.querySelectorAll(BOX_FIELDS)].some(f => f !== el && !heldHere(f))) break;
    box = up;
  }
  return box;
}
// The native select the widget keeps its value in: one in its box that a person does not see (HTML: what the
// form sends). A select a person sees there is a control of its own.
const heldSelectOf = (el) => (el.localName === "select" ? null : [...widgetBoxOf(el).querySelectorAll("select")].find(heldHere) || null);
// Whether a combobox takes several options by what it says while closed: `aria-multiselectable` on it or on its
// list (ARIA 1.2: it belongs to the listbox, which the combobox controls or holds), or a held <select multiple>.
// The page model's `multiselectable` (widgets.js) and fill's decision (chips.js, with what its open list shows).
function manyWhileClosed(el) {
  const many = (x) => !!x && x.getAttribute("aria-multiselectable") === "true";
  const held = heldSelectOf(el);
  return many(el) || many(listboxOf(el)) || (!!held && held.multiple);
}

export { FIELDS, labelledHidden, declaredPopup, comboChoice, keptField, drawnFor, faceCaption, popupTrigger, drawnTrigger, triggerChoice, triggerName, popupOf, popupOptionsOf, visibleText, standInOf, standInFor, valueFieldOf, sliderFieldOf, popupFieldOf, shownChoice, listboxOf, BOX_FIELDS, widgetBoxOf, heldSelectOf, manyWhileClosed };
