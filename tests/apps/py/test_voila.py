"""Voilà (a notebook run as a page, its widgets ipywidgets' own): a trip desk of ours (voila_app/voila_trips.ipynb),
judged from the JSON-lines file its kernel appends each trip to.

Issue 31's third holdout (session 11; HOLDOUT = True, markers `holdout` and `holdout3`): its tasks were written
and run on main b0549d3 with nothing in src/ changed, and are not to be fixed against; re-run alone with
`pytest tests/apps -m holdout3`. Its kinds: ipywidgets' DatePicker (a native date input), IntSlider (a drawn
slider beside a number box of its own), Dropdown (a native select), SelectMultiple (a native multiple select),
ToggleButtons, each captioned by its `description` label, and an Accordion (its Help panel). ipywidgets has no
sortable table: three tasks. Every step reads the first look after the action before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, free_port, json_lines, need, save, saved

VOILA = VENV_BIN / "voila"
HERE = Path(__file__).parent / "voila_app"
HOLDOUT = True
pytestmark = [pytest.mark.holdout, pytest.mark.holdout3]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(VOILA.is_file(), "Voilà")
    home = tmp_path_factory.mktemp("voila")
    trips = home / "trips.jsonl"
    port = free_port()
    # The template `offline` (voila_app/voila/templates, found on JUPYTER_PATH) is Voilà's lab template less the
    # Font Awesome stylesheets it links from a CDN. Each page load starts a kernel of its own, which inherits
    # TRIP_FILE.
    argv = [str(VOILA), str(HERE / "voila_trips.ipynb"), "--template=offline", f"--port={port}", "--no-browser"]
    argv += ["--Voila.ip=127.0.0.1"]
    env = {"TRIP_FILE": str(trips), "HOME": str(home), "JUPYTER_PATH": str(HERE)}
    with AppProcess("voila", argv, cwd=home, env=env, ready=r"Voil. is running at", port=port) as app:
        Timings("voila").record("start", app.started_in)
        yield app, trips


async def new_trip(browser, app: AppProcess, traveller: str) -> dict:
    # The kernel runs the notebook after the page loads: the widgets come last.
    form = await browser.open(app.url("/"), "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def test_voila_start_date_filled_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: date"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act(
                "fill", fields=[{"element_id": control(form, "textbox", "Start date"), "value": "2026-05-20"}]
            )
            filled = await browser.snapshot()
            await save(browser, filled, len(json_lines(trips)) + 1)
            assert await browser.external_requests() == []
    assert [t["start"] for t in saved(trips, "Ada Lovelace")] == ["2026-05-20"]


async def test_voila_nights_slider_set_to_7_is_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: slider"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Alan Turing")
            await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
            moved = await browser.snapshot()
            await save(browser, moved, len(json_lines(trips)) + 1)
    assert [t["nights"] for t in saved(trips, "Alan Turing")] == [7]


async def test_voila_room_extras_and_hotel_chosen_are_saved(desk, app_timings, mcp):
    app, trips = desk
    with app_timings.measure("task: selects"):
        async with mcp() as browser:
            form = await new_trip(browser, app, "Grace Hopper")
            await browser.act("select", control(form, "combobox", "Room"), option="Suite")
            room = await browser.snapshot()
            extras = control(room, ("listbox", "combobox"), "Extras")
            await browser.act("fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}])
            chosen = await browser.snapshot()
            await browser.act("click", control(chosen, "button", "Alpine"))
            hotel = await browser.snapshot()
            await save(browser, hotel, len(json_lines(trips)) + 1)
    [trip] = saved(trips, "Grace Hopper")
    assert (trip["room"], trip["extras"], trip["hotel"]) == ("Suite", ["Breakfast", "Parking"], "Alpine")
