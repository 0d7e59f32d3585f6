// layer: widgets
// A hidden native <select> kept INSIDE the face a page drew for it (part of the in-page program, main.js): dropdown
// plugins that wrap the select rather than draw beside it (a role-less `div tabindex=0` holding the select, the
// current value, an arrow and a menu of drawn items), and list rows that are links holding a select with their own
// caption and value, opening a panel of the options when pressed. The face stands in for the select (standin.js
// standInOf: one combobox with the select's options, picked through the face) and its own caption names it
// (drawn.js drawnControl).
import { parentOf } from "./geometry.js";
import { unseenThoughRendered } from "./facts.js";

const FACE_CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex='-1'])";
const faceSeen = (el) => el.checkVisibility({ visibilityProperty: true }) && !unseenThoughRendered(el);

// A hidden select (not rendered) kept inside the face a page drew for it: a tab stop or a link (no role, or that of a
// button or a link) that a person sees, showing the value or a caption and opening the options when pressed (a
// plugin draws its face and menu around the native select; a list row linking to a page of choices). The face is
// the select's nearest such ancestor (up to 3 levels) that holds no other field nor tab stop and declares no
// combobox or listbox a person sees; null when there is none.
function faceHolding(select) {
  if (select.checkVisibility()) return null;
  for (let up = parentOf(select), depth = 0; up && up.nodeType === 1 && depth < 3; up = parentOf(up), depth++) {
    const role = up.getAttribute("role");
    if (!faceSeen(up) || (role && !/^(button|link)$/.test(role))) continue;
    if (!(up.localName === "a" || (up.hasAttribute("tabindex") && up.tabIndex >= 0))) continue;
    for (const other of up.querySelectorAll(FACE_CONTROLS)) if (other !== select && other.tabIndex >= 0) return null;
    return [...up.querySelectorAll("[role=combobox], [role=listbox]")].some(faceSeen) ? null : up;
  }
  return null;
}
// The caption a select's face holds (a list row's "Room" beside the value it shows): its visible text but the
// options' own (the value shown, chips of the chosen ones, a prompt that is an option, the drawn menu), or "".
function faceOwnCaption(select) {
  const face = faceHolding(select);
  if (!face) return "";
  const texts = new Set(Array.from(select.options, o => o.text.replace(/\s+/g, " ").trim().toLowerCase()));
  const walker = face.ownerDocument.createTreeWalker(face, NodeFilter.SHOW_TEXT);
  let text = "";
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const up = t.parentElement, own = t.data.replace(/\s+/g, " ").trim();
    if (own && !texts.has(own.toLowerCase()) && up && !select.contains(up) && up.checkVisibility()) text += " " + own;
  }
  return text.replace(/\s+/g, " ").trim();
}

export { faceHolding, faceOwnCaption };
