// layer: actions
// browserx actions on the parts of widgets: a select's, a listbox's or a combobox's options, the drawn
// stand-in of a hidden native <select>, and the part of a widget that takes its keys. A part of the
// in-page program (page/main.js); element.js publishes OPTIONS in globalThis.__bxact.
import { S, TYPABLE, resolve, notFound, blocked, shown } from "./reach.js";
import { short, roleFor, nameFor } from "./describe.js";
import { hitAt, composedContains } from "./geometry.js";
import { tooSmallToSee } from "./facts.js";
import { comboChoice, standInFor, popupFieldOf, shownChoice, listboxOf, popupOptionsOf, drawnTrigger } from "./standin.js";

// -- options: <select> and ARIA listboxes -------------------------------------------------------
const folded = (s) => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
// The options a select drawn as a button (standin.js popupFieldOf) shows as chosen ("Breakfast, Parking").
const shownChoices = (el) => shownChoice(el).split(/\s*,\s*/).map(folded).filter(Boolean);
function pick(options, wanted, labelOf, valueOf) {
  const w = folded(wanted);
  return options.find(o => labelOf(o).trim() === wanted.trim()) || options.find(o => valueOf(o) === wanted) ||
    options.find(o => folded(labelOf(o)) === w) || options.find(o => folded(valueOf(o)) === w) ||
    unique(options.filter(o => folded(labelOf(o)).includes(w)));
}
// A partial label match counts only when it is the only one: "2" must not pick "12" over "20".
const unique = (found) => found.length === 1 ? found[0] : undefined;
// A combobox, or a field in its popup, that filters the options by what is typed into it (so a search typed
// there lists the ones not shown). It says so by ARIA's aria-autocomplete: `list` or `both` (its list follows the
// text), `none` (its list does not); saying neither, it is a text field a person types in: an editable input or
// contenteditable, not read-only, and not `inputmode=none` (no keyboard wanted: the field of a select that shows
// the choice and takes no text; text written into it is the page's to undo, and such a select closes its list).
function filters(n) {
  if (!n || n.disabled || n.readOnly || n.getAttribute('aria-readonly') === 'true') return false;
  if (!(n.tagName === 'INPUT' ? TYPABLE.test((n.type || '').toLowerCase()) : n.isContentEditable)) return false;
  const says = (n.getAttribute('aria-autocomplete') || '').trim().toLowerCase();
  if (says === 'list' || says === 'both') return true;
  return says !== 'none' && (n.getAttribute('inputmode') || '').trim().toLowerCase() !== 'none';
}
// The text field that filters a combobox's options: the combobox itself, or one in its popup.
function searchBoxOf(el, box) {
  if (filters(el)) return el;
  const popup = box && (box.parentElement || box);
  const inner = popup && popup.querySelector('input[type=search], [role=searchbox], input[role=combobox], input:not([type])');
  return filters(inner) && shown(inner) ? inner : null;
}
// An option that is a form control (a checkbox input with role=option) is named by its <label for> (HTML).
const optionLabel = (o) => o.getAttribute('aria-label') || o.textContent ||
  (o.labels ? Array.from(o.labels, l => l.textContent).join(' ') : '') || '';
const optionValue = (o) => o.getAttribute('data-value') || o.getAttribute('value') || '';
const nativeLabel = (o) => o.label || o.text;

