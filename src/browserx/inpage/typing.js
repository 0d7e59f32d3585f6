// layer: actions
// Where keys go: its entry points join globalThis.__bxact through element.js (TYPING). Python
// (actions/typing.py) sends the key events; this part focuses the element that takes them and checks,
// while they are handled, that they land there.
import { S, TYPABLE, NO_CARET, resolve, notFound, activeElement, blocked, shown, target } from "./reach.js";
import { roleFor, nameFor, describe } from "./describe.js";
import { composedContains } from "./geometry.js";
import { dateOf } from "./dates.js";

// -- what takes typed text ----------------------------------------------------------------------
function editable(el) {
  if (el.tagName === 'TEXTAREA') return el;
  if (el.tagName === 'INPUT') return TYPABLE.test((el.getAttribute('type') || '').toLowerCase()) ? el : null;
  if (el.isContentEditable || el.editContext) return el;  // EditContext: an editor that takes text input itself (Monaco)
  if (el.tagName === 'LABEL' && el.control) return editable(el.control);
  const inner = el.querySelector && el.querySelector('input,textarea,[contenteditable=""],[contenteditable=true]');
  return inner ? editable(inner) : null;
}
// Widgets that read typed keys in their handlers without an editing host (a date segment drawn as a
// focusable spinbutton, a custom text box): typed into by keys, with no caret or value to check.
const KEYED = new Set(['spinbutton', 'textbox', 'searchbox', 'combobox']);
const FOCUSABLE = 'input:not([type=hidden]),textarea,select,button,a[href],summary,iframe,[contenteditable=""],' +
  '[contenteditable=true],[tabindex]:not([tabindex="-1"])';
// The element that takes an element's keys: itself when it can hold the focus, else its first focusable
// part in view (a slider's thumb inside a slider that is not focusable itself).
function keyTarget(el) {
  if (el.matches(FOCUSABLE) || el.hasAttribute('tabindex') || el.isContentEditable) return el;
  for (const inner of el.querySelectorAll(FOCUSABLE)) if (!inner.disabled && shown(inner)) return inner;
  return null;
}
const singleText = (el) => el.tagName !== 'TEXTAREA' && !(el.isContentEditable && el.tagName !== 'INPUT');
const valueOf = (el) => (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el.value : el.textContent || '');
function selectContents(el) {
  if (el.editContext) return true;  // its own text model: selected by the keys Python sends (Ctrl+A)
  if (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA') {
    const sel = el.ownerDocument.getSelection(), range = el.ownerDocument.createRange();
    range.selectNodeContents(el); sel.removeAllRanges(); sel.addRange(range);
    return (el.textContent || '').length > 0;
  }
  el.select();
  return el.value.length > 0;
}
const holds = (el0, el, at) => !!at && (at === el || composedContains(el0, at) || composedContains(el, at));
// The popup a field controls (aria-controls, aria-owns): a combobox that moves the focus into the search
// box of its list when it gets the focus is typed into there, as a person's keys would be.
function inPopupOf(el0, el, at) {
  for (const owner of [el0, el]) {
    for (const attr of ['aria-controls', 'aria-owns']) {
      for (const ref of (owner.getAttribute(attr) || '').split(/\s+/)) {
        const popup = ref && owner.getRootNode().getElementById && owner.getRootNode().getElementById(ref);
        if (popup && composedContains(popup, at)) return true;
      }
    }
  }
  return false;
}

