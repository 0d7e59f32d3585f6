"""Shiny for Python (an app framework, Posit): a trip planner of ours (shiny_app/planner.py) with Shiny's own
inputs, judged from the JSON-lines file its server appends each saved trip to.

Issue 31's kinds: a date input (bootstrap-datepicker: a text field parsed on keyup, a calendar of table
cells served by a delegated listener), a slider (ion.rangeSlider: the label's input is hidden and read-only,
the drawn track takes the keys), selectize selects (a drawn input over a hidden native <select>, one single,
one `multiple`). Every step reads the first look after the action before it (one snapshot, no waits).
Results on main before issue 31's fixes: tests/apps/APPS.md, "Issue 31's apps".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, free_port, json_lines, need, shown

SHINY = VENV_BIN / "shiny"
APP = Path(__file__).parent / "shiny_app" / "planner.py"
HOLDOUT = False  # fixed against (issue 31: "keep half aside"); the holdout apps say HOLDOUT = True


@pytest.fixture(scope="module")
def planner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(SHINY.is_file(), "Shiny for Python")
    home = tmp_path_factory.mktemp("shiny")
    trips = home / "trips.jsonl"
    port = free_port()
    argv = [str(SHINY), "run", "--host", "127.0.0.1", "--port", str(port), str(APP)]
    with AppProcess("shiny", argv, cwd=home, env={"TRIP_FILE": str(trips)}, ready=r"Uvicorn running", port=port) as app:
        Timings("shiny").record("start", app.started_in)
        yield app, trips


async def open_planner(browser, app: AppProcess) -> dict:
    return await browser.open(app.url("/"), "Save")


async def save(browser, form: dict, count: int) -> dict:
    """Save, and the first look after it: the status line a person reads ("Trip N saved", N counted in the
    app's session: each test's browser is a session of its own)."""
    await browser.act("click", control(form, "button", "Save"))
    after = await browser.snapshot()
    assert shown(after, f"Trip {count} saved"), after["text"]
    return after


def saved(trips: Path, traveller: str) -> list[dict]:
    return [t for t in json_lines(trips) if t["traveller"] == traveller]


async def test_shiny_date_typed_then_the_next_field_typed_keeps_each_text_in_its_field(planner, app_timings, mcp):
    app, trips = planner
    with app_timings.measure("task: type date, next field"):
        async with mcp() as browser:
            form = await open_planner(browser, app)
            await browser.act("type", control(form, "textbox", "Departure date"), text="2026-05-20")
            after_date = await browser.snapshot()
            await browser.act("keypress", control(after_date, "textbox", "Departure date"), key="Enter")
            after_enter = await browser.snapshot()
            await browser.act("type", control(after_enter, "textbox", "Traveller"), text="Ada Lovelace")
            typed = await browser.snapshot()
            await save(browser, typed, 1)
            assert await browser.external_requests() == []
    assert [t["depart"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_shiny_departure_picked_in_its_calendar_is_saved(planner, app_timings, mcp):
    app, trips = planner
    with app_timings.measure("task: date by calendar"):
        async with mcp() as browser:
            form = await open_planner(browser, app)
            await browser.act("type", control(form, "textbox", "Traveller"), text="Grace Hopper")
            typed = await browser.snapshot()
            await browser.act("click", control(typed, "textbox", "Departure date"))
            calendar = await browser.snapshot()
            assert shown(calendar, "May 2026"), calendar["text"]  # the month it opens on: the field's date
            await browser.act("click", control(calendar, ("gridcell", "cell", "clickable", "button"), "20"))
            picked = await browser.snapshot()
            await save(browser, picked, 1)
    assert [t["depart"] for t in saved(trips, "Grace Hopper")] == ["2026-05-20"]


async def test_shiny_nights_slider_set_to_7_is_saved(planner, app_timings, mcp):
    app, trips = planner
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await open_planner(browser, app)
            await browser.act("type", control(form, "textbox", "Traveller"), text="Katherine Johnson")
            typed = await browser.snapshot()
            nights = control(typed, "slider", re.compile(r"^Nights"))
            await browser.act("fill", fields=[{"element_id": nights, "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, 1)
    assert [t["nights"] for t in saved(trips, "Katherine Johnson")] == [7]


async def test_shiny_room_and_extras_chosen_in_their_selects_are_saved(planner, app_timings, mcp):
    app, trips = planner
    with app_timings.measure("task: selectize"):
        async with mcp() as browser:
            form = await open_planner(browser, app)
            await browser.act("type", control(form, "textbox", "Traveller"), text="Mary Jackson")
            typed = await browser.snapshot()
            await browser.act("select", control(typed, "combobox", "Room"), option="Suite")
            room = await browser.snapshot()
            await browser.act(
                "fill", fields=[{"element_id": control(room, "combobox", "Extras"), "value": ["Breakfast", "Parking"]}]
            )
            extras = await browser.snapshot()
            await save(browser, extras, 1)
    [trip] = saved(trips, "Mary Jackson")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])
