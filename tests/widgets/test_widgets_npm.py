"""Real widget libraries from npm (tom-select, flatpickr, micromodal), operated through the tools only.

They are installed by scripts/setup.sh into tests/widgets/npm (`npm ci`); without npm the module skips.
"""

from __future__ import annotations

from pathlib import Path

import pytest

NPM = Path(__file__).parent / "npm" / "node_modules"
LIBS = {
    "/lib/tom-select.js": "tom-select/dist/js/tom-select.complete.min.js",
    "/lib/tom-select.css": "tom-select/dist/css/tom-select.css",
    "/lib/flatpickr.js": "flatpickr/dist/flatpickr.min.js",
    "/lib/flatpickr.css": "flatpickr/dist/flatpickr.min.css",
    "/lib/micromodal.js": "micromodal/dist/micromodal.min.js",
}
pytestmark = pytest.mark.skipif(
    not all((NPM / p).is_file() for p in LIBS.values()),
    reason="widget libraries not installed (npm ci --prefix tests/widgets/npm)",
)


@pytest.fixture
def libs(server):
    for path, file in LIBS.items():
        kind = "text/css" if path.endswith(".css") else "application/javascript"
        server.route(path, (NPM / file).read_bytes(), content_type=kind)


COUNTRIES = [
    "Argentina",
    "Australia",
    "Austria",
    "Belgium",
    "Brazil",
    "Canada",
    "Chile",
    "China",
    "Colombia",
    "Croatia",
    "Czechia",
    "Denmark",
    "Egypt",
    "Estonia",
    "Finland",
    "France",
    "Germany",
    "Greece",
    "Hungary",
    "Iceland",
    "India",
    "Ireland",
    "Italy",
    "Japan",
    "Kenya",
    "Latvia",
    "Mexico",
    "Morocco",
    "Netherlands",
    "Norway",
    "Peru",
    "Poland",
    "Portugal",
    "Romania",
    "Spain",
    "Sweden",
    "Switzerland",
    "Turkey",
    "Uruguay",
    "Vietnam",
]
TOM_SELECT = f"""<!doctype html><title>Address</title>
<link rel=stylesheet href=/lib/tom-select.css><script src=/lib/tom-select.js></script>
<style>body {{ width: 400px }}</style>
<label for=country>Country</label>
<select id=country>{"".join(f'<option value="{c.lower()}">{c}</option>' for c in COUNTRIES)}</select>
<script>new TomSelect('#country', {{maxOptions: 10}});</script>"""

FLATPICKR = """<!doctype html><title>Booking</title>
<link rel=stylesheet href=/lib/flatpickr.css><script src=/lib/flatpickr.js></script>
<label for=start>Start date</label> <input id=start value="2026-11-24">
<script>flatpickr('#start', {});</script>"""

MICROMODAL = """<!doctype html><title>Files</title><script src=/lib/micromodal.js></script>
<style>.modal { display: none } .modal.is-open { display: block }
.overlay { position: fixed; inset: 0; background: rgba(0,0,0,.6); display: flex; align-items: center; justify-content: center }
.modal.is-open .container { animation: fade 300ms ease-out } @keyframes fade { from { opacity: 0 } to { opacity: 1 } }
.container { background: white; padding: 20px; width: 300px }</style>
<main><h1>Files</h1><button data-micromodal-trigger=confirm>Delete report.pdf</button></main>
<div class=modal id=confirm aria-hidden=true><div class=overlay tabindex=-1 data-micromodal-close>
  <div class=container role=dialog aria-modal=true aria-labelledby=confirm-title>
    <h2 id=confirm-title>Delete file?</h2><p>This removes report.pdf for everyone.</p>
    <button data-micromodal-close>Cancel</button> <button onclick="window.deleted = true">Delete</button>
  </div></div></div>
<script>MicroModal.init();</script>"""


async def test_tom_select_is_described_by_its_label_and_select_reaches_options_past_its_list(
    libs, open_page, snapshot, call, js
):
    await open_page(TOM_SELECT)
    model = await snapshot()
    combos = [c for c in model["controls"] if c["role"] == "combobox"]
    assert len(combos) == 1, model["controls"]
    combo = combos[0]
    assert "Country" in (combo["name"], combo.get("description"))
    result = await call("browser_dom", action="select", element_id=combo["id"], option="Vietnam")
    assert result.success, result.error
    assert await js("document.getElementById('country').value") == "vietnam"


async def test_flatpickr_field_is_readonly_and_its_calendar_sets_the_date(libs, open_page, snapshot, call, js):
    await open_page(FLATPICKR)
    field = next(c for c in (await snapshot())["controls"] if c["name"] == "Start date")
    assert field["states"].get("readonly") is True
    result = await call("browser_dom", action="type", element_id=field["id"], text="2026-12-01")
    assert result.code == "ELEMENT_READONLY"
    assert (await call("browser_dom", action="click", element_id=field["id"])).success
    model = await snapshot()
    day = next(c for c in model["controls"] if c["name"].startswith("November 26, 2026"))
    assert (await call("browser_dom", action="click", element_id=day["id"])).success
    assert await js("document.getElementById('start').value") == "2026-11-26"


async def test_micromodal_dialog_leads_the_model_with_its_text_after_its_animation(libs, open_page, snapshot, call, js):
    await open_page(MICROMODAL)
    opener = next(c for c in (await snapshot())["controls"] if c["name"] == "Delete report.pdf")
    assert (await call("browser_dom", action="click", element_id=opener["id"])).success
    model = await snapshot()
    assert model["modal"]["name"] == "Delete file?"
    assert "for everyone" in model["modal"]["text"]
    assert "Delete report.pdf" not in [c["name"] for c in model["controls"]]
    delete = next(c for c in model["controls"] if c["name"] == "Delete")
    assert (await call("browser_dom", action="click", element_id=delete["id"])).success
    assert await js("window.deleted") is True


async def test_tom_select_is_one_combobox_drawn_by_its_control_and_a_click_on_it_opens_the_list(
    libs, open_page, snapshot, call
):
    await open_page(TOM_SELECT)
    model = await snapshot()
    # The native select it replaces (a 1-pixel box out of the tab order) is not listed, nor is the
    # clickable wrapper drawn for its own transparent combobox input: one entry (issue 22).
    assert [(c["role"], c["name"]) for c in model["controls"]] == [("combobox", "Country")]
    shown = model["controls"][0]
    assert shown["bbox"][3] > 20  # the box drawn for it, not the input moved off the page
    result = await call("browser_dom", action="click", element_id=shown["id"])
    assert result.success, result.error
    assert result.data["effects"]["focus"]["role"] == "combobox"
    options = [c["name"] for c in (await snapshot())["controls"] if c["role"] == "option"]
    assert options[:3] == ["Argentina", "Australia", "Austria"]
