"""The trip desks of ours on npm component libraries (tripdesk on Ionic, elementplus, antd, jqueryui, vuetify,
fomantic, framework7): the steps and tasks they share, each task judged from what backend.py stored (trips.json,
picks.json). Every step reads the first look after the action before it."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from app_corpus import Timings, control, nights_set_to_7, room_and_extras_chosen, shown, task_session
from npm_apps import backend, backend_url, need, read_json


@contextlib.contextmanager
def trip_desk(
    folder: str, timings: str, tmp_path_factory: pytest.TempPathFactory, *needed: str
) -> Iterator[tuple[str, Path]]:
    """The desk in `folder` served by backend.py over a fresh store: (its URL, the store's folder)."""
    need(*needed)
    data = tmp_path_factory.mktemp(folder)
    with backend(folder, data) as app:
        Timings(timings).record("start", app.started_in)
        yield backend_url(app), data


def trips(data: Path, traveller: str) -> list[dict]:
    return [t for t in read_json(data / "trips.json") if t["traveller"] == traveller]


async def new_trip(browser, url: str, traveller: str) -> dict:
    form = await browser.open(url, "Save trip")
    await browser.act("type", control(form, "textbox", "Traveller"), text=traveller)
    return await browser.snapshot()


async def save(browser, form: dict, data: Path) -> None:
    """Save trip, and the first look after it: the status line a person reads."""
    await browser.act("click", control(form, "button", "Save trip"))
    after = await browser.snapshot()
    assert shown(after, f"Trip {len(read_json(data / 'trips.json'))} saved"), after["text"]


Save = Callable[..., Awaitable[None]]
DAY_20 = re.compile(r"^(Wednesday, )?(May )?20$")
HOTEL = re.compile(r"^(Harbour|Alpine|Garden)\b")


async def calendar_task(
    mcp, timings, desk: tuple[str, Path], *, day: re.Pattern[str] = DAY_20, saving: Save = save, offline: bool = True
) -> None:
    """Start date: its field clicked, day 20 clicked in the calendar it opens, the trip saved; `offline`: and the
    page asked for nothing beyond 127.0.0.1."""
    url, data = desk
    with timings.measure("task: calendar"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Ada Lovelace")
            await browser.checkpoint("trip form", form)
            await browser.act("click", control(form, ("textbox", "combobox", "button"), re.compile(r"^Start date")))
            calendar = await browser.snapshot()
            await browser.checkpoint("calendar open", calendar)
            await browser.act("click", control(calendar, ("button", "gridcell", "clickable", "link"), day))
            picked = await browser.snapshot()
            await saving(browser, picked, data)
            if offline:
                assert await browser.external_requests() == []
    assert [t["start"] for t in trips(data, "Ada Lovelace")] == ["2026-05-20"]


async def slider_task(mcp, timings, desk: tuple[str, Path], *, saving: Save = save, offline: bool = False) -> None:
    """Nights filled with 7 on its slider, the trip saved."""
    url, data = desk
    with timings.measure("task: slider"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Alan Turing")
            moved = await nights_set_to_7(browser, form)
            await saving(browser, moved, data)
            if offline:
                assert await browser.external_requests() == []
    assert [t["nights"] for t in trips(data, "Alan Turing")] == [7]


async def selects_task(mcp, timings, desk: tuple[str, Path], *, saving: Save = save) -> None:
    """Room set to Suite, Extras to Breakfast and Parking, the trip saved."""
    url, data = desk
    with timings.measure("task: selects"):
        async with task_session(mcp) as browser:
            form = await new_trip(browser, url, "Grace Hopper")
            chosen = await room_and_extras_chosen(browser, form)
            await saving(browser, chosen, data)
    [trip] = trips(data, "Grace Hopper")
    assert (trip["room"], trip["extras"]) == ("Suite", ["Breakfast", "Parking"])


async def sorted_rows_task(
    mcp, timings, desk: tuple[str, Path], *, header: str = r"^Rooms left", status: bool = False
) -> None:
    """The hotels sorted by their "Rooms left" header (fewest first, in the text and the rows' entries), then the
    first row clicked: the hotel picked (`status`: and the first look after the click says so)."""
    url, data = desk
    with timings.measure("task: sort table"):
        async with task_session(mcp) as browser:
            page = await browser.open(url, "Rooms left")
            await browser.act("click", control(page, ("button", "columnheader", "clickable"), re.compile(header)))
            after = await browser.snapshot()
            rows = re.findall(r"^\W*(Harbour|Alpine|Garden)\b", after["text"], re.M)
            assert rows == ["Alpine", "Garden", "Harbour"], after["text"]
            hotels = [c for c in after["controls"] if HOTEL.match(c["name"])]
            assert [HOTEL.match(c["name"])[1] for c in hotels] == ["Alpine", "Garden", "Harbour"], after["controls"]
            await browser.act("click", hotels[0]["id"])
            picked = await browser.snapshot()
            if status:
                assert shown(picked, "Alpine picked"), picked["text"]
    assert [p["hotel"] for p in read_json(data / "picks.json")] == ["Alpine"]
