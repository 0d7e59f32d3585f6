"""Datasette (a tool for exploring and publishing SQLite data): a bookings table of ours, explored as a
person does (its column headers, each column's menu, facets, the filter row), judged from its access log
(the query each view asked the server for: Datasette computes sorts, facets and filters on the server).

Issue 31's kinds: a table whose column headers hold a sort link and a drawn menu icon (kind 7), unlabelled
selects a person reads by the option they show (kind 3). Every step reads the first look after the action
before it. Results on main before issue 31's fixes: tests/apps/APPS.md, "Issue 31's apps".
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, control_offering, free_port, need

DATASETTE = VENV_BIN / "datasette"
HOLDOUT = False
BOOKINGS = [
    ("Ines", "Double", 2, "2026-05-03"),
    ("Bruno", "Suite", 5, "2026-05-11"),
    ("Chen", "Single", 1, "2026-05-20"),
    ("Dana", "Suite", 3, "2026-06-02"),
    ("Emil", "Double", 7, "2026-06-15"),
]


@pytest.fixture(scope="module")
def explorer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    need(DATASETTE.is_file(), "Datasette")
    home = tmp_path_factory.mktemp("datasette")
    with sqlite3.connect(home / "trips.db") as db:
        db.execute(
            "CREATE TABLE bookings (id INTEGER PRIMARY KEY, guest TEXT, room TEXT, nights INTEGER, check_in TEXT)"
        )
        db.executemany("INSERT INTO bookings (guest, room, nights, check_in) VALUES (?, ?, ?, ?)", BOOKINGS)
    port = free_port()
    argv = [str(DATASETTE), "serve", str(home / "trips.db"), "-h", "127.0.0.1", "-p", str(port)]
    with AppProcess("datasette", argv, cwd=home, ready=r"Uvicorn running", port=port) as app:
        Timings("datasette").record("start", app.started_in)
        yield app


def guests(model: dict) -> list[str]:
    """The table's rows as a person reads them, top to bottom: each row's guest."""
    names = {b[0] for b in BOOKINGS}
    return [g for g in re.findall(r"\b([A-Z][a-z]+)\b", model["text"]) if g in names]


async def test_datasette_table_sorted_by_its_nights_header(explorer, app_timings, mcp):
    app = explorer
    with app_timings.measure("task: sort by header"):
        async with mcp() as browser:
            table = await browser.open(app.url("/trips/bookings"), "5 rows")
            await browser.checkpoint("bookings table", table)
            mark = app.mark()
            await browser.act("click", control(table, "link", "nights"))
            sorted_table = await browser.snapshot()
            assert guests(sorted_table) == ["Chen", "Ines", "Dana", "Bruno", "Emil"], sorted_table["text"]
            assert await browser.external_requests() == []
    await app.next_line(r'"GET /trips/bookings\?_sort=nights HTTP', 10, after=mark)


async def test_datasette_room_faceted_from_its_column_menu_and_filtered_to_suites(explorer, app_timings, mcp):
    app = explorer
    with app_timings.measure("task: column menu, facet"):
        async with mcp() as browser:
            table = await browser.open(app.url("/trips/bookings"), "5 rows")
            mark = app.mark()
            # The menu icon beside "room" in its header: nameless, it carries the header it sits in.
            icon = [c["id"] for c in table["controls"] if c.get("header") == 'columnheader "room"']
            assert len(icon) == 1, table["controls"]
            await browser.act("click", icon[0])
            menu = await browser.snapshot()
            await browser.act("click", control(menu, "link", "Facet by this"))
            faceted = await browser.snapshot()
            await browser.act("click", control(faceted, "link", re.compile(r"^Suite\b")))
            suites = await browser.snapshot()
            assert guests(suites) == ["Bruno", "Dana"], suites["text"]
    await app.next_line(r'"GET /trips/bookings\?[^"]*room=Suite', 10, after=mark)


async def test_datasette_rows_filtered_in_its_filter_row(explorer, app_timings, mcp):
    app = explorer
    with app_timings.measure("task: filter row"):
        async with mcp() as browser:
            table = await browser.open(app.url("/trips/bookings"), "5 rows")
            mark = app.mark()
            # Two selects nothing names, read as a person reads them: the one prompting "- column -", then
            # the one offering the operators.
            await browser.act("select", control_offering(table, "combobox", "- column -"), option="nights")
            column = await browser.snapshot()
            await browser.act("select", control_offering(column, "combobox", ">"), option=">")
            operator = await browser.snapshot()
            # Its value box has no caption either: the one empty box of the row, which the model describes
            # ("filter", from its class) beside the selects.
            (box,) = [c["id"] for c in operator["controls"] if c["role"] == "textbox" and not c["name"]]
            await browser.act("type", box, text="3")
            value = await browser.snapshot()
            await browser.act("click", control(value, "button", "Apply"))
            filtered = await browser.snapshot()
            assert guests(filtered) == ["Bruno", "Emil"], filtered["text"]
    await app.next_line(r'"GET /trips/bookings\?[^"]*nights__gt=3', 10, after=mark)
