// layer: widgets
// A slider drawn with no role at all (part of the in-page program, main.js; read by drawn.js and fields.js).
// A slider plugin may draw the whole widget in plain boxes: a track (a thin box, wide or tall), a thumb on it
// (a small box it moves along the track), perhaps a scale of numbers beside it (tick labels, or the two ends'
// numbers) and a bubble on the thumb that shows the value while it is dragged. A person sees a slider there,
// reads its value off the scale where the thumb stands (or off the bubble while dragging), and moves it by
// the arrow keys where the widget takes the focus, else by dragging the thumb.
// Two forms, one rule: the widget (`el`, a candidate of the walk) is a tab stop with no role holding such a
// thumb, which is no tab stop itself (the widget takes the keys: fill presses arrows, actions/fill.py
// step_to), or a control a pointer reaches and nothing focuses (fill drags the thumb: actions/tracks.py).
// Its value is never in the DOM as a value: it is read from where the thumb is, mapped onto the scale.
import { trackOf, drawsBox, parentOf, composedContains } from "./geometry.js";
import { element } from "./ids.js";
import { drawnAtZero } from "./names.js";

const DRAWN_THUMB_PX = 64;
const SLIDER_PARTS = 120;  // a widget holding more boxes than this is a panel, not a slider
const WORD_LETTERS = /\p{L}/u;
const SHOWN_NUMBER = /^\s*[-\u2212]?\d+(?:[.,]\d+)?\s*$/;
const DECLARED_SLIDER = "[role=slider], input[type=range]";
const DECLARED_LEVELS = 3;
const INNER_TAB_STOPS = "a[href], button, input, select, textarea, [tabindex], [contenteditable]";

// Whether the text of `node` is drawn at no size (it or a box of no size holding it scaled to 0: names.js): a value
// bubble hidden until a drag shows nothing a person reads.
function zeroSized(node) {
  for (let up = node; up; up = up.parentElement) {
    if (drawnAtZero(up)) return true;
    const r = up.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return false;
  }
  return false;
}
const textBox = (t) => { const range = document.createRange(); range.selectNodeContents(t); return range.getBoundingClientRect(); };

// Whether `el` is a part of a declared slider's widget (its track, the bar filled up to its thumb): a box up to
// DECLARED_LEVELS above it holds that slider (`slider`, or any declared one). Such a part is no control of its own.
function inSliderWidget(el, slider = null) {
  for (let up = parentOf(el), level = 0; up && level < DECLARED_LEVELS; up = parentOf(up), level++) {
    if (slider ? composedContains(up, slider) : up.querySelector(DECLARED_SLIDER)) return true;
  }
  return false;
}

// The thumb `el` holds and the track it sits on, or null. The thumb: a box `el` holds that draws itself
// (a background or a border), at most DRAWN_THUMB_PX a side, on a thin track inside `el` (geometry.js trackOf;
// the track's text beside it may be numbers only: a scale, a value bubble), moved there by being positioned
// (it, or the box holding it under the track, is absolutely positioned or transformed), and no tab stop of
// its own, covering the track's line across it. The widget holds no words (a card with a progress bar is no
// slider) and no tab stop but itself.
function drawnSliderOf(el) {
  if (el.hasAttribute("role") || /^(input|select|textarea|button|a)$/.test(el.localName)) return null;
  const parts = el.getElementsByTagName("*");
  if (!parts.length || parts.length > SLIDER_PARTS || WORD_LETTERS.test(el.textContent || "")) return null;
  if (el.querySelector(INNER_TAB_STOPS) && [...el.querySelectorAll(INNER_TAB_STOPS)].some(o => o.tabIndex >= 0)) return null;
  if (inSliderWidget(el)) return null;  // that slider is the one
  let best = null;
  for (const part of parts) {
    const box = part.getBoundingClientRect();
    if (!box.width || !box.height || box.width > DRAWN_THUMB_PX || box.height > DRAWN_THUMB_PX) continue;
    if (!drawsBox(part)) continue;
    const track = trackOf(part, (up) => !el.contains(up));  // words beside it: none, the widget holds none
    if (!track || !el.contains(track) || track === part) continue;
    // A thumb covers its track's line across it, at least as thick as the line: of such boxes the thickest
    // across, then the largest (a bar filled up to the thumb is drawn in a thinner line inside the track).
    const line = track.getBoundingClientRect(), across = line.width > line.height ? box.height : box.width;
    if (across < (line.width > line.height ? line.height : line.width)) continue;
    const area = box.width * box.height;
    if (best && (across < best.across || (across === best.across && area <= best.area))) continue;
    const mover = moverOf(part, track);
    if (!mover) continue;
    best = { thumb: part, track, mover, across, area };
  }
  return best && { thumb: best.thumb, track: best.track, mover: best.mover, el };
}
// The box that moves the thumb along the track: the outermost box from the thumb up to the track that is
// absolutely positioned or transformed (a wrapper placed at N% that holds the knob and its value bubble).
function moverOf(thumb, track) {
  let mover = null;
  for (let up = thumb; up && up !== track; up = parentOf(up)) {
    const style = getComputedStyle(up);
    if (style.position === "absolute" || style.transform !== "none") mover = up;
  }
  return mover;
}

// The slider's axis: where along the track a point stands (px from the track's start), the track's length.
function axisOf(track) {
  const r = track.getBoundingClientRect();
  const vertical = r.height > r.width;
  return { vertical, box: r, along: (x, y) => (vertical ? r.bottom - y : x - r.left), length: vertical ? r.height : r.width };
}
const centreOf = (r) => [r.left + r.width / 2, r.top + r.height / 2];

