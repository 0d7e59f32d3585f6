"""Streamlit (an app/dashboard framework): a booking form of our own (streamlit_app/trip.py) with a
text box, a slider, a select box, a checkbox and a submit button; judged from the JSON-lines file the
app appends each submitted booking to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, free_port, need

STREAMLIT = VENV_BIN / "streamlit"
APP = Path(__file__).parent / "streamlit_app" / "trip.py"


@pytest.fixture(scope="module")
def trip_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(STREAMLIT.is_file(), "Streamlit")
    home = tmp_path_factory.mktemp("streamlit")
    trips = home / "trips.jsonl"
    port = free_port()
    argv = [
        str(STREAMLIT),
        "run",
        str(APP),
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--server.headless=true",
        "--server.fileWatcherType=none",
        "--browser.gatherUsageStats=false",
        "--global.developmentMode=false",
        "--client.toolbarMode=minimal",
    ]
    env = {"HOME": str(home), "TRIP_FILE": str(trips)}  # HOME: its ~/.streamlit stays in the temporary folder
    with AppProcess("streamlit", argv, cwd=home, env=env, ready=r"URL: http://127\.0\.0\.1", port=port) as app:
        Timings("streamlit").record("start", app.started_in)
        yield app, trips


def bookings(trips: Path, traveller: str) -> list[dict]:
    lines = trips.read_text().splitlines() if trips.exists() else []
    return [b for b in map(json.loads, lines) if b["traveller"] == traveller]


async def open_form(browser, app: AppProcess) -> dict:
    await browser.navigate(app.url("/"))
    # The app renders over its WebSocket after the page is usable: the first snapshot waits for that
    # render (issue 22 kind 6), as a person does.
    return await browser.snapshot()


async def test_a_booking_made_with_the_text_box_and_select_box_is_written(trip_app, app_timings, mcp):
    app, trips = trip_app
    with app_timings.measure("task: book (text, select)"):
        async with mcp() as browser:
            form = await open_form(browser, app)
            await browser.checkpoint("booking form", form)
            await browser.act("type", control(form, "textbox", "Traveller"), text="Ada Lovelace")
            await browser.act("select", control(form, "combobox", "Room"), option="Suite")
            await browser.act("click", control(form, "button", "Book"))
            # The app reruns over its WebSocket; a person sees the confirmation appear.
            await browser.call("browser_wait", text="Booked 3 nights", timeout="20s")
            assert await browser.external_requests() == []
    assert bookings(trips, "Ada Lovelace") == [
        {"traveller": "Ada Lovelace", "nights": 3, "room": "Suite", "breakfast": False}
    ]


async def test_the_nights_slider_and_breakfast_checkbox_are_set_as_a_person_would(trip_app, mcp):
    app, trips = trip_app
    async with mcp() as browser:
        form = await open_form(browser, app)
        await browser.act("type", control(form, "textbox", "Traveller"), text="Grace Hopper")
        # React Aria names the slider by its label and its own group: "Nights Nights", as Chromium does.
        await browser.act("fill", fields=[{"element_id": control(form, "slider", re.compile("^Nights")), "value": 5}])
        await browser.act("click", control(form, "checkbox", "Breakfast included"))
        await browser.act("click", control(form, "button", "Book"))
        await browser.call("browser_wait", text="Booked 5 nights", timeout="20s")
    assert bookings(trips, "Grace Hopper") == [
        {"traveller": "Grace Hopper", "nights": 5, "room": "Single", "breakfast": True}
    ]


async def test_the_booking_confirmation_is_in_the_page_model(trip_app, mcp):
    app, _ = trip_app
    async with mcp() as browser:
        form = await open_form(browser, app)
        await browser.act("type", control(form, "textbox", "Traveller"), text="Katherine Johnson")
        await browser.act("click", control(form, "button", "Book"))
        await browser.call("browser_wait", text="Booked 3 nights", timeout="20s")
        booked = await browser.snapshot()
        await browser.checkpoint("booking confirmed", booked)
        # st.success is a role=status line: a note among the controls, where it stands (issue 22).
        notes = [(n["kind"], n["text"]) for n in booked["notes"]]
        assert ("status", "Booked 3 nights for Katherine Johnson") in notes, notes
        found = await browser.act("find", query="Booked 3 nights")
        assert found["total"] >= 1 and found["matches"][0]["element_id"].startswith("el_")
