"""fill of a drawn combobox with a list, when it says it takes several options only once it is open (ARIA 1.2:
its popup listbox may declare `aria-multiselectable`; HTML: a hidden `<select multiple>` it holds is its value
store). Closed, it declares nothing: fill opens it as a person does, decides from the open listbox, picks each
option and checks what the field holds after. One that turns out single refuses the list (VALIDATION_ERROR)
with nothing picked and its popup closed again."""

from __future__ import annotations

import pytest

from browserx.actions.fill import fill
from browserx.errors import BrowserxError

# A dropdown whose listbox is rendered at the end of the body only while open; the multiple one's options are
# visually hidden checkbox inputs with role=option, each clicked through its <label for>. The single one's
# options are plain role=option items, and a pick closes its list.
DROPDOWNS = """<!doctype html>
<span id=extras-label>Extras</span>
<div id=extras role=combobox tabindex=0 aria-haspopup=listbox aria-expanded=false aria-labelledby=extras-label
  data-many=1 style="border:1px solid;width:220px;height:24px"></div>
<span id=room-label>Room</span>
<div id=room role=combobox tabindex=0 aria-haspopup=listbox aria-expanded=false aria-labelledby=room-label
  style="border:1px solid;width:220px;height:24px"></div>
<p>Below</p>
<script>
const OPTIONS = ['Breakfast', 'Parking', 'Late checkout'];
window.chosen = {extras: [], room: []};
function close(box) {
  const list = document.getElementById(box.id + '-list');
  if (list) list.remove();
  box.removeAttribute('aria-owns'); box.setAttribute('aria-expanded', 'false');
}
function face(box) { box.textContent = window.chosen[box.id].join(', '); }
function open(box) {
  const many = !!box.dataset.many, list = document.createElement('div');
  list.id = box.id + '-list'; list.setAttribute('role', 'listbox');
  if (many) list.setAttribute('aria-multiselectable', 'true');
  const r = box.getBoundingClientRect();
  list.style.cssText = `position:absolute;left:${r.left}px;top:${r.bottom + scrollY}px;background:#fff;border:1px solid`;
  OPTIONS.forEach((label, i) => {
    const on = window.chosen[box.id].includes(label);
    if (many) {
      const item = document.createElement('div');
      item.innerHTML = `<input type=checkbox role=option id=${box.id}-o${i} style="position:absolute;opacity:0;margin:0">` +
        `<label for=${box.id}-o${i} style="padding-left:20px">${label}</label>`;
      const input = item.firstChild;
      input.checked = on; input.setAttribute('aria-selected', String(on));
      input.addEventListener('change', () => {
        const now = window.chosen[box.id];
        window.chosen[box.id] = input.checked ? [...now, label] : now.filter(x => x !== label);
        input.setAttribute('aria-selected', String(input.checked));
        face(box);
      });
      list.append(item);
    } else {
      const item = document.createElement('div');
      item.setAttribute('role', 'option'); item.setAttribute('aria-selected', String(on)); item.textContent = label;
      item.addEventListener('click', () => { window.chosen[box.id] = [label]; face(box); close(box); });
      list.append(item);
    }
  });
  document.body.append(list);
  box.setAttribute('aria-owns', list.id); box.setAttribute('aria-expanded', 'true');
}
for (const box of document.querySelectorAll('[role=combobox]')) {
  box.addEventListener('click', () => (document.getElementById(box.id + '-list') ? close(box) : open(box)));
  box.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(box); });
}
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') document.querySelectorAll('[role=combobox]').forEach(close);
});
document.addEventListener('mousedown', (e) => {
  for (const box of document.querySelectorAll('[role=combobox]')) {
    const list = document.getElementById(box.id + '-list');
    if (list && !list.contains(e.target) && !box.contains(e.target)) close(box);
  }
});
</script>"""

