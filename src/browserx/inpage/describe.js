// layer: widgets
// Naming an element outside a snapshot, as the snapshot names it: the actions' effects and errors
// (a focused field, the element that covers a click) and the cover of an out-of-process frame
// (frames.js) use these, so an ELEMENT_COVERED names its cover as the model would.
import { roleOf } from "./roles.js";
import { accName, shownName, readable } from "./names.js";
import { description } from "./widgets.js";
import { facts, includeValues, useFacts } from "./facts.js";
import { shadowOf } from "./dom.js";
import { idOf } from "./ids.js";
import { popupFieldOf, faceCaption, drawnTrigger } from "./standin.js";

// The snapshot's role for el (a page-made clickable it listed is "clickable"), or null.
function actionRole(el) {
  if ((el.hasAttribute("aria-haspopup") && popupFieldOf(el)) || faceCaption(el) || drawnTrigger(el)) return "combobox";  // a drawn select (standin.js)
  return roleOf(el) || ((idOf.get(el) || "").startsWith("cl_") ? "clickable" : null);
}
// The name the page model gives `el` (or its description), computed outside a snapshot: style
// facts are read on demand for the few elements the name needs.
function nameForAction(el) {
  const saved = facts, savedValues = includeValues;
  useFacts(lazyFacts(), false);  // effects and errors never carry a field's value
  try {
    const field = el.hasAttribute("aria-haspopup") ? popupFieldOf(el) : null;  // named by its field's caption
    const caption = faceCaption(el);
    const role = actionRole(el);
    return (field && readable(accName(field))) || (caption && readable(caption.textContent || "")) ||
      readable(shownName(el, role, accName(el, role))) || description(el);
  } finally {
    useFacts(saved, savedValues);
  }
}
function lazyFacts() {
  const known = new Map();
  return {
    get(el) {
      let f = known.get(el);
      if (f === undefined) {
        const cs = getComputedStyle(el);
        const display = cs.display;
        f = { display, position: cs.position, gone: display === "none", clipped: false, shadow: shadowOf(el),
          visible: display !== "none" && cs.visibility === "visible" && el.checkVisibility({ opacityProperty: true }),
          block: display !== "inline" && display !== "contents" && !display.startsWith("inline") };
        known.set(el, f);
      }
      return f;
    },
    set(el, f) { known.set(el, f); return this; },
    has(_el) { return true; },
  };
}
const short = (s) => (s || "").replace(/\s+/g, " ").trim().slice(0, 60);
// el's role (else its tag) and name, never a value: fields are named by label, not content.
function roleFor(el) {
  return actionRole(el) || el.localName;
}
function nameFor(el) {
  try { return short(nameForAction(el)); } catch (e) { return ""; }
}
// What an action's result says of an element: {role, name, tag, dom_id?, class?, element_id?}.
function describe(el) {
  if (!el || el.nodeType !== 1) return null;
  const out = { role: roleFor(el), name: nameFor(el), tag: el.localName };
  if (el.id) out.dom_id = el.id.slice(0, 60);
  const cls = typeof el.className === "string" ? el.className.trim().split(/\s+/)[0] : "";
  if (!out.name && !el.id && cls) out.class = cls.slice(0, 40);  // something to recognise it by
  const id = idOf.get(el);
  if (id) out.element_id = id;
  return out;
}

// An element a performance trace names (devtools/perf_nodes.py): its tag, its element_id or the nearest
// enclosing control's, its text (never a field's value), an image's URL and whether it has its size.
function traceNode(node) {
  const el = node.nodeType === 1 ? node : node.parentElement;
  if (!el) return null;
  let id = null, inside = null;
  for (let n = el; n; n = n.parentElement || (n.getRootNode && n.getRootNode().host) || null) {
    const found = idOf.get(n);
    if (found) { if (n === el) id = found; else inside = found; break; }
  }
  const field = /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
  const text = field ? '' : (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 100);
  const out = { tag: el.tagName.toLowerCase(), element_id: id, inside, text };
  if (el.id) out.html_id = el.id.slice(0, 60);
  if (el.tagName === 'IMG') {
    out.src = (el.currentSrc || el.src || '').slice(0, 200);
    out.sized = el.hasAttribute('width') && el.hasAttribute('height');
  }
  return out;
}

export { short, roleFor, nameFor, describe, traceNode };
