// layer: base
// Clip boxes (part of the in-page program, main.js): which ancestors clip a box, as CSS defines it.
// The walk (capture.js) links one node per clipping element — {parent, el|box, offset, scroll, inset} —
// and reads their rects after the walk, in one batch; `clipOf` folds a chain into what can be seen.
const PAINTS = /paint|strict|content/;
// CSS Overflow 3: <html>'s overflow is the viewport's, and so is <body>'s when <html> leaves it
// visible (unless either is contained): then the element itself clips nothing.
function viewportOverflow(el, tag) {
  const doc = el.ownerDocument, root = doc.documentElement;
  if (el === root) return true;
  if (tag !== "body" || el.parentNode !== root || doc.body !== el) return false;
  const rs = getComputedStyle(root);
  return rs.overflow === "visible" && rs.contain === "none" && getComputedStyle(el).contain === "none";
}
function intersect(a, b) {
  if (!a) return b;
  if (!b) return a;
  const x = Math.max(a[0], b[0]), y = Math.max(a[1], b[1]);
  return [x, y, Math.max(0, Math.min(a[0] + a[2], b[0] + b[2]) - x), Math.max(0, Math.min(a[1] + a[3], b[1] + b[3]) - y)];
}
const area = r => (r ? r[2] * r[3] : 0);
// The box a clip-path: inset(top right bottom left [round …]) leaves (px and % of the box); other
// shapes stay within the element's box, which is what is kept of them.
function insetBox(box, inset) {
  const parts = inset.slice(6, -1).split(/\s+round\s/)[0].trim().split(/\s+/);
  const len = (v, of) => (v.endsWith("%") ? parseFloat(v) * of / 100 : parseFloat(v)) || 0;
  const [t, r = t, b = t, l = r] = parts;
  const top = len(t, box[3]), right = len(r, box[2]), bottom = len(b, box[3]), left = len(l, box[2]);
  return [box[0] + left, box[1] + top, Math.max(0, box[2] - left - right), Math.max(0, box[3] - top - bottom)];
}
// {clip: what can be seen through all ancestors, hard: what even scrolling them cannot reveal}
function clipOf(node) {
  if (!node) return { clip: null, hard: null };
  if (node.memo) return node.memo;
  let box = node.box;
  if (!box) {
    const r = node.el.getBoundingClientRect();
    box = [r.left + node.offset.x, r.top + node.offset.y, r.width, r.height];
    if (node.inset) box = insetBox(box, node.inset);
  }
  const up = clipOf(node.parent);
  node.memo = { clip: intersect(up.clip, box), hard: node.scroll ? up.hard : intersect(up.hard, box) };
  return node.memo;
}

export { PAINTS, viewportOverflow, intersect, area, clipOf };
