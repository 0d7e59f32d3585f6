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

import { parentOf } from "./geometry.js";

const FIELDS = new Set(["input", "select", "textarea"]);
const CHECKABLE_TYPES = /^(checkbox|radio|file)$/;
const OTHER_CONTROL = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";

function sized(el) {
  if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
  const r = el.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
}

// Visually hidden by a wrapper instead of by itself (React Aria's and others' VisuallyHidden: a
// 1-px box that clips what it holds).
function inHiddenWrapper(el) {
  for (let up = parentOf(el), depth = 0; up && depth < 3; up = parentOf(up), depth++) {
    const r = up.getBoundingClientRect();
    if (r.width > 1 && r.height > 1) continue;
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
  return el.tabIndex >= 0 && (!!el.editContext || el.isContentEditable) && /^(textbox|searchbox|combobox)$/.test(el.getAttribute("role") || "textbox");
}
function drawnFor(el, named) {
  const tag = el.localName;
  if (!keptField(el)) return el;
  const editor = tag === "textarea" || !FIELDS.has(tag);
  const checkable = tag === "input" && CHECKABLE_TYPES.test(el.type);
  const label = el.labels ? [...el.labels].find(sized) : null;
  // A checkbox or radio hidden outright (display: none) behind a visible label: a click on it toggles it.
  if (!el.checkVisibility({ visibilityProperty: true })) return checkable ? label : null;
  const cs = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const tiny = r.width <= 1 || r.height <= 1 ||
    (cs.position === "absolute" && (cs.clip !== "auto" || cs.clipPath !== "none")) || inHiddenWrapper(el);
  const transparent = cs.opacity === "0";
  if (!tiny && !transparent) return el;
  if (checkable) return label || (tiny ? null : el);
  if (el.tabIndex < 0 || (named && !named(el) && !editor)) return null;
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

export { FIELDS, keptField, drawnFor };
