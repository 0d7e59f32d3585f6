"""Flask-Admin (an admin interface for Flask, on SQLAlchemy): a rental desk of ours (flask_admin_app/rentals.py),
judged from its SQLite database and its access log.

Issue 31's holdout (HOLDOUT = True, marker `holdout`): its tasks were written and run before the fixes and
are not fixed against; re-run alone with `pytest tests/apps -m holdout`. Its kinds: a date field with a
drawn calendar (bootstrap-daterangepicker: typed text parsed by the picker, day cells, month and year
selects without labels), selects drawn by select2 over hidden native <select>s, and the list view's table
with sortable column headers. Every step reads the first look after the action before it.
"""

from __future__ import annotations

import importlib.util
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, control_offering, free_port, need, shown

APP = Path(__file__).parent / "flask_admin_app" / "rentals.py"
HOLDOUT = True
pytestmark = pytest.mark.holdout


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(importlib.util.find_spec("flask_admin") is not None, "Flask-Admin")
    home = tmp_path_factory.mktemp("flask_admin")
    db = home / "rentals.sqlite3"
    port = free_port()
    argv = [PYTHON, str(APP), str(port)]
    with AppProcess(
        "flask-admin", argv, cwd=home, env={"RENTAL_DB": str(db)}, ready=r"Running on http", port=port
    ) as app:
        Timings("flask_admin").record("start", app.started_in)
        yield app, db


def rental(db: Path, item: str) -> list[tuple]:
    with sqlite3.connect(db) as con:
        return con.execute(
            "SELECT r.item, c.name, r.size, r.start, r.days FROM rental r JOIN customer c ON c.id = r.customer_id"
            " WHERE r.item = ?",
            (item,),
        ).fetchall()


async def new_rental(browser, app: AppProcess, item: str) -> dict:
    form = await browser.open(app.url("/admin/rental/new/"), "Save")
    await browser.act("type", control(form, "textbox", "Item *"), text=item)
    return await browser.snapshot()


async def save(browser, form: dict) -> None:
    """Save, and the first look after it: the list view with the message a person reads."""
    await browser.act("click", control(form, "button", "Save"))
    after = await browser.snapshot()
    assert shown(after, "Record was successfully created."), after["text"]


async def test_flask_admin_start_date_typed_then_days_filled_is_saved(desk, app_timings, mcp):
    app, db = desk
    with app_timings.measure("task: typed date, days"):
        async with mcp() as browser:
            form = await new_rental(browser, app, "Canoe")
            await browser.checkpoint("new rental form", form)
            await browser.act("type", control(form, "textbox", "Start *"), text="2026-05-20")
            typed = await browser.snapshot()
            await browser.act(
                "fill", fields=[{"element_id": control(typed, "spinbutton", re.compile(r"^Days")), "value": "4"}]
            )
            filled = await browser.snapshot()
            await save(browser, filled)
            assert await browser.external_requests() == []
    assert rental(db, "Canoe") == [("Canoe", "Ada Lovelace", "M", "2026-05-20", 4)]


async def test_flask_admin_customer_and_size_chosen_in_their_select2_boxes_are_saved(desk, app_timings, mcp):
    """The date typed opens its calendar over Save; the presses on the select2 boxes leave it open, as a
    person's do (select2 stops them before the document listener that closes the picker). The look says
    what covers Save: the layer holding the calendar's cells it lists, so the agent closes it as a keyboard
    user does, by Tab out of the date field (this picker ignores Escape; a press outside would close it too)."""
    app, db = desk
    with app_timings.measure("task: select2"):
        async with mcp() as browser:
            form = await new_rental(browser, app, "Paddle")
            await browser.act("type", control(form, "textbox", "Start *"), text="2026-06-01")
            typed = await browser.snapshot()
            await browser.act("select", control(typed, "combobox", "Customer *"), option="Grace Hopper")
            customer = await browser.snapshot()
            # Size has a default, so its label carries no "*" (the form's own text is "Size&nbsp;").
            await browser.act("select", control(customer, "combobox", re.compile(r"^Size\b")), option="Large")
            size = await browser.snapshot()
            (cover,) = size["omitted"]["covers"]
            # The layer is the calendar: the listed entries from its first to its last are its month's days.
            ids = [c["id"] for c in size["controls"]]
            held = size["controls"][ids.index(cover["first"]) : ids.index(cover["last"]) + 1]
            assert 'button "Save"' in cover["over"], cover
            assert sum(c["name"].isdigit() for c in held) >= 28 and "Jun 2026" in [c["name"] for c in held], cover
            # The look's way out that this picker takes: Tab out of the field whose typing opened it.
            await browser.act("keypress", control(size, "textbox", "Start *"), key="Tab")
            closed = await browser.snapshot()
            await save(browser, closed)
    assert rental(db, "Paddle") == [("Paddle", "Grace Hopper", "L", "2026-06-01", 1)]


async def test_flask_admin_start_date_picked_in_its_calendar_is_saved(desk, app_timings, mcp):
    """20 May 2026 from the calendar the field opens on today's month: its month select, then the day."""
    app, db = desk
    with app_timings.measure("task: date by calendar"):
        async with mcp() as browser:
            form = await new_rental(browser, app, "Lantern")
            await browser.act("click", control(form, "textbox", "Start *"))
            calendar = await browser.snapshot()
            await browser.checkpoint("date picker open", calendar)
            # The calendar's month select, which nothing names: the one offering the months.
            await browser.act("select", control_offering(calendar, "combobox", "May"), option="May")
            may = await browser.snapshot()
            assert shown(may, "May 2026") or "May" in may["text"], may["text"]
            await browser.act("click", control(may, ("gridcell", "cell", "clickable", "button"), "20"))
            picked = await browser.snapshot()
            await save(browser, picked)
    assert rental(db, "Lantern") == [("Lantern", "Ada Lovelace", "M", "2026-05-20", 1)]


async def test_flask_admin_rentals_sorted_by_their_days_header(desk, app_timings, mcp):
    app, _ = desk
    with app_timings.measure("task: sort list"):
        async with mcp() as browser:
            rentals = await browser.open(app.url("/admin/rental/"), "Kayak")
            await browser.checkpoint("rental list", rentals)
            mark = app.mark()
            await browser.act("click", control(rentals, ("link", "columnheader"), "Days"))
            by_days = await browser.snapshot()
            items = re.findall(r"\b(Kayak|Tent|Bike)\b", by_days["text"])
            assert items == ["Bike", "Kayak", "Tent"], by_days["text"]
    await app.next_line(r'"GET /admin/rental/\?sort=\d', 10, after=mark)
