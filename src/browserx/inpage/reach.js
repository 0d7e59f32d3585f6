// layer: actions
// browserx actions, part 1 of 2 (reach.js): finding elements and where a pointer must go to reach them.
// A part of the in-page program (page/main.js); naming (page/describe.js), geometry and hit testing
// (page/geometry.js) are the page model's own, so an error names an element as the snapshot does.
import { visibleBox, seenBox, hitAt, reaches, composedContains, paintsOver, parentOf } from "./geometry.js";
import { observe } from "./observer.js";
import { drawnFor } from "./standin.js";
import { hiddenUntilHover } from "./hovered.js";
import { roleFor, nameFor, describe } from "./describe.js";
import { element } from "./ids.js";
import { shadowOf } from "./dom.js";
import { coverLayer, layerInfo, layerText } from "./layers.js";

const CONTROL = 'a[href],button,input:not([type=hidden]),select,textarea,summary,[contenteditable=""],' +
  '[contenteditable=true],[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=menuitem],' +
  '[role=option],[role=switch],[role=combobox],[role=textbox],[role=slider],[role=searchbox],[tabindex]:not([tabindex="-1"])';
const TYPABLE = /^(text|search|url|tel|email|password|number|date|datetime-local|month|week|time|color|range|)$/;
const NO_CARET = /^(date|datetime-local|month|week|time|color|range)$/;  // pickers: Input.insertText does nothing
const S = {listening: false, mutations: 0, added: [], removed: 0, before: null, pending: null,
  token: 0, result: null, waiter: null, hooked: new WeakSet(), activated: false, idleEnd: null,
  channel: null, hovered: null};  // channel: the token of the page world's timer events (caused.js); hovered: hoverFirst's


// -- resolving ------------------------------------------------------------------------------
function resolve(id) {
  if (id === null) return S.pending;
  const el = element(id);
  if (!el) return null;
  observe(el.ownerDocument);  // same-origin iframes and shadow roots change too
  const root = el.getRootNode();
  if (root !== el.ownerDocument) observe(root);
  return el;
}
const notFound = (id) => ({error: 'NODE_NOT_FOUND', message: `no element ${id} on the current page`});

// -- focus, through shadow roots and same-origin frames --------------------------------------
function activeElement() {
  let a = document.activeElement;
  for (let i = 0; a && i < 20; i++) {
    const sr = shadowOf(a);
    if (sr && sr.activeElement) a = sr.activeElement;
    else if ((a.tagName === 'IFRAME' || a.tagName === 'FRAME') && a.contentDocument && a.contentDocument.activeElement) a = a.contentDocument.activeElement;
    else break;
  }
  return a && a !== document.body && a.tagName !== 'BODY' && a !== document.documentElement ? a : null;
}

