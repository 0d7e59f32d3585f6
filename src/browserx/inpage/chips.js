// layer: actions
// What a combobox that takes several options holds, as a person reads it (part of the in-page program,
// main.js; element.js publishes CHIPS in globalThis.__bxact for actions/fill.py). A widget of that kind says
// so in its ARIA (`aria-multiselectable` on the combobox or on its listbox), or shows it: each chosen option
// is a chip in the widget's box, its text beside a control of its own that removes it; the widget may also
// keep a hidden native <select> whose selected options are the chosen ones. A person picks each option from
// the list (open it, click the option, again for the next), removes a chip by its control, and checks the
// chips (or the list's ticks) after.
import { S, resolve, notFound, activeElement, shown } from "./reach.js";
import { roleFor, nameFor } from "./describe.js";
import { hitAt, composedContains } from "./geometry.js";
import { folded, shownChoices, optionLabel, clickableOption } from "./controls.js";
import { comboChoice, popupFieldOf, listboxOf, BOX_FIELDS, widgetBoxOf, heldSelectOf, manyWhileClosed, popupOf, drawnTrigger, triggerChoice,
  faceCaption, standInFor } from "./standin.js";

const CHIP_REMOVER = "button, [role=button], a, [tabindex]";
const KEPT_WAIT_MS = 500;  // how long a pick may take to show as kept (chips.js keptAll)

// The chips in the box, outside the list of options: a shown control that is no field nor the combobox, and
// the nearest element around it (not around the combobox) with text besides the control's own (its label).
function chipsOf(el) {
  const box = widgetBoxOf(el), list = listboxOf(el), chips = [];
  for (const x of box.querySelectorAll(CHIP_REMOVER)) {
    if (x === el || x.contains(el) || x.matches(BOX_FIELDS) || (list && list.contains(x)) || !shown(x)) continue;
    const own = folded(x.textContent);
    for (let chip = x.parentElement; chip && box.contains(chip) && !chip.contains(el); chip = chip.parentElement) {
      const label = folded(chip.textContent).replace(own, "").trim();
      if (!label) continue;
      chips.push({label, remover: x});
      break;
    }
  }
  return chips;
}
// The labels chosen now: a hidden native select's in the box (what the form sends), else the chips, else what
// the widget's face lists and the options of its shown list that say they are selected. The face of a dropdown
// that is no text field (a button opening the list, a combobox that is not an input) shows its current
// choice, the chosen labels one after another ("Breakfast, Parking"), as a person reads it; a list's
// `aria-selected` may be only the option under the pointer (a command menu's highlight), so the face is read
// too.
// A hidden select whose options have values and no text keeps what the form sends, not what a person reads:
// its values count with what the widget shows (chips, its list's marks).
function chosenLabelsOf(el) {
  const native = heldSelectOf(el);
  const stored = native && native.multiple ? Array.from(native.selectedOptions, o => folded(o.label || o.text)) : [];
  if (stored.length && stored.every(Boolean)) return stored;
  const values = native && native.multiple ? Array.from(native.selectedOptions, o => folded(o.value)) : [];
  const chips = chipsOf(el);
  if (chips.length) return [...values, ...chips.map(c => c.label)];
  const list = listboxOf(el) || null;
  if (isPopupSelect(el)) return [...values, ...faceChoiceOf(el, list)];
  const open = openListOf(el);
  const marked = open ? Array.from(open.querySelectorAll(MARKED), o => folded(optionLabel(o))) : [];
  return [...values, ...faceChoiceOf(el, list), ...marked];
}
// The widget's list while it is open: the listbox it controls or owns (or the one in the popup it points at),
// else, when it points at none, the one listbox shown on the page (a popup drawn at the end of the body).
// Options that say they are chosen: a listbox's selected ones, a dialog's ticked checkboxes and radios.
const MARKED = "[role=option][aria-selected=true], [role=checkbox][aria-checked=true], [role=radio][aria-checked=true], " +
  "[role=menuitemcheckbox][aria-checked=true], [role=menuitemradio][aria-checked=true]";
