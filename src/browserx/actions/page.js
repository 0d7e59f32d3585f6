// browserx actions, part 1 of 2 (page.js): finding, naming and locating elements in page.
// Concatenated with element.js into one function evaluated once per document in browserx's
// isolated world (element.py `_lib`); shares its scope, so it is not a script of its own.
const CONTROL = 'a[href],button,input:not([type=hidden]),select,textarea,summary,[contenteditable=""],' +
  '[contenteditable=true],[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=menuitem],' +
  '[role=option],[role=switch],[role=combobox],[role=textbox],[role=slider],[role=searchbox],[tabindex]:not([tabindex="-1"])';
const TEXT_INPUT = /^(text|search|url|tel|email|password|number|date|datetime-local|month|week|time|color|range|)$/;
const NO_CARET = /^(date|datetime-local|month|week|time|color|range)$/;  // pickers: Input.insertText does nothing
const S = {observer: null, mutations: 0, added: [], removed: 0, before: null, pending: null,
  token: 0, result: null, waiter: null, hooked: new WeakSet(), watched: new WeakSet()};


// -- resolving ------------------------------------------------------------------------------
function resolve(id) {
  if (id === null) return S.pending;
  const bx = globalThis.__browserx;
  let el;
  try { el = bx && bx.element ? bx.element(id) : null; } catch (e) { el = null; }
  if (!el || !el.isConnected) return null;
  observe(el.ownerDocument);  // same-origin iframes and shadow roots change too
  const root = el.getRootNode();
  if (root !== el.ownerDocument) observe(root);
  return el;
}
const notFound = (id) => ({error: 'NODE_NOT_FOUND', message: `no element ${id} on the current page`});

// -- describing (never a value: fields are named by label, not content) ------------------------
const IMPLICIT = {A: 'link', BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox', SUMMARY: 'button',
  IMG: 'img', DIALOG: 'dialog', NAV: 'navigation', FORM: 'form', IFRAME: 'iframe', H1: 'heading', H2: 'heading',
  H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading', UL: 'list', OL: 'list', LI: 'listitem',
  HEADER: 'banner', FOOTER: 'contentinfo', MAIN: 'main', ASIDE: 'complementary', OPTION: 'option'};
function roleOf(el) {
  const explicit = el.getAttribute('role');
  if (explicit) return explicit.split(' ')[0];
  if (el.tagName === 'INPUT') {
    const t = (el.type || 'text').toLowerCase();
    if (['button', 'submit', 'reset', 'image'].includes(t)) return 'button';
    if (t === 'checkbox' || t === 'radio') return t;
    if (t === 'range') return 'slider';
    return t === 'search' ? 'searchbox' : 'textbox';
  }
  if (el.isContentEditable) return 'textbox';
  return IMPLICIT[el.tagName] || el.tagName.toLowerCase();
}
function isField(el) {
  return el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable ||
    (el.tagName === 'INPUT' && !['button', 'submit', 'reset', 'image'].includes((el.type || '').toLowerCase()));
}
const short = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 60);
// The page model's name (names.js, through widgets.js), so effects and errors name a control as
// the snapshot does; the quick guess below only if the model's world is missing.
function nameOf(el) {
  const W = globalThis.__browserxWidgets;
  if (W) { try { return short(W.name(el)); } catch (e) {} }
  return quickName(el);
}
function quickName(el) {
  const label = el.getAttribute('aria-label');
  if (label) return short(label);
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const text = by.split(/\s+/).map(i => el.ownerDocument.getElementById(i)).filter(Boolean)
      .map(n => n.textContent).join(' ');
    if (text.trim()) return short(text);
  }
  if (el.labels && el.labels.length) return short(el.labels[0].textContent);
  for (const attr of ['alt', 'title', 'placeholder']) if (el.getAttribute(attr)) return short(el.getAttribute(attr));
  if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type)) return short(el.value);
  // textContent, not innerText: innerText forces a layout, which would hold up the click's ack.
  return isField(el) ? '' : short(el.textContent);
}
function describe(el) {
  if (!el || el.nodeType !== 1) return null;
  const out = {role: roleOf(el), name: nameOf(el), tag: el.tagName.toLowerCase()};
  if (el.id) out.dom_id = el.id.slice(0, 60);
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
  if (!out.name && !el.id && cls) out.class = cls.slice(0, 40);  // something to recognise it by
  const bx = globalThis.__browserx;
  try { const id = bx && bx.idOf ? bx.idOf(el) : null; if (id) out.element_id = id; } catch (e) {}
  return out;
}
// Open shadow roots, and closed ones the page model adopted through CDP (page/frames.js).
function shadowRootOf(el) {
  const bx = globalThis.__browserx;
  return bx && bx.shadowOf ? bx.shadowOf(el) : el.shadowRoot;
}
function activeElement() {
  let a = document.activeElement;
  for (let i = 0; a && i < 20; i++) {
    const sr = shadowRootOf(a);
    if (sr && sr.activeElement) a = sr.activeElement;
    else if ((a.tagName === 'IFRAME' || a.tagName === 'FRAME') && a.contentDocument && a.contentDocument.activeElement) a = a.contentDocument.activeElement;
    else break;
  }
  return a && a !== document.body && a.tagName !== 'BODY' && a !== document.documentElement ? a : null;
}

