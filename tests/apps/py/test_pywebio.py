"""PyWebIO (web forms written as a script): a trip desk of ours (pywebio_app/pywebio_trips.py), judged from the
JSON-lines file its script appends each submitted trip to.

Issue 31's second holdout (session 9; HOLDOUT = True, markers `holdout` and `holdout2`): its tasks were written
and run on main before the fixes of that session and are not fixed against; re-run alone with
`pytest tests/apps -m holdout2`. Its kinds: a native date input, a range slider, a select and a multiple select
drawn by bootstrap-select over hidden native selects, each captioned by a `<label>` above it. PyWebIO has no
sortable table or side panel: three tasks. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, free_port, json_lines, need, save, saved

APP = Path(__file__).parent / "pywebio_app" / "pywebio_trips.py"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout2]
FIELD = ("textbox", "combobox")  # the model calls PyWebIO's text and date inputs comboboxes (see the tasks)


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(importlib.util.find_spec("pywebio") is not None, "PyWebIO")
    home = tmp_path_factory.mktemp("pywebio")
    trips = home / "trips.jsonl"
    port = free_port()
    env = {"TRIP_FILE": str(trips), "HOME": str(home)}
    with AppProcess(
        "pywebio", [PYTHON, str(APP), str(port)], cwd=home, env=env, ready=r"trip desk ready", port=port
    ) as app:
        Timings("pywebio").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    # The form's buttons come last: its title and first fields may show before the rest is drawn.
    form = await browser.open(app.url("/"), "Submit")
    await browser.act("type", control(form, FIELD, "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_pywebio_start_date_filled_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: date"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act(
                "fill", fields=[{"element_id": control(form, FIELD, "Start date"), "value": "2026-05-20"}]
            )
            filled = await browser.snapshot()
            await save(browser, filled, len(json_lines(trips)) + 1, button="Submit")
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_pywebio_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Alan Turing")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, len(json_lines(trips)) + 1, button="Submit")
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_pywebio_room_and_extras_chosen_in_their_drawn_selects_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: selects"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            await browser.act("select", control(form, "combobox", "Room"), option="Suite")
            room = await browser.snapshot()
            extras = control(room, ("combobox", "listbox"), "Extras")
            await browser.act("fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}])
            chosen = await browser.snapshot()
            await save(browser, chosen, len(json_lines(trips)) + 1, button="Submit")
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])
