"""trame with Vuetify 3 (trame-vuetify: Python state, Vue 3 and Vuetify 3 in the page): a trip desk of ours
(trame_app/trame_trips.py), judged from the JSON-lines file its server appends each trip to, and from its log
(the table's sort).

Issue 31's third holdout (session 11; HOLDOUT = True, markers `holdout` and `holdout3`): its tasks were written
and run on main b0549d3 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout3`. Its kinds: a read-only date field whose menu holds a calendar (v-menu,
v-date-picker), a slider (v-slider), a select and a multiple select with chips (v-select), a data table with
sortable headers (v-data-table) and a navigation drawer of text. Every step reads the first look after the
action before it.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, free_port, json_lines, need, save, saved

APP = Path(__file__).parent / "trame_app" / "trame_trips.py"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout3]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(importlib.util.find_spec("trame_vuetify") is not None, "trame-vuetify")
    home = tmp_path_factory.mktemp("trame")
    trips = home / "trips.jsonl"
    port = free_port()
    # --server: no browser of its own; --timeout 0: the server stays up between the tasks' sessions.
    argv = [PYTHON, str(APP), "--server", "--host", "127.0.0.1", "--port", str(port), "--timeout", "0"]
    env = {"TRIP_FILE": str(trips), "HOME": str(home)}
    with AppProcess("trame", argv, cwd=home, env=env, ready=r"App running at", port=port) as app:
        Timings("trame").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    form = await browser.open(app.url("/"), "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_trame_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: calendar"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, "textbox", "Start date"))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act("click", control(calendar, "button", re.compile(r"\bMay 20, 2026$")))
            picked = await browser.snapshot()
            await save(browser, picked, len(json_lines(trips)) + 1)
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_trame_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Alan Turing")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_trame_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: selects"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            await browser.act("select", control(form, "combobox", "Room"), option="Suite")
            room = await browser.snapshot()
            extras = control(room, "combobox", "Extras")
            await browser.act("fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}])
            chosen = await browser.snapshot()
            await save(browser, chosen, len(json_lines(trips)) + 1)
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_trame_hotels_sorted_by_their_rooms_left_header(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort table"):
        async with mcp() as browser:
            page = await browser.open(app.url("/"), "Rooms left")
            mark = app.mark()
            await browser.act("click", control(page, ("columnheader", "clickable"), re.compile(r"^Rooms left")))
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden) \|", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest rooms left first
    assert "['rooms_left']" in await app.next_line(r"sorted by", 10, after=mark)
