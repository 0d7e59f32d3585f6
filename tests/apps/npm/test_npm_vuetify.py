"""Vuetify (npm vuetify 4.3.0 on vue 3.5.45, both MIT: Material components for Vue 3 from their prebuilt browser
bundles) in a trip desk of ours (vuetify/), judged from what our backend stored (backend.py: /api/trips →
trips.json, a hotel's row clicked → picks.json).

Issue 31's sixth holdout (session 14; HOLDOUT = True, markers `holdout` and `holdout6`): its tasks were written
and run on main 4950f44 with nothing in src/ changed, and are not to be fixed against; re-run alone with
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
from app_corpus import control, nights_set_to_7, room_and_extras_chosen, task_session
from npm_apps import read_json
from trip_desks import new_trip, save, trip_desk, trips

HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout6]
HOTEL = re.compile(r"^(Harbour|Alpine|Garden)\b")


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
                control(calendar, ("button", "gridcell", "clickable"), re.compile(r"^(Wednesday, )?(May )?20\b")),
            )
            picked = await browser.snapshot()
            await save(browser, picked, data)
            assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def test_vuetify_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, data)
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def test_vuetify_room_and_extras_chosen_in_their_selects_are_saved(desk, app_timings, mcp):
    url, data = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_vuetify_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
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
            await browser.snapshot()
    assert [p["hotel"] for p in read_json(data / "picks.json")] == ["Alpine"]