// -- the drawn stand-in of a hidden <select> ------------------------------------------------------
// Where the stand-in draws native option `o`: a shown element whose whole text is the option's text, in a
// list whose items are the select's options (another item beside it is another option's text), wherever
// the plugin put that list: in the stand-in, else (no such list in it) in a popup elsewhere, such as at
// the end of the body. The stand-in's face showing the current value is no such list (one option's text
// in it). Of those, the one a person can reach (the others are closed lists, another select's too).
function drawnOption(select, o) {
  const want = folded(o.text);
  if (!want) return null;
  const standIn = standInFor(select);
  const texts = new Set(Array.from(select.options, x => folded(x.text)));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let inside = false, outside = null;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const data = folded(t.data);
    if (!data || !want.includes(data) || select.contains(t)) continue;
    let item = t.parentElement;
    while (item && folded(item.textContent) !== want && want.includes(folded(item.textContent))) item = item.parentElement;
    if (!item || folded(item.textContent) !== want) continue;
    while (item.parentElement && folded(item.parentElement.textContent) === want) item = item.parentElement;
    const list = item.parentElement;
    const others = list ? Array.from(list.children).filter(c => c !== item && texts.has(folded(c.textContent))).length : 0;
    if (!(others || select.options.length < 2) || !shown(item)) continue;
    const mine = !!standIn && standIn.contains(item);
    inside = inside || mine;
    if (mine && reachable(item)) return item;
    if (!mine && !outside && reachable(item)) outside = item;
  }
  return inside ? null : outside;
}
// An option only the stand-in knows (a plugin that keeps in the native select just what is chosen, and
// draws the rest when opened): the innermost element of the stand-in, shown and reachable, whose text is
// the wanted one.
function drawnByText(select, wanted) {
  const standIn = standInFor(select), want = folded(wanted);
  if (!standIn || !want) return null;
  let found = null;
  for (const item of standIn.querySelectorAll('*')) {
    if (folded(item.textContent) !== want || !shown(item)) continue;
    if (found && found.contains(item)) found = null;  // a deeper one holds the same text
    if (!found && reachable(item)) found = item;
  }
  return found;
}
// A person can reach the drawn option: a pointer at its centre lands in it, or in the list that scrolls
// it into view (a clipped, closed popup is not reachable: it has to be opened first).
function reachable(item) {
  for (let n = item, depth = 0; n && depth < 4; n = n.parentElement, depth++) {
    const r = n.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (n !== item && !/auto|scroll/.test(getComputedStyle(n).overflowY)) continue;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1), y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    if (composedContains(n, hitAt(x, y))) return true;
  }
  return false;
}

// An option a person can pick: shown, not transparent (nor inside a list still at opacity 0), and taking the
// pointer (a menu entering may keep its options at pointer-events: none for a frame or two).
const ready = (o) => shown(o) && o.checkVisibility({opacityProperty: true}) && getComputedStyle(o).pointerEvents !== 'none';
// What a person clicks to pick option `o`: the option, or, for an option that is a form control drawn invisibly
// beneath its label (HTML: a label's activation is its control's), its shown label; null while neither is ready.
const clickableOption = (o) => (ready(o) ? o : (o.labels && [...o.labels].find(ready)) || null);
// A listbox no person sees (no room to show it: a copy a widget keeps for screen readers, often holding only
// the options near the active one) beside the list the widget draws: a person picks from the drawn list, by the
// option's text. The drawn item showing `wanted` in what holds the listbox (up to 2 levels), outside it: the
// outermost element of that whole text that is ready and reachable; null while none shows.
const unseenList = (box) => !!box && box.getClientRects().length > 0 && tooSmallToSee(box.getBoundingClientRect());
function drawnBeside(box, wanted) {
  const want = folded(wanted);
  if (!want) return null;
  for (let up = box.parentElement, depth = 0; up && depth < 2; up = up.parentElement, depth++) {
    for (const item of up.querySelectorAll('*')) {
      if (!box.contains(item) && folded(item.textContent) === want && ready(item) && reachable(item)) return item;
    }
  }
  return null;
}
// The finite animations running on `node` or on what holds it (with `inside`, on what it holds too): a menu's
// entry transition, a scale from its corner, its items sliding in. Infinite ones (a spinner) never end.
const movingOver = (node, inside) => document.getAnimations().filter(a => {
  const target = a.playState === 'running' && a.effect ? a.effect.target : null;
  return !!target && (composedContains(target, node) || (inside && composedContains(node, target))) &&
    isFinite(a.effect.getComputedTiming().endTime);
});
// A person aims at an option once its list stops moving: the finite animations running on it or on what holds
// it (a menu's entry transition, a scale from its corner) finish first, up to `ms`. Aimed at while it moves,
// the press lands where the option was a frame before (on the list's padding, not the option).
async function whenStill(item, ms, inside = false) {
  const moving = movingOver(item, inside);
  if (!moving.length) return;
  let timer;
  await Promise.race([Promise.all(moving.map(a => a.finished.catch(() => null))), new Promise(r => { timer = setTimeout(r, ms); })]);
  clearTimeout(timer);
}
// The drawn option becomes the pending element, scrolled into view in its list as a person scrolls to it
// (the click's target() scrolls the page, not a list that clips it).
function pendingItem(item) {
  item.scrollIntoView({block: 'nearest', inline: 'nearest', behavior: 'instant'});
  S.pending = item;
}