// -- the key check ------------------------------------------------------------------------------
// Armed between a prepare call and keysLanded: a capture listener on the window of the element (and
// those above it) sees each trusted keydown before the page does and asks where the focus is. A key
// whose focus is the target's (or inside it) goes on. So does a key where the page passed the focus on
// while it handled one of ours (a date segment that moves to the next once full): the focus moved while
// one of our key or input events was being dispatched (its eventPhase is not NONE yet). Focus that
// moved at any other time (a picker's timer or promise taking it back) is not the keys' to follow:
// from that key on, every key is stopped before the page sees it, so no text reaches another field, and
// keysLanded says from which key and who holds the focus.
const K = {armed: null, live: null, windows: new WeakSet()};
const KEY_DISPATCHES = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'textInput', 'compositionend'];
const ARMED_MS = 60000;  // a check Python never collected (the call failed) stops checking after this
function armed() {
  if (K.armed && performance.now() - K.armed.at > ARMED_MS) K.armed = null;
  return K.armed;
}
function onLive(e) { if (e.isTrusted) K.live = e; }
function onFocusIn() {
  const T = armed(), at = activeElement();
  if (!T || !at || holds(T.el0, T.el, at) || T.passed.some(p => composedContains(p, at))) return;
  if (K.live && K.live.eventPhase !== 0) T.passed.push(at);
}
// Focus given up (to no element) while the page handled one of our keys: the rest go to the document,
// as a keyboard's would; no other field gets them.
function onFocusOut(e) {
  const T = armed();
  if (T && !e.relatedTarget && K.live && K.live.eventPhase !== 0) T.released = true;
}
function onKeyDown(e) {
  onLive(e);
  const T = armed();
  if (!T || !e.isTrusted) return;
  const at = activeElement();
  const ours = at ? holds(T.el0, T.el, at) || T.passed.some(p => composedContains(p, at)) : T.released;
  if (T.stopped === null && ours) { T.keys++; return; }
  if (T.stopped === null) { T.stopped = T.keys; T.holder = at; }
  T.keys++;
  e.preventDefault(); e.stopImmediatePropagation();
}
function onKeyUp(e) {
  onLive(e);
  const T = armed();
  if (T && e.isTrusted && T.stopped !== null) { e.preventDefault(); e.stopImmediatePropagation(); }
}
function arm(el0, el, before) {
  for (let win = el.ownerDocument.defaultView; win; win = win.frameElement ? win.frameElement.ownerDocument.defaultView : null) {
    if (!K.windows.has(win)) {
      K.windows.add(win);
      for (const type of KEY_DISPATCHES) win.addEventListener(type, type === 'keydown' ? onKeyDown : type === 'keyup' ? onKeyUp : onLive, true);
      win.addEventListener('focusin', onFocusIn, true);
      win.addEventListener('focusout', onFocusOut, true);
    }
    if (!win.frameElement) break;
  }
  K.armed = {el0, el, before, at: performance.now(), keys: 0, stopped: null, holder: null, passed: [], released: false};
}
// Loosely equal for editing hosts: the DOM an editor builds for a line break is its own.
const same = (el, a, b) => (singleText(el) && el.tagName === 'INPUT' ? a === b.replace(/[\r\n]/g, '') :
  el.tagName === 'TEXTAREA' ? a === b : a.replace(/\s+/g, '') === b.replace(/\s+/g, ''));

// The page wrote letters or digits of its own into the field while the keys came (a picker that parses
// the text on each keyup and writes back its reading of a partial date: "2" becomes "0002-01-01"), not
// only a mask's punctuation or spaces, nor fewer characters than typed (a length limit), nor a completion
// after the typed text (an inline autocomplete: "Nor" shown as "Norway", the rest selected).
function rewritten(value, typed) {
  if (value.toLowerCase().startsWith(typed.toLowerCase())) return false;
  const count = new Map();
  for (const c of typed.match(/[\p{L}\p{N}]/gu) || []) count.set(c, (count.get(c) || 0) + 1);
  for (const c of value.match(/[\p{L}\p{N}]/gu) || []) {
    if (!count.get(c)) return true;
    count.set(c, count.get(c) - 1);
  }
  return false;
}
const refused = (el, why) => ({error: 'VALIDATION_ERROR', message: `${roleFor(el)} "${nameFor(el)}" ${why}`});
const readonly = (el) => ({error: 'ELEMENT_READONLY', message: `${roleFor(el)} "${nameFor(el)}" is read-only`});