# A field drawn around a hidden <select multiple> (its value store: options with values and no text) and an
# input of role combobox; its menu, holding a listbox that declares aria-multiselectable, is made on open at
# the end of the body; a pick toggles the option and keeps the menu open; each choice shows as a chip of text.
HELD_SELECT = """<!doctype html>
<div id=field role=combobox aria-haspopup=listbox aria-expanded=false aria-controls=menu-1 aria-owns=menu-1
  style="border:1px solid;width:260px;min-height:28px">
  <label id=extras-label for=extras-input>Extras</label>
  <div><select multiple hidden><option value=Breakfast></option><option value=Parking></option>
    <option value="Late checkout"></option></select>
  <span id=chips></span>
  <input id=extras-input role=combobox aria-labelledby=extras-label aria-expanded=false aria-controls=menu-1
    inputmode=none size=1 readonly></div>
</div>
<p>Below</p>
<script>
const field = document.getElementById('field'), select = field.querySelector('select');
const chips = document.getElementById('chips');
function close() { const m = document.getElementById('menu-1'); if (m) m.remove(); field.setAttribute('aria-expanded', 'false'); }
function draw() {
  chips.innerHTML = Array.from(select.selectedOptions, o => `<span class=chip>${o.value}</span> `).join('');
}
function open() {
  const menu = document.createElement('div'); menu.id = 'menu-1';
  const r = field.getBoundingClientRect();
  menu.style.cssText = `position:absolute;left:${r.left}px;top:${r.bottom + scrollY}px;background:#fff;border:1px solid`;
  const list = document.createElement('div');
  list.setAttribute('role', 'listbox'); list.setAttribute('aria-multiselectable', 'true');
  for (const o of select.options) {
    const item = document.createElement('div');
    item.setAttribute('role', 'option'); item.setAttribute('aria-selected', String(o.selected));
    item.innerHTML = `<input type=checkbox tabindex=-1 aria-hidden=true><span>${o.value}</span>`;
    item.firstChild.checked = o.selected;
    item.addEventListener('click', (e) => {
      e.preventDefault();
      o.selected = !o.selected;
      item.setAttribute('aria-selected', String(o.selected)); item.firstChild.checked = o.selected;
      draw();
    });
    list.append(item);
  }
  menu.append(list); document.body.append(menu); field.setAttribute('aria-expanded', 'true');
}
field.addEventListener('click', () => (document.getElementById('menu-1') ? null : open()));
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
document.addEventListener('mousedown', (e) => {
  const m = document.getElementById('menu-1');
  if (m && !m.contains(e.target) && !field.contains(e.target)) close();
});
</script>"""


async def refused(tab, element_id: str, options: list[str]) -> str:
    """The code of fill's refusal of `options` for `element_id` (it must refuse)."""
    with pytest.raises(BrowserxError) as caught:
        await fill(tab, [{"element_id": element_id, "value": options}])
    return caught.value.code


async def test_a_combobox_whose_multiselectable_listbox_shows_only_once_open_takes_a_list(tab, load, eid, js):
    await load(tab, DROPDOWNS, "/fill/multi-open")
    extras = await eid(tab, "#extras")
    result = await fill(tab, [{"element_id": extras, "value": ["Breakfast", "Parking"]}])
    assert result["fields"] == [{"element_id": extras, "done": "selected"}]
    assert await js(tab, "window.chosen.extras") == ["Breakfast", "Parking"]
    assert await js(tab, "!!document.querySelector('[role=listbox]')") is False  # closed after the picks


async def test_a_combobox_that_turns_out_single_once_open_refuses_a_list_and_closes_again(tab, load, eid, js):
    await load(tab, DROPDOWNS, "/fill/single-open")
    room = await eid(tab, "#room")
    assert await refused(tab, room, ["Breakfast", "Parking"]) == "VALIDATION_ERROR"
    assert await js(tab, "window.chosen.room") == []  # nothing picked
    assert await js(tab, "!!document.querySelector('[role=listbox]')") is False  # its popup closed again


async def test_a_combobox_holding_a_hidden_multiple_select_without_option_text_takes_a_list(tab, load, eid, js):
    await load(tab, HELD_SELECT, "/fill/held-select")
    extras = await eid(tab, "#extras-input")
    result = await fill(tab, [{"element_id": extras, "value": ["Breakfast", "Parking"]}])
    assert result["fields"] == [{"element_id": extras, "done": "selected"}]
    selected = "Array.from(document.querySelector('select').selectedOptions, o => o.value)"
    assert await js(tab, selected) == ["Breakfast", "Parking"]
    assert await js(tab, "!!document.getElementById('menu-1')") is False


