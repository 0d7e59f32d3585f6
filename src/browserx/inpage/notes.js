// layer: widgets
// Text a person reads beside the controls (part of the in-page program, main.js). The reader text
// serves an article; in an application people read short text next to what they act on, and the
// model lists it among the controls, where it stands (render.py), as notes:
//   - live regions (role status, alert, log, timer, marquee; <output>; aria-live): "Trip 1 saved";
//   - the text of a layer that holds controls: a popup, menu, non-modal dialog or any small
//     positioned panel (a calendar's "November 2026" and its weekday names, a cookie banner's words);
//   - the cells of a table or grid row that holds controls ("Ann | 41" before that row's Delete).
// Text inside a control is its name; field values are never text (privacy).
import { norm, cap } from "./names.js";
import { gridOf, isCell } from "./grids.js";
import { dialogText } from "./modals.js";

const LIVE = new Set(["status", "alert", "log", "timer", "marquee"]);
const LAYER_ROLES = new Set(["dialog", "alertdialog", "menu", "menubar", "listbox", "tooltip", "toolbar", "tablist"]);
const NOTE_CHARS = 200;      // one note
const LAYER_CHARS = 400;     // all notes of one layer
const MAX_NOTES = 80;
const LAYER_SHARE = 0.6;     // a layer at least this share of the viewport is the page itself, not a panel

function liveKind(el, role, tag, bare) {
  if (LIVE.has(role)) return role;
  if (tag === "output") return "status";
  if (!bare) {
    const live = el.getAttribute("aria-live");
    if (live === "polite" || live === "assertive") return live === "assertive" ? "alert" : "status";
  }
  return null;
}
// The text nodes of `el` itself (its child elements note their own), never an editing host's.
function ownText(el) {
  let text = "";
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) text += n.data;
  return text.trim() ? norm(text) : "";
}
// Visible text, never a field's value (privacy): the walk of a modal dialog's text, on one line.
const fieldFreeText = (el, limit, skip) => norm(dialogText(el, limit, skip).replace(/\n/g, " "));
// A live region's text, read after the walk (its inside must have been seen).
function noteText(n, listed) {
  if (!n.text) n.text = fieldFreeText(n.el, NOTE_CHARS, listed);
  return n.text;
}
function isField(el) {
  const tag = el.localName;
  return tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable;
}

// Called by the walk (capture.js visit) for each shown element; returns the context change, if any:
// {note} for a live region (its whole text; nothing inside notes again), {layer} for a new layer.
function noteVisit(el, tag, role, position, bare, ctx, out) {
  if (ctx.inNote) return null;
  // Cheap tests first: this runs for every shown element of the page.
  const kind = liveKind(el, role, tag, bare);
  if (kind && !isField(el)) {  // its text once the walk has seen what inside it is shown
    out.notes.push({ kind, text: "", at: out.candidates.length, region: ctx.region, el });
    return { inNote: true };
  }
  if (ctx.layer && !ctx.inControl) {
    const text = ownText(el);
    if (text && !isField(el)) ctx.layer.notes.push({ kind: "text", text, at: out.candidates.length, region: ctx.region, el });
  }
  if (LAYER_ROLES.has(role) || (!bare && (position === "absolute" || position === "fixed") && !ctx.modalLayer)) {
    const layer = { el, parent: ctx.layer || null, notes: [], controls: 0 };
    out.layers.push(layer);
    return { layer };
  }
  return null;
}

