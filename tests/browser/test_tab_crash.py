"""A renderer crash is one tab's problem: TAB_CRASHED (naming the tab) on its calls in flight and on
its next calls until a navigation or reload gives it a new document; the conversation's other tabs
and the other conversations answer as before."""

from __future__ import annotations

import asyncio

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

REGISTRY = default_registry()
PAGE = "<title>{name}</title><p>{name}</p>"
# Fills the heap until V8 gives up: with a small heap (--max-old-space-size) the renderer dies of it.
HOG = "console.log('hogging'); const kept = []; for (;;) kept.push(new Array(1 << 20).fill(kept.length));"


async def call(manager: BrowserManager, conversation_id: str, name: str, **arguments):
    return await REGISTRY.dispatch(name, arguments, ToolContext(manager, conversation_id))


async def title(manager: BrowserManager, conversation_id: str, tab_id: int | None = None):
    return await call(manager, conversation_id, "browser_eval", expression="document.title", tab_id=tab_id)


async def _two_tabs_and_a_neighbour(manager: BrowserManager, server) -> None:
    """Conversation "a" with tab 1 (to crash) and tab 2, each on a site of its own (so on a renderer of
    its own), and conversation "b"."""
    crash_url = server.route("/crash/one", PAGE.format(name="one"))
    other_url = server.route("/crash/two", PAGE.format(name="two")).replace("127.0.0.1", "localhost")
    assert (await call(manager, "a", "browser_navigate", url=crash_url)).success
    assert (await call(manager, "a", "browser_tabs", action="open", url=other_url)).success
    assert (await call(manager, "a", "browser_tabs", action="select", tab_id=1)).success
    assert (await call(manager, "b", "browser_navigate", url=crash_url)).success


async def _others_answer(manager: BrowserManager) -> None:
    other_tab, neighbour = await title(manager, "a", tab_id=2), await title(manager, "b")
    assert other_tab.success and other_tab.data["result"] == "two", other_tab.error
    assert neighbour.success and neighbour.data["result"] == "one", neighbour.error


async def test_a_crashed_renderer_fails_its_tab_only_until_reloaded(server):
    async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
        await _two_tabs_and_a_neighbour(manager, server)
        tab = await ToolContext(manager, "a").tab(1)
        async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):
            pending = asyncio.ensure_future(
                call(manager, "a", "browser_eval", expression="console.log('in'); new Promise(() => {})", tab_id=1)
            )
        crash = asyncio.ensure_future(tab.session.send("Page.crash", timeout=5))  # answered by no one: it crashed
        in_flight = await asyncio.wait_for(pending, 10)
        await asyncio.gather(crash, return_exceptions=True)
        next_call = await title(manager, "a", tab_id=1)
        await _others_answer(manager)
        reloaded = await call(manager, "a", "browser_history", action="reload", tab_id=1)
        after = await title(manager, "a", tab_id=1)
    assert in_flight.code == "TAB_CRASHED"
    assert next_call.code == "TAB_CRASHED" and next_call.error["details"] == {"tab_id": 1}
    assert reloaded.success, reloaded.error
    assert after.success and after.data["result"] == "one"


async def test_a_page_that_runs_out_of_memory_crashes_its_tab_only(server):
    # A small V8 heap, so that running out takes a moment rather than gigabytes.
    config = BrowserConfig(extra_args=["--js-flags=--max-old-space-size=64"])
    async with BrowserManager(config, setups=TAB_SETUPS) as manager:
        await _two_tabs_and_a_neighbour(manager, server)
        hog = await call(manager, "a", "browser_eval", expression=HOG, tab_id=1, timeout="60s")
        next_call = await title(manager, "a", tab_id=1)
        await _others_answer(manager)
        navigated = await call(manager, "a", "browser_navigate", url=server.url("/crash/one"), tab_id=1)
    assert hog.code == "TAB_CRASHED", hog.error
    assert next_call.code == "TAB_CRASHED"
    assert navigated.success and navigated.data["title"] == "one"
