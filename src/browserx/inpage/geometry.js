// layer: base
// Geometry shared by the page model and the actions: where a frame's viewport lies in its parent's, the
// visible part of an element in top-viewport CSS pixels through same-origin frames, and what a pointer at a
// top-viewport point would hit (through open and adopted closed shadow roots and same-origin frames).
import { shadowOf } from "./dom.js";

// A frame element's content box (its document's viewport) in the viewport of the frame element's document.
function frameBox(frameEl, style = getComputedStyle(frameEl)) {
  const r = frameEl.getBoundingClientRect();
  const padLeft = parseFloat(style.paddingLeft), padTop = parseFloat(style.paddingTop);
  const left = r.left + frameEl.clientLeft + padLeft, top = r.top + frameEl.clientTop + padTop;
  const width = frameEl.clientWidth - padLeft - parseFloat(style.paddingRight);
  const height = frameEl.clientHeight - padTop - parseFloat(style.paddingBottom);
  return { left, top, width, height, right: left + width, bottom: top + height };
}
function clipRect(b, c) {
  const out = { left: Math.max(b.left, c.left), top: Math.max(b.top, c.top),
    right: Math.min(b.right, c.right), bottom: Math.min(b.bottom, c.bottom) };
  return out.right > out.left && out.bottom > out.top ? out : null;
}
function viewportOf(win) {
  // clientWidth/Height leave out scrollbars, but in quirks mode they measure the whole document.
  const de = win.document.documentElement;
  return { left: 0, top: 0, right: Math.min(de.clientWidth || win.innerWidth, win.innerWidth),
    bottom: Math.min(de.clientHeight || win.innerHeight, win.innerHeight) };
}
// ---- an empty box around what it draws ----------------------------------------------------------
// An element whose own box is empty (no width or no height: a thumb container of 0x0 px positioned at a
// slider's value around its drawn 12-px thumb, a block holding only floats or absolute parts) and that
// clips nothing it holds is seen where what it holds is drawn: a person sees, points at and presses those
// parts, and the press reaches the element. Its box is then the union of its drawn descendants' boxes
// (elements and text that are rendered and not transparent; inside a part that clips, that part's box).
// Null when its own box is not empty, when it clips (all it holds is cut away), or when nothing inside is
// drawn. Bounded: DRAWN_PARTS nodes looked at.
const DRAWN_PARTS = 64;
const clipsContent = (s) => s.overflowX !== "visible" || s.overflowY !== "visible" || s.clipPath !== "none" ||
  (s.clip !== "auto" && (s.position === "absolute" || s.position === "fixed")) || /paint|strict|content/.test(s.contain);
