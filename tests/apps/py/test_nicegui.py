"""NiceGUI (Python UI framework on Vue and Quasar): room bookings of ours (nicegui_app/main.py), judged
from the JSON-lines file its server appends each booking to, and from its log (the table's sort).

Issue 31's kinds: a date input whose calendar opens in a menu (q-date), a slider captioned by a label
above it (q-slider: kind 3, a seen label), a drawn select (q-select, options in a popup menu), a table with
sortable column headers (q-table: kind 7) and a side panel of filters (q-drawer). Every step reads the
first look after the action before it. Results on main before issue 31's fixes: tests/apps/APPS.md.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, free_port, json_lines, need, shown

APP = Path(__file__).parent / "nicegui_app" / "main.py"
HOLDOUT = False


@pytest.fixture(scope="module")
def bookings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(importlib.util.find_spec("nicegui") is not None, "NiceGUI")
    home = tmp_path_factory.mktemp("nicegui")
    booked = home / "bookings.jsonl"
    port = free_port()
    env = {"BOOKING_FILE": str(booked), "HOME": str(home)}  # HOME: NiceGUI's storage stays in the folder
    with AppProcess(
        "nicegui", [PYTHON, str(APP), str(port)], cwd=home, env=env, ready=r"NiceGUI ready", port=port
    ) as app:
        Timings("nicegui").record("start", app.started_in)
        yield app, booked


async def open_form(browser, app: AppProcess, guest: str) -> dict:
    form = await browser.open(app.url("/"), "Book")
    await browser.act("type", control(form, ("textbox", "combobox"), "Guest"), text=guest)
    return await browser.snapshot()


async def book(browser, form: dict, count: int) -> None:
    """Book, and the first look after it: the status line a person reads ("Booking N saved")."""
    await browser.act("click", control(form, "button", "Book"))
    after = await browser.snapshot()
    assert shown(after, f"Booking {count} saved"), after["text"]


def booked(path: Path, guest: str) -> list[dict]:
    return [b for b in json_lines(path) if b["guest"] == guest]


async def test_nicegui_check_in_picked_in_its_calendar_menu_is_saved(bookings, app_timings, mcp):
    app, path = bookings
    with app_timings.measure("task: date by calendar"):
        async with mcp() as browser:
            form = await open_form(browser, app, "Ines Duarte")
            await browser.checkpoint("booking form", form)
            await browser.act("click", control(form, "button", "Pick a date"))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar menu", calendar)
            await browser.act("click", control(calendar, "button", "20"))
            picked = await browser.snapshot()
            await book(browser, picked, len(json_lines(path)) + 1)
            assert await browser.external_requests() == []
    assert [b["check_in"] for b in booked(path, "Ines Duarte")] == ["2026-05-20"]


async def test_nicegui_nights_slider_under_its_caption_set_to_7_is_saved(bookings, app_timings, mcp):
    app, path = bookings
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await open_form(browser, app, "Bruno Sousa")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await book(browser, moved, len(json_lines(path)) + 1)
    assert [b["nights"] for b in booked(path, "Bruno Sousa")] == [7]


async def test_nicegui_room_type_chosen_in_its_menu_is_saved(bookings, app_timings, mcp):
    app, path = bookings
    with app_timings.measure("task: select"):
        async with mcp() as browser:
            form = await open_form(browser, app, "Chen Wei")
            await browser.act("select", control(form, "combobox", "Room type"), option="Suite")
            chosen = await browser.snapshot()
            await book(browser, chosen, len(json_lines(path)) + 1)
    assert [b["room"] for b in booked(path, "Chen Wei")] == ["Suite"]


async def test_nicegui_table_sorted_by_its_nights_header_is_told_to_the_server(bookings, app_timings, mcp):
    app, _ = bookings
    with app_timings.measure("task: sort table"):
        async with mcp() as browser:
            page = await browser.open(app.url("/"), "Chen")
            mark = app.mark()
            await browser.act("click", control(page, "columnheader", "Nights"))
            after = await browser.snapshot()
            # A person sees the rows in the new order: fewest nights first.
            rows = re.findall(r"^(Ines|Bruno|Chen) \|", after["text"], re.M)
            assert rows == ["Chen", "Ines", "Bruno"], after["text"]
    assert "sorted by nights descending=False" in await app.next_line(r"sorted by nights", 10, after=mark)
