// layer: actions
// The actions' in-page half, published as globalThis.__bxact (reach.js resolves ids and finds where a pointer
// must go). Each entry point takes an element id of the page model (null = the element the previous call
// picked, e.g. a listbox option) and returns plain JSON: {ok: true, ...} or {error: CODE, ...}.
import { S, CONTROL, shown, resolve, notFound, activeElement, blocked, hidden, target, throughGlass, whenIdle } from "./reach.js";
import { short, roleFor, nameFor, describe, traceNode } from "./describe.js";
import { visibleBox, hitAt, parentOf } from "./geometry.js";
import { observe, flush, onMutations, whenQuiet, whenQuietSince, whenBuilt } from "./observer.js";
// animationsStarted: the finite animations the action started (none: Python skips the wait for them).
import { animationsStarted } from "./widgets.js";
import { waitFor } from "./waiting.js";
import { fileInput } from "./files.js";
import { ripple, scrollDocument, dragBox, dragFrom, nextPaint } from "./ripple.js";
import { armTimers, timersPending, awaitCaused, settleMotion } from "./caused.js";
// Typing: what takes text, focusing it, and the check that keys land where they are sent.
import { editable, TYPING } from "./typing.js";
import { FIELD_KINDS } from "./fields.js";
import { OPTIONS, clickableOption, unseenList, drawnBeside, whenStill, movingOver, pick, searchBoxOf, optionLabel, optionValue } from "./controls.js";
import { CHIPS } from "./chips.js";
import { listboxOf, popupOptionsOf } from "./standin.js";

// -- effects: a mutation counter, and focus before/after ---------------------------------------
function controlsIn(node) {
  if (node.nodeType !== 1) return 0;
  return (node.matches(CONTROL) ? 1 : 0) + node.querySelectorAll(CONTROL).length;
}
const overlay = (n) => n.nodeType === 1 && n.hasAttribute('data-browserx-overlay');  // visual.py's ripple
// The records of the program's one observer (page/observer.js) that tell an action's effects: the DOM's
// shape and the attributes that show, hide, open or enable something (not text, not other attributes).
const SHOWING = new Set(['hidden', 'style', 'class', 'open', 'disabled', 'aria-hidden', 'aria-expanded']);
function count(records) {
  for (const r of records) {
    if (r.type === 'characterData' || (r.type === 'attributes' && !SHOWING.has(r.attributeName))) continue;
    if (overlay(r.target) || Array.from(r.addedNodes).some(overlay) || Array.from(r.removedNodes).some(overlay)) continue;
    S.mutations++;
    if (r.type !== 'childList') continue;
    for (const n of r.addedNodes) if (n.nodeType === 1 && S.added.length < 500) S.added.push(n);
    for (const n of r.removedNodes) S.removed += controlsIn(n);
  }
}
const visibleControls = () => Array.from(document.querySelectorAll(CONTROL)).filter(e => !e.checkVisibility || e.checkVisibility({visibilityProperty: true}));
function watchNavigation() {
  S.navigating = false;
  if (!S.navigationHooked && globalThis.navigation) {
    S.navigationHooked = true;
    navigation.addEventListener('navigate', onNavigate);
  }
}
function begin(detail, channel) {
  watchNavigation();
  armTimers(channel);  // the timers its handlers start, seen from the page's world (caused.js)
  if (!S.listening) {
    S.listening = true;
    onMutations(count);
  }
  observe(document);
  flush();
  S.token = 0;
  S.mutations = 0; S.added = []; S.removed = 0; S.activated = false;
  S.before = detail ? new Set(visibleControls()) : null;
  S.focused = activeElement();
  S.href = location.href;
  // The document timeline's time now: the animations this action starts get a start time at or
  // after it (widgets.js). Not performance.now(): a frame's time is taken when the frame begins,
  // which can be before a script that runs during it.
  const now = document.timeline.currentTime;
  globalThis.__bxActionStart = now === null ? undefined : now;
}
function changes(keepOpen) {
  // Focus unchanged: say so instead of describing the element again.
  const active = activeElement();
  const out = active === S.focused ? {focus_same: true} : {focus: describe(active)};
  out.dom_changed = S.mutations > 0;
  if (location.href !== S.href) out.url = location.href;  // pushState, hash: same document
  if (S.navigating) out.navigating = true;                // another document is on its way
  if (timersPending(!keepOpen)) out.timers = true;        // a timer its handlers started is still to run
  out.animations = animationsStarted();
  if (S.mutations) {
    out.controls_added = S.added.filter(n => n.isConnected).reduce((sum, n) => sum + controlsIn(n), 0);
    out.controls_removed = S.removed;
  }
  return out;
}
// `late` (ms): when the page reacted (its DOM, its URL, a default action), look again once it is idle.
function finish(late) {
  flush();
  if (late && !S.navigating && (S.mutations || location.href !== S.href || S.activated)) return whenIdle(late).then(() => finish(0));
  S.token = 0;
  const out = changes();
  if (S.before) {
    const now = visibleControls();
    out.controls_added = now.filter(e => !S.before.has(e)).length;
    const kept = new Set(now);
    out.controls_removed = Array.from(S.before).filter(e => !kept.has(e)).length;
    S.before = null;
  }
  return out;
}