// After the caps: the notes of layers that hold listed controls and are panels, not the page (a
// layer without either hands its notes to the layer around it), plus one note per grid row that
// holds controls. Each note gets `before`: the index of the first listed control after it.
function placeNotes(out, chosen, controls, viewportArea) {
  for (const cand of chosen) for (let l = cand.ctx.layer; l; l = l.parent) l.controls++;
  const notes = [];
  const listed = new Set(chosen.map(c => c.el));
  for (const n of out.notes) if (noteText(n, listed)) notes.push(n);
  // A listed field seen through its label (a hidden checkbox toggled by the label drawn for it): the label's text is
  // the field's name, the control's own text, as the walk notes none inside a control.
  const drawn = chosen.filter(c => c.drawn && c.drawn.localName === "label" && c.drawn.control === c.el).map(c => c.drawn);
  for (let i = out.layers.length - 1; i >= 0; i--) {  // inner layers first: they come later in the walk
    const layer = out.layers[i];
    if (drawn.length) layer.notes = layer.notes.filter(n => !drawn.some(d => d.contains(n.el)));
    if (!layer.notes.length) continue;
    const r = layer.controls ? layer.el.getBoundingClientRect() : null;
    if (r && r.width * r.height < LAYER_SHARE * viewportArea) {
      let used = 0;
      for (const n of layer.notes) {
        if (used >= LAYER_CHARS) break;
        n.text = cap(n.text, Math.min(NOTE_CHARS, LAYER_CHARS - used));
        used += n.text.length;
        notes.push(n);
      }
    } else if (layer.parent) layer.parent.notes.push(...layer.notes);
  }
  rowNotes(chosen, notes, controls);
  notes.sort((a, b) => a.at - b.at);
  // Text runs with no control between them read as one line ("November 2026 Mo Tu We …").
  const merged = [];
  for (const n of notes) {
    const last = merged[merged.length - 1];
    if (last && last.kind === "text" && n.kind === "text" && last.at === n.at && last.region === n.region &&
        last.text.length + n.text.length < NOTE_CHARS) {
      last.text += " " + n.text;
    } else merged.push({ kind: n.kind, text: n.text, at: n.at, region: n.region || null });
    if (merged.length >= MAX_NOTES) break;
  }
  // Rows of a grid may be listed in on-screen order, not the walk's: the first control after a note.
  return merged.map(n => {
    let before = chosen.length;
    for (let i = 0; i < chosen.length; i++) if (chosen[i].order >= n.at) { before = i; break; }
    return { kind: n.kind, text: n.text, region: n.region, before };
  });
}
const CELL = "td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]";
// A row's cells are listed only when nothing else tells its controls apart: every control of the
// row has a name another row's control has too ("Delete" in each row) or one that says nothing of
// the row (a row number: "7"), not one of its own ("Select order 7").
const SAYS_WHAT = /\p{L}{3}/u;
function rowNotes(chosen, notes, controls) {
  const rows = [];
  const rowsByName = new Map();  // "role name" -> rows holding such a control
  for (let i = 0; i < chosen.length;) {
    const row = chosen[i].el.closest("tr, [role=row]");
    let j = i + 1;
    if (!row || !gridOf(row)) { i = j; continue; }
    while (j < chosen.length && row.contains(chosen[j].el)) j++;
    rows.push([row, i, j]);
    for (let k = i; k < j; k++) {
      const key = controls[k].role + " " + controls[k].name;
      const seen = rowsByName.get(key);
      if (!seen) rowsByName.set(key, new Set([row])); else seen.add(row);
    }
    i = j;
  }
  for (const [row, i, j] of rows) {
    if (notes.length >= MAX_NOTES) break;
    let apart = false;
    for (let k = i; k < j && !apart; k++) {
      apart = rowsByName.get(controls[k].role + " " + controls[k].name).size === 1 && SAYS_WHAT.test(controls[k].name);
    }
    if (apart) continue;
    const withControls = new Set(chosen.slice(i, j).map(c => c.el.closest(CELL)));
    const cells = [];
    for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) {
      if (!isCell(cell) || withControls.has(cell)) continue;
      const text = fieldFreeText(cell, 60);
      if (text) cells.push(text);
    }
    if (cells.length) {
      notes.push({ kind: "row", text: cap(cells.join(" | "), NOTE_CHARS), at: chosen[i].order - 0.5, region: chosen[i].ctx.region });
    }
  }
}

export { noteVisit, placeNotes, noteText };