// -- geometry: top-viewport CSS pixels through same-origin frames ------------------------------
function frameBox(frame) {
  const r = frame.getBoundingClientRect(), cs = getComputedStyle(frame);
  const left = r.left + frame.clientLeft + parseFloat(cs.paddingLeft);
  const top = r.top + frame.clientTop + parseFloat(cs.paddingTop);
  return {left, top, right: left + frame.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
    bottom: top + frame.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)};
}
function clip(b, c) {
  const out = {left: Math.max(b.left, c.left), top: Math.max(b.top, c.top),
    right: Math.min(b.right, c.right), bottom: Math.min(b.bottom, c.bottom)};
  return out.right > out.left && out.bottom > out.top ? out : null;
}
function viewportOf(win) {
  // clientWidth/Height leave out scrollbars, but in quirks mode they measure the whole document.
  const de = win.document.documentElement;
  return {left: 0, top: 0, right: Math.min(de.clientWidth || win.innerWidth, win.innerWidth),
    bottom: Math.min(de.clientHeight || win.innerHeight, win.innerHeight)};
}
// The visible part of el's first visible box in top-viewport coordinates, and whether it is whole.
function visibleBox(el) {
  const rects = Array.from(el.getClientRects()).filter(r => r.width > 0 && r.height > 0);
  if (!rects.length) return {box: null, sized: false};
  for (const r of rects) {
    let box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    let win = el.ownerDocument.defaultView, whole = true;
    while (box) {
      const clipped = clip(box, viewportOf(win));
      if (!clipped) { box = null; break; }
      whole = whole && clipped.right - clipped.left >= box.right - box.left - 1 && clipped.bottom - clipped.top >= box.bottom - box.top - 1;
      box = clipped;
      const frame = win.frameElement;
      if (!frame) break;
      const f = frameBox(frame);
      box = clip({left: box.left + f.left, top: box.top + f.top, right: box.right + f.left, bottom: box.bottom + f.top}, f);
      win = frame.ownerDocument.defaultView;
    }
    if (box) return {box, whole, sized: true};
  }
  return {box: null, sized: true};
}
function hitAt(x, y) {
  let hit = document.elementFromPoint(x, y);
  for (let i = 0; hit && i < 30; i++) {
    const sr = shadowRootOf(hit);
    if (sr) {
      const inner = sr.elementFromPoint(x, y);
      if (inner && inner !== hit) { hit = inner; continue; }
    }
    if ((hit.tagName === 'IFRAME' || hit.tagName === 'FRAME') && hit.contentDocument) {
      const f = frameBox(hit);
      const inner = hit.contentDocument.elementFromPoint(x - f.left, y - f.top);
      if (inner) { x -= f.left; y -= f.top; hit = inner; continue; }
    }
    break;
  }
  return hit;
}
function contains(outer, node) {  // composed: through shadow hosts and frame elements
  for (let n = node, i = 0; n && i < 1000; i++) {
    if (n === outer) return true;
    n = n.parentNode || n.host || (n.nodeType === 9 && n.defaultView ? n.defaultView.frameElement : null);
  }
  return false;
}
function receives(el, hit) {
  if (!hit) return false;
  if (contains(el, hit)) return true;
  const label = hit.closest && hit.closest('label');
  if (label && label.control === el) return true;
  return contains(hit, el) && getComputedStyle(el).pointerEvents === 'none';
}
function blocked(el) {
  if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true')
    return {error: 'ELEMENT_DISABLED', message: `${roleOf(el)} "${nameOf(el)}" is disabled`};
  if (el.closest('[inert]')) return {error: 'ELEMENT_DISABLED', message: `${roleOf(el)} "${nameOf(el)}" is inert (behind a modal?)`};
  return null;
}
function hidden(el) {
  return el.checkVisibility && !el.checkVisibility({visibilityProperty: true});
}
const shown = (el) => !hidden(el) && el.getClientRects().length > 0;
// Where a real pointer must go to reach el: scroll it into view if needed, refuse if covered.
// A visually hidden native checkbox, radio or file input is operated through its label, as
// users do (the page model reports the label's box for it too).
function pointerTarget(el) {
  if (el.tagName !== 'INPUT' || !/^(checkbox|radio|file)$/.test(el.type) || !el.labels || !el.labels.length) return el;
  const r = el.getBoundingClientRect();
  if (!hidden(el) && r.width * r.height > 1) return el;
  return Array.from(el.labels).find(l => !hidden(l) && l.getClientRects().length) || el;
}
function target(el0, checkCover) {
  const el = pointerTarget(el0);
  if (hidden(el)) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleOf(el)} "${nameOf(el)}" is hidden (display, visibility or content-visibility)`};
  let v = visibleBox(el);
  if (!v.sized) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleOf(el)} "${nameOf(el)}" has no size`};
  // Visually hidden for screen readers only (a 1-pixel box, often clipped): a native select a
  // custom widget replaces. No pointer can reach it; the widget's visible control can.
  const r = el.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) {
    return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleOf(el)} "${nameOf(el)}" is visually hidden (a 1-pixel box): act on the visible control that stands for it`};
  }
  let scrolled = false;
  if (!v.box || !v.whole) {
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
    scrolled = true;
    v = visibleBox(el);
  }
  if (!v.box) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleOf(el)} "${nameOf(el)}" is outside every scrollable area`};
  const b = v.box, x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
  if (checkCover) {
    const hit = hitAt(x, y);
    if (!receives(el, hit) && !receives(el0, hit)) {
      // The centre is covered: a user would aim at a part still showing, so try a few.
      for (const [fx, fy] of [[0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5], [0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8]]) {
        const px = b.left + (b.right - b.left) * fx, py = b.top + (b.bottom - b.top) * fy;
        const other = hitAt(px, py);
        if (receives(el, other) || receives(el0, other)) return {ok: true, x: px, y: py, scrolled};
      }
      const cover = describe(hit);
      const named = cover ? `${cover.role} "${cover.name}"${cover.dom_id ? ' #' + cover.dom_id : ''}${cover.class ? ' .' + cover.class : ''}` : '';
      return {error: 'ELEMENT_COVERED', cover, x, y,
        message: cover ? `${named} covers ${roleOf(el)} "${nameOf(el)}" at (${Math.round(x)}, ${Math.round(y)})`
          : `nothing receives the pointer at (${Math.round(x)}, ${Math.round(y)})`};
    }
  }
  return {ok: true, x, y, scrolled};
}
