// layer: actions
// The page side of the pointer actions' Python: the ripple drawn where a pointer action lands
// (actions/visual.py, when visual effects are on: a ring that grows and fades, marked as browserx's own so
// that the effect counters skip it), a full-page screenshot's scroll, a drag's source (its handle) and pace.
import { element } from "./ids.js";
import { shadowOf } from "./dom.js";
import { parentOf } from "./geometry.js";
import { resolve, notFound, blocked, target } from "./reach.js";

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

// ---- a sortable item's drag handle ------------------------------------------------------------------
// Many sortable lists start a drag only from a handle inside the item (Ionic's ion-reorder, the ≡ at the
// item's end; SortableJS's `handle` option; react-beautiful-dnd's drag handle): a press elsewhere on the
// item selects text or does nothing, and the list listens on itself, not on the handle, so no listener
// tells which part it is. A person sees it: the grab cursor over it, the grip it draws. The rule: the
// dragged element's smallest ancestor-or-self (up to 8 levels) that holds exactly one handle is the
// item, if a sibling of it holds a handle too (a list of such items; a lone panel with a grip is no
// sortable item); the drag then starts at the handle's point. A handle is an element where a grab or move
// cursor begins (its parent shows another), or one marked as a handle by its tag, class or a drag
// library's attribute; not a slider's thumb, a separator, or a resize grip (those move something else).
// An element inside a handle, or an item with none, is dragged from where it is.
const GRAB = new Set(["grab", "-webkit-grab", "move", "grabbing", "-webkit-grabbing"]);
const HANDLE_WORDS = /(^|[-_\s])(handle|grip|reorder|drag-?handle|sortable-handle)($|[-_\s])/i;
const HANDLE_ATTRS = ["data-drag-handle", "data-rbd-drag-handle-draggable-id", "data-rfd-drag-handle-draggable-id",
  "data-sortable-handle", "data-handle"];
const NOT_HANDLES = new Set(["slider", "separator", "scrollbar"]);
const SCAN = 500;  // elements looked at per drag: an item holds a few dozen
const cursorOf = (el) => (el && el.nodeType === 1 ? getComputedStyle(el).cursor : "");
function isHandle(el, parentCursor) {
  if (NOT_HANDLES.has(el.getAttribute("role")) || /resize/i.test(el.getAttribute("class") || "")) return false;
  const cursor = getComputedStyle(el).cursor;
  if (cursor.endsWith("resize")) return false;
  if (GRAB.has(cursor) && !GRAB.has(parentCursor)) return true;
  if (HANDLE_WORDS.test(el.localName) || HANDLE_WORDS.test(el.getAttribute("class") || "")) return true;
  for (const name of HANDLE_ATTRS) if (el.hasAttribute(name)) return true;
  return false;
}
// The handles inside `root` (not root itself, none inside another): up to `most`, in the composed tree.
function handlesIn(root, most, budget) {
  const found = [];
  const visit = (parent, parentCursor) => {
    const shadow = shadowOf(parent);
    const kids = shadow ? [...shadow.children, ...parent.children] : parent.children;
    for (const child of kids) {
      if (found.length >= most || budget.left-- <= 0) return;
      if (isHandle(child, parentCursor)) found.push(child);
      else visit(child, cursorOf(child));
    }
  };
  visit(root, cursorOf(root));
  return found;
}
function dragHandle(el) {
  const budget = {left: SCAN};
  for (let item = el, i = 0; item && item.nodeType === 1 && i < 8; item = parentOf(item), i++) {
    if (item === document.body || item === document.documentElement) return null;
    if (isHandle(item, cursorOf(parentOf(item)))) return null;  // already the handle, or inside it
    const handles = handlesIn(item, 2, budget);
    if (handles.length > 1 || budget.left <= 0) return null;  // several items' handles: el is no one item
    if (handles.length === 1) {
      const list = item.parentElement || (item.parentNode && item.parentNode.host);
      const peers = list ? [...list.children].filter(sibling => sibling !== item).slice(0, 3) : [];
      return peers.some(peer => handlesIn(peer, 2, budget).length === 1) ? handles[0] : null;
    }
  }
  return null;
}
// drag.py's source: where a pointer reaches its sortable item's handle (`handle` set), or else (no handle,
// or one no pointer reaches now: covered, shown only on hover) where it reaches the element.
function dragFrom(id) {
  const el = resolve(id);
  if (!el) return notFound(id);
  const refused = blocked(el);
  if (refused) return refused;
  const handle = dragHandle(el);
  const at = handle ? target(handle, true) : null;
  if (at && at.ok && !at.error) return {...at, handle: true};
  return target(el, true);
}
// The next frame, or 50 ms if none comes (a tab in the background paints no frame): a drag's pace.
const nextPaint = () => new Promise(done => { requestAnimationFrame(() => done(true)); setTimeout(() => done(false), 50); });

export { ripple, scrollDocument, dragBox, dragFrom, nextPaint };
