"""Whether a closed combobox takes several options, read once for the page model (`multiselectable`) and for fill
(inpage/standin.js `manyWhileClosed`): what it declares (`aria-multiselectable` on it or on its list) or holds (a
`<select multiple>` a person does not see, in the widget's box: the largest ancestor of a text field, up to 3
levels, that holds no other field). A select a person sees is a control of its own, not the widget's value store.
Before, the model looked for the held select only in the text field's parent, and fill took any select in the
box, seen or not: the two answered differently on both pages below."""

from __future__ import annotations

import pytest

from browserx.actions.fill import fill
from browserx.errors import BrowserxError

# The widget keeps its value in a hidden <select multiple> beside the wrapper of its text field (its chips and
# the field in a row of their own); its menu, made on open, declares nothing: only the held select tells.
# A pick toggles the option and keeps the menu open.
HELD_BESIDE_ROW = """<!doctype html>
<label for=traveller>Traveller</label> <input id=traveller>
<div id=field>
  <label id=extras-label for=extras>Extras</label>
  <select multiple hidden><option>Breakfast</option><option>Parking</option><option>Late checkout</option></select>
  <div class=row><span id=chips></span>
    <input id=extras role=combobox aria-labelledby=extras-label aria-expanded=false aria-controls=menu readonly
      style="width:200px"></div>
</div>
<p>Below</p>
<script>
const select = document.querySelector('select'), input = document.getElementById('extras');
function close() { const m = document.getElementById('menu'); if (m) m.remove(); input.setAttribute('aria-expanded', 'false'); }
function open() {
  const menu = document.createElement('div'); menu.id = 'menu'; menu.setAttribute('role', 'listbox');
  const r = input.getBoundingClientRect();
  menu.style.cssText = `position:absolute;left:${r.left}px;top:${r.bottom + scrollY}px;background:#fff;border:1px solid`;
  for (const o of select.options) {
    const item = document.createElement('div');
    item.setAttribute('role', 'option'); item.setAttribute('aria-selected', String(o.selected)); item.textContent = o.text;
    item.addEventListener('click', () => {
      o.selected = !o.selected; item.setAttribute('aria-selected', String(o.selected));
      document.getElementById('chips').textContent = Array.from(select.selectedOptions, x => x.text).join(', ');
    });
    menu.append(item);
  }
  document.body.append(menu); input.setAttribute('aria-expanded', 'true');
}
input.addEventListener('click', () => (document.getElementById('menu') ? null : open()));
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
</script>"""

# A dropdown (a combobox that is a container, its own box) that takes one room, holding a native <select
# multiple> a person sees and operates on its own (the room's amenities): that select is no value store of the
# dropdown's. Its list shows while open and declares nothing; a pick replaces the room and closes the list.
SEEN_SELECT_INSIDE = """<!doctype html>
<div id=room role=combobox tabindex=0 aria-haspopup=listbox aria-expanded=false aria-controls=rooms
  aria-label=Room style="border:1px solid;width:260px;padding:4px;display:flex;gap:4px">
  <span id=face style="width:170px">Pick a room</span>
  <select multiple aria-label=Amenities size=2><option>Balcony</option><option>Sea view</option></select>
</div>
<div id=rooms role=listbox hidden><div role=option>Single</div><div role=option>Suite</div></div>
<p>Below</p>
<script>
window.picks = [];
const room = document.getElementById('room'), rooms = document.getElementById('rooms');
function show(on) { rooms.hidden = !on; room.setAttribute('aria-expanded', String(on)); }
room.addEventListener('click', (e) => { if (!e.target.closest('select')) show(rooms.hidden); });
for (const o of rooms.children) o.addEventListener('click', () => {
  window.picks.push(o.textContent); document.getElementById('face').textContent = o.textContent; show(false);
});
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') show(false); });
</script>"""


async def combobox_states(call, load, tab, page: str, path: str) -> dict[str, dict]:
    await load(tab, page, path)
    result = await call("browser_dom", action="snapshot", format="json")
    assert result.success, result.error
    return {c["name"]: c["states"] for c in result.data["controls"] if c["role"] == "combobox"}


async def test_a_hidden_multiple_select_beside_the_fields_row_makes_it_multiselectable_and_takes_a_list(
    tab, load, eid, js, call
):
    states = await combobox_states(call, load, tab, HELD_BESIDE_ROW, "/held/beside-row")
    assert states["Extras"].get("multiselectable") is True, states
    extras = await eid(tab, "#extras")
    result = await fill(tab, [{"element_id": extras, "value": ["Breakfast", "Parking"]}])
    assert result["fields"] == [{"element_id": extras, "done": "selected"}]
    assert await js(tab, "Array.from(document.querySelector('select').selectedOptions, o => o.text)") == [
        "Breakfast",
        "Parking",
    ]


async def test_a_seen_multiple_select_inside_a_dropdown_is_no_value_store_of_it(tab, load, eid, js, call):
    states = await combobox_states(call, load, tab, SEEN_SELECT_INSIDE, "/held/seen-inside")
    assert "multiselectable" not in states["Room"], states
    room = await eid(tab, "#room")
    with pytest.raises(BrowserxError) as caught:
        await fill(tab, [{"element_id": room, "value": ["Single", "Suite"]}])
    assert caught.value.code == "VALIDATION_ERROR"
    assert await js(tab, "window.picks") == []  # refused before any pick
    assert await js(tab, "document.getElementById('rooms').hidden") is True  # its list closed again
