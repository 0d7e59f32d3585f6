"""Typing into a field that does not have the focus gets there as a person does: by pressing it (issue 31,
kind 2).

A date field's picker opens below it when the field takes the focus and closes only on a press outside it
(a `mousedown` listener on the document, as date-range pickers do); it lies over the Save button. A person
who typed the date then presses the next field, Days: the press closes the picker, Save shows. A script
`focus()` of Days moves the focus without that press: the picker stays open over Save. So `type` and `fill`
press a field that does not hold the focus at the point a click would use (the real mouse events); only a
field whose point the pointer cannot reach (a layer lies over it, even one that paints nothing) is focused
by script instead, as a keyboard would reach it.
"""

from __future__ import annotations

import pytest

PICKER = """<!doctype html><title>Rental</title>
<style>
body { font: 14px sans-serif; margin: 16px; }
.row { margin: 12px 0; } input { width: 600px; padding: 6px; }
#picker { position: absolute; left: 16px; width: 240px; height: 220px; background: #fff; border: 1px solid #999;
          box-shadow: 0 4px 12px rgba(0,0,0,.3); display: none; z-index: 10; }
#picker.open { display: block; }
#glass { position: absolute; left: 0; width: 700px; height: 60px; z-index: 20; }
</style>
<form onsubmit="event.preventDefault(); window.saved = [start.value, days.value].join(' ');">
  <div class=row><label>Start <input id=start name=start autocomplete=off></label></div>
  <div id=picker role=dialog aria-label="Choose a date"><p id=month>Calendar</p></div>
  <div class=row><label>Days <input id=days name=days type=number value=1></label></div>
  <div class=row><label>Note <input id=note name=note></label></div>
  <button id=save>Save</button>
</form>
<script>
const start = document.getElementById('start'), picker = document.getElementById('picker');
const days = document.getElementById('days');
window.presses = [];
document.addEventListener('mousedown', (e) => { window.presses.push(e.target.id); }, true);
start.addEventListener('focus', () => {
  const r = start.getBoundingClientRect();
  picker.style.top = (r.bottom + scrollY + 2) + 'px';
  picker.classList.add('open');
});
start.addEventListener('keyup', () => {  // the picker parses what is typed
  const iso = /^\\d{4}-\\d{2}-\\d{2}$/.test(start.value);
  document.getElementById('month').textContent = iso ? 'Month ' + start.value.slice(5, 7) : 'Calendar';
});
document.addEventListener('mousedown', (e) => {  // closes only on a press outside it and its field
  if (!picker.contains(e.target) && e.target !== start) picker.classList.remove('open');
});
if (new URLSearchParams(location.search).get('glass')) {  // a layer over the Note field that paints nothing
  const glass = document.createElement('div');
  glass.id = 'glass';
  document.body.append(glass);
  const r = document.getElementById('note').getBoundingClientRect();
  glass.style.top = (r.top + scrollY - 15) + 'px';
}
</script>"""


async def _model(call) -> dict:
    result = await call("browser_dom", action="snapshot", format="json")
    assert result.success, result.error
    return result.data


def _id(model: dict, role: str, name: str) -> str:
    return next(c["id"] for c in model["controls"] if c["role"] == role and c["name"].startswith(name))


async def _typed_date(tab, load, call) -> dict:
    await load(tab, PICKER)
    model = await _model(call)
    typed = await call("browser_dom", action="type", element_id=_id(model, "textbox", "Start"), text="2026-05-20")
    assert typed.success, typed.error
    return await _model(call)


@pytest.mark.parametrize("how", ["fill", "type"])
async def test_typing_into_the_next_field_presses_it_and_the_picker_that_closes_on_a_press_outside_closes(
    tab, load, call, js, how
):
    model = await _typed_date(tab, load, call)
    assert await js(tab, "picker.classList.contains('open')")  # open over Save after the date
    days = _id(model, "spinbutton", "Days")
    if how == "fill":
        done = await call("browser_dom", action="fill", fields=[{"element_id": days, "value": "4"}])
    else:
        done = await call("browser_dom", action="type", element_id=days, text="4")
    assert done.success, done.error
    assert await js(tab, "window.presses") == ["start", "days"]  # the person's press on each field
    assert not await js(tab, "picker.classList.contains('open')")
    after = await _model(call)
    save = _id(after, "button", "Save")
    clicked = await call("browser_dom", action="click", element_id=save)
    assert clicked.success, clicked.error
    assert await js(tab, "window.saved") == "2026-05-20 4"


async def test_a_field_that_already_has_the_focus_is_not_pressed_again(tab, load, call, js):
    model = await _typed_date(tab, load, call)
    again = await call("browser_dom", action="type", element_id=_id(model, "textbox", "Start"), text="2026-05-21")
    assert again.success, again.error
    assert await js(tab, "window.presses") == ["start"]
    assert await js(tab, "start.value") == "2026-05-21"


async def test_a_field_under_glass_is_focused_by_script_and_typed_into(tab, load, call, js, server):
    url = server.route("/rental", PICKER)
    async with tab.session.wait_for("Page.loadEventFired"):
        await tab.session.send("Page.navigate", {"url": url + "?glass=1"})
    model = await _model(call)
    note = next(c["id"] for c in model["controls"] if c["role"] == "textbox" and c["name"].startswith("Note"))
    typed = await call("browser_dom", action="type", element_id=note, text="by the lake")
    assert typed.success, typed.error
    assert await js(tab, "document.getElementById('note').value") == "by the lake"
    assert await js(tab, "window.presses") == []  # its point is the layer's: a press would land there, not on Note
