"""jQuery UI (npm jquery-ui 1.14.2 on jquery 3.7.1, both MIT: widgets over a plain form) in a trip desk of ours
(jqueryui/), judged from what our backend stored (backend.py: /api/trips → trips.json, the hotels' order after a
reorder → hotel-order.json).

Issue 31's fifth holdout (session 13; HOLDOUT = True, markers `holdout` and `holdout5`): its tasks were written
and run on main 3a3c21c with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout5`. Its kinds: the datepicker (a text field whose focus fades a calendar in), the
slider (a drawn track and handle with no ARIA, writing its value into a read-only field labelled "Nights"), the
selectmenu (a drawn combobox standing in for a hidden native select), checkboxradio buttons for the extras (jQuery
UI has no multiple select), a sortable list of hotels, and an aside of prose. Every step reads the first look after
the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import control, nights_set_to_7, task_session
from npm_apps import read_json
from trip_desks import new_trip, save, trip_desk, trips

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout5]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk(
        "jqueryui", "npm_jquery_ui", tmp_path_factory, "jquery-ui/dist/jquery-ui.min.js", "jquery/dist/jquery.min.js"
    ) as found:
        yield found


async def test_jquery_ui_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("textbox", "combobox"), "Start date"))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act(
                "click", control(calendar, ("link", "button", "gridcell", "clickable"), re.compile(r"^20$"))
            )
            picked = await browser.snapshot()
            await save(browser, picked, data)
            assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def test_jquery_ui_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, data)
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def test_jquery_ui_room_chosen_in_its_selectmenu_and_extras_checked_are_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            await browser.act("select", control(form, "combobox", re.compile(r"^Room\b")), option="Suite")
            room = await browser.snapshot()
            await browser.act("click", control(room, "checkbox", "Breakfast"))
            breakfast = await browser.snapshot()
            await browser.act("click", control(breakfast, "checkbox", "Parking"))
            chosen = await browser.snapshot()
            await save(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_jquery_ui_hotel_dragged_to_the_top_of_the_list_is_saved_in_that_order(desk, app_timings, mcp):
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
