// layer: widgets
// A slider's thumb drawn without ARIA (part of the in-page program, main.js; read by standin.js
// valueFieldOf). A slider plugin draws a track, a thin box wide or tall, and on it a small handle a person
// drags or moves by the arrow keys: a tab stop with no role, name or value, placed along the track by its
// position (left: N% or top: N%). A person sees a slider there. The plugin writes the value into a field of
// the form beside the track, often a read-only text field the caption labels, left visible to show the
// number: then the handle and that field are one slider (standin.js valueFieldOf: named by the field's
// label, valued by its value, moved by keys on the handle and checked by the field).

import { parentOf } from "./geometry.js";

// A track is at least LONG times longer than thick; the thumb's extent along it is at most a SHARE of it.
const LONG = 4;
const SHARE = 1 / 3;
const THUMB_MAX_PX = 64;
const TRACK_LEVELS = 3;

// Whether `el` is a drawn thumb: an absolutely positioned box of at most THUMB_MAX_PX a side, inside a
// track (an ancestor up to TRACK_LEVELS up, LONG times longer than thick, with no text but its thumbs')
// whose line it sits on: its centre within the track's length and its box across the track's thickness.
// A small positioned tab stop in a line of text (a help badge in a form's row) is on no track.
function drawnThumb(el) {
  const box = el.getBoundingClientRect();
  if (!box.width || !box.height || box.width > THUMB_MAX_PX || box.height > THUMB_MAX_PX) return false;
  if (getComputedStyle(el).position !== "absolute") return false;
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  for (let up = parentOf(el), depth = 0; up && depth < TRACK_LEVELS; up = parentOf(up), depth++) {
    const track = up.getBoundingClientRect();
    if (!track.width || !track.height) continue;
    if (textBeside(up, el)) return false;
    const wide = track.width >= LONG * track.height;
    const tall = track.height >= LONG * track.width;
    if (wide && box.width <= SHARE * track.width) {
      return x >= track.left && x <= track.right && box.top <= track.bottom && box.bottom >= track.top;
    }
    if (tall && box.height <= SHARE * track.height) {
      return y >= track.top && y <= track.bottom && box.left <= track.right && box.right >= track.left;
    }
  }
  return false;
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