async def test_the_field_around_a_hidden_multiple_select_takes_a_list_too(tab, load, eid, js):
    await load(tab, HELD_SELECT, "/fill/held-select-field")
    field = await eid(tab, "#field")
    await fill(tab, [{"element_id": field, "value": ["Parking", "Late checkout"]}])
    selected = "Array.from(document.querySelector('select').selectedOptions, o => o.value)"
    assert await js(tab, selected) == ["Parking", "Late checkout"]
    assert await js(tab, "!!document.getElementById('menu-1')") is False


async def test_a_closed_combobox_holding_a_hidden_multiple_select_is_multiselectable_in_the_model(tab, load, call):
    async def combobox_states(page: str, path: str) -> list[dict]:
        await load(tab, page, path)
        result = await call("browser_dom", action="snapshot", format="json")
        assert result.success, result.error
        return [c["states"] for c in result.data["controls"] if c["role"] == "combobox"]

    held = await combobox_states(HELD_SELECT, "/fill/held-select-model")
    assert len(held) == 2 and all(s.get("multiselectable") is True for s in held), held  # the field and its input
    closed = await combobox_states(DROPDOWNS, "/fill/closed-model")
    assert closed and not any("multiselectable" in s for s in closed), closed  # nothing declared until open


# A combobox whose listbox is in the page while closed (hidden) and declares nothing: a single select, said so.
LISTED = """<!doctype html><span id=l>Room</span>
<div id=room role=combobox tabindex=0 aria-haspopup=listbox aria-expanded=false aria-controls=rooms aria-labelledby=l
  style="border:1px solid;width:200px;height:24px"></div>
<div id=rooms role=listbox hidden><div role=option>Single</div><div role=option>Suite</div></div>
<script>
window.opened = false;
room.addEventListener('click', () => { window.opened = true; rooms.hidden = !rooms.hidden; });
</script>"""


async def test_a_combobox_whose_listbox_is_there_and_declares_one_refuses_a_list_unopened(tab, load, eid, js):
    await load(tab, LISTED, "/fill/listed-single")
    room = await eid(tab, "#room")
    assert await refused(tab, room, ["Single", "Suite"]) == "VALIDATION_ERROR"
    assert await js(tab, "window.opened") is False


# An editable combobox (ARIA 1.2: an input with a popup of suggestions) that takes one city: its listbox, made on
# a click, says so (`aria-multiselectable="false"`) and takes a pick into the field and goes. (One that declares
# nothing may be a tag input that shows it takes several only by a pick's chip: tests/widgets/
# test_widgets_drawn_selects.py UNDECLARED, refused after its first pick.)
EDITABLE_SINGLE = """<!doctype html><label for=city>City</label>
<input id=city role=combobox aria-expanded=false aria-autocomplete=list autocomplete=off>
<p>Below</p>
<script>
window.picks = [];
const city = document.getElementById('city');
function close() { const l = document.getElementById('cities'); if (l) l.remove(); city.setAttribute('aria-expanded', 'false'); }
city.addEventListener('click', () => {
  if (document.getElementById('cities')) return;
  const list = document.createElement('div'); list.id = 'cities'; list.setAttribute('role', 'listbox');
  list.setAttribute('aria-multiselectable', 'false');
  for (const name of ['Bern', 'Basel']) {
    const o = document.createElement('div'); o.setAttribute('role', 'option'); o.textContent = name;
    o.addEventListener('click', () => { window.picks.push(name); city.value = name; close(); });
    list.append(o);
  }
  city.after(list); city.setAttribute('aria-controls', 'cities'); city.setAttribute('aria-expanded', 'true');
});
city.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""


async def test_an_editable_combobox_that_turns_out_single_refuses_a_list_before_any_pick(tab, load, eid, js):
    await load(tab, EDITABLE_SINGLE, "/fill/editable-single")
    city = await eid(tab, "#city")
    assert await refused(tab, city, ["Bern", "Basel"]) == "VALIDATION_ERROR"
    assert await js(tab, "window.picks") == []  # nothing picked
    assert await js(tab, "!!document.getElementById('cities')") is False  # its popup closed again
