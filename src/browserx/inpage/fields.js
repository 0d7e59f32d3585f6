// layer: actions
// What `fill` needs of each field in page (actions/fill.py): what kind of control it is (and so how a person
// fills it), a value given as a person's picker would give it, exactly the wanted options of a multi-select.
import { element, idOf, idFor } from "./ids.js";
import { dateOf, partValue } from "./dates.js";
import { standInFor, valueFieldOf, popupFieldOf, listboxOf, faceCaption } from "./standin.js";
import { takesMany } from "./chips.js";
import { filters } from "./controls.js";
import { drawnSliderKind, TRACK_ACTIONS } from "./tracks.js";

const numberOf = (el, name) => el.getAttribute(name) === null || el.getAttribute(name) === '' ? null : +el.getAttribute(name);
function fieldKind(id) {
  const el = element(id);
  if (!el) return {kind: 'gone'};
  // A date drawn as segments (dates.js): filled with an ISO date, part by part into its segments; a
  // segment is filled as what it is (a number, typed text), or as the whole date when given one.
  const date = dateOf(el);
  if (!date) return kindOf(el);
  const parts = date.segments.map((s, i) => ({part: date.parts[i], id: idOf.get(s) || idFor(s, 'spinbutton'),
    now: partValue(s), min: numberOf(s, 'aria-valuemin'), max: numberOf(s, 'aria-valuemax')}));
  return date.el === el ? {kind: 'date', parts} : {...kindOf(el), date: parts};
}
function kindOf(el) {
  // A tab stop drawn for a hidden field that holds its value (page/standin.js valueFieldOf): a slider,
  // moved by its keys and read back from that field.
  const field = valueFieldOf(el);
  const bound = (f, name) => f.hasAttribute(name) && f.getAttribute(name) !== '' ? +f.getAttribute(name) : null;
  if (field) return {kind: 'keys', now: +field.value, min: bound(field, 'min'), max: bound(field, 'max')};
  // A thumb drawn on a track with no role and no field (tracks.js): keys on a tab stop, else a drag.
  const drawn = el.hasAttribute('role') ? null : drawnSliderKind(el);
  if (drawn) return drawn;
  const tag = el.localName, type = (el.getAttribute('type') || '').toLowerCase(), role = el.getAttribute('role');
  const aria = (name) => el.getAttribute('aria-' + name);
  // An editable combobox (ARIA 1.2: an input with a popup of suggestions) is typed into, not opened; given a
  // list, its options are picked (chips.js: one that takes several says so, or shows chips). One whose text
  // does not filter its list (controls.js filters: a select's own inputmode=none field) is picked from, as a select.
  if (role === 'combobox' && (tag === 'input' || el.isContentEditable)) return {kind: 'combo', multiple: takesMany(el), typed: filters(el)};
  // A combobox that declares nothing closed may say it takes several once open (its popup's listbox): `opens`;
  // one whose listbox is there already has said what it takes.
  if ((role === 'combobox' || role === 'listbox') && tag !== 'select') {
    const list = listboxOf(el);
    return {kind: 'select', multiple: takesMany(el), opens: role === 'combobox' && !(list && list.getAttribute('role') === 'listbox')};
  }
  // A button that opens a listbox around a read-only field (standin.js popupFieldOf): a select drawn without
  // its role, which may or may not take several (a list is tried, each pick checked by what it shows).
  if (el.hasAttribute('aria-haspopup') && popupFieldOf(el)) return {kind: 'select', multiple: takesMany(el), popup: true};
  // A face with an arrow under a caption (standin.js faceCaption): a select drawn without ARIA, picked the same way.
  if (faceCaption(el)) return {kind: 'select', multiple: takesMany(el), popup: true};
  if (tag === 'input') {
    if (type === 'checkbox' || type === 'radio') {
      return {kind: type === 'radio' ? 'radio' : 'check', checked: el.checked};
    }
    // A range input is moved as a person moves it, by its arrow keys (pages that commit a slider's value on
    // its key events, not on a value set in page, see the change).
    if (type === 'range') return {kind: 'keys', now: +el.value, min: el.min === '' ? 0 : +el.min,
      max: el.max === '' ? 100 : +el.max, step: el.step === '' || el.step === 'any' ? 1 : +el.step};
    if (/^(date|time|datetime-local|month|week|color)$/.test(type)) return {kind: 'value'};
    if (type === 'file') return {kind: 'file'};
    if (/^(button|submit|reset|image|hidden)$/.test(type)) return {kind: 'none'};
    return {kind: 'text'};
  }
  if (tag === 'textarea' || el.isContentEditable) return {kind: 'text'};
  // A hidden select a drawn stand-in replaces is picked through the stand-in (standin.js standInFor).
  if (tag === 'select') return {kind: 'select', multiple: el.multiple, native: true, drawn: !!standInFor(el)};
  if (role === 'checkbox' || role === 'switch' || role === 'menuitemcheckbox') {
    return {kind: 'check', checked: aria('checked') === 'true'};
  }
  if (role === 'radio' || role === 'menuitemradio') return {kind: 'radio', checked: aria('checked') === 'true'};
  if (role === 'slider' || role === 'spinbutton') return {kind: 'keys', now: +aria('valuenow') || 0,
    min: aria('valuemin') === null ? null : +aria('valuemin'),
    max: aria('valuemax') === null ? null : +aria('valuemax'),
    vertical: role === 'spinbutton' || aria('orientation') === 'vertical'};  // its keys: Up and Down first
  if (role === 'textbox' || role === 'searchbox') return {kind: 'text'};
  // A button that opens a list of options (ARIA's collapsible listbox: `aria-haspopup=listbox`; or a popover,
  // `dialog`, holding one) is a dropdown: its options are picked from the popup it opens, as a person picks;
  // given a list, each one, the widget checked after each pick to keep them all (chips.js).
  if ((tag === 'button' || role === 'button') && /^(listbox|dialog)$/.test(aria('haspopup') || '')) {
    return {kind: 'select', popup: true, multiple: takesMany(el)};
  }
  return {kind: 'none'};
}

