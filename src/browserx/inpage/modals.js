// layer: base
// Modal dialogs (issue 18): the open modal of a document, as a person sees it (the top layer's dialog, an
// aria-modal one, a dialog whose backdrop covers the page, or a fixed layer over the whole viewport that
// holds controls), and its text. Part of the in-page program (main.js): the snapshot (capture.js) lists
// it and what it blocks, reading and find (reading.js) read inside it, notes.js reads a dialog's text.
import { coversViewport, paintsOver } from "./geometry.js";
import { SKIP, SPACED, roleOf } from "./roles.js";
import { norm, cap, accName } from "./names.js";
import { shadowOf } from "./dom.js";
import { facts } from "./facts.js";
import { whileUnchanged } from "./observer.js";

// The open modal dialog of `doc`: the top layer's, an aria-modal one, or a dialog whose backdrop
// covers the page. Null when none is shown.
function findModal(doc) {
  // The markup's dialogs: two queries that visit the whole document (2% of large.html's snapshot), made
  // once while it holds (observer.js).
  const { top, marked } = whileUnchanged(doc, "dialogs", () => ({ top: doc.querySelector("dialog:modal"),
    marked: [...doc.querySelectorAll('[aria-modal="true"], [role=dialog], [role=alertdialog], dialog[open]')] }));
  if (top) return top;
  for (const el of marked) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    if (el.getAttribute("aria-modal") === "true" || backdropCovers(el, doc)) return el;
  }
  return coveringLayer(doc);
}
// A modal a page drew without saying so: a fixed layer over the whole viewport (every probe point
// lands in it) that holds controls and paints over the page at its corners (a layer of glass hides
// nothing: geometry.js paintsOver). It blocks what lies behind it only if something does (an app
// shell that is one fixed layer blocks nothing: capture.js then forgets it, `inferred`).
const inferred = new WeakSet();
function coveringLayer(doc) {
  const view = doc.defaultView, w = view.innerWidth, h = view.innerHeight;
  let layer = null;
  for (const [x, y] of [[w / 2, h / 2], [8, 8], [w - 24, 8], [8, h - 8], [w - 24, h - 8]]) {
    const at = doc.elementFromPoint(x, y);
    let hit = at;
    while (hit && hit !== doc.body && !(view.getComputedStyle(hit).position === "fixed" && coversViewport(hit, view))) hit = hit.parentElement;
    if (!hit || hit === doc.body || (layer && hit !== layer)) return null;
    if (x !== w / 2 && !paintsOver(at, x, y, hit.parentElement)) return null;
    layer = hit;
  }
  if (!layer || !layer.querySelector("a[href], button, input, select, textarea, [tabindex], [role=button], [role=link]")) return null;
  inferred.add(layer);
  return layer;
}
// Every corner of the viewport shows the dialog or a fixed layer that holds it (or sits beside it)
// and paints there.
function backdropCovers(dialog, doc) {
  const view = doc.defaultView, w = view.innerWidth, h = view.innerHeight;
  for (const [x, y] of [[4, 4], [w - 5, 4], [4, h - 5], [w - 5, h - 5]]) {
    const hit = doc.elementFromPoint(x, y);
    if (!hit) return false;
    if (dialog.contains(hit)) continue;
    let layer = hit;
    for (; layer && layer !== doc.body; layer = layer.parentElement) {
      if (coversViewport(layer, view) && view.getComputedStyle(layer).position === "fixed") break;
    }
    if (!layer || layer === doc.body || !paintsOver(hit, x, y, layer.parentElement)) return false;
    const parent = layer.parentElement;
    if (!(layer.contains(dialog) || (parent && parent.contains(dialog) && !dialog.contains(layer)))) return false;
  }
  return true;
}
// The dialog's own text, blocks on lines; fields are values, never text (privacy).
// `skip`: elements whose text is left out (the controls listed beside a note: their names say it).
function dialogText(dialog, limit, skip) {
  let out = "";
  const walkText = (node) => {
    for (let n = (shadowOf(node) || node).firstChild; n && out.length < limit; n = n.nextSibling) {
      if (n.nodeType === 3) { out += n.data; continue; }
      if (n.nodeType !== 1 || SKIP.has(n.localName)) continue;
      const tag = n.localName;
      if (tag === "input" || tag === "textarea" || tag === "select" || n.isContentEditable || (skip && skip.has(n))) continue;
      const f = facts.get(n);
      if (!f || f.gone) continue;
      if (f.block) out += "\n";
      if (tag === "br") out += "\n";
      else if (f.visible || n.firstElementChild) walkText(n);
      if (f.block || SPACED.has(tag)) out += f.block ? "\n" : " ";
    }
  };
  walkText(dialog);
  const text = out.split("\n").map(norm).filter(Boolean).join("\n");
  return cap(text, limit);
}
function modalInfo(modal, blocked) {
  if (!modal) return null;
  return { role: roleOf(modal) || "dialog", name: accName(modal), text: dialogText(modal, 2000), blocked };
}

export { findModal, inferred, dialogText, modalInfo };
