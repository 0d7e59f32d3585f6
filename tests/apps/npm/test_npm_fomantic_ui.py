"""Fomantic-UI (npm fomantic-ui-css 2.9.4 on jquery 3.7.1, both MIT: the CSS/JS build, its modules over a `ui form`)
in a trip desk of ours (fomantic/), judged from what our backend stored (backend.py: /api/trips → trips.json, a
hotel's row clicked → picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written
and run on main 4950f44 with nothing in src/ changed (tests/apps/APPS.md: 6 of
12), then fixed against by rules on pages of our own (session 14); re-run alone with
`pytest tests/apps -m holdout6`. Its kinds: captions in `<label>`s without `for` (as Fomantic's docs write a
field), the `calendar` module (a text field whose focus opens a popup of day cells), the `slider` module (a drawn
track and thumb with no ARIA; the module's element is the tab stop), `dropdown` over a native `<select>` and a
`<select multiple>` (hidden, replaced by a drawn face and menu), a `ui sortable table` (the style only: the sort on a
header's click and the row clicks are jQuery handlers of ours), a `ui modal` with its dimmer that Save trip opens (its
Confirm saves), and an aside of prose. Every step reads the first look after the action before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import control, shown
from npm_apps import read_json
from trip_desks import calendar_task, selects_task, slider_task, sorted_rows_task, trip_desk

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]


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
    await calendar_task(mcp, app_timings, desk, saving=save_confirmed)


async def test_fomantic_ui_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    await slider_task(mcp, app_timings, desk, saving=save_confirmed)


async def test_fomantic_ui_room_and_extras_chosen_in_their_dropdowns_are_saved(desk, app_timings, mcp):
    await selects_task(mcp, app_timings, desk, saving=save_confirmed)


async def test_fomantic_ui_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    await sorted_rows_task(mcp, app_timings, desk, status=True)
