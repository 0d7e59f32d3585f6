"""Writer Framework (Python state, a Vue client of Writer's own components): a trip desk of ours
(writer_app/: main.py and its components in .wf/), judged from the JSON-lines file the app appends each trip to,
and from its log (the hotel opened from its table).

Issue 31's fourth holdout (session 12; HOLDOUT = True, markers `holdout` and `holdout4`): its tasks were written
and run on main e5f60a6 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout4`. Its kinds: a native date input, Writer's slider input, its drawn select inputs
(single, and multiple with chips), its DataFrame (sortable headers, a row's action menu) and a sidebar of prose.
Every step reads the first look after the action before it.

Writer pins older pandas, plotly and pyarrow than the corpus has: it runs from a venv of its own
(.services/writer-venv, scripts/setup_apps.sh), its app a process of its own as every app here.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import (
    AppProcess,
    Timings,
    control,
    free_port,
    json_lines,
    need,
    nights_set_to_7,
    room_and_extras_chosen,
    save,
    saved,
    task_session,
)

ROOT = Path(__file__).resolve().parents[3]
WRITER = ROOT / ".services" / "writer-venv" / "bin" / "writer"
HERE = Path(__file__).parent / "writer_app"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout4]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(WRITER.is_file(), "Writer Framework (its venv .services/writer-venv)")
    home = tmp_path_factory.mktemp("writer")
    trips = home / "trips.jsonl"
    # Writer may write to its app's folder (a project format it migrates): it runs a copy.
    shutil.copytree(HERE, home / "desk")
    port = free_port()
    argv = [str(WRITER), "run", str(home / "desk"), "--port", str(port), "--host", "127.0.0.1"]
    env = {"TRIP_FILE": str(trips), "HOME": str(home)}
    with AppProcess("writer", argv, cwd=home, env=env, ready=r"App is available at", port=port) as app:
        Timings("writer").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    form = await browser.open(app.url("/"), "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_writer_start_date_filled_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: date"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            start = control(form, ("textbox", "date"), "Start date")
            await browser.act("fill", fields=[{"element_id": start, "value": "2026-05-20"}])
            filled = await browser.snapshot()
            await save(browser, filled, len(json_lines(trips)) + 1)
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_writer_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_writer_room_and_extras_chosen_in_their_select_inputs_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save(browser, chosen, len(json_lines(trips)) + 1)
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_writer_hotels_sorted_by_rooms_left_then_first_row_opened(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort table"):
        async with task_session(mcp) as browser:
            page = await browser.open(app.url("/"), "Rooms left")
            await browser.act("click", control(page, ("button", "columnheader"), re.compile(r"^Rooms left")))
            after = await browser.snapshot()
            # Each row, then its action menu's button (the row's "more" control, drawn after it).
            listed = after["controls"]
            rows = [i for i, c in enumerate(listed) if re.match(r"(Harbour|Alpine|Garden)\b", c["name"])]
            assert [listed[i]["name"].split()[0] for i in rows] == ["Alpine", "Garden", "Harbour"], listed
            menu = listed[rows[0] + 1]
            assert menu["role"] == "button" and (menu["name"] or menu.get("description")), listed
            await browser.act("click", menu["id"])
            actions = await browser.snapshot()
            mark = app.mark()
            await browser.act("click", control(actions, ("menuitem", "button", "option", "clickable"), "Open"))
            await browser.snapshot()
    assert "['Alpine']" in await app.next_line(r"hotel picked", 10, after=mark)
