"""Framework7 (npm framework7 9.2.0, MIT: its core's prebuilt bundle, no Vue or React) in a trip desk of ours
(framework7/), judged from what our backend stored (backend.py: /api/trips → trips.json, a hotel's row clicked →
picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written and
run on main 4950f44 with nothing in src/ changed (tests/apps/APPS.md: 6 of
12), then fixed against by rules on pages of our own (session 14); re-run alone with
`pytest tests/apps -m holdout6`. Its kinds: one app, one view, one page, as Framework7's docs write them; a `list`
form whose `item-input` rows carry `item-label` captions; the calendar on a read-only text field (opening in a
popover); the range slider (drawn, no ARIA); two smart selects (links wrapping a native `<select>`, single and
`multiple`, opening a popover of radios or checkboxes); a data table with sortable headers whose rows the app
serves on click; a side panel of prose shown from a breakpoint. Every step reads the first look after the action
before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from trip_desks import calendar_task, selects_task, slider_task, sorted_rows_task, trip_desk

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]


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
    await calendar_task(mcp, app_timings, desk)


async def test_framework7_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    await slider_task(mcp, app_timings, desk)


async def test_framework7_room_and_extras_chosen_in_their_smart_selects_are_saved(desk, app_timings, mcp):
    await selects_task(mcp, app_timings, desk)


async def test_framework7_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    await sorted_rows_task(mcp, app_timings, desk, header=r"\bRooms left\b")
