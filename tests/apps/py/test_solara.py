"""Solara (React-style Python on ipywidgets, drawn by Vuetify): a trip desk of ours (solara_app/solara_trips.py), judged
from the JSON-lines file its server appends each trip to, and from its log (the table's sort).

Issue 31's second holdout (session 9; HOLDOUT = True, markers `holdout` and `holdout2`): its tasks were written
and run on main before the fixes of that session and are not fixed against; re-run alone with
`pytest tests/apps -m holdout2`. Its kinds: a date text field with a calendar menu, a Vuetify slider (a
`role=slider` thumb of no size of its own beside a hidden read-only input), drawn selects (v-select, single and
multiple: a field over a hidden read-only input), a data table with sortable headers, an app bar and a sidebar
of text. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, free_port, json_lines, need, save, saved

SOLARA = VENV_BIN / "solara"
APP = Path(__file__).parent / "solara_app" / "solara_trips.py"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout2]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(SOLARA.is_file(), "Solara")
    home = tmp_path_factory.mktemp("solara")
    trips = home / "trips.jsonl"
    port = free_port()
    # Production mode: no check call to solara.dev; no version check; uvicorn says when it listens. The CDN files
    # come from the package solara-assets (the server would fetch any other from its CDN: none is asked for).
    argv = [str(SOLARA), "run", str(APP), "--host", "127.0.0.1", "--port", str(port), "--production"]
    argv += ["--no-open", "--no-check-version", "--log-level-uvicorn", "info"]
    env = {"TRIP_FILE": str(trips), "HOME": str(home), "SOLARA_TELEMETRY_MIXPANEL_ENABLE": "False"}
    with AppProcess("solara", argv, cwd=home, env=env, ready=r"Application startup complete", port=port) as app:
        Timings("solara").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    form = await browser.open(app.url("/"), "Trip desk")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_solara_start_date_typed_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: typed date"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("type", control(form, "textbox", "Start date"), text="2026-05-20")
            typed = await browser.snapshot()
            await save(browser, typed, len(json_lines(trips)) + 1)
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_solara_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Alan Turing")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_solara_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
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


async def test_solara_hotels_sorted_by_their_rooms_left_header(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort table"):
        async with mcp() as browser:
            page = await browser.open(app.url("/"), "Trip desk")
            mark = app.mark()
            await browser.act("click", control(page, "columnheader", re.compile(r"^Rooms left")))
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden) \|", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest rooms left first
    assert "['rooms_left']" in await app.next_line(r"sorted by", 10, after=mark)