function openListOf(el) {
  const popup = popupOf(el);  // the dialog or popover a hidden popup button opened (standin.js)
  if (popup) return popup;
  const ref = listboxOf(el);
  let list = ref && ref.getAttribute("role") !== "listbox" ? ref.querySelector("[role=listbox]") || ref : ref;
  if (!ref && el.getAttribute("aria-expanded") === "true") {  // an expanded combobox's popup, linked by no IDREF
    const lists = [...document.querySelectorAll("[role=listbox]")].filter(shown);
    list = lists.length === 1 ? lists[0] : null;
  }
  return list && shown(list) ? list : null;
}
// A select drawn as a button (standin.js popupFieldOf).
const isPopupSelect = (el) => el.hasAttribute("aria-haspopup") && !!popupFieldOf(el);
// What a dropdown with no chips shows as its choice on its face: a select drawn as a button, what its field
// shows ("Breakfast, Parking"); another trigger, the items of its own text.
const faceChoiceOf = (el, list) => (isPopupSelect(el) ? shownChoices(el) : faceItemsOf(el, list));
// A face is a trigger's own text: not a text field's, not a list's (a listbox, or a box holding its list, shows
// every option). Its items, and the whole of it (one label may hold a comma: "Paris, France").
function faceItemsOf(el, list) {
  if (drawnTrigger(el)) return splitFace(triggerChoice(el));  // its face is the part drawn for it
  const shows = comboChoice(el);  // a combobox kept transparent under its face: what the face shows
  if (shows) return splitFace(shows);
  if (el.matches(BOX_FIELDS) || el.isContentEditable || (list && el.contains(list)) || !/^(button|combobox)$/.test(roleFor(el))) return [];
  return splitFace(el.innerText || "");
}
function splitFace(text) {
  const items = text.split(/[,;\n]/).map(folded).filter(Boolean);
  return items.length > 1 ? [...items, folded(text)] : items;
}
// A dialog of options opened by a hidden popup button closes one way that keeps the picks: its button that
// does not dismiss it (Escape dismisses a dialog, ARIA APG; such a dialog's Cancel drops what was ticked, its OK
// keeps it). The one such button, or null.
const DISMISS = /^(cancel|close|dismiss|back|×|✕)$/i;
function acceptOf(el, list) {
  if (!list || list !== popupOf(el) || faceCaption(el)) return null;  // a dialog, not a menu drawn beside a face
  const buttons = [...list.querySelectorAll("button, [role=button]")].filter(b => !b.matches(OPTION_ROLES) && shown(b) &&
    !DISMISS.test(folded(b.getAttribute("aria-label") || b.textContent)));
  return buttons.length === 1 ? buttons[0] : null;
}
const OPTION_ROLES = "[role=option], [role=radio], [role=checkbox], [role=menuitemradio], [role=menuitemcheckbox], [role=menuitem]";
// What the widget declares or holds: what it says while closed (standin.js manyWhileClosed, as the page model
// reads it), `aria-multiselectable` on its open list, or options that are checkboxes (each ticked on its own).
const declaresMany = (el) => {
  const open = openListOf(el);
  const ticks = !!open && [...open.querySelectorAll("[role=option]")].some(o => o.matches("input[type=checkbox]") ||
    !!o.querySelector("input[type=checkbox], [role=checkbox]"));
  return manyWhileClosed(el) || (!!open && open.getAttribute("aria-multiselectable") === "true") || ticks;
};
// Whether it says it takes one option: `aria-multiselectable="false"` on it, on its list or on its open list (a
// listbox that declares nothing takes one by ARIA's default, but an editable combobox that shows its choices as
// chips only after a pick often declares nothing: only the explicit value tells before a pick).
const saysOne = (el) => [el, listboxOf(el), openListOf(el)].some(x => !!x && x.getAttribute("aria-multiselectable") === "false");
// Whether the combobox shows that it takes several options (fields.js asks it for fill's kind of field).
const takesMany = (el) => declaresMany(el) || chipsOf(el).length > 0;

