"""Vuetify (npm vuetify 4.3.0 on vue 3.5.45, both MIT: Material components for Vue 3 from their prebuilt browser
bundles) in a trip desk of ours (vuetify/), judged from what our backend stored (backend.py: /api/trips →
trips.json, a hotel's row clicked → picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written
and run on main 4950f44 with nothing in src/ changed (tests/apps/APPS.md: 6 of
12), then fixed against by rules on pages of our own (session 14); re-run alone with
`pytest tests/apps -m holdout6`. Its kinds: v-date-input (a text field opening a v-date-picker in a v-menu),
v-slider, v-select single and `multiple` with chips (drawn), v-data-table with sortable headers whose rows the app
serves on click (`@click:row`), captions from the fields' floating labels, and a v-navigation-drawer of prose
beside v-main. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from trip_desks import calendar_task, selects_task, slider_task, sorted_rows_task, trip_desk

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    with trip_desk(
        "vuetify",
        "npm_vuetify",
        tmp_path_factory,
        "vuetify/dist/vuetify.min.js",
        "vuetify/lib/iconsets/mdi-svg.js",
        "vue/dist/vue.global.prod.js",
    ) as found:
        yield found


async def test_vuetify_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    await calendar_task(mcp, app_timings, desk, day=re.compile(r"^(Wednesday, )?(May )?20\b"))


async def test_vuetify_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    await slider_task(mcp, app_timings, desk)


async def test_vuetify_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
    await selects_task(mcp, app_timings, desk)


async def test_vuetify_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    await sorted_rows_task(mcp, app_timings, desk)