// The control that takes option `o` out of a multiple select's stand-in: its chosen item (an element of
// the stand-in whose whole text is the option's, outside the drawn list) holds a shown control without
// text of its own, its remove button (a link, a button, a tab stop or a pointer-cursor element).
function removerOf(select, o) {
  const standIn = standInFor(select), want = folded(o.text);
  if (!standIn || !want) return null;
  for (const item of standIn.querySelectorAll('*')) {
    if (folded(item.textContent) !== want || !shown(item)) continue;
    for (const x of item.querySelectorAll('*')) {
      if (folded(x.textContent) || !shown(x)) continue;
      if (x.matches('a, button, [role=button], [tabindex]') || getComputedStyle(x).cursor === 'pointer') return x;
    }
  }
  return null;
}

const OPTIONS = {
  // <select>: set the option in page (both strategies: no real input reaches a native popup); a hidden
  // one with a drawn stand-in is operated through the stand-in, as a person picks. ARIA listbox/combobox:
  // find the option and make it the pending element for a click.
  select(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const stop = blocked(el);
    if (stop) return stop;
    if (el.tagName === 'SELECT') {
      const opts = Array.from(el.options);
      const o = pick(opts, wanted, nativeLabel, x => x.value);
      if (!o && standInFor(el)) return {ok: true, open: true, drawn: true};  // its widget may draw more options
      if (!o) return {error: 'VALIDATION_ERROR', message: `no option "${wanted}"`, options: opts.slice(0, 30).map(x => short(nativeLabel(x)))};
      if (o.disabled) return {error: 'ELEMENT_DISABLED', message: `option "${short(o.label)}" is disabled`};
      if (standInFor(el)) {
        if (o.selected) return {ok: true, done: true, selected: short(nativeLabel(o))};
        const item = drawnOption(el, o);
        if (!item) return {ok: true, open: true, drawn: true};
        pendingItem(item);
        return {ok: true, done: false, drawn: true, selected: short(nativeLabel(o))};
      }
      el.focus({preventScroll: true});
      el.value = o.value; o.selected = true;
      el.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
      el.dispatchEvent(new Event('change', {bubbles: true}));
      return {ok: true, done: true, selected: short(nativeLabel(o))};
    }
    const box = listboxOf(el);
    // Already what the face of a transparent combobox shows: not picked again (it would untick in a multiple one).
    const shows = comboChoice(el).split(/\s*,\s*/).map(folded);
    if (shows.includes(folded(wanted))) return {ok: true, done: true, selected: short(wanted)};
    // No listbox: the items of the dialog or popover a hidden popup button opened, once it is open.
    const opts = box ? Array.from(box.querySelectorAll('[role=option]')) : popupOptionsOf(el);
    const o = pick(opts, wanted, optionLabel, optionValue);
    const opens = roleFor(el) === 'combobox' || !!el.getAttribute('aria-haspopup');
    // A select drawn as a button (standin.js popupFieldOf): what its field shows is checked after the pick.
    const face = opens && (!!popupFieldOf(el) || drawnTrigger(el));
    // Already its choice: a person does not open it again (a click on a ticked option would untick it).
    if (face && shownChoices(el).includes(folded(wanted))) return {ok: true, done: true, selected: short(wanted)};
    if (unseenList(box)) {  // picked from the list drawn beside it
      const item = drawnBeside(box, wanted);
      if (!item) return {ok: true, open: true, face};
      pendingItem(item);
      return {ok: true, done: false, face, selected: short(wanted)};
    }
    if (opens && (!o || !(shown(o) || clickableOption(o)))) return {ok: true, open: true, face};
    if (!o) {
      const role = roleFor(el);
      if (!box) return {error: 'VALIDATION_ERROR', message: `${role} "${nameFor(el)}" is not a select, listbox or combobox`};
      return {error: 'VALIDATION_ERROR', message: `no option "${wanted}"`, options: opts.slice(0, 30).map(x => short(optionLabel(x)))};
    }
    if (o.getAttribute('aria-disabled') === 'true') return {error: 'ELEMENT_DISABLED', message: `option "${short(optionLabel(o))}" is disabled`};
    S.pending = clickableOption(o) || o;
    return {ok: true, done: false, face, selected: short(optionLabel(o))};
  },
  // After the pick in a select drawn as a button: its field shows the option (a bounded wait: the widget may
  // draw its choice a frame or a round trip later), or the pick is refused.
  async showsNow(id, label, ms) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const want = folded(label), end = performance.now() + ms;
    while (!folded(shownChoice(el)).includes(want)) {
      if (performance.now() > end) return {error: 'VALIDATION_ERROR', message: `${roleFor(el)} "${nameFor(el)}" does not show the option it was given`};
      await new Promise(r => setTimeout(r, 16));
    }
    return {ok: true};
  },
  // After opening a hidden select's stand-in: wait (bounded) for the option it draws, the pending element.
  async awaitDrawnOption(id, wanted, ms) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const o = pick(Array.from(el.options), wanted, nativeLabel, x => x.value);
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const item = o ? drawnOption(el, o) : drawnByText(el, wanted);
      if (item) {
        await whenStill(item, Math.max(0, end - performance.now()));
        pendingItem(item);
        return {ok: true, selected: short(o ? nativeLabel(o) : String(wanted))};
      }
      await new Promise(r => setTimeout(r, 16));
    }
    return {error: 'VALIDATION_ERROR', message: `no option "${wanted}" appeared after opening ${roleFor(el)} "${nameFor(el)}"`};
  },
  // After the click on a stand-in's option: the native select holds it (what the form sends), or it is refused.
  selectedNow(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const o = pick(Array.from(el.options), wanted, nativeLabel, x => x.value);
    if (o && o.selected) return {ok: true};
    return {error: 'VALIDATION_ERROR', message: `${roleFor(el)} "${nameFor(el)}" did not take the option its widget was given`};
  },
  // A multiple select's stand-in: the options selected now that `wanted` leaves out (to be removed).
  unwanted(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const keep = new Set(wanted.map(w => pick(Array.from(el.options), w, nativeLabel, x => x.value)));
    return {ok: true, options: Array.from(el.selectedOptions).filter(o => !keep.has(o)).map(o => o.value)};
  },
  // Its chosen item's remove button for the option of that value: the pending element for a click.
  remover(id, value) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const o = Array.from(el.options).find(x => x.value === value);
    const x = o && removerOf(el, o);
    if (!x) return {error: 'VALIDATION_ERROR', message: `${roleFor(el)} "${nameFor(el)}" shows no way to remove a chosen option`};
    S.pending = x;
    return {ok: true};
  },
};

export { OPTIONS, ready, clickableOption, unseenList, drawnBeside, whenStill, movingOver, folded, shownChoices, pick, filters, searchBoxOf, optionLabel, optionValue };
