// layer: capture
// What the capture reaches only with help from CDP (page/frames.py; closed shadow roots: dom.js):
//   - Cross-origin frames: their documents have worlds of their own, captured through their own
//     targets. `frameInfo(iframe)` tells Python where such a frame sits in the top viewport, how to
//     select it, and the region it is in; that frame's capture gets the same numbers as
//     `options.frame` so its boxes, clipping and viewport share are in top-viewport terms.
import { landmarkLabel } from "./names.js";
import { roleOf } from "./roles.js";
import { resetSelectors, selectorFor } from "./selectors.js";
import { frameBox, hitAt } from "./geometry.js";
import { intersect } from "./clips.js";
import { describe } from "./describe.js";

// The region label an element sits in, as the walk would have given it (nearest landmark).
function regionOf(el) {
  for (let cur = el; cur;) {
    const label = landmarkLabel(cur, roleOf(cur));
    if (label) return label;
    if (cur.parentElement) { cur = cur.parentElement; continue; }
    const root = cur.parentNode;  // a shadow root (go on from its host) or a document (from its frame element)
    cur = !root ? null : root.nodeType === 11 ? root.host : (root.defaultView && root.defaultView.frameElement) || null;
  }
  return null;
}

// Whether a frame's document can scroll (then content past the frame's box is only off-screen).
function documentScrolls(doc, frameEl) {
  if (frameEl && (frameEl.getAttribute("scrolling") || "").toLowerCase() === "no") return false;
  const root = doc.scrollingElement || doc.documentElement;
  if (!root || !doc.defaultView) return false;
  const cs = (el) => doc.defaultView.getComputedStyle(el).overflow;
  // The viewport takes html's overflow, or body's when html leaves it visible.
  let overflow = cs(doc.documentElement);
  if (overflow === "visible" && doc.body) overflow = cs(doc.body);
  if (/hidden|clip/.test(overflow)) return false;
  return root.scrollHeight > root.clientHeight + 1 || root.scrollWidth > root.clientWidth + 1;
}

// Hosts and same-origin frame elements between the top document and `el`, outermost first.
function hopsOf(el) {
  const hops = [];
  for (let node = el; node;) {
    const root = node.getRootNode();
    if (root.nodeType === 11 && root.host) { hops.unshift(root.host); node = root.host; continue; }
    const frameEl = root.defaultView && root.defaultView.frameElement;
    if (frameEl) { hops.unshift(frameEl); node = frameEl; continue; }
    break;
  }
  return hops;
}

// Where a (cross-origin) iframe's content box lies in top-viewport CSS pixels, and what of it shows.
function frameInfo(el) {
  resetSelectors();
  const contentBox = (frameEl) => { const b = frameBox(frameEl); return [b.left, b.top, b.width, b.height]; };
  let box = contentBox(el);
  let clipBox = box;
  for (let win = el.ownerDocument.defaultView; win && win.frameElement; win = win.frameElement.ownerDocument.defaultView) {
    const outer = contentBox(win.frameElement);
    box = [box[0] + outer[0], box[1] + outer[1], box[2], box[3]];
    clipBox = intersect([clipBox[0] + outer[0], clipBox[1] + outer[1], clipBox[2], clipBox[3]], outer);
  }
  const hops = hopsOf(el);
  const chain = [el, ...hops];
  // As the walk would see it: aria-hidden anywhere above hides it, inert disables what it holds.
  const shown = !!(el.getClientRects().length && el.checkVisibility &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) &&
    !chain.some(n => n.closest('[aria-hidden="true"]'));
  const inert = chain.some(n => n.closest("[inert]"));
  return { offset: [box[0], box[1]], clip: clipBox, shown, inert, selector: selectorFor(el, hops),
    region: regionOf(el) };
}

// frameInfo, and with a point (x, y in the frame's own viewport) what a pointer there would hit in
// the documents around the frame: `cover` names it unless it is the frame itself.
function frameHit(el, x, y) {
  const info = frameInfo(el);
  if (x === null || x === undefined) return info;
  // The frame element is as far as the pointer gets from here (its document is another world's).
  const hit = hitAt(x + info.offset[0], y + info.offset[1]);
  // No hit at all: the point is outside this document's viewport (the caller checks the clip).
  if (hit && hit !== el) info.cover = describe(hit);
  return info;
}

export { regionOf, documentScrolls, hopsOf, frameInfo, frameHit };
