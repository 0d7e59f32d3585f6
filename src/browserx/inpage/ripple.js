// layer: actions
// The page side of the pointer actions' Python: the ripple drawn where a pointer action lands
// (actions/visual.py, when visual effects are on: a ring that grows and fades, marked as browserx's own so
// that the effect counters skip it), a full-page screenshot's scroll, a drag's source and pace.
import { element } from "./ids.js";

function ripple(x, y) {
  const dot = document.createElement('div');
  dot.setAttribute('data-browserx-overlay', '');  // browserx's effect counters skip it
  const s = dot.style;
  s.position = 'fixed'; s.left = (x - 20) + 'px'; s.top = (y - 20) + 'px'; s.width = s.height = '40px';
  s.borderRadius = '50%'; s.border = '3px solid rgba(255, 64, 64, 0.9)'; s.boxSizing = 'border-box';
  s.pointerEvents = 'none'; s.zIndex = '2147483647';
  (document.body || document.documentElement).appendChild(dot);
  const run = dot.animate([{transform: 'scale(0.3)', opacity: 1}, {transform: 'scale(1.6)', opacity: 0}],
                          {duration: 450, easing: 'ease-out'});
  run.onfinish = run.oncancel = () => dot.remove();
  return true;
}

// A full-page screenshot's scroll (screenshots/capture.py): 'instant' even where the page asks for smooth
// scrolling, since the capture must see the end position; the position it reached.
function scrollDocument(dx, dy) {
  window.scrollBy({left: dx, top: dy, behavior: 'instant'});
  return [window.scrollX, window.scrollY];
}

// A drag's source (actions/drag.py): its size, and whether it or an ancestor is draggable before the press.
function dragBox(id) {
  const el = element(id);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  let draggable = false;
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) if (n.draggable) { draggable = true; break; }
  return {w: r.width, h: r.height, draggable};
}
// The next frame, or 50 ms if none comes (a tab in the background paints no frame): a drag's pace.
const nextPaint = () => new Promise(done => { requestAnimationFrame(() => done(true)); setTimeout(() => done(false), 50); });

export { ripple, scrollDocument, dragBox, nextPaint };