// A real left click settles itself: prep arms it (armClick), the click's own dispatch records
// what changed (a bubbling click listener on the window runs after the page's handlers), and
// awaitClick, sent together with the mouse events, returns that record as soon as it exists.
// No round trip after the mouse events, and the order in which Chromium runs the call and the
// input does not matter. If the page stops the click's propagation, the pointerup listener
// settles it once the dispatch is over.
// A click's default action (following a link, submitting a form) runs after its dispatch, when
// this record is already taken. So the record says whether the click can still start one
// (`activation`), and Python then asks `navigationStarted()` in a call of its own, which runs after
// the default action: the Navigation API's navigate event has fired by then if there is one.
function onNavigate(event) {
  if (!event.destination.sameDocument) { S.navigating = true; if (S.idleEnd) S.idleEnd(); }
}
const ACTIVATES = 'a[href], area[href], button:not([type=button]):not([type=reset]), input[type=submit], input[type=image], input[type=file]';
function activates(event) {
  if (!event || event.defaultPrevented) return false;
  return event.composedPath().some(n => n.nodeType === 1 && n.matches(ACTIVATES) &&
    (n.localName === 'a' || n.localName === 'area' || n.form || n.type === 'file'));  // a file chooser opens after dispatch
}
// A click on a label (not on its control) clicks the control once its own dispatch ends: the record waits for that one.
const clicksControl = (e) => { const l = e && !e.defaultPrevented && e.composedPath().find(n => n.localName === 'label'); return !!(l && l.control && !l.control.disabled && !l.control.contains(e.target)); };
function settle(event) {
  if (!S.token || S.result || clicksControl(event)) return;
  flush();
  const activation = activates(event);  // its default action (a form's submit handlers) runs after: the action's too
  S.result = Object.assign(changes(activation), activation ? {activation: S.activated = true} : {});
  if (S.look) S.result.model_check = globalThis.__browserx.recheck();  // the page model's changes (page/recheck.js)
  if (S.waiter) { S.waiter(S.result); S.waiter = null; }
  if (S.bound) globalThis.__browserxClick(JSON.stringify(Object.assign({token: S.token}, S.result)));
}
const onPointerUp = () => { const token = S.token; if (token && !S.result) setTimeout(() => S.token === token && settle(), 0); };  // only its own click
function armClick(el, token, look) {
  S.token = token; S.result = null; S.waiter = null; S.look = look;
  // The binding world.py adds: the record goes out as an event, no call waits on it.
  S.bound = typeof globalThis.__browserxClick === 'function';
  watchNavigation();
  for (let win = el.ownerDocument.defaultView; win; win = win.frameElement ? win.frameElement.ownerDocument.defaultView : null) {
    if (!S.hooked.has(win)) {
      S.hooked.add(win);
      win.addEventListener('click', settle, false);
      win.addEventListener('pointerup', onPointerUp, true);
    }
    if (!win.frameElement) break;
  }
  return true;
}
function awaitClick(token, ms) {
  if (S.token !== token) return {focus_same: true, dom_changed: false, unarmed: true};
  if (S.result) return S.result;
  return new Promise(resolve => {
    S.waiter = resolve;
    setTimeout(() => { if (S.waiter === resolve) { S.waiter = null; resolve(Object.assign(changes(), {late: true})); } }, ms);
  });
}

// awaitOption: how long the options shown may lack the wanted one before a search is typed (a list that draws
// its options a frame or two after opening), and how long in all a list's entry is waited for.
const SEARCH_AFTER_MS = 200, ENTRY_MS = 1000;