function drawnUnion(el) {
  const own = el.getBoundingClientRect();
  if ((own.width > 0 && own.height > 0) || !el.firstChild) return null;
  const style = getComputedStyle(el);
  if (style.display === "none" || style.display === "contents" || clipsContent(style)) return null;
  let u = null, budget = DRAWN_PARTS;
  const add = (r) => {
    if (!(r.width > 0 && r.height > 0)) return;
    u = u ? { left: Math.min(u.left, r.left), top: Math.min(u.top, r.top), right: Math.max(u.right, r.right),
      bottom: Math.max(u.bottom, r.bottom) } : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const range = el.ownerDocument.createRange();
  const parts = (node, visible) => {
    for (let n = node.firstChild; n && budget > 0; n = n.nextSibling, budget--) {
      if (n.nodeType === 3) {
        if (visible && n.data.trim()) { range.selectNodeContents(n); add(range.getBoundingClientRect()); }
        continue;
      }
      if (n.nodeType !== 1) continue;
      const s = getComputedStyle(n);
      if (s.display === "none" || s.opacity === "0") continue;
      const shown = s.visibility === "visible";
      if (shown) add(n.getBoundingClientRect());
      if (!clipsContent(s)) parts(n, shown);
    }
  };
  parts(el, style.visibility === "visible");
  return u && { ...u, width: u.right - u.left, height: u.bottom - u.top };
}
// The boxes a person sees of el: its client rects of some area, else the box its drawn parts make.
function seenRects(el) {
  const rects = Array.from(el.getClientRects()).filter(r => r.width > 0 && r.height > 0);
  if (rects.length) return rects;
  const drawn = drawnUnion(el);
  return drawn ? [drawn] : rects;
}
// el's bounding box, or the box its drawn parts make when its own is empty (drawnUnion).
function seenBox(el) {
  const r = el.getBoundingClientRect();
  return (r.width > 0 && r.height > 0) ? r : drawnUnion(el) || r;
}
// The visible part of el's first visible box in top-viewport coordinates, and whether it is whole.
function visibleBox(el) {
  const rects = seenRects(el);
  if (!rects.length) return { box: null, sized: false };
  for (const r of rects) {
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    let win = el.ownerDocument.defaultView, whole = true;
    while (box) {
      const clipped = clipRect(box, viewportOf(win));
      if (!clipped) { box = null; break; }
      whole = whole && clipped.right - clipped.left >= box.right - box.left - 1 &&
        clipped.bottom - clipped.top >= box.bottom - box.top - 1;
      box = clipped;
      const frame = win.frameElement;
      if (!frame) break;
      const f = frameBox(frame);
      box = clipRect({ left: box.left + f.left, top: box.top + f.top, right: box.right + f.left, bottom: box.bottom + f.top }, f);
      win = frame.ownerDocument.defaultView;
    }
    if (box) return { box, whole, sized: true };
  }
  return { box: null, sized: true };
}
// The element a pointer at (x, y) of the top viewport would reach; null outside the viewport.
function hitAt(x, y) {
  let hit = document.elementFromPoint(x, y);
  for (let i = 0; hit && i < 30; i++) {
    const sr = shadowOf(hit);
    const inner = sr && sr.elementFromPoint(x, y);
    if (inner && inner !== hit) { hit = inner; continue; }
    if ((hit.localName === "iframe" || hit.localName === "frame") && hit.contentDocument) {
      const f = frameBox(hit);
      const below = hit.contentDocument.elementFromPoint(x - f.left, y - f.top);
      if (below) { x -= f.left; y -= f.top; hit = below; continue; }
    }
    break;
  }
  return hit;
}
// An element's parent, out of a shadow root to its host.
const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
// Whether `node` is `outer` or inside it, through shadow hosts and frame elements, and through the
// slot a node is drawn in (the flat tree: a span slotted into a shadow button is inside the button).
function composedContains(outer, node) {
  // Within one tree the DOM's own test says it (a node slotted under `outer` is a light child of a host
  // inside it); only a node in another tree (a shadow root, a frame) takes the walk up through hosts.
  if (!node || !outer) return false;  // a hit test over nothing (elementFromPoint gives null)
  if (outer.contains(node)) return true;
  if (node.getRootNode() === outer.getRootNode()) return false;
  for (let n = node, i = 0; n && i < 1000; i++) {
    if (n === outer) return true;
    n = n.assignedSlot || n.parentNode || n.host || (n.nodeType === 9 && n.defaultView ? n.defaultView.frameElement : null);
  }
  return false;
}

// ---- covers: the one rule of the page model, the actions and the widgets -----------------------
// A layer spans the viewport of `view` when it is at least 90% as wide and 90% as tall (a shade, a
// modal's backdrop, an app shell in one fixed box).
function coversViewport(el, view = window) {
  const r = el.getBoundingClientRect();
  return r.width >= 0.9 * view.innerWidth && r.height >= 0.9 * view.innerHeight;
}
// Whether a press where the pointer meets `hit` reaches el: el or inside it, the UI drawn for it
// (`drawn`, standin.js), its label, or what el lies in when el lets the pointer through
// (pointer-events: none: the press reaches what lies under it, as a person's does).
function reaches(el, hit, drawn) {
  if (!hit) return false;
  if (composedContains(el, hit) || (drawn && composedContains(drawn, hit))) return true;
  const label = hit.closest && hit.closest("label");
  if (label && label.control === el) return true;
  return composedContains(hit, el) && getComputedStyle(el).pointerEvents === "none";
}
// What covers el where the pointer meets `hit` at the top-viewport point (x, y), or null: nothing
// does where the pointer reaches el or meets what el lies in (nothing is drawn over el there), nor
// where what it meets paints nothing (`paintsOver`: glass, such as a loading layer a page's
// scripts never removed, hides nothing from a person).
function coverAt(el, hit, drawn, x, y) {
  if (!hit || reaches(el, hit, drawn) || composedContains(hit, el)) return null;
  return paintsOver(hit, x, y, el) ? hit : null;
}

// ---- what a layer paints -------------------------------------------------------------------------
// A person sees a layer only where it paints: a background colour that is not fully transparent, a
// background image, a border, a box-shadow, a backdrop-filter, its own visible text, or replaced
// content (an image, a video, a canvas, an SVG, a frame, a native control). `elementFromPoint`
// also meets layers that paint nothing (FACTS.md: saved pages keep full-page loading layers, absolute,
// z-index 1001, over visible links): those are glass.
const REPLACED = new Set(["img", "video", "canvas", "svg", "iframe", "frame", "embed", "object", "input", "textarea",
  "select", "button", "picture", "meter", "progress"]);
function alphaOf(color) {
  if (!color || color === "transparent") return 0;
  const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(color);
  if (slash) return parseFloat(slash[1]) / (slash[2] ? 100 : 1);
  const rgba = /^rgba\(([^)]*)\)$/.exec(color);
  if (rgba) return parseFloat(rgba[1].split(",")[3]);
  return 1;
}
const paintsBackground = (style) => alphaOf(style.backgroundColor) > 0 || style.backgroundImage !== "none" ||
  style.boxShadow !== "none" || (!!style.backdropFilter && style.backdropFilter !== "none");
