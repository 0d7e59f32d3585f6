"""Launch, attach, isolation between conversations, idle timeout, a killed browser, no leftovers."""

import asyncio
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from browserx.browser import BrowserConfig, BrowserManager, launch_chrome
from browserx.tools import ToolContext, default_registry
from cli_process import PYTHON_TAKING_CTRL_C


async def test_two_conversations_do_not_see_each_others_cookies(manager, server):
    url = server.route("/c", "<p>cookies</p>")
    registry = default_registry()
    a, b = ToolContext(manager, "iso-a"), ToolContext(manager, "iso-b")
    try:
        for ctx in (a, b):
            assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
        await registry.dispatch("browser_eval", {"expression": "document.cookie = 'secret=1; path=/'"}, a)
        seen_a = await registry.dispatch("browser_eval", {"expression": "document.cookie"}, a)
        seen_b = await registry.dispatch("browser_eval", {"expression": "document.cookie"}, b)
        assert seen_a.data["result"] == "secret=1"
        assert seen_b.data["result"] == ""
    finally:
        await manager.close_conversation("iso-a")
        await manager.close_conversation("iso-b")


async def test_conversation_state_persists_across_calls(call, server):
    url = server.route("/p", "<p>persist</p>")
    await call("browser_navigate", url=url)
    await call("browser_eval", expression="window.mark = 42")
    assert (await call("browser_eval", expression="window.mark")).data["result"] == 42


async def test_idle_conversation_is_closed_and_its_files_removed():
    async with BrowserManager(BrowserConfig(idle_timeout=0.3)) as manager:
        conversation = await manager.conversation("idle")
        root = conversation.root_dir
        assert root.exists()
        await asyncio.wait_for(conversation.closed_event.wait(), 10)
        assert "idle" not in manager.conversations
        assert not root.exists()
        again = await manager.conversation("idle")  # the next call starts a fresh one
        assert again is not conversation and not again.closed


async def test_killed_browser_fails_the_pending_call_and_the_next_call_relaunches(server):
    url = server.route("/k", "<p>alive</p>")
    registry = default_registry()
    async with BrowserManager(BrowserConfig()) as manager:
        ctx = ToolContext(manager, "kill")
        assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
        pid = manager.chrome.pid
        tab = await ctx.tab()
        async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):  # the call is in the page
            pending = asyncio.ensure_future(
                registry.dispatch(
                    "browser_eval", {"expression": "console.log('in'); new Promise(() => {})", "timeout": "20s"}, ctx
                )
            )
        os.kill(pid, signal.SIGKILL)
        result = await asyncio.wait_for(pending, 10)
        assert result.code == "BROWSER_CLOSED"
        after = await registry.dispatch("browser_navigate", {"url": url}, ctx)
        assert after.success, after.error
        assert manager.launches == 2 and manager.chrome.pid != pid


async def test_attach_by_cdp_url_to_a_separately_launched_browser(server):
    url = server.route("/attach", "<title>attached</title><p>x</p>")
    chrome = await launch_chrome()
    try:
        port = chrome.ws_url.split(":")[2].split("/")[0]
        registry = default_registry()
        async with BrowserManager(BrowserConfig(cdp_url=f"http://127.0.0.1:{port}")) as manager:
            result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "a"))
            assert result.success and result.data["title"] == "attached"
            assert manager.chrome is None  # nothing launched by us
            await chrome.terminate()
            gone = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "a"))
            assert gone.code == "BROWSER_CLOSED"
            again = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "a"))
            assert again.code == "BROWSER_CLOSED"  # a remote browser is reported, never relaunched
    finally:
        await chrome.terminate()


async def test_attach_to_nothing_is_a_launch_failure():
    manager = BrowserManager(BrowserConfig(cdp_url="http://127.0.0.1:9"))
    result = await default_registry().dispatch("browser_navigate", {"url": "about:blank"}, ToolContext(manager))
    assert result.code == "LAUNCH_FAILED"
    await manager.close()


async def test_missing_chromium_is_a_launch_failure(monkeypatch):
    monkeypatch.setenv("BROWSERX_CHROME", "/nonexistent/chrome")
    manager = BrowserManager(BrowserConfig())
    result = await default_registry().dispatch("browser_navigate", {"url": "about:blank"}, ToolContext(manager))
    assert result.code == "LAUNCH_FAILED"
    await manager.close()


def _chrome_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split()[2] != "Z"


async def test_close_leaves_no_process_and_no_profile():
    manager = BrowserManager(BrowserConfig())
    await manager.conversation()
    pid, profile = manager.chrome.pid, manager.chrome.profile_dir
    await manager.close()
    assert not _chrome_alive(pid)
    assert not os.path.exists(profile)
    assert not os.path.exists(os.path.join(profile, "tmp"))  # Chromium's own temp files lived there


@pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and signals")
async def test_ctrl_c_leaves_no_process_and_no_profile():
    script = textwrap.dedent("""
        import asyncio, sys
        from browserx.browser import BrowserManager
        async def main():
            async with BrowserManager() as manager:
                await manager.conversation()
                print(manager.chrome.pid, manager.chrome.profile_dir, flush=True)
                await asyncio.Event().wait()
        asyncio.run(main())
    """)
    process = await asyncio.create_subprocess_exec(
        *PYTHON_TAKING_CTRL_C, "-c", script, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        pid, profile = line.decode().split()
        process.send_signal(signal.SIGINT)
        await asyncio.wait_for(process.wait(), 20)
    finally:
        if process.returncode is None:  # the test failed: leave no script (nor its browser) behind
            process.terminate()
            await process.wait()
    assert not _chrome_alive(int(pid))
    assert not os.path.exists(profile)
