"""Keys go where they are sent (issue 31, kind 2).

Before and after typing, the target must hold the focus and take the keys. A datepicker that takes
the focus back once it loses it gets a click on the target, as a person would, and one more try;
if it keeps the focus, the answer is FOCUS_ELSEWHERE naming it, and no key reaches it. A key sent
to a widget that is not focusable itself goes to its focusable part.
"""

from __future__ import annotations

import json

# A datepicker that keeps the focus: after Enter, while `steals` lasts, losing the focus makes it
# take the focus back once the code that moved it has run.
PICKER = """<!doctype html>
<label>Date <input id=date></label>
<label>Name <input id=name></label>
<label>Secret <input id=pw type=password></label>
<script>
window.steals = 1;
let guard = 0;
const date = document.getElementById('date');
date.addEventListener('keydown', e => { if (e.key === 'Enter') guard = window.steals; });
date.addEventListener('focusout', () => {
  if (guard > 0) { guard--; Promise.resolve().then(() => date.focus()); }
});
window.values = () => ['date', 'name', 'pw'].map(id => document.getElementById(id).value);
</script>"""

# A picker that never lets go: its focusout takes the focus back at once.
CLINGING = """<!doctype html>
<label>Date <input id=date></label>
<label>Name <input id=name></label>
<script>
const date = document.getElementById('date');
date.addEventListener('focusout', () => date.focus());
window.values = () => ['date', 'name'].map(id => document.getElementById(id).value);
</script>"""

# A slider whose root is not focusable; its thumb is, and takes the arrow keys.
SLIDER = """<!doctype html>
<div id=volume role=slider aria-label=Volume aria-valuemin=0 aria-valuemax=10 aria-valuenow=5
     style="position:relative; width:200px; height:20px; background:#ddd">
  <span id=thumb tabindex=0 style="position:absolute; left:100px; width:20px; height:20px; background:#333"></span>
</div>
<script>
const slider = document.getElementById('volume'), thumb = document.getElementById('thumb');
thumb.addEventListener('keydown', e => {
  const now = +slider.getAttribute('aria-valuenow');
  const step = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
  if (step) { e.preventDefault(); slider.setAttribute('aria-valuenow', String(now + step)); }
});
</script>"""


async def _type(call, element_id, text):
    return await call("browser_dom", action="type", element_id=element_id, text=text)


async def test_text_lands_in_the_next_field_after_a_picker_took_the_focus_back(tab, load, call, eid, js):
    await load(tab, PICKER)
    date, name = await eid(tab, "#date"), await eid(tab, "#name")
    assert (await _type(call, date, "05/20/2026\n")).success
    result = await _type(call, name, "Ann")
    assert result.success, result.error
    assert await js(tab, "values()") == ["05/20/2026", "Ann", ""]


async def test_a_picker_that_keeps_the_focus_gets_no_keys_and_is_named(tab, load, call, eid, js):
    await load(tab, PICKER)
    await js(tab, "window.steals = 99")
    date, pw = await eid(tab, "#date"), await eid(tab, "#pw")
    assert (await _type(call, date, "05/20/2026\n")).success
    result = await _type(call, pw, "hunter2-secret")
    assert result.code == "FOCUS_ELSEWHERE", result
    assert result.error["hint"]
    assert result.error["details"]["focus"]["name"] == "Date"
    assert await js(tab, "values()") == ["05/20/2026", "", ""]
    assert "hunter2" not in json.dumps(result.to_dict())


async def test_a_field_that_cannot_get_the_focus_is_refused_naming_the_holder(tab, load, call, eid, js):
    await load(tab, CLINGING)
    date, name = await eid(tab, "#date"), await eid(tab, "#name")
    await js(tab, "document.getElementById('date').focus()")
    result = await _type(call, name, "Ann")
    assert result.code == "FOCUS_ELSEWHERE", result
    assert result.error["details"]["focus"]["name"] == "Date"
    assert await js(tab, "values()") == ["", ""]
    result = await call("browser_dom", action="fill", fields=[{"element_id": name, "value": "Ann"}])
    assert result.code == "FOCUS_ELSEWHERE", result
    assert await js(tab, "values()") == ["", ""]
    assert date


async def test_a_key_sent_to_a_slider_goes_to_its_focusable_thumb(tab, load, call, eid, js):
    await load(tab, SLIDER)
    volume = await eid(tab, "#volume")
    for _ in range(2):
        result = await call("browser_dom", action="keypress", element_id=volume, key="ArrowRight")
        assert result.success, result.error
    assert await js(tab, "document.getElementById('volume').getAttribute('aria-valuenow')") == "7"
    assert await js(tab, "document.activeElement.id") == "thumb"


async def test_a_key_for_a_field_a_picker_holds_the_focus_from_is_refused(tab, load, call, eid, js):
    await load(tab, CLINGING)
    name = await eid(tab, "#name")
    await js(tab, "document.getElementById('date').focus()")
    result = await call("browser_dom", action="keypress", element_id=name, key="x")
    assert result.code == "FOCUS_ELSEWHERE", result
    assert await js(tab, "values()") == ["", ""]


async def test_appending_after_a_picker_took_the_focus_types_only_what_did_not_land(tab, load, call, eid, js):
    await load(tab, PICKER)
    date, name = await eid(tab, "#date"), await eid(tab, "#name")
    await js(tab, "document.getElementById('name').value = 'Ann'")
    assert (await _type(call, date, "05/20/2026\n")).success
    result = await call("browser_dom", action="type", element_id=name, text=" Lee", clear=False)
    assert result.success, result.error
    assert await js(tab, "values()") == ["05/20/2026", "Ann Lee", ""]


async def test_a_field_that_lets_go_of_the_focus_on_a_key_sends_the_rest_to_no_field(tab, load, call, eid, js):
    page = """<!doctype html><label>Pin <input id=pin></label><label>Next <input id=next></label>
    <script>const pin = document.getElementById('pin');
    pin.addEventListener('input', () => { if (pin.value.length === 3) pin.blur(); });</script>"""
    await load(tab, page)
    result = await _type(call, await eid(tab, "#pin"), "123456")
    assert result.success, result.error
    assert await js(tab, "[pin.value, document.getElementById('next').value]") == ["123", ""]


async def test_a_combobox_that_moves_the_focus_into_its_popup_is_typed_into_there(tab, load, call, eid, js):
    page = """<!doctype html><label>Country <input id=country role=combobox aria-controls=pop aria-expanded=false></label>
    <div id=pop hidden><input id=search aria-label=Search><ul role=listbox><li role=option>Norway</li></ul></div>
    <script>const country = document.getElementById('country'), pop = document.getElementById('pop');
    country.addEventListener('focus', () => { pop.hidden = false; document.getElementById('search').focus(); });</script>"""
    await load(tab, page)
    result = await _type(call, await eid(tab, "#country"), "nor")
    assert result.success, result.error
    assert await js(tab, "[country.value, document.getElementById('search').value]") == ["", "nor"]
    assert "value_as_typed" not in result.data
