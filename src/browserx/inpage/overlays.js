// layer: capture
// Which controls in view need the cover test (capture.js, geometry.js coveredAt): something is drawn over a
// control only where a box lies over it, and what lies over the page's flow is a positioned layer (absolute,
// fixed, sticky or relative: a popup, a shade, a cookie banner, a loading layer a script never removed; issue
// 31 kind 8: a layer hides only where it paints, which coveredAt then decides). The walk notes each
// positioned box it meets (walk.js), and a control is hit-tested only when its box meets one of them, with
// its overflow (a menu hanging below its bar), that neither holds the control nor lies inside it. Not taken
// for layers: boxes that overlap the flow without a position (a negative margin, a transform on a static box).
// When the walk did not see the whole page (a closed shadow root not adopted, aria-hidden subtrees too large
// to look into) or the page has many layers, every control in view is tested, as before.
const HIDDEN_SCAN = 400;  // elements of aria-hidden subtrees (which the walk skips) read for their position
const MAX_LAYERS = 64;    // past this many, a test per control costs less than sorting out which need one

// The walk's notes: a positioned box, an aria-hidden subtree (not walked: its position is read here).
function noteLayer(out, el, offset) {
  if (out.layered) out.layered.push({ el, offset });
}
function noteHidden(out, el, offset) {
  if (out.unwalked) out.unwalked.push({ el, offset });
}

// The layers to test controls against, or null: test them all.
function layersOf(out) {
  if (out.pendingHosts.length) return null;
  const layers = out.layered.slice();
  let budget = HIDDEN_SCAN;
  for (const { el, offset } of out.unwalked) {
    const inside = el.getElementsByTagName("*");
    if ((budget -= inside.length + 1) < 0) return null;
    if (getComputedStyle(el).position !== "static") layers.push({ el, offset });
    for (const n of inside) if (getComputedStyle(n).position !== "static") layers.push({ el: n, offset });
  }
  return layers.length > MAX_LAYERS ? null : layers;
}

// A layer's box with what it holds that overflows it (right and down, as its scrollable overflow reaches),
// in top-viewport px; read once per snapshot, when a control first needs it.
function extentOf(layer) {
  if (!layer.box) {
    const el = layer.el, r = el.getBoundingClientRect();
    const w = Math.max(r.width, el.scrollWidth + r.width - el.clientWidth);
    const h = Math.max(r.height, el.scrollHeight + r.height - el.clientHeight);
    layer.box = [r.left + layer.offset.x, r.top + layer.offset.y, w, h];
  }
  return layer.box;
}

// Whether a layer may lie over `el`, whose box (top-viewport px) is `box`.
function underLayer(layers, el, box) {
  if (!layers) return true;
  for (const layer of layers) {
    if (layer.el.contains(el) || el.contains(layer.el)) continue;
    const b = extentOf(layer);
    if (b[0] < box[0] + box[2] && box[0] < b[0] + b[2] && b[1] < box[1] + box[3] && box[1] < b[1] + b[3]) return true;
  }
  return false;
}

export { noteLayer, noteHidden, layersOf, underLayer };