const CHIPS = {
  // Of the options `wanted`, which are chosen now, and the chips of those chosen that `wanted` leaves out.
  chosen(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const now = chosenLabelsOf(el), want = wanted.map(folded), chips = chipsOf(el);
    return {ok: true, chosen: wanted.filter((w, i) => now.includes(want[i])),
      unwanted: chips.filter(c => !want.includes(c.label)).map(c => c.label)};
  },
  // A combobox that says whether it takes several options only once open (fill.py opens it, then asks):
  // whether its list is open now, whether what it declares or holds says it takes several, or says it takes one.
  tellsMany(id) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const many = takesMany(el);
    return {ok: true, open: !!openListOf(el), many, one: !many && saysOne(el)};
  },
  // The remove control of the chip of `label`: the pending element for a click.
  chipRemover(id, label) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const chip = chipsOf(el).find(c => c.label === label);
    if (!chip) return {error: "VALIDATION_ERROR", message: `${roleFor(el)} "${nameFor(el)}" shows no way to remove a chosen option`};
    S.pending = chip.remover;
    return {ok: true};
  },
  // After a pick meant to add to the others: the option is chosen, or the widget takes one option only.
  // A widget may mark the pick a frame or a render later (a web component re-renders on its next frame): read
  // again for a bounded moment before refusing.
  async keptAll(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const end = performance.now() + KEPT_WAIT_MS;
    while (!wanted.every(w => chosenLabelsOf(el).includes(folded(w))) && performance.now() < end) {
      await new Promise(r => setTimeout(r, 16));
    }
    if (wanted.every(w => chosenLabelsOf(el).includes(folded(w)))) return {ok: true};
    return {error: "VALIDATION_ERROR", message: `${roleFor(el)} "${nameFor(el)}" did not keep every option picked: it takes one option`};
  },
  // A dropdown with no chips (a button opening a popover, a select drawn as a button) takes a chosen option out
  // when it is clicked again in its list. What its face shows beyond `wanted`: only the labels of the options of
  // its open list (a face may say a prompt, "Select...", or a count, "2 selected"); `closed` when its list is not
  // open to tell them apart.
  faceOthers(id, wanted) {
    const el = resolve(id);
    if (!el) return notFound(id);
    if (chipsOf(el).length) return {ok: true, closed: false, labels: []};  // chips are taken out by their own controls
    const list = popupOf(el) || listboxOf(el), want = wanted.map(folded);
    const others = faceChoiceOf(el, list).filter(f => !want.includes(f));
    if (!others.length || !list || !shown(list)) return {ok: true, closed: others.length > 0, labels: []};
    const options = Array.from(list.querySelectorAll(OPTION_ROLES), o => optionLabel(o).trim());
    return {ok: true, closed: false, labels: options.filter(o => others.includes(folded(o)))};
  },
  // The shown option of `label` in its list, the pending element for the click that takes it out (not
  // OPTIONS.select, which leaves a choice a select drawn as a button shows as it is); {open} when none shows.
  ticked(id, label) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const list = popupOf(el) || listboxOf(el), want = folded(label);
    const o = list ? [...list.querySelectorAll(OPTION_ROLES)].find(x => folded(optionLabel(x)) === want && clickableOption(x)) : null;
    if (!o) return {ok: true, open: true};
    S.pending = clickableOption(o);
    return {ok: true};
  },
  // After a chosen option was clicked again: the face no longer shows it (the list's highlight is no choice).
  dropped(id, label) {
    const el = resolve(id);
    if (!el) return notFound(id);
    if (!faceChoiceOf(el, listboxOf(el)).includes(folded(label))) return {ok: true};
    return {error: "VALIDATION_ERROR", message: `${roleFor(el)} "${nameFor(el)}" kept an option it was told to leave out`};
  },
  // After the picks: the combobox's list still open, the focus in the widget or nowhere (a person done picking
  // closes it with Escape, the key ARIA's combobox pattern gives for dismissing its popup; fill.py presses it).
  // A click on an option that takes no focus leaves none: the key then goes to the document, where a popup
  // listens for it; focus in another field would take the key itself.
  listOpen(id) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const list = openListOf(el), focused = activeElement();
    const inWidget = !focused || focused === el || widgetBoxOf(el).contains(focused) || (!!list && list.contains(focused));
    const open = !!list && shown(list) && inWidget, accept = open ? acceptOf(el, list) : null;
    if (accept) S.pending = accept;  // fill.py clicks it instead of pressing Escape
    // A menu drawn beside a face may not take Escape (it declares no popup to dismiss): its face toggles it.
    return {ok: true, open, accept: !!accept, toggles: open && !!faceCaption(el)};
  },
  // After the picks in a hidden select's stand-in: whether its widget left a layer over the face (the backdrop a
  // panel of options lays over the page, which takes no Escape: a person done picking presses on it, outside the
  // panel, to close it). A layer showing no text of its own, met at the face's centre: the pending element then.
  faceCovered(id) {
    const el = resolve(id);
    if (!el) return notFound(id);
    const face = el.localName === "select" ? standInFor(el) : null;
    const r = face ? face.getBoundingClientRect() : null;
    const hit = r ? hitAt(r.left + r.width / 2, r.top + r.height / 2) : null;
    if (!hit || composedContains(face, hit) || folded(hit.textContent)) return {ok: true, covered: false};
    S.pending = hit;
    return {ok: true, covered: true};
  },
};

export { CHIPS, takesMany };
