"""The trip desks of ours on npm component libraries (tripdesk on Ionic, elementplus, antd, jqueryui): the steps
their tasks share, each task judged from what backend.py stored (trips.json)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import Timings, control, shown
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
