"""Fomantic-UI (npm fomantic-ui-css 2.9.4 on jquery 3.7.1, both MIT: the CSS/JS build, its modules over a `ui form`)
in a trip desk of ours (fomantic/), judged from what our backend stored (backend.py: /api/trips → trips.json, a
hotel's row clicked → picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written
and run on main 4950f44 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout6`. Its kinds: captions in `<label>`s without `for` (as Fomantic's docs write a
field), the `calendar` module (a text field whose focus opens a popup of day cells), the `slider` module (a drawn
track and thumb with no ARIA; the module's element is the tab stop), `dropdown` over a native `<select>` and a
`<select multiple>` (hidden, replaced by a drawn face and menu), a `ui sortable table` (the style only: the sort on a
header's click and the row clicks are jQuery handlers of ours), a `ui modal` with its dimmer that Save trip opens (its
Confirm saves), and an aside of prose. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import control, nights_set_to_7, room_and_extras_chosen, shown, task_session
from npm_apps import read_json
from trip_desks import new_trip, trip_desk, trips

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]
HOTEL = re.compile(r"^(Harbour|Alpine|Garden)\b")


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk(
        "fomantic",
        "npm_fomantic_ui",
        tmp_path_factory,
        "fomantic-ui-css/semantic.min.js",
        "fomantic-ui-css/components/calendar.min.css",
        "jquery/dist/jquery.min.js",
    ) as found:
        yield found


async def save_confirmed(browser, form: dict, data: Path) -> None:
    """Save trip opens the "Confirm trip" modal; its Confirm saves: the first look after each click, the last one
    with the status line a person reads (trip_desks.save clicks Save trip only)."""
    await browser.act("click", control(form, "button", "Save trip"))
    modal = await browser.snapshot()
    await browser.act("click", control(modal, ("button", "clickable"), "Confirm"))
    after = await browser.snapshot()
    assert shown(after, f"Trip {len(read_json(data / 'trips.json'))} saved"), after["text"]


async def test_fomantic_ui_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("textbox", "combobox"), re.compile(r"^Start date")))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act(
                "click", control(calendar, ("link", "button", "gridcell", "clickable"), re.compile(r"^20$"))
            )
            picked = await browser.snapshot()
            await save_confirmed(browser, picked, data)
            assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def test_fomantic_ui_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save_confirmed(browser, moved, data)
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def test_fomantic_ui_room_and_extras_chosen_in_their_dropdowns_are_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save_confirmed(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_fomantic_ui_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: sort table"):
        async with task_session(mcp) as browser:
            page = await browser.open(url, "Rooms left")
            await browser.act(
                "click", control(page, ("button", "columnheader", "clickable"), re.compile(r"^Rooms left"))
            )
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden)\b", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest rooms left first
            hotels = [c for c in after["controls"] if HOTEL.match(c["name"])]
            assert [HOTEL.match(c["name"])[1] for c in hotels] == ["Alpine", "Garden", "Harbour"], after["controls"]
            await browser.act("click", hotels[0]["id"])
            picked = await browser.snapshot()
            assert shown(picked, "Alpine picked"), picked["text"]
    assert [p["hotel"] for p in read_json(data / "picks.json")] == ["Alpine"]
