"""Real plugins without ARIA over a hidden native field (issue 31, kind 4), on jQuery 3.7.1 (MIT).

chosen 1.8.7 (MIT), a stand-in over a hidden native <select>:

chosen hides the select (display: none) and draws a link showing the current option (or, for a
multiple select, a list of chosen items with a text input) and a list of options that opens under it
on a press. ion.rangeSlider 2.5.0 (MIT), a slider whose value lives in a hidden read-only input (a 0-px box, out of the
tab order) and whose drawn line, a tab stop, takes the arrow keys. Operated through the tools only; the
native field is read back in the page.
Installed by scripts/setup.sh into tests/widgets/npm (`npm ci`); without npm the module skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NPM = Path(__file__).parent / "npm" / "node_modules"
LIBS = {
    "/lib/jquery.js": "jquery/dist/jquery.min.js",
    "/lib/chosen.js": "chosen-js/chosen.jquery.min.js",
    "/lib/chosen.css": "chosen-js/chosen.min.css",
    "/lib/ion.js": "ion-rangeslider/js/ion.rangeSlider.min.js",
    "/lib/ion.css": "ion-rangeslider/css/ion.rangeSlider.min.css",
}
pytestmark = pytest.mark.skipif(
    not all((NPM / p).is_file() for p in LIBS.values()),
    reason="widget libraries not installed (npm ci --prefix tests/widgets/npm)",
)
CITIES = ["Bergen", "Lisbon", "Madrid", "Oslo", "Porto", "Rome", "Seville", "Tromsø", "Turin", "Valencia", "Vienna"]
CHOSEN = f"""<!doctype html><title>Trip</title>
<link rel=stylesheet href=/lib/chosen.css><script src=/lib/jquery.js></script><script src=/lib/chosen.js></script>
<style>body {{ font: 14px sans-serif; width: 500px }}</style>
<form onsubmit="return false">
<p><label for=from>From</label><br><select id=from data-placeholder="Choose a city"><option value=""></option>
  {"".join(f"<option>{c}</option>" for c in CITIES)}</select></p>
<p><label for=stops>Stops</label><br><select id=stops multiple data-placeholder="Add stops">
  {"".join(f"<option>{c}</option>" for c in CITIES)}</select></p>
<button>Book</button></form>
<script>$('select').chosen({{width: '300px'}});</script>"""
ION = """<!doctype html><title>Search</title>
<link rel=stylesheet href=/lib/ion.css><script src=/lib/jquery.js></script><script src=/lib/ion.js></script>
<style>body { font: 14px sans-serif; width: 500px }</style>
<form onsubmit="return false"><p><label for=price>Max price</label>
<input id=price name=price class=range></p><button>Search</button></form>
<script>$('#price').ionRangeSlider({min: 0, max: 500, from: 100, step: 10});</script>"""
_CHANGED = """new Promise((resolve) => { const field = document.getElementById('price'), end = Date.now() + 1000;
  const poll = () => field.value !== 'FROM' || Date.now() > end ? resolve(field.value) : setTimeout(poll, 20);
  poll(); })"""
_SELECTED = "(id) => Array.from(document.getElementById(id).selectedOptions, o => o.text)"


@pytest.fixture
def libs(server):
    for path, file in LIBS.items():
        kind = "text/css" if path.endswith(".css") else "application/javascript"
        server.route(path, (NPM / file).read_bytes(), content_type=kind)


async def test_chosen_selects_are_comboboxes_named_by_their_labels(libs, open_page, snapshot):
    await open_page(CHOSEN)
    model = await snapshot(include_values=True)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    assert shown == [("combobox", "From"), ("combobox", "Stops"), ("button", "Book")], shown
    assert model["controls"][1]["states"].get("multiselectable") is True


async def test_chosen_select_and_fill_pick_through_its_drawn_list(libs, open_page, snapshot, call, js):
    await open_page(CHOSEN)
    src, stops = (await snapshot())["controls"][:2]
    result = await call("browser_dom", action="select", element_id=src["id"], option="Valencia")
    assert result.success, result.error
    assert await js(f"({_SELECTED})('from')") == ["Valencia"]
    assert await js("document.querySelector('.chosen-single span').textContent") == "Valencia"  # its own face
    result = await call(
        "browser_dom",
        action="fill",
        fields=[{"element_id": src["id"], "value": "Oslo"}, {"element_id": stops["id"], "value": ["Rome", "Vienna"]}],
    )
    assert result.success, result.error
    assert await js(f"[({_SELECTED})('from'), ({_SELECTED})('stops')]") == [["Oslo"], ["Rome", "Vienna"]]
    assert await js("document.querySelectorAll('.search-choice').length") == 2  # chosen drew both choices
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": stops["id"], "value": ["Vienna", "Porto"]}]
    )
    assert result.success, result.error  # Rome removed by its choice's remove button
    assert await js(f"({_SELECTED})('stops')") == ["Porto", "Vienna"]


async def test_ion_range_slider_is_one_slider_moved_by_fill_and_keys(libs, open_page, snapshot, call, js):
    await open_page(ION)
    model = await snapshot(include_values=True)
    sliders = [c for c in model["controls"] if c["role"] == "slider"]
    assert [(c["name"], c.get("value")) for c in sliders] == [("Max price", "100")], model["controls"]
    assert not [c for c in model["controls"] if c["role"] in ("textbox", "clickable")], model["controls"]
    result = await call("browser_dom", action="fill", fields=[{"element_id": sliders[0]["id"], "value": 250}])
    assert result.success, result.error
    assert await js("document.getElementById('price').value") == "250"
    result = await call("browser_dom", action="keypress", key="ArrowLeft", element_id=sliders[0]["id"])
    assert result.success, result.error
    # ion.rangeSlider writes the input on its own redraw clock (every 300 ms): read it within a bound.
    assert await js(_CHANGED.replace("FROM", "250")) == "240"
