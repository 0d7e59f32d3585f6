"""A popup a field opened, left open over the controls below it (issue 31 kinds 2 and 8).

The page is the shape of a form with a date picker and a drawn select: typing into "Start" opens a
calendar below it, which closes on Tab or Enter in the field and on a press anywhere outside it (a
listener on the document), not on Escape; the "Colour" box stops the propagation of its own presses,
as drawn selects do. A person who presses that box after typing the date leaves the calendar open over
"Save" (the document never hears the press), and has to close it before saving. browserx must leave it
open too (never closing what a person would see open), and must say what covers "Save", so the agent
can close it as a person would.
"""

from __future__ import annotations

from test_drawn_selects import PLUGIN, STYLE

# The calendar a field opens: below it, closed by Tab or Enter in the field and by a press anywhere outside it
# (a document listener), not by Escape.
PICKER = """<div id=picker hidden style="position:absolute;left:10px;width:260px;background:#fff;
     border:1px solid #888;z-index:10;padding:4px;min-height:120px"></div>
<script>
  const start = document.getElementById('start'), picker = document.getElementById('picker');
  for (let day = 1; day <= 21; day++) {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = day; b.style.width = '34px';
    b.onclick = () => { start.value = '2026-06-' + String(day).padStart(2, '0'); hide(); };
    picker.append(b);
  }
  window.open_ = false;
  function show() { picker.style.top = start.getBoundingClientRect().bottom + scrollY + 'px'; picker.hidden = false; window.open_ = true; document.addEventListener('mousedown', outside); }
  function hide() { picker.hidden = true; window.open_ = false; document.removeEventListener('mousedown', outside); }
  function outside(e) { if (!picker.contains(e.target) && e.target !== start) hide(); }
  start.addEventListener('focus', show);
  start.addEventListener('click', show);
  start.addEventListener('keydown', (e) => { if (e.key === 'Tab' || e.key === 'Enter') hide(); });
</script>"""
PAGE = (
    """<!doctype html><body style="margin:0;font:16px sans-serif">
<form id=form style="padding:10px" onsubmit="event.preventDefault(); window.saved = true">
  <div style="height:40px"><button type=button id=colour
       onmousedown="event.stopPropagation()" onclick="window.colour = 'red'">Colour</button></div>
  <div style="height:40px"><label>Start <input id=start autocomplete=off></label></div>
  <div style="height:40px"><button id=save>Save</button></div>
  <div style="height:40px"><button type=button id=cancel>Cancel</button></div>
</form>
"""
    + PICKER
)
# The same form with a drawn select in place of the box: a hidden native <select> and its stand-in
# (test_drawn_selects.py's plugin), whose presses stop at the stand-in, as select2's do; its list opens
# above the calendar, as select2's does.
STAND_IN = (
    f"""<!doctype html><title>Rental</title>{STYLE}<style>.drop {{ z-index: 20 }}</style><body style="margin:0">
<form id=form style="padding:10px" onsubmit="event.preventDefault(); window.saved = true">
  <label for=fruit>Fruit</label><br>
  <select id=fruit style="display: none"><option value="">Pick a fruit</option>
    <option value=apple>Apple</option><option value=pear>Pear</option></select><br>
  <div style="height:40px"><label>Start <input id=start autocomplete=off></label></div>
  <div style="height:40px"><button id=save>Save</button></div>
  <div style="height:40px"><button type=button id=cancel>Cancel</button></div>
</form>{PLUGIN}
<script>for (const box of document.querySelectorAll('.picker')) box.addEventListener('mousedown', e => e.stopPropagation());
</script>"""
    + PICKER
)


def _named(model: dict, name: str) -> list[dict]:
    return [c for c in model["controls"] if c["name"] == name]


async def _left_open(tab, load, call, js, eid) -> tuple[dict, str]:
    """The date typed, then the drawn box pressed: the look after it, and the id Save had before."""
    await load(tab, PAGE)
    save = await eid(tab, "#save")
    typed = await call("browser_dom", action="type", element_id=await eid(tab, "#start"), text="2026-06-01")
    assert typed.success, typed.error
    pressed = await call("browser_dom", action="click", element_id=await eid(tab, "#colour"))
    assert pressed.success, pressed.error
    look = await call("browser_dom", action="snapshot", format="json")
    assert look.success, look.error
    return look.data, save


async def test_a_press_the_drawn_box_stops_leaves_the_popup_open_as_a_persons_does(tab, load, call, js, eid):
    look, _ = await _left_open(tab, load, call, js, eid)
    assert await js(tab, "window.colour") == "red"
    assert await js(tab, "window.open_") is True  # the document never heard the press: nothing closed it
    assert not _named(look, "Save")
    assert look["omitted"]["blocked"] == 2  # Save and Cancel, under the calendar


async def test_a_pick_through_a_stand_in_that_stops_its_presses_leaves_the_popup_open(tab, load, call, js, eid):
    await load(tab, STAND_IN)
    typed = await call("browser_dom", action="type", element_id=await eid(tab, "#start"), text="2026-06-01")
    assert typed.success, typed.error
    look = await call("browser_dom", action="snapshot", format="json")
    (fruit,) = [c for c in look.data["controls"] if c["role"] == "combobox"]
    picked = await call("browser_dom", action="select", element_id=fruit["id"], option="Pear")
    assert picked.success, picked.error
    assert await js(tab, "document.getElementById('fruit').value") == "pear"
    assert await js(tab, "window.open_") is True  # pressed as a person's pointer presses: the document never heard it
    look = await call("browser_dom", action="snapshot", format="json")
    (cover,) = look.data["omitted"]["covers"]
    assert cover["over"] == ['button "Save"', 'button "Cancel"'] and cover["listed"] == 21


async def test_the_look_names_the_layer_that_covers_what_it_left_out(tab, load, call, js, eid):
    look, _ = await _left_open(tab, load, call, js, eid)
    days = [c["id"] for c in look["controls"] if c["name"].isdigit()]
    assert len(days) == 21
    (cover,) = look["omitted"]["covers"]
    assert (cover["first"], cover["last"], cover["listed"]) == (days[0], days[-1], 21)
    assert cover["over"] == ['button "Save"', 'button "Cancel"']
    text = await call("browser_dom", action="snapshot")
    cut = next(line for line in text.data.splitlines() if line.startswith("(left out:"))
    assert 'button "Save"' in cut and f"{days[0]}…{days[-1]}" in cut, cut


async def test_a_click_on_a_control_under_the_popup_names_the_layer_over_it(tab, load, call, js, eid):
    look, save = await _left_open(tab, load, call, js, eid)
    days = [c["id"] for c in look["controls"] if c["name"].isdigit()]
    result = await call("browser_dom", action="click", element_id=save)
    assert result.code == "ELEMENT_COVERED"
    layer = result.error["details"]["layer"]
    assert (layer["first"], layer["last"]) == (days[0], days[-1])
    assert await js(tab, "window.open_") is True and not await js(tab, "window.saved")


async def test_tab_out_of_the_field_closes_its_popup_and_save_is_listed_again(tab, load, call, js, eid):
    await _left_open(tab, load, call, js, eid)
    closed = await call("browser_dom", action="keypress", key="Tab", element_id=await eid(tab, "#start"))
    assert closed.success, closed.error
    look = await call("browser_dom", action="snapshot", format="json")
    assert "covers" not in look.data["omitted"]
    (save,) = _named(look.data, "Save")
    saved = await call("browser_dom", action="click", element_id=save["id"])
    assert saved.success, saved.error
    assert await js(tab, "window.saved") is True