// The scale a person reads: the numbers the widget shows outside the thumb's moving box (tick labels, or the
// two ends' numbers), each at the centre of its text along the track. Two different numbers at least, in order
// along the track (one way or the other); the value at a point is read between the two outermost, at the
// precision the labels are written in. Null when the widget shows no such scale.
// A widget that holds no numbers may have its scale right beside it (a row of the ends' numbers under the
// track): numbers up to SCALE_LEVELS up, outside the widget, within the track's span and SCALE_NEAR_PX of its line.
const SCALE_LEVELS = 2;
const SCALE_NEAR_PX = 48;
function scaleOf(slider) {
  const axis = axisOf(slider.track);
  let marks = marksIn(slider.el, slider, axis, null);
  for (let up = parentOf(slider.el), level = 0; marks.length < 2 && up && level < SCALE_LEVELS; up = parentOf(up), level++) {
    marks = marksIn(up, slider, axis, slider.el);
  }
  if (marks.length < 2) return null;
  const decimals = Math.max(...marks.map(m => m.decimals));
  marks.sort((a, b) => a.at - b.at);
  const rising = marks[marks.length - 1].value > marks[0].value;
  for (let i = 1; i < marks.length; i++) {
    if (marks[i].value === marks[i - 1].value || (marks[i].value > marks[i - 1].value) !== rising) return null;
  }
  const first = marks[0], last = marks[marks.length - 1];
  const perPx = (last.value - first.value) / (last.at - first.at);
  if (!isFinite(perPx) || !perPx) return null;
  const round = (v) => +v.toFixed(decimals);
  return {
    min: Math.min(first.value, last.value), max: Math.max(first.value, last.value),
    valueAt: (at) => round(first.value + (at - first.at) * perPx),
    at: (value) => first.at + (value - first.value) / perPx,
  };
}

// The numbers `root` shows outside the thumb's moving box (and outside `skip`), each where it stands along
// the track; outside the widget only those in the track's span near its line.
function marksIn(root, slider, axis, skip) {
  const marks = [], line = axis.vertical ? axis.box.left + axis.box.width / 2 : axis.box.top + axis.box.height / 2;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t && marks.length < SLIDER_PARTS; t = walker.nextNode()) {
    if (!SHOWN_NUMBER.test(t.data) || slider.mover.contains(t) || (skip && skip.contains(t)) || zeroSized(t.parentElement)) continue;
    const r = textBox(t);
    if (!r.width || !r.height) continue;
    const [x, y] = centreOf(r), at = axis.along(x, y);
    if (skip && (at < -SCALE_NEAR_PX / 2 || at > axis.length + SCALE_NEAR_PX / 2 ||
        Math.abs((axis.vertical ? x : y) - line) > SCALE_NEAR_PX)) continue;
    const text = t.data.trim().replace("\u2212", "-").replace(",", ".");
    marks.push({ value: +text, at, decimals: (text.split(".")[1] || "").length });
  }
  return marks;
}

// The number the thumb's bubble shows, read while it is drawn at size (a bubble scaled to 0 shows nothing).
function bubbleOf(slider) {
  const text = (slider.mover.textContent || "").trim();
  if (!SHOWN_NUMBER.test(text)) return null;
  const walker = document.createTreeWalker(slider.mover, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (t.data.trim() && !zeroSized(t.parentElement) && textBox(t).width > 0) return +text.replace("\u2212", "-").replace(",", ".");
  }
  return null;
}

// What a person reads the slider at: from the scale where the thumb's centre stands, else its bubble, else null.
function readSlider(slider, scale = scaleOf(slider)) {
  if (scale) {
    const axis = axisOf(slider.track);
    return scale.valueAt(axis.along(...centreOf(slider.thumb.getBoundingClientRect())));
  }
  return bubbleOf(slider);
}

// fill's view of such a widget (fields.js kindOf): a tab stop is moved by keys ("keys", its value read back
// from the thumb), the other dragged ("drag"); `scale` false when no scale is shown.
function drawnSliderKind(el) {
  const slider = drawnSliderOf(el);
  if (!slider) return null;
  const scale = scaleOf(slider), now = readSlider(slider, scale);
  const bounds = scale ? { min: scale.min, max: scale.max } : { min: null, max: null };
  const kind = el.tabIndex >= 0 && el.hasAttribute("tabindex") ? "keys" : "drag";
  return { kind, drawnThumb: true, scale: !!scale, now: now === null ? null : now, ...bounds,
    vertical: axisOf(slider.track).vertical };
}

// The drag's page side (actions/tracks.py): where the thumb's centre is, where along the track's axis the
// point for `value` lies (when a scale is shown), and the value read now (the scale, else the bubble).
function thumbTrack(id, value) {
  const el = element(id);
  const slider = el && drawnSliderOf(el);
  if (!slider) return { error: "NODE_NOT_FOUND", message: `no slider ${id} on the current page; take a new snapshot` };
  const scale = scaleOf(slider), axis = axisOf(slider.track);
  const [x, y] = centreOf(slider.thumb.getBoundingClientRect());
  const out = { ok: true, x, y, vertical: axis.vertical, length: axis.length, now: readSlider(slider, scale), scale: !!scale };
  if (scale && value !== null) {
    const at = scale.at(value);
    out.to = axis.vertical ? { x, y: axis.box.bottom - at } : { x: axis.box.left + at, y };
  }
  return out;
}

const TRACK_ACTIONS = { thumbTrack };

export { drawnSliderOf, readSlider, drawnSliderKind, inSliderWidget, TRACK_ACTIONS };
