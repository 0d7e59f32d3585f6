"""Every validation rule of the data model, and every error code page_screenshot can produce."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal

import pytest

from browserx.browser import BrowserConfig, BrowserManager
from browserx.screenshots import UNLIMITED, ScreenshotStore
from browserx.tools import ToolContext, default_registry

from shot_helpers import open_page, set_limits

AT = {"x": 10, "y": 10}

INVALID = [
    pytest.param({}, id="action required"),
    pytest.param({"action": "hover"}, id="action one of five"),
    pytest.param({"action": "click"}, id="click needs coordinates"),
    pytest.param({"action": "type", "coordinates": AT}, id="type needs text"),
    pytest.param({"action": "type", "text": "a"}, id="type needs coordinates"),
    pytest.param({"action": "type", "coordinates": AT, "text": "a" * 10_001}, id="text at most 10000"),
    pytest.param({"action": "scroll"}, id="scroll needs coordinates"),
    pytest.param({"action": "keypress"}, id="keypress needs key"),
    pytest.param({"action": "keypress", "key": ""}, id="key not empty"),
    pytest.param({"action": "keypress", "key": "Hyper+Q"}, id="key a DOM key name"),
    pytest.param({"action": "click", "coordinates": {"x": -1, "y": 5}}, id="x non-negative"),
    pytest.param({"action": "click", "coordinates": {"x": 5, "y": -1}}, id="y non-negative"),
    pytest.param({"action": "click", "coordinates": {"x": 1.5, "y": 5}}, id="x integer"),
    pytest.param({"action": "click", "coordinates": {"x": 5}}, id="y required"),
    pytest.param({"action": "click", "coordinates": {"x": 5, "y": 5, "z": 1}}, id="coordinates x y only"),
    pytest.param({"action": "screenshot", "scroll_offset": {"y": 2.5}}, id="scroll_offset integer"),
    pytest.param({"action": "screenshot", "scroll_offset": {"y": "down"}}, id="scroll_offset number"),
    pytest.param({"action": "click", "coordinates": AT, "options": {"button": "back"}}, id="button left right middle"),
    pytest.param({"action": "click", "coordinates": AT, "options": {"wait_after_action": -1}}, id="wait non-negative"),
    pytest.param({"action": "click", "coordinates": AT, "options": {"wait_after_action": 0.5}}, id="wait integer"),
    pytest.param({"action": "click", "coordinates": AT, "options": {"wait_after_action": 60_000}}, id="wait bounded"),
    pytest.param({"action": "keypress", "key": "a", "options": {"modifiers": {"ctrl": [1]}}}, id="modifier boolean"),
    pytest.param({"action": "keypress", "key": "a", "options": {"modifiers": {"hyper": True}}}, id="modifier names"),
    pytest.param({"action": "screenshot", "tab_id": 0}, id="tab_id positive"),
    pytest.param({"action": "click", "coordinates": AT, "text": "a"}, id="text only for type"),
    pytest.param({"action": "keypress", "key": "a", "coordinates": AT}, id="no coordinates for keypress"),
    pytest.param({"action": "screenshot", "coordinates": AT}, id="no coordinates for screenshot"),
    pytest.param({"action": "click", "coordinates": AT, "scroll_offset": {"y": 1}}, id="scroll_offset not for click"),
    pytest.param({"action": "click", "coordinates": AT, "marks": True}, id="marks only for screenshot"),
    pytest.param({"action": "type", "coordinates": AT, "key": "a", "text": "a"}, id="key only for keypress"),
]


@pytest.mark.parametrize("arguments", INVALID)
async def test_invalid_requests_are_validation_errors_and_do_nothing(ctx, page, arguments):
    tab = await page(
        "<!doctype html><script>window.events = 0; for (const t of ['mousedown','keydown','input'])"
        " addEventListener(t, () => events++, true)</script><input autofocus>"
    )
    result = await default_registry().dispatch("page_screenshot", arguments, ctx)
    assert result.code == "VALIDATION_ERROR", result.to_dict()
    assert not result.images
    value = await tab.session.send("Runtime.evaluate", {"expression": "events", "returnByValue": True})
    assert value["result"]["value"] == 0


@pytest.mark.parametrize(
    "arguments",
    [
        {"action": "screenshot"},
        {"action": "screenshot", "scroll_offset": {}},
        {"action": "screenshot", "marks": False},
        {"action": "click", "coordinates": {"x": 0, "y": 0}},
        {"action": "scroll", "coordinates": AT},
        {"action": "keypress", "key": "Escape", "options": {"modifiers": {}}},
        {"action": "type", "coordinates": AT, "text": ""},
    ],
)
async def test_valid_requests_succeed(call, page, arguments):
    await page("<!doctype html><p>ok</p>")
    result = await call("page_screenshot", **arguments)
    assert result.success, result.to_dict()
    assert result.action == arguments["action"] and result.metadata["tab_id"] == 1
    assert {"duration_ms", "tab_id", "timestamp"} <= set(result.metadata)
    out = result.to_dict()
    assert "data" in out and "error" not in out  # data XOR error


@pytest.mark.parametrize(
    "dpr, limits, width, height", [(1, None, 1280, 720), (2, None, 1430, 804), (2, UNLIMITED, 2560, 1440)]
)
async def test_coordinates_outside_the_screenshot_are_invalid_with_the_valid_range(
    call, conversation, page, dpr, limits, width, height
):
    tab = await page("<!doctype html><p>ok</p>")
    await tab.set_viewport(1280, 720, device_scale_factor=dpr)
    if limits:
        set_limits(conversation, limits)
    for x, y in [(width, 0), (0, height), (width + 500, height + 500)]:
        result = await call("page_screenshot", action="click", coordinates={"x": x, "y": y})
        assert result.code == "INVALID_COORDINATES"
        assert result.error["details"]["valid_x"] == [0, width - 1]
        assert result.error["details"]["valid_y"] == [0, height - 1]
    corner = await call("page_screenshot", action="click", coordinates={"x": width - 1, "y": height - 1})
    assert corner.success and corner.data["coordinates_used"]["x"] < 1280


async def test_unknown_tab_is_tab_not_found(call, page):
    await page("<p>ok</p>")
    assert (await call("page_screenshot", action="screenshot", tab_id=42)).code == "TAB_NOT_FOUND"
    assert (await call("page_screenshot", action="click", coordinates=AT, tab_id=42)).code == "TAB_NOT_FOUND"
    assert (await call("browser_take_screenshot", tab_id=42)).code == "TAB_NOT_FOUND"


async def test_a_capture_chromium_cannot_render_is_screenshot_failed_and_leaves_no_file(call, conversation, page):
    tab = await page("<p>ok</p>")
    assert (await call("page_screenshot", action="screenshot")).success
    set_limits(conversation, UNLIMITED)
    await tab.set_viewport(10000, 10000, device_scale_factor=4)  # 40000² device pixels: over Chromium's limit
    result = await call("page_screenshot", action="screenshot")
    assert result.code == "SCREENSHOT_FAILED"
    assert ScreenshotStore.of(conversation).files() == []  # Capturing --fails--> None


async def test_unwritable_screenshot_directory_is_file_storage_error(call, conversation, page):
    await page("<p>ok</p>")
    shutil.rmtree(conversation.screenshot_dir)
    conversation.screenshot_dir.write_text("a file where the directory should be")
    try:
        result = await call("page_screenshot", action="screenshot")
        assert result.code == "FILE_STORAGE_ERROR" and not result.images
    finally:
        conversation.screenshot_dir.unlink()
        conversation.screenshot_dir.mkdir()
    assert (await call("page_screenshot", action="screenshot")).success  # a missing directory is created again


async def test_capture_over_the_size_limit_is_refused_with_file_storage_error(call, conversation, page):
    await page("<p>ok</p>")
    assert (await call("page_screenshot", action="screenshot")).success
    conversation.state.put(ScreenshotStore(conversation.screenshot_dir, max_bytes=1000))
    result = await call("page_screenshot", action="screenshot")
    assert result.code == "FILE_STORAGE_ERROR" and result.error["details"]["max_bytes"] == 1000
    assert ScreenshotStore.of(conversation).files() == []


async def test_browser_killed_during_an_action_is_browser_closed(server):
    url = server.route(
        "/busy",
        """<!doctype html><body style="margin:0;height:600px"
        onmousedown="console.log('busy'); while (true) {}"></body>""",
    )
    async with BrowserManager(BrowserConfig()) as manager:
        ctx = ToolContext(manager, "lost")
        registry = default_registry()
        tab = await ctx.tab()
        await open_page(tab, url)
        async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):
            pending = asyncio.ensure_future(
                registry.dispatch("page_screenshot", {"action": "click", "coordinates": {"x": 100, "y": 100}}, ctx)
            )
        os.kill(manager.chrome.pid, signal.SIGKILL)
        result = await asyncio.wait_for(pending, 10)
        assert result.code == "BROWSER_CLOSED", result.to_dict()  # one failure, one code
        assert (await registry.dispatch("page_screenshot", {"action": "screenshot"}, ctx)).success  # reconnects
