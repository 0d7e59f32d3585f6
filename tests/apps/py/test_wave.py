"""H2O Wave (Python apps drawn by Wave's React client on Fluent UI): a trip desk of ours (wave_app/wave_trips.py),
judged from the JSON-lines file the app appends each trip to, and from its log (the hotel picked in its table).

Issue 31's third holdout (session 11; HOLDOUT = True, markers `holdout` and `holdout3`): its tasks were written
and run on main b0549d3 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout3`. Its kinds: Fluent's DatePicker (a read-only field opening a calendar), a slider,
drawn dropdowns (single, and multi-value with its own Select All / Deselect All), a table (Fluent's DetailsList)
with a sortable column and link cells. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, free_port, json_lines, need, save, saved

WAVE = VENV_BIN / "wave"
HERE = Path(__file__).parent / "wave_app"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout3]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(WAVE.is_file() and (VENV_BIN.parent / "waved").is_file(), "H2O Wave (its wheel's waved)")
    home = tmp_path_factory.mktemp("wave")
    trips = home / "trips.jsonl"
    waved, app_port = free_port(), free_port()
    # `wave run` starts the package's waved (in its process group) at H2O_WAVE_LISTEN, then the app on uvicorn,
    # which registers its route with waved before it says it is ready.
    env = {
        "TRIP_FILE": str(trips),
        "HOME": str(home),
        "H2O_WAVE_LISTEN": f"127.0.0.1:{waved}",
        "H2O_WAVE_ADDRESS": f"http://127.0.0.1:{waved}",
        "H2O_WAVE_APP_ADDRESS": f"http://127.0.0.1:{app_port}",
        "H2O_WAVE_DATA_DIR": str(home / "data"),
    }
    argv = [str(WAVE), "run", "--no-reload", "wave_trips"]
    with AppProcess("wave", argv, cwd=HERE, env=env, ready=r"Application startup complete", port=waved) as app:
        Timings("wave").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    form = await browser.open(app.url("/trips"), "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_wave_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: calendar"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("combobox", "textbox"), "Start date"))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act("click", control(calendar, ("button", "gridcell"), re.compile(r"^20\b")))
            picked = await browser.snapshot()
            await save(browser, picked, len(json_lines(trips)) + 1)
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_wave_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Alan Turing")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_wave_room_and_extras_chosen_in_their_dropdowns_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: dropdowns"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            await browser.act("select", control(form, "combobox", re.compile(r"^Room\b")), option="Suite")
            room = await browser.snapshot()
            extras = control(room, "combobox", re.compile(r"^Extras\b"))
            await browser.act("fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}])
            chosen = await browser.snapshot()
            await save(browser, chosen, len(json_lines(trips)) + 1)
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_wave_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort table"):
        async with mcp() as browser:
            page = await browser.open(app.url("/trips"), "Rooms left")
            await browser.act("click", control(page, ("button", "columnheader"), re.compile(r"^Rooms left")))
            after = await browser.snapshot()
            hotels = [c for c in after["controls"] if c["name"] in ("Harbour", "Alpine", "Garden")]
            assert [c["name"] for c in hotels] == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest first
            mark = app.mark()
            await browser.act("click", hotels[0]["id"])
            await browser.snapshot()
    assert "['Alpine']" in await app.next_line(r"hotel picked", 10, after=mark)
