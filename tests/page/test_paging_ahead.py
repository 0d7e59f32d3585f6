"""Pieces handed ahead: later pieces come without a round trip each, yet never describe a page that moved on."""

from __future__ import annotations

import json

from test_paging import article

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.page.world import PageWorld

READ = "function (options) { return JSON.stringify(globalThis.__browserx.readText(options)); }"


async def first_two(service: DomService, size: int):
    first = await service.snapshot(SnapshotOptions(max_text_chars=size), fresh=True)
    second = await service.snapshot(SnapshotOptions(max_text_chars=size, text_offset=first.next_offset), fresh=True)
    assert second.text_changed is False and second.next_offset is not None
    return first, second


async def main_world(tab, expression: str):
    result = await tab.session.send(
        "Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}, timeout=10
    )
    assert "exceptionDetails" not in result, result
    return result["result"].get("value")


async def test_pieces_handed_ahead_are_the_pieces_the_page_gives(tab, server):
    await navigate(tab, server.route("/ahead/same", article(20_000, seed=3)))
    service, world = DomService.of(tab), PageWorld.of(tab)
    _, piece = await first_two(service, 3000)
    offset = piece.next_offset
    while offset is not None:
        piece = await service.snapshot(SnapshotOptions(max_text_chars=3000, text_offset=offset), fresh=True)
        page = json.loads(await world.call(READ, {"text_offset": offset, "max_text_chars": 3000}))
        assert (piece.text, piece.text_range, piece.next_offset, piece.omitted["text"], piece.text_changed) == (
            page["text"],
            page["text_range"],
            page["next_offset"],
            page["omitted"]["text"],
            False,
        )
        offset = piece.next_offset


async def test_a_page_that_changes_itself_between_pieces_handed_ahead_says_so(tab, server):
    await navigate(tab, server.route("/ahead/timer", article(20_000, seed=5)))
    service = DomService.of(tab)
    _, second = await first_two(service, 3000)
    # The page's own timer rewrites a paragraph: nothing browserx did, so nothing invalidated it.
    await main_world(
        tab,
        "new Promise(r => setTimeout(() => { document.querySelector('p').textContent = "
        "'Rewritten by the page itself.'; r(true); }, 5))",
    )
    third = await service.snapshot(SnapshotOptions(max_text_chars=3000, text_offset=second.next_offset), fresh=True)
    assert third.text_changed is True
    fourth = await service.snapshot(SnapshotOptions(max_text_chars=3000, text_offset=third.next_offset), fresh=True)
    assert fourth.text_changed is False  # pages on in the new version


async def test_a_resize_that_changes_the_text_between_pieces_handed_ahead_says_so(tab, server):
    style = "<style>@media (max-width: 500px) { h1 { display: none } }</style>"
    await navigate(tab, server.route("/ahead/resize", style + article(20_000, seed=6)))
    service = DomService.of(tab)
    _, second = await first_two(service, 3000)
    await main_world(
        tab, "window.__resized = new Promise(r => addEventListener('resize', () => r(innerWidth), {once: true})); true"
    )
    await tab.session.send(
        "Emulation.setDeviceMetricsOverride", {"width": 480, "height": 700, "deviceScaleFactor": 1, "mobile": False}
    )
    assert await main_world(tab, "window.__resized") == 480
    third = await service.snapshot(SnapshotOptions(max_text_chars=3000, text_offset=second.next_offset), fresh=True)
    assert third.text_changed is True
