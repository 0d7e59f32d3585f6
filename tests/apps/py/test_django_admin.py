"""Django admin (an admin site): sign in and add a book through the admin's form; judged from SQLite.

The site is tests/apps/py/django_site (one app, `library`: Author, Book); `prepare_site` makes its
schema, a superuser and two authors in a fresh database in the test's temporary folder.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, free_port, need

SITE = Path(__file__).parent / "django_site"
USER, PASSWORD = "admin", "a-test-password-1"


@pytest.fixture(scope="module")
def admin_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    """One site for the module; each test adds books of its own titles."""
    need(importlib.util.find_spec("django") is not None, "Django")
    db = tmp_path_factory.mktemp("django") / "library.sqlite3"
    env = {**os.environ, "LIBRARY_DB": str(db), "DJANGO_SETTINGS_MODULE": "settings"}
    subprocess.run([PYTHON, "manage.py", "prepare_site", USER, PASSWORD], cwd=SITE, env=env, check=True, timeout=120)
    port = free_port()
    argv = [PYTHON, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    with AppProcess("django", argv, cwd=SITE, env=env, ready=r"Quit the server with", port=port) as app:
        Timings("django_admin").record("start", app.started_in)
        yield app, db


async def sign_in(browser, app: AppProcess) -> dict:
    """The login form the admin redirects to; answers the model of the page after signing in."""
    await browser.navigate(app.url("/admin/"))
    login = await browser.snapshot()
    await browser.act("type", control(login, "textbox", "Username:"), text=USER)
    await browser.act("type", control(login, "textbox", "Password:"), text=PASSWORD)
    await browser.act("click", control(login, "button", "Log in"))
    return await browser.snapshot()


async def test_a_book_added_through_the_admin_form_is_in_the_database(admin_site, app_timings, mcp):
    app, db = admin_site
    with app_timings.measure("task: add a book"):
        async with mcp() as browser:
            home = await sign_in(browser, app)
            await browser.checkpoint("admin index", home)
            # The model's row title: a link in a <th> (Django's app list), listed with its cell's role.
            await browser.act("click", control(home, ("link", "rowheader"), "Books"))
            books = await browser.snapshot()
            await browser.checkpoint("book changelist (empty)", books)
            await browser.act("click", control(books, "link", "Add book"))
            form = await browser.snapshot()
            await browser.checkpoint("add book form", form)
            await browser.act("type", control(form, "textbox", "Title:"), text="The Dispossessed")
            await browser.act("select", control(form, "combobox", "Author:"), option="Ursula K. Le Guin")
            await browser.act("select", control(form, "combobox", "Genre:"), option="Novel")
            await browser.act("type", control(form, "textbox", "Published:"), text="1974-05-01")
            await browser.act("click", control(form, "checkbox", "In print"))
            saved = await browser.act("click", control(form, "button", "Save"))
            assert saved["effects"]["url"].endswith("/admin/library/book/"), saved
            after = await browser.snapshot("text")
            assert "was added successfully" in after
            assert await browser.external_requests() == []
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT b.title, a.name, b.genre, b.published, b.in_print"
            " FROM library_book b JOIN library_author a ON a.id = b.author_id WHERE b.title = ?",
            ("The Dispossessed",),
        ).fetchall()
    assert rows == [("The Dispossessed", "Ursula K. Le Guin", "novel", "1974-05-01", 1)]


async def test_the_date_picker_popup_names_the_month_it_shows(admin_site, mcp):
    app, _ = admin_site
    async with mcp() as browser:
        await sign_in(browser, app)
        await browser.navigate(app.url("/admin/library/book/add/"))
        form = await browser.snapshot()
        await browser.act("click", control(form, "link", "Choose a Date"))
        calendar = await browser.snapshot()
        await browser.checkpoint("date picker open", calendar)
        # The day links are there (li "1" … "30"); which month they belong to is the caption a person reads.
        assert control(calendar, "link", "17")
        # The calendar shows the browser's current month; the caption is "<Month> <year>".
        today = datetime.datetime.now().astimezone().date()  # the browser's clock is this machine's
        month = today.strftime("%B")
        found = await browser.act("find", query=month)
        assert found["total"] >= 1, f"the calendar's caption ({month} {today.year}) is not in the model"


async def test_a_changelist_row_title_is_a_link_in_a_rowheader(admin_site, mcp):
    app, db = admin_site
    with sqlite3.connect(db) as con:
        con.execute(
            "INSERT INTO library_book (title, author_id, genre, published, in_print) VALUES (?, 1, 'novel', ?, 1)",
            ("The Left Hand of Darkness", "1969-03-01"),
        )
    async with mcp() as browser:
        await sign_in(browser, app)
        await browser.navigate(app.url("/admin/library/book/"))
        books = await browser.snapshot()
        await browser.checkpoint("book changelist (one row)", books)
        # <th class="field-title"> in a body row is a rowheader (html-aam), and the link in it stays a
        # link, as in Chromium's tree; it was announced as a columnheader (issue 22).
        row_title = [c for c in books["controls"] if c["name"] == "The Left Hand of Darkness" and c.get("href")]
        assert [c["role"] for c in row_title] == ["link"], row_title