// -- editing ------------------------------------------------------------------------------------
function setText(el, text, clear) {
  if (el.isContentEditable && el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA') {
    el.textContent = clear ? text : el.textContent + text;
  } else {
    el.value = clear ? text : el.value + text;
  }
  el.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertText', data: text}));
  el.dispatchEvent(new Event('change', {bubbles: true}));
}
function keyEvents(el, key, code, mods) {
  const init = {key, code, bubbles: true, cancelable: true, composed: true,
    ctrlKey: !!(mods & 2), shiftKey: !!(mods & 8), altKey: !!(mods & 1), metaKey: !!(mods & 4)};
  const go = el.dispatchEvent(new KeyboardEvent('keydown', init));
  if (go && key.length === 1) el.dispatchEvent(new KeyboardEvent('keypress', init));
  el.dispatchEvent(new KeyboardEvent('keyup', init));
  return go;
}
function mouseEvents(el, types, button, detail, mods) {
  const r = el.getBoundingClientRect();
  const init = {bubbles: true, cancelable: true, composed: true, view: el.ownerDocument.defaultView,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, button, buttons: 0, detail,
    ctrlKey: !!(mods & 2), shiftKey: !!(mods & 8), altKey: !!(mods & 1), metaKey: !!(mods & 4)};
  for (const type of types) {
    const Ctor = type.startsWith('pointer') ? PointerEvent : MouseEvent;
    el.dispatchEvent(new Ctor(type, init));
  }
}


