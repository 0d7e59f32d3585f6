// layer: widgets
// A slider's thumb drawn without ARIA (part of the in-page program, main.js; read by standin.js
// valueFieldOf). A slider plugin draws a track, a thin box wide or tall, and on it a small handle a person
// drags or moves by the arrow keys: a tab stop with no role, name or value, placed along the track by its
// position (left: N% or top: N%). A person sees a slider there. The plugin writes the value into a field of
// the form beside the track, often a read-only text field the caption labels, left visible to show the
// number: then the handle and that field are one slider (standin.js valueFieldOf: named by the field's
// label, valued by its value, moved by keys on the handle and checked by the field).

import { trackOf } from "./geometry.js";

const THUMB_MAX_PX = 64;

// Whether `el` is a drawn thumb: an absolutely positioned box of at most THUMB_MAX_PX a side on a track
// (geometry.js trackOf: a thin box up to three levels up whose line it sits on) with no text but its thumbs'.
// A small positioned tab stop in a line of text (a help badge in a form's row) is on no track.
function drawnThumb(el) {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || box.width > THUMB_MAX_PX || box.height > THUMB_MAX_PX) return false;
  if (getComputedStyle(el).position !== "absolute") return false;
  return trackOf(el, (up) => textBeside(up, el)) !== null;
}

// Whether `track` holds text outside `thumb` and the other tab stops on it (a range's second thumb).
function textBeside(track, thumb) {
  const walker = track.ownerDocument.createTreeWalker(track, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.data.trim() || thumb.contains(t)) continue;
    const holder = t.parentElement && t.parentElement.closest("[tabindex]");
    if (!holder || !track.contains(holder) || holder === track) return true;
  }
  return false;
}

// A field a thumb writes its value into, left in sight for the number: a text field a person cannot type
// into (read-only) holding a number. (One out of sight is standin.js holdsValue's.)
const WRITTEN_NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
function writtenField(field) {
  return /^(text|number)$/.test(field.type) && field.readOnly && WRITTEN_NUMBER.test(field.value);
}

export { drawnThumb, writtenField };