// Range, date, time, colour: no caret to type at; focused and given the value with input/change.
function setValue(id, text) {
  const el = element(id);
  if (el.disabled) return {error: 'ELEMENT_DISABLED'};
  if (el.readOnly) return {error: 'ELEMENT_READONLY'};
  el.focus({preventScroll: true});
  el.value = text;
  el.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
  el.dispatchEvent(new Event('change', {bubbles: true}));
  return el.value === text || el.type === 'range' ? {ok: true} : {error: 'VALIDATION_ERROR'};
}

// A multi-select <select>: exactly the wanted options selected (by label or value), one change event.
function selectMany(id, wanted) {
  const el = element(id);
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const opts = Array.from(el.options);
  const chosen = wanted.map(w => opts.find(o => norm(o.label || o.text) === norm(w)) || opts.find(o => o.value === w));
  const missing = wanted.filter((w, i) => !chosen[i]);
  if (missing.length) return {error: 'VALIDATION_ERROR', message: `no option "${missing[0]}"`};
  for (const o of opts) o.selected = chosen.includes(o);
  el.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
  el.dispatchEvent(new Event('change', {bubbles: true}));
  return {ok: true};
}

const FIELD_KINDS = {
  fieldKind,
  fieldKinds: (ids) => ids.map(fieldKind),  // every field of a fill in one round trip
  setFieldValue: setValue, selectMany, ...TRACK_ACTIONS,
  // The next frame and a task after it: a widget's redraw after a key (step_to reads its value again).
  nextFrame: () => new Promise(r => requestAnimationFrame(() => setTimeout(() => r(true), 0))),
};

export { FIELD_KINDS };
