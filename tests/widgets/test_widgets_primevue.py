"""PrimeVue 4 (npm `primevue` 4.5.5 on `vue` 3.5.45, theme `@primevue/themes` Aura; all MIT), a widget library
outside the app corpus, from its UMD bundles, operated through the tools only (issue 31, kinds 3 and 4).

Its Slider is a thumb (`role=slider`) centred on a thin track under a block `<label>` without `for`; its Select a
`role=combobox` span whose aria-label repeats the choice it shows, under a `<label for>` pointing at that span, in
a clickable face with its arrow; its DatePicker and MultiSelect are fields `<label for>` names. A person reads
"Nights", "Room", "Extras" over them and operates each; so must the agent, from the first look after each action.
Installed by scripts/setup.sh into tests/widgets/npm (`npm ci`); without npm the module skips.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

NPM = Path(__file__).parent / "npm" / "node_modules"
LIBS = {
    "/lib/vue.js": "vue/dist/vue.global.prod.js",
    "/lib/primevue.js": "primevue/umd/primevue.min.js",
    "/lib/aura.js": "@primevue/themes/umd/aura.min.js",
}
pytestmark = pytest.mark.skipif(
    not all((NPM / p).is_file() for p in LIBS.values()),
    reason="widget libraries not installed (npm ci --prefix tests/widgets/npm)",
)

PAGE = """<!doctype html><html lang=en><head><meta charset=utf-8><title>Trip desk</title>
<script src="/lib/vue.js"></script><script src="/lib/primevue.js"></script><script src="/lib/aura.js"></script>
<style>body { font-family: sans-serif } main { max-width: 600px }
  .field { margin: 12px 0; display: flex; flex-direction: column; gap: 4px }</style></head><body>
<div id=app><main>
<h1>Trip desk</h1>
<div class=field><label for=start>Start date</label><p-datepicker input-id=start v-model=start
  date-format=yy-mm-dd></p-datepicker></div>
<div class=field><label>Nights</label><p-slider v-model=trip.nights :min=1 :max=14></p-slider></div>
<div class=field><label for=room>Room</label><p-select label-id=room v-model=trip.room :options=rooms></p-select></div>
<div class=field><label for=extras>Extras</label><p-multiselect input-id=extras v-model=trip.extras :options=extras
  placeholder=None></p-multiselect></div>
<h2>Hotels</h2>
<p-datatable :value=hotels @row-click=pick><p-column field=name header=Hotel></p-column><p-column field=rooms_left
  header="Rooms left" sortable></p-column></p-datatable>
</main></div>
<script>
const app = Vue.createApp({ setup() {
  const trip = Vue.reactive({ nights: 2, room: "Single", extras: [] });
  const start = Vue.ref(new Date(2026, 4, 1));
  window.trip = trip; window.start = start;
  return { trip, start, pick: (e) => { window.picked = e.data.name; }, rooms: ["Single", "Double", "Suite"],
    extras: ["Breakfast", "Parking", "Late checkout"],
    hotels: [{ name: "Harbour", rooms_left: 9 }, { name: "Alpine", rooms_left: 2 },
      { name: "Garden", rooms_left: 5 }] };
} });
app.use(PrimeVue.Config, { theme: { preset: PrimeVue.Themes.Aura } });
for (const [tag, part] of Object.entries({ datepicker: PrimeVue.DatePicker, slider: PrimeVue.Slider,
  select: PrimeVue.Select, multiselect: PrimeVue.MultiSelect, datatable: PrimeVue.DataTable, column: PrimeVue.Column }))
  app.component("p-" + tag, part);
app.mount("#app");
</script></body></html>"""


@pytest.fixture
async def desk(server, open_page, js):
    for path, file in LIBS.items():
        server.route(path, (NPM / file).read_bytes(), content_type="application/javascript")
    await open_page(PAGE, "/primevue/desk")


def control(model: dict, role: str, name: str) -> dict:
    found = [c for c in model["controls"] if c["role"] == role and c["name"] == name]
    assert len(found) == 1, (role, name, [(c["role"], c["name"]) for c in model["controls"]])
    return found[0]


async def test_primevue_fields_are_named_by_the_captions_over_them_once_each(desk, snapshot):
    model = await snapshot()
    assert [(c["role"], c["name"]) for c in model["controls"][:4]] == [
        ("combobox", "Start date"),
        ("slider", "Nights"),
        ("combobox", "Room"),
        ("combobox", "Extras"),
    ]
    assert control(model, "combobox", "Room").get("name_from") == "seen"  # Chromium names it by its choice


async def test_primevue_slider_is_filled_by_its_caption(desk, snapshot, call, js):
    nights = control(await snapshot(), "slider", "Nights")
    result = await call("browser_dom", action="fill", fields=[{"element_id": nights["id"], "value": 7}])
    assert result.success, result.error
    assert await js("window.trip.nights") == 7


async def test_primevue_select_and_multiselect_are_picked_by_their_captions(desk, snapshot, call, js):
    room = control(await snapshot(), "combobox", "Room")
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    extras = control(await snapshot(), "combobox", "Extras")
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    )
    assert result.success, result.error
    assert await js("[window.trip.room, [...window.trip.extras]]") == ["Suite", ["Breakfast", "Parking"]]


async def test_primevue_calendar_day_and_sorted_table_row(desk, snapshot, call, js):
    start = control(await snapshot(), "combobox", "Start date")
    assert (await call("browser_dom", action="click", element_id=start["id"])).success
    days = [c for c in (await snapshot())["controls"] if re.fullmatch(r"20", c["name"])]
    assert days, "no day 20 in the first look after opening the calendar"
    assert (await call("browser_dom", action="click", element_id=days[0]["id"])).success
    assert await js("window.start.value.getDate()") == 20
    header = [c for c in (await snapshot())["controls"] if c["name"].startswith("Rooms left")]
    assert len(header) == 1 and header[0]["role"] == "columnheader", header
    assert (await call("browser_dom", action="click", element_id=header[0]["id"])).success
    rows = [c for c in (await snapshot())["controls"] if re.match(r"(Harbour|Alpine|Garden)\b", c["name"])]
    assert [r["name"].split()[0] for r in rows] == ["Alpine", "Garden", "Harbour"]
    assert (await call("browser_dom", action="click", element_id=rows[0]["id"])).success
    assert await js("window.picked") == "Alpine"
