"""Framework7 (npm framework7 9.2.0, MIT: its core's prebuilt bundle, no Vue or React) in a trip desk of ours
(framework7/), judged from what our backend stored (backend.py: /api/trips → trips.json, a hotel's row clicked →
picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written and
run on main 4950f44 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout6`. Its kinds: one app, one view, one page, as Framework7's docs write them; a `list`
form whose `item-input` rows carry `item-label` captions; the calendar on a read-only text field (opening in a
popover); the range slider (drawn, no ARIA); two smart selects (links wrapping a native `<select>`, single and
`multiple`, opening a popover of radios or checkboxes); a data table with sortable headers whose rows the app
serves on click; a side panel of prose shown from a breakpoint. Every step reads the first look after the action
before it.
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
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]
HOTEL = re.compile(r"^(Harbour|Alpine|Garden)\b")


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk(
        "framework7",
        "npm_framework7",
        tmp_path_factory,
        "framework7/framework7-bundle.min.js",
        "framework7/framework7-bundle.min.css",
    ) as found:
        yield found


async def test_framework7_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("textbox", "combobox", "button"), re.compile(r"^Start date")))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act(
                "click",
                control(
                    calendar, ("button", "gridcell", "link", "clickable"), re.compile(r"^(Wednesday, )?(May )?20$")
                ),
            )
            picked = await browser.snapshot()
            await save(browser, picked, data)
            assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def test_framework7_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, data)
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def test_framework7_room_and_extras_chosen_in_their_smart_selects_are_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_framework7_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: sort table"):
        async with task_session(mcp) as browser:
            page = await browser.open(url, "Rooms left")
            await browser.act(
                "click", control(page, ("button", "columnheader", "clickable"), re.compile(r"\bRooms left\b"))
            )
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden)\b", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest rooms left first
            hotels = [c for c in after["controls"] if HOTEL.match(c["name"])]
            assert [HOTEL.match(c["name"])[1] for c in hotels] == ["Alpine", "Garden", "Harbour"], after["controls"]
            await browser.act("click", hotels[0]["id"])
            await browser.snapshot()
    assert [p["hotel"] for p in read_json(data / "picks.json")] == ["Alpine"]
