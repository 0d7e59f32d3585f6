"""Element Plus (npm element-plus 2.14.8 on vue 3.5.45, both MIT: Vue 3 components from their prebuilt browser
bundles) in a trip desk of ours (elementplus/), judged from what our backend stored (backend.py: /api/trips →
trips.json, a hotel's row clicked → picks.json).

Issue 31's fifth holdout (session 13; HOLDOUT = True, markers `holdout` and `holdout5`): its tasks were written
and run on main 3a3c21c with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout5`. Its kinds: el-date-picker (a text field opening a calendar in a popper),
el-slider, el-select single and `multiple` (drawn), el-table with a sortable column whose rows the app serves on
click, captions from el-form-item labels, and an aside of prose. Every step reads the first look after the action
before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from trip_desks import calendar_task, selects_task, slider_task, sorted_rows_task, trip_desk

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout5]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk(
        "elementplus",
        "npm_element_plus",
        tmp_path_factory,
        "element-plus/dist/index.full.min.js",
        "vue/dist/vue.global.prod.js",
    ) as found:
        yield found


async def test_element_plus_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    await calendar_task(mcp, app_timings, desk)


async def test_element_plus_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    await slider_task(mcp, app_timings, desk)


async def test_element_plus_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
    await selects_task(mcp, app_timings, desk)


async def test_element_plus_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    await sorted_rows_task(mcp, app_timings, desk)
