// layer: widgets
// Entries for widgets a page drew without ARIA over a hidden native field (issue 31), part of the in-page
// program (main.js), called from widgets.js's pass over the kept candidates and per listed control.
// The rules that link a drawn widget to its field are standin.js's (standInOf, valueFieldOf): here the
// two become one entry, as a person reads them.
import { standInOf, valueFieldOf, popupFieldOf, sliderFieldOf, shownChoice, drawnTrigger, triggerChoice, triggerName, faceCaption,
  visibleText } from "./standin.js";
import { faceOwnCaption } from "./faces.js";
import { accName, cap } from "./names.js";
import { roleOf } from "./roles.js";
import { includeValues } from "./facts.js";
import { drawnSliderOf, readSlider } from "./tracks.js";

const FACE_ROLES = new Set(["clickable", "textbox", "searchbox", "combobox", "button", "link"]);
const centreIn = (box, x, y) => x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3];

// `kept`: the candidates after the walk (capture.js), edited in place. A hidden <select> drawn by a
// stand-in is a combobox (one value, or several: `multiselectable`) whose box is the stand-in's; the
// stand-in's own face (the candidates that hold its centre, and its text input) is that entry, not one
// beside it; the rest of it (an open list's options, a chosen item's remove button) stays listed.
// A tab stop with no role whose value a hidden field beside it holds is a slider, and the field goes; so
// does a declared slider's own hidden value field. A button that opens a listbox around a read-only field
// (standin.js popupFieldOf) is a combobox, and the field is no entry of its own.
function drawnPass(kept) {
  let drop = null;
  const dropped = (cand) => (drop || (drop = new Set())).add(cand);
  const dropField = (field) => { for (const other of kept) if (other.el === field) dropped(other); };
  for (const cand of kept) {
    const el = cand.el;
    // A hidden button that opens a listbox or dialog under a dropdown drawn for it (standin.js drawnTrigger).
    if (cand.role === "button" && (cand.drawn || cand.transparent) && drawnTrigger(el)) {
      cand.role = "combobox";
      cand.trigger = true;
      continue;
    }
    // A button showing a value and a down arrow under a caption that labels nothing (standin.js faceCaption).
    const caption = cand.role === "button" ? faceCaption(el) : null;
    if (caption) {
      cand.role = "combobox";
      cand.caption = caption;
      continue;
    }
    const popup = (cand.role === "button" || cand.role === "clickable") && el.hasAttribute("aria-haspopup") ? popupFieldOf(el) : null;
    if (popup) {
      cand.role = "combobox";
      cand.popupField = popup;
      dropField(popup);
      continue;
    }
    if (cand.role === "slider") {
      const field = sliderFieldOf(el);
      if (field) { cand.sliderField = field; dropField(field); }
      continue;
    }
    if (el.localName === "select" && cand.drawn && cand.drawn === standInOf(el)) {
      cand.role = "combobox";
      cand.standIn = cand.drawn;
      const x = cand.box[0] + cand.box[2] / 2, y = cand.box[1] + cand.box[3] / 2;
      for (const other of kept) {
        if (other === cand || !FACE_ROLES.has(other.role) || !cand.drawn.contains(other.el)) continue;
        const typed = other.el.localName === "input";
        if (typed && !cand.face) cand.face = other.el;  // the stand-in's text field: a page may label it instead
        if (typed || centreIn(other.box, x, y)) dropped(other);
      }
    } else if (cand.role === "clickable") {
      const field = el.tabIndex >= 0 ? valueFieldOf(el) : null;
      if (field) {
        cand.role = "slider";
        cand.valueField = field;
        dropField(field);
        continue;
      }
      // A widget drawn as a thumb on a track with no role and no field (tracks.js): a slider, a tab stop that
      // takes the arrow keys or a box that takes only the pointer; valued by where its thumb stands.
      const slider = drawnSliderOf(el);
      if (slider) { cand.role = "slider"; cand.drawnSlider = slider; }
    }
  }
  if (!drop) return;
  const rest = kept.filter(c => !drop.has(c));
  kept.length = 0;
  for (const c of rest) kept.push(c);
}
// `c`: the listed control of `cand` (capture.js), its name, states and values known.
function drawnControl(c, cand) {
  if (cand.standIn && cand.el.multiple) c.states.multiselectable = true;
  // The select's name, or else the name its stand-in's text field was given (a page that moved the label's
  // `for` to the field it drew: the one a person's clicks and keys reach).
  if (cand.standIn && !c.name && cand.face) c.name = accName(cand.face);
  // A face holding its own caption beside the value (a list row "Room  Single") is named by it before any text
  // outside it (a seen caption: the walk back from the select reads what stands before the whole row).
  const own = cand.standIn && (!c.name || c.name_from === "seen") ? faceOwnCaption(cand.el) : "";
  if (own) {
    c.name = cap(own, 160);
    delete c.name_from;
  }
  if (cand.popupField) {
    // Named by the caption that labels its field (a declared name, over a seen one); Chromium names the
    // button by its content, caption and choice ("Room Single"): that stays its accessible name.
    const caption = accName(cand.popupField);
    if (caption) {
      c.ax_name = roleOf(cand.el) ? accName(cand.el, roleOf(cand.el)) : "";
      c.name = caption;
      delete c.name_from;
    }
    if (includeValues) c.value = cap(shownChoice(cand.el), 200);
  }
  if (cand.trigger) {
    // Its value is what its drawing shows; named without that value (standin.js triggerName), its label stays
    // its accessible name.
    const choice = triggerChoice(cand.el), name = triggerName(c.name, choice);
    if (name !== c.name) { c.ax_name = c.name; c.name = name; }
    if (includeValues) c.value = cap(choice, 200);
  }
  if (cand.caption) {
    // Named by its caption; its content (the value) stays its accessible name, as Chromium names the button.
    c.ax_name = accName(cand.el, roleOf(cand.el) || "button");
    c.name = cap(visibleText(cand.caption), 200);
    delete c.name_from;
    if (includeValues) c.value = cap(visibleText(cand.el), 200);
  }
  if (cand.sliderField && !c.name) c.name = accName(cand.sliderField);
  if (cand.drawnSlider) {
    const now = includeValues ? readSlider(cand.drawnSlider) : null;
    if (now !== null) c.value = String(now);
    else delete c.value;
  }
  const field = cand.valueField;
  if (!field) return;
  if (!c.name) c.name = accName(field);
  if (includeValues) c.value = cap(String(field.value), 200);
  else delete c.value;
}

export { drawnPass, drawnControl };