// Whether el draws a box of its own a person sees as a widget's face: a background (colour, image, shadow) or a
// visible border all round (standin.js: the face drawn around a transparent combobox).
function drawsBox(el) {
  const style = getComputedStyle(el);
  if (paintsBackground(style)) return true;
  return ["Top", "Bottom", "Left", "Right"].every(side => parseFloat(style[`border${side}Width`]) > 0 &&
    !/none|hidden/.test(style[`border${side}Style`]) && alphaOf(style[`border${side}Color`]) > 0);
}
// The point (x, y) of the top viewport in the viewport of el's document (through same-origin frames).
function localPoint(el, x, y) {
  for (let win = el.ownerDocument.defaultView; win && win.frameElement; win = win.frameElement.ownerDocument.defaultView) {
    const f = frameBox(win.frameElement);
    x -= f.left; y -= f.top;
  }
  return [x, y];
}
const inRect = (r, x, y) => x >= r.left && x < r.right && y >= r.top && y < r.bottom;
// Whether el itself (not what it holds) paints at (x, y) of its document's viewport.
function paintsAt(el, style, x, y) {
  if (el instanceof SVGElement || REPLACED.has(el.localName)) return true;  // hit-tested where drawn
  const r = el.getBoundingClientRect();
  if (inRect(r, x, y)) {
    if (paintsBackground(style)) return true;
    for (const [side, dx, dy] of [["Top", 0, 1], ["Bottom", 0, -1], ["Left", 1, 0], ["Right", -1, 0]]) {
      const width = parseFloat(style[`border${side}Width`]);
      if (!(width > 0) || /none|hidden/.test(style[`border${side}Style`]) || !(alphaOf(style[`border${side}Color`]) > 0)) continue;
      const edge = dy > 0 ? y - r.top : dy < 0 ? r.bottom - y : dx > 0 ? x - r.left : r.right - x;
      if (edge < width) return true;
    }
  }
  if (!(alphaOf(style.color) > 0)) return false;  // its text, which may overflow its box
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 3 || !n.data.trim()) continue;
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(n);
    for (const t of range.getClientRects()) if (inRect(t, x, y)) return true;
  }
  return false;
}
// Whether anything from `hit` up to (not including) the first ancestor holding `el` paints at the
// top-viewport point (x, y): what lies between el and the pointer there. An ancestor with opacity 0
// hides all it holds; one with visibility other than visible paints nothing itself.
function paintsOver(hit, x, y, el) {
  const [lx, ly] = localPoint(hit, x, y);
  let painted = false;
  for (let n = hit, i = 0; n && n.nodeType === 1 && i < 60; n = parentOf(n), i++) {
    if (el && composedContains(n, el)) break;
    const style = getComputedStyle(n);
    if (style.opacity === "0") { painted = false; continue; }
    if (!painted && style.visibility === "visible" && paintsAt(n, style, lx, ly)) painted = true;
  }
  return painted;
}
// A control in view that no pointer reaches where it shows: something is drawn over it (a tray's
// shade, a backdrop). What a pointer aimed at one of five spots of `box` (top-viewport px) meets
// must not cover it (coverAt). A bar fixed or sticky on the page is no cover: scrolling moves the
// control from under it; a fixed layer over the whole viewport is (coversViewport). The answer: what
// the pointer meets over el (its cover), or false.
const SPOTS = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]];
function coveredAt(el, box, drawn) {
  // What each spot meets first (cheap); what it paints only when no spot reaches el.
  const missed = [];
  for (const [fx, fy] of SPOTS) {
    const x = box[0] + box[2] * fx, y = box[1] + box[3] * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = hitAt(x, y);
    if (!hit) continue;
    if (reaches(el, hit, drawn) || composedContains(hit, el)) return false;
    missed.push([hit, x, y]);
  }
  if (!missed.length) return false;
  for (const [hit, x, y] of missed) if (!paintsOver(hit, x, y, el)) return false;  // glass there: it shows
  for (let n = missed[0][0]; n && n.nodeType === 1; n = parentOf(n)) {
    const position = getComputedStyle(n).position;
    if (position !== "fixed" && position !== "sticky") continue;
    // a shade over everything, or a bar that scrolling moves the control from under
    return coversViewport(n) ? missed[0][0] : false;
  }
  return missed[0][0];
}