const TYPING = {
  // Focus the text field id names (or the one inside it), select its contents for replacing, and arm the
  // key check. When another element keeps the focus: {focus: that element}, and Python clicks the field.
  // `press`: a field with a caret that does not hold the focus is got to as a person gets to it, by a press
  // on it (a picker that closes on a press outside it closes; a script focus() would leave it open): the
  // answer is {press: true, x, y}, the point a click would use, and Python sends the real mouse events there,
  // then calls again without `press`. Only where the pointer cannot reach the field (a layer over its
  // point, even glass; nothing of it in view) is it focused by script, as the keyboard (Tab) would reach it.
  // Fields without a caret are focused by script: a press at the centre of a range or colour input would
  // set it or open its chooser, and keyed widgets (date segments, drawn boxes) may open on a press.
  prepareType(id, clear, checkCover, press) {
    const el0 = resolve(id);
    if (!el0) return notFound(id);
    // A date drawn as segments (dates.js) takes its text part by part, as fill types it (actions/dates.py).
    if (!el0.isContentEditable && el0.localName !== 'input' && el0.localName !== 'textarea' && (dateOf(el0) || {}).el === el0) {
      return {ok: true, date: true};
    }
    let el = editable(el0);
    const keyed = !el && KEYED.has(roleFor(el0)) ? keyTarget(el0) : null;
    if (!el && !keyed && el0.getAttribute('aria-readonly') === 'true') return readonly(el0);
    if (!el && !keyed) return refused(el0, 'is not a text field; type into an input, textarea or contenteditable element');
    el = el || keyed;
    const stop = blocked(el) || blocked(el0);
    if (stop) return stop;
    if (el.readOnly || el.getAttribute('aria-readonly') === 'true' || el0.getAttribute('aria-readonly') === 'true') return readonly(el);
    const pressing = !!press && !keyed && !(el.tagName === 'INPUT' && NO_CARET.test(el.type)) && !holds(el0, el, activeElement());
    const where = target(el, checkCover || pressing);
    if (pressing && where.ok) return {ok: true, press: true, x: where.x, y: where.y, scrolled: where.scrolled};
    if (where.error && !(pressing && !checkCover && where.error === 'ELEMENT_COVERED')) return where;
    el.focus({preventScroll: true});
    const at = activeElement();
    if (at && !holds(el0, el, at) && inPopupOf(el0, el, at) && editable(at)) el = editable(at);
    else if (!holds(el0, el, at)) return at ? {ok: true, focus: describe(at)} : refused(el, 'cannot take focus');
    S.pending = el;
    if (el.tagName === 'INPUT' && NO_CARET.test(el.type)) return {ok: true, set_value: true};
    if (keyed) {  // no text of its own to select: typing into it replaces what it shows
      arm(el0, el, null);
      return {ok: true, x: where.x, y: where.y, keyed: true};
    }
    const hasText = clear ? selectContents(el) : false;
    if (!clear && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA')) {
      try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) { /* no selection API (email, number) */ }
    }
    arm(el0, el, clear ? '' : valueOf(el));
    return {ok: true, x: where.x, y: where.y, clear: hasText, lines: !singleText(el)};
  },
  // The key element id names takes (its focusable part), focused, with the key check armed.
  focusKeys(id) {
    const el0 = resolve(id);
    if (!el0) return notFound(id);
    const stop = blocked(el0);
    if (stop) return stop;
    const el = keyTarget(el0);
    if (!el) return {ok: true, focusable: false};  // keys go to the document, as after a person's click on it
    el.focus({preventScroll: false});
    const at = activeElement();
    if (!holds(el0, el, at)) return at ? {ok: true, focus: describe(at)} : refused(el, 'cannot take focus');
    arm(el0, el, null);
    return {ok: true};
  },
  // The key check's answer, which ends it: from which key the focus was another's (stopped, and who
  // holds it), else whether the field now holds what was typed (never the text itself).
  keysLanded(typed) {
    const T = armed();
    K.armed = null;
    if (!T) return {ok: true};
    if (T.stopped !== null) return {ok: true, keys: T.keys, stopped: T.stopped, focus: describe(T.holder)};
    const out = {ok: true, keys: T.keys};
    if (typed !== null && T.before !== null && !T.passed.length && !T.released && T.el.isConnected) {
      out.as_typed = same(T.el, valueOf(T.el), T.before + typed);
      if (!out.as_typed) out.rewritten = rewritten(valueOf(T.el), T.before + typed);
    }
    return out;
  },
};

export { editable, TYPING };
