"""Taipy GUI (Python state, a React client on MUI and MUI X): a trip desk of ours (taipy_app/taipy_trips.py),
judged from the JSON-lines file the app appends each trip to, and from its log (the hotel picked in its table).

Issue 31's fourth holdout (session 12; HOLDOUT = True, markers `holdout` and `holdout4`): its tasks were written
and run on main e5f60a6 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout4`. Its kinds: MUI X's DatePicker (a read-only field whose press opens a calendar
dialog with OK), MUI's Slider, selectors drawn as MUI Selects (single and multiple), a table with sortable
headers whose cells tell the app their row, and a side part of prose. Every step reads the first look after the
action before it.

Taipy pins older Flask-SocketIO, pandas and Markdown than the corpus has: it runs from a venv of its own
(.services/taipy-venv, scripts/setup_apps.sh), its app a process of its own as every app here.
"""

from __future__ import annotations

import re
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
PYTHON = ROOT / ".services" / "taipy-venv" / "bin" / "python"
APP = Path(__file__).parent / "taipy_app" / "taipy_trips.py"
# What Taipy 4.1's page asks beyond 127.0.0.1, whatever the app says: a font stylesheet of its style kit (or
# Roboto's, without it) and MathJax, which its client loads at start. Both are refused here (the page renders
# without them: system fonts, no LaTeX); anything else asked would be a new dependency on the network.
TAIPY_CDN = re.compile(r"^https://(fonts\.googleapis\.com/css2?\?family=|cdnjs\.cloudflare\.com/ajax/libs/mathjax/)")
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout4]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(PYTHON.is_file(), "Taipy GUI (its venv .services/taipy-venv)")
    home = tmp_path_factory.mktemp("taipy")
    trips = home / "trips.jsonl"
    port = free_port()
    env = {"TRIP_FILE": str(trips), "HOME": str(home), "PORT": str(port)}
    with AppProcess("taipy", [str(PYTHON), str(APP)], cwd=home, env=env, ready=r"Server starting on", port=port) as app:
        Timings("taipy").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    form = await browser.open(app.url("/"), "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def offline(browser) -> None:
    assert [url for url in await browser.external_requests() if not TAIPY_CDN.match(url)] == []


async def test_taipy_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("textbox", "combobox", "button"), re.compile(r"^Start date")))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act("click", control(calendar, ("gridcell", "button"), re.compile(r"^20$")))
            day = await browser.snapshot()
            await browser.act("click", control(day, "button", "OK"))
            picked = await browser.snapshot()
            await save(browser, picked, len(json_lines(trips)) + 1)
            await offline(browser)
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_taipy_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_taipy_room_and_extras_chosen_in_their_selectors_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await save(browser, chosen, len(json_lines(trips)) + 1)
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def test_taipy_hotels_sorted_by_rooms_left_then_first_row_picked(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort table"):
        async with task_session(mcp) as browser:
            page = await browser.open(app.url("/"), "Rooms left")
            await browser.act("click", control(page, ("button", "columnheader"), re.compile(r"^Rooms left")))
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden) \|", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]  # fewest rooms left first
            hotels = [c for c in after["controls"] if c["name"] in ("Harbour", "Alpine", "Garden")]
            assert [c["name"] for c in hotels] == ["Alpine", "Garden", "Harbour"], after["controls"]
            mark = app.mark()
            await browser.act("click", hotels[0]["id"])
            await browser.snapshot()
    assert "['Alpine']" in await app.next_line(r"hotel picked", 10, after=mark)