globalThis.__bxact = {
  begin, finish, describe, awaitClick, fileInput, ripple,  // fileInput: upload.py; ripple: visual.py
  scrollDocument, traceNode,  // screenshots/capture.py's full page; devtools/perf_nodes.py's trace elements
  dragBox, dragFrom, nextPaint,  // drag.py
  // element.py's one call: the effects' begin (when the action watches them), then the action itself.
  call(method, begin, ...args) { if (begin !== null) this.begin(...begin); return this[method](...args); },
  caused: (ms, late) => awaitCaused(ms, late, finish), motion: settleMotion,  // settle.py: what it set in motion
  ...OPTIONS,  // select, and the widgets drawn without ARIA (controls.js)
  ...CHIPS,  // what a combobox that takes several options holds (chips.js)
  ...TYPING,  // typing.js: prepareType, focusKeys, keysLanded
  ...FIELD_KINDS,  // fields.js: fill.py's kinds of field, setFieldValue, selectMany
  quiet: whenQuiet,  // settle.py: the DOM quiet after the responses an action caused
  quietSince: whenQuietSince,  // settle.py: ... after a socket's answer (quiet since its last change)
  built: whenBuilt,  // settle.py: a first look waits while the page is still adding its elements
  wait: waitFor,  // waiting.py: browser_wait's text and element checks
  navigationStarted() { return !!S.navigating; },
  // drag.py: whether a press at (x, y) lands on something draggable (or inside it).
  draggableAt(x, y) {
    for (let n = hitAt(x, y); n; n = parentOf(n)) if (n.draggable) return true;
    return false;
  },
  none() { return {ok: true}; },
  click(id, checkCover, token, look, keys) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const out = blocked(el) || (keys ? throughGlass(el, target(el, checkCover)) : target(el, checkCover));
    if (out.ok && token) { out.armed = armClick(el, token, !!look); out.bound = S.bound; }
    return out;
  },
  scriptClick(id, button, count, mods) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const stop = blocked(el);
    if (stop) return stop;
    if (hidden(el) || !el.getClientRects().length) el.scrollIntoView({block: 'center', behavior: 'instant'});
    else el.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});
    if (button === 0) {
      for (let i = 1; i <= count; i++) {
        mouseEvents(el, ['pointerdown', 'mousedown'], 0, i, mods);
        if (i === 1 && el.focus) el.focus({preventScroll: true});
        mouseEvents(el, ['pointerup', 'mouseup', 'click'], 0, i, mods);
      }
      if (count === 2) mouseEvents(el, ['dblclick'], 0, 2, mods);
    } else {
      mouseEvents(el, ['pointerdown', 'mousedown', 'pointerup', 'mouseup'], button, 1, mods);
      mouseEvents(el, [button === 2 ? 'contextmenu' : 'auxclick'], button, 1, mods);
    }
    return {ok: true};
  },
  scriptHover(id) {
    const el = resolve(id);
    if (!el) return notFound(id);
    el.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});
    mouseEvents(el, ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove'], 0, 0, 0);
    return {ok: true};
  },
  scriptType(id, text, clear, submit) {
    const el0 = resolve(id);
    if (!el0) return notFound(id);
    const el = editable(el0);
    if (!el && el0.getAttribute('aria-readonly') === 'true') return {error: 'ELEMENT_READONLY', message: `${roleFor(el0)} "${nameFor(el0)}" is read-only`};
    if (!el) return {error: 'VALIDATION_ERROR', message: `${roleFor(el0)} "${nameFor(el0)}" is not a text field`};
    const stop = blocked(el);
    if (stop) return stop;
    if (el.readOnly || el.getAttribute('aria-readonly') === 'true') return {error: 'ELEMENT_READONLY', message: `${roleFor(el)} "${nameFor(el)}" is read-only`};
    el.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});
    el.focus({preventScroll: true});
    setText(el, text, clear);
    if (submit) {
      const go = keyEvents(el, 'Enter', 'Enter', 0);
      if (go && el.form && el.tagName === 'INPUT') el.form.requestSubmit();
    }
    return {ok: true};
  },
  // For inputs without a caret (date, time, colour, range): the value, with input/change events.
  setValue(text) {
    const el = S.pending;
    if (!el || !el.isConnected) return {error: 'NODE_NOT_FOUND', message: 'the field went away'};
    setText(el, text, true);
    return {ok: true};
  },
  focus(id) {
    const el = resolve(id);
    if (!el) return notFound(id);
    if (el.focus) el.focus({preventScroll: false});
    return {ok: true, focused: activeElement() === el};
  },
  scriptKey(id, key, code, mods) {
    const el = id === undefined || id === '' ? null : resolve(id);
    if (id && !el) return notFound(id);
    if (el && el.focus) el.focus();
    const at = activeElement() || document.body;
    const go = keyEvents(at, key, code, mods);
    if (go && key === 'Enter' && at.form && at.tagName === 'INPUT') at.form.requestSubmit();
    return {ok: true};
  },
  scroll(id, block, inline) {
    const el = resolve(id);
    if (!el) return notFound(id);
    if (hidden(el) || !el.getClientRects().length) return {error: 'ELEMENT_NOT_VISIBLE', message: `${roleFor(el)} "${nameFor(el)}" is hidden or has no size`};
    el.scrollIntoView({block, inline, behavior: 'instant'});
    const v = visibleBox(el);
    return {ok: true, scroll_x: Math.round(window.scrollX), scroll_y: Math.round(window.scrollY), in_viewport: !!v.box};
  },
  // After opening a combobox: wait (bounded) for its option to appear.
  async awaitOption(id, wanted, ms) {
    const el = resolve(id);
    if (!el) return notFound(id);
    if (el.tagName === 'SELECT') return OPTIONS.awaitDrawnOption(id, wanted, ms);  // a hidden select's stand-in
    const end = performance.now() + ms;
    // A list still entering is not a list without the option: the search below counts from when it settled.
    let searchAt = performance.now() + SEARCH_AFTER_MS, entering = 0;  // searchAt 0: searched
    while (performance.now() < end) {
      const box = listboxOf(el) || document.querySelector('[role=listbox]');
      // A list no person sees: the option is picked from the one drawn beside it (controls.js drawnBeside).
      const beside = unseenList(box) ? drawnBeside(box, wanted) : null;
      if (beside) {
        await whenStill(beside, Math.max(0, end - performance.now()));
        S.pending = beside;
        return {ok: true, selected: short(String(wanted))};
      }
      // No listbox: the items of the dialog or popover a hidden popup button opened (standin.js popupOptionsOf).
      const all = unseenList(box) ? [] : box ? Array.from(box.querySelectorAll('[role=option]')) : popupOptionsOf(el);
      const o = pick(all.filter(clickableOption), wanted, optionLabel, optionValue);
      if (o) {
        await whenStill(o, Math.max(0, end - performance.now()));  // its list's entry transition first
        S.pending = clickableOption(o) || o;
        return {ok: true, selected: short(optionLabel(o))};
      }
      // Entering: the list (or what holds it, or its items) still animating, or the option shown in it but not
      // taking the pointer yet (a menu lets the pointer in once its entry ends). Waited for, up to ENTRY_MS in
      // all: a list that keeps moving longer is taken as it is.
      const moving = !!box && entering < ENTRY_MS && movingOver(box, true).length > 0;
      if (moving) {
        const from = performance.now();
        await whenStill(box, Math.max(0, Math.min(end, from + ENTRY_MS - entering) - from), true);
        entering += performance.now() - from;
      }
      if (searchAt && (moving || pick(all.filter(shown), wanted, optionLabel, optionValue))) searchAt = performance.now() + SEARCH_AFTER_MS;
      if (moving) continue;
      // Not among the options shown: a combobox that filters (controls.js filters) lists the rest once its
      // search box has text.
      if (searchAt && performance.now() > searchAt) {
        searchAt = 0;
        const search = searchBoxOf(el, box);
        if (search) { search.focus({preventScroll: true}); setText(search, wanted, true); }
      }
      await new Promise(r => setTimeout(r, 16));
    }
    return {error: 'VALIDATION_ERROR', message: `no option "${wanted}" appeared after opening ${roleFor(el)} "${nameFor(el)}"`};
  },
};
