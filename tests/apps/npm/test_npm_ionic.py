"""Ionic's web components (npm @ionic/core 9.0.5, MIT: Stencil-built custom elements in shadow roots) in a trip
desk of ours (tripdesk/), judged from what our backend stored (backend.py: /api/trips → trips.json, the hotels'
order after a reorder → hotel-order.json).

Issue 31's fourth holdout (session 12; HOLDOUT = True, markers `holdout` and `holdout4`): its tasks were written
and run on main e5f60a6 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout4`. Its kinds: ion-datetime-button opening an ion-datetime calendar in a modal,
ion-range (a drawn slider), ion-select as a popover (single) and as an alert of checkboxes (multiple), an
ion-reorder-group of hotels dragged by their handles, and an ion-menu of prose shown as a split pane's side.
Every step reads the first look after the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import control, nights_set_to_7, room_and_extras_chosen, task_session
from npm_apps import read_json
from trip_desks import new_trip, save, trip_desk, trips

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout4]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk("tripdesk", "npm_ionic", tmp_path_factory, "@ionic/core/dist/ionic/ionic.esm.js") as found:
        yield found


async def test_ionic_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("button", "combobox", "clickable"), re.compile(r"^Start date")))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act(
                "click", control(calendar, ("button", "gridcell"), re.compile(r"^(Wednesday, )?May 20\b|^20$"))
            )
            day = await browser.snapshot()
            await browser.act("click", control(day, "button", "Done"))
            picked = await browser.snapshot()
            await save(browser, picked, data)
            assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def test_ionic_nights_range_set_to_7_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, data)
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def test_ionic_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_ionic_hotel_dragged_to_the_top_of_the_list_is_saved_in_that_order(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: reorder"):
        async with task_session(mcp) as browser:
            await browser.open(url, "Hotels")
            # As a person reads the list: each hotel by its name, dragged onto the one it should go before.
            alpine = await browser.act("find", query="Alpine")
            harbour = await browser.act("find", query="Harbour")
            source = next(m["element_id"] for m in alpine["matches"] if m.get("element_id"))
            target = next(m["element_id"] for m in harbour["matches"] if m.get("element_id"))
            await browser.act("drag", source, target_id=target)
            after = await browser.snapshot()
            assert re.search(r"Alpine.*\n(.*\n)*.*Harbour.*\n(.*\n)*.*Garden", after["text"]), after["text"]
    assert [o["hotels"] for o in read_json(data / "hotel-order.json")] == [["Alpine", "Harbour", "Garden"]]
