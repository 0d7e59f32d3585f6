// layer: widgets
// Entries for widgets a page drew without ARIA over a hidden native field (issue 31), part of the in-page
// program (main.js), called from widgets.js's pass over the kept candidates and per listed control.
// The rules that link a drawn widget to its field are standin.js's (standInOf, valueFieldOf): here the
// two become one entry, as a person reads them.
import { standInOf, valueFieldOf } from "./standin.js";
import { accName, cap } from "./names.js";
import { includeValues } from "./facts.js";

const FACE_ROLES = new Set(["clickable", "textbox", "searchbox", "combobox", "button", "link"]);
const centreIn = (box, x, y) => x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3];

// `kept`: the candidates after the walk (capture.js), edited in place. A hidden <select> drawn by a
// stand-in is a combobox (one value, or several: `multiselectable`) whose box is the stand-in's; the
// stand-in's own face (the candidates that hold its centre, and its text input) is that entry, not one
// beside it; the rest of it (an open list's options, a chosen item's remove button) stays listed.
// A tab stop with no role whose value a hidden field beside it holds is a slider, and the field goes.
function drawnPass(kept) {
  let drop = null;
  const dropped = (cand) => (drop || (drop = new Set())).add(cand);
  for (const cand of kept) {
    const el = cand.el;
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
    } else if (cand.role === "clickable" && el.tabIndex >= 0) {
      const field = valueFieldOf(el);
      if (!field) continue;
      cand.role = "slider";
      cand.valueField = field;
      for (const other of kept) if (other.el === field) dropped(other);
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
  const field = cand.valueField;
  if (!field) return;
  if (!c.name) c.name = accName(field);
  if (includeValues) c.value = cap(String(field.value), 200);
  else delete c.value;
}

export { drawnPass, drawnControl };