// The track a small box sits on, as a slider's thumb does: an ancestor up to TRACK_LEVELS up, LONG times
// longer than thick, along which the box takes at most a SHARE, its centre within the track's length and its
// box across the track's thickness; null when there is none. `stops(ancestor)` ends the search there.
const TRACK_LONG = 4;
const TRACK_SHARE = 1 / 3;
const TRACK_LEVELS = 3;
function trackOf(el, stops = () => false) {
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  for (let up = parentOf(el), depth = 0; up && depth < TRACK_LEVELS; up = parentOf(up), depth++) {
    const track = up.getBoundingClientRect();
    if (!track.width || !track.height) continue;
    if (stops(up)) return null;
    if (track.width >= TRACK_LONG * track.height && box.width <= TRACK_SHARE * track.width) {
      return x >= track.left && x <= track.right && box.top <= track.bottom && box.bottom >= track.top ? up : null;
    }
    if (track.height >= TRACK_LONG * track.width && box.height <= TRACK_SHARE * track.height) {
      return y >= track.top && y <= track.bottom && box.left <= track.right && box.right >= track.left ? up : null;
    }
  }
  return null;
}

export { trackOf, frameBox, drawnUnion, seenBox, visibleBox, hitAt, parentOf, composedContains, coversViewport, reaches, coverAt, paintsOver, coveredAt, drawsBox };