function blocked(el) {
  if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true')
    return {error: 'ELEMENT_DISABLED', message: `${roleFor(el)} "${nameFor(el)}" is disabled`};
  if (el.closest('[inert]')) return {error: 'ELEMENT_DISABLED', message: `${roleFor(el)} "${nameFor(el)}" is inert (behind a modal?)`};
  return null;
}
function hidden(el) {
  return el.checkVisibility && !el.checkVisibility({visibilityProperty: true});
}
const shown = (el) => !hidden(el) && el.getClientRects().length > 0;
// Where a real pointer must go to reach el: scroll it into view if needed, refuse if covered.
// A visually hidden native field is operated through the UI the page draws for it (its label, a
// custom slider around it), as users do; the page model reports that box for it too (standin.js).
function pointerTarget(el) {
  return drawnFor(el, null) || el;
}
// A target that does not take the pointer itself (pointer-events computes to none: an SVG node's label,
// a caption drawn over its card) is clicked as a person clicks it: the press reaches whatever lies under
// it there. What decides is paint order, not the tree: the point is the target's if nothing is drawn ABOVE
// the target there. So the cover check hit-tests with the target taking the pointer for that moment (a
// Web Animation of pointer-events, cancelled before returning: no DOM mutation, nothing for the page's
// observers): where the target comes out on top, the click goes through it to the element under it; a
// modal backdrop or a banner drawn over it still comes out on top and is ELEMENT_COVERED. (A stylesheet's
// `pointer-events: none !important` outranks the animation: such a target stays refused as covered.)
function takingPointer(el) {
  if (getComputedStyle(el).pointerEvents !== 'none' || !el.animate) return null;
  return el.animate({pointerEvents: ['auto', 'auto']}, {duration: 1e6, fill: 'both'});
}
function target(el0, checkCover) {
  const el = pointerTarget(el0);
  // Invisible until its container is hovered (hovered.js): the pointer rests on it first, as a person's
  // does when the row shows its actions; the click is asked again then.
  const asked = S.hovered && S.hovered.el === el && performance.now() - S.hovered.at < 2000;  // the ask after hoverFirst's
  S.hovered = null;
  if (hidden(el) && checkCover && !asked && hiddenUntilHover(el)) return hoverFirst(el);
  if (hidden(el)) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" is hidden (display, visibility or content-visibility)`};
  let v = visibleBox(el);
  if (!v.sized) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" has no size`};
  // Visually hidden for screen readers only (a 1-pixel box, often clipped): a native select a
  // custom widget replaces. No pointer can reach it; the widget's visible control can.
  const r = seenBox(el);  // a box of no size around drawn parts is where they are (geometry.js drawnUnion)
  if (r.width <= 1 || r.height <= 1) {
    return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" is visually hidden (a 1-pixel box): act on the visible control that stands for it`};
  }
  let scrolled = false;
  if (!v.box || !v.whole) {
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    scrolled = true;
    v = visibleBox(el);
  }
  if (!v.box) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" is outside every scrollable area`};
  const b = v.box, x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
  if (checkCover) {
    const through = takingPointer(el);
    try {
      return pointAt(el0, el, b, x, y, scrolled);
    } finally {
      if (through) through.cancel();
    }
  }
  return {ok: true, x, y, scrolled};
}
// Where a person points to show it: a spot of its nearest visible container (a row) that the pointer
// reaches there (not through the invisible part, which no pointer meets). Asked once per click (S.hovered: the element, and when).
const AIMS = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.1, 0.5], [0.9, 0.5], [0.5, 0.2], [0.5, 0.8]];
function hoverFirst(el) {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  }
  for (let a = parentOf(el), i = 0; a && a.nodeType === 1 && i < 12; a = parentOf(a), i++) {
    if (getComputedStyle(a).visibility !== 'visible') continue;
    const b = a.getBoundingClientRect();
    for (const [fx, fy] of AIMS) {
      const x = b.left + b.width * fx, y = b.top + b.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = hitAt(x, y);
      if (hit && composedContains(a, hit)) { S.hovered = {el, at: performance.now()}; return {ok: false, hover: true, x, y, scrolled: true}; }
    }
  }
  return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" shows only while hovered, and no pointer reaches what holds it`};
}
// The point of box `b` where a pointer reaches el (or el0, the element it stands for): its centre, else a
// part still showing; ELEMENT_COVERED naming what lies on top.
function pointAt(el0, el, b, x, y, scrolled) {
  const hit = hitAt(x, y);
  if (reaches(el, hit) || reaches(el0, hit)) return {ok: true, x, y, scrolled};
  // The centre is covered: a user would aim at a part still showing, so try a few.
  for (const [fx, fy] of [[0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]]) {
    const px = b.left + (b.right - b.left) * fx, py = b.top + (b.bottom - b.top) * fy;
    const other = hitAt(px, py);
    if (reaches(el, other) || reaches(el0, other)) return {ok: true, x: px, y: py, scrolled};
  }
  const cover = describe(hit);
  const named = cover ? `${cover.role} "${cover.name}"${cover.dom_id ? ' #' + cover.dom_id : ''}${cover.class ? ' .' + cover.class : ''}` : '';
  // Glass: a layer over the control that paints nothing there (geometry.js paintsOver). A person
  // sees the control; the pointer meets the layer. The model lists the control; a click may go
  // through the keyboard instead (throughGlass), any other pointer action is refused naming the layer.
  const glass = !!hit && !composedContains(hit, el) && !composedContains(hit, el0) && !paintsOver(hit, x, y, el0);
  // What a person sees over the control: the layer the cover belongs to (a calendar left open), named by
  // the ids the agent has read (layers.js), when that says more than the cover itself.
  const over = cover && !glass ? coverLayer(hit, el) : null;
  const info = over ? layerInfo(over, null) : null;
  const layer = info && (over !== hit || info.first) ? info : null;
  const by = layer ? `${layerText(layer)} (${named} there)` : named;
  return {error: 'ELEMENT_COVERED', cover, x, y, scrolled, glass, ...(layer ? {layer} : {}),
    message: !cover ? `nothing receives the pointer at (${Math.round(x)}, ${Math.round(y)})`
      : glass ? `${named} lies over ${roleFor(el)} "${nameFor(el)}" at (${Math.round(x)}, ${Math.round(y)}) and paints nothing there: the pointer meets it, not the control`
        : `${by} covers ${roleFor(el)} "${nameFor(el)}" at (${Math.round(x)}, ${Math.round(y)})`};
}
// A click whose pointer would meet glass reaches the control as a keyboard does: focus, then Enter
// for a button or a link (their activation key), Space for a checkbox, radio or switch (which Enter
// does not toggle). Only a control that takes focus itself: for any other (a page-made clickable
// without a tab stop, a field: the keyboard would not click it) the error stands, naming the layer.
const GLASS_KEYS = {button: 'Enter', link: 'Enter', menuitem: 'Enter', tab: 'Enter', checkbox: ' ', radio: ' ', switch: ' '};
// (element.js click: `keys` is true for a plain left click.)
function throughGlass(el, out) {
  const key = out.glass && GLASS_KEYS[roleFor(el)];
  if (!key) return out;
  el.focus({preventScroll: true});
  if (activeElement() !== el) return out;
  return {ok: true, x: out.x, y: out.y, scrolled: out.scrolled, keys: key};
}

// -- what an action sets off a little later ----------------------------------------------------
// Pages often finish handling an input a task or a frame after it: a calendar that reports a day click
// from a timer its mouseup set, a dialog whose `close` event posts its form, a router that renders the new
// route and fetches its data once that frame is painted. Resolves once the page has run what it queued: a
// background-priority task runs only when no task of the page's is waiting (and after input Chromium
// paints the next frame first), so at about the next frame on a page that does nothing more; at `ms` at
// the latest (a page that never stops queueing), or at once when a navigation starts (element.js's
// onNavigate calls S.idleEnd). Requests started by then count as the action's own (actions/settle.py).
// Not requestIdleCallback: after input Chromium holds idle callbacks back, often up to their timeout.
function whenIdle(ms) {
  return new Promise(resolve => {
    const end = () => { clearTimeout(timer); S.idleEnd = null; resolve(); };
    const timer = setTimeout(end, ms);
    S.idleEnd = end;
    if (globalThis.scheduler && scheduler.postTask) scheduler.postTask(end, {priority: 'background'}).catch(end);
    else requestAnimationFrame(() => setTimeout(end, 0));
  });
}

export { S, CONTROL, TYPABLE, NO_CARET, resolve, notFound, activeElement, blocked, hidden, shown, target, throughGlass, whenIdle };
