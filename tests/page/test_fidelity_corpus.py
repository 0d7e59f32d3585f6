"""Our own corpus of app-like pages (tests/page/fidelity_pages) held at its fidelity numbers: recall
and precision against Chromium (fidelity/report.py) may only go up. The floors are the values measured
when they were set, rounded down to 2 decimals; raise them as fixes land (bench/fidelity.py --only
own/ prints every page's misses and extras)."""

from __future__ import annotations

from pathlib import Path

import pytest

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.fidelity.report import fidelity_report

PAGES = Path(__file__).parent / "fidelity_pages"
# page: (recall, precision), measured 2026-11-26 on main b9cb73e (after issue 22's first fixes). Below
# 1.0 by the model: chat (a position: fixed button inside a box that clips its overflow is clipped by
# it; CSS lets it escape), components (a button inside a closed <details> is listed by the capture
# that follows adopting a closed shadow root), popups (a skip link hidden by clip-path: inset(50%)
# is listed).
FLOORS = {
    "accordion.html": (1.0, 1.0),
    "app_shell.html": (1.0, 1.0),
    "board.html": (1.0, 1.0),
    "booking.html": (1.0, 1.0),
    "chat.html": (1.0, 1.0),
    "components.html": (1.0, 1.0),
    "dashboard.html": (1.0, 1.0),
    "popups.html": (1.0, 1.0),
    "table.html": (1.0, 1.0),
}


def test_every_page_of_the_corpus_has_a_floor():
    assert sorted(p.name for p in PAGES.glob("*.html")) == sorted(FLOORS)


@pytest.mark.parametrize("page", sorted(FLOORS))
async def test_fidelity_holds_its_floor(server, tab, page):
    url = server.route(f"/fidelity/{page}", (PAGES / page).read_bytes())
    await navigate(tab, url)
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    report = await fidelity_report(tab, model)
    recall, precision = FLOORS[page]
    detail = {"misses": report.misses, "extras": report.extras}
    assert report.expected > 0
    assert report.recall >= recall, detail
    assert report.precision >= precision, detail
