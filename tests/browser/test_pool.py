"""Conversations over several local Chromium processes (browser_processes "pool" and "per_conversation"):
a process that dies takes only its own conversations' calls, and their next call gets a new process."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

import browserx
from browserx.browser import BrowserConfig, BrowserManager
from browserx.errors import ConversationLimitError, ValidationError
from browserx.tools import ToolContext, default_registry

REGISTRY = default_registry()
# Ends only when the test says so (window.__release), or when its renderer goes.
HANG = {"expression": "console.log('in flight'); new Promise(r => { window.__release = r; })", "timeout": "20s"}


async def call(manager: BrowserManager, conversation_id: str, name: str, **arguments):
    return await REGISTRY.dispatch(name, arguments, ToolContext(manager, conversation_id))


async def in_flight(manager: BrowserManager, conversation_id: str) -> asyncio.Future:
    """A call that never ends by itself, returned once it runs in the page."""
    tab = await ToolContext(manager, conversation_id).tab()
    async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):
        pending = asyncio.ensure_future(call(manager, conversation_id, "browser_eval", **HANG))
    return pending


async def release(manager: BrowserManager, conversation_id: str) -> None:
    tab = await ToolContext(manager, conversation_id).tab()
    await tab.session.send("Runtime.evaluate", {"expression": "window.__release(7)"})


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


async def test_a_pool_spreads_conversations_and_a_killed_process_fails_only_its_own(server):
    url = server.route("/pool/a", "<title>pool</title><p>pool page</p>")
    async with BrowserManager(BrowserConfig(browser_processes="pool", browser_pool_size=2)) as manager:
        ids = ["c0", "c1", "c2", "c3"]
        for conversation_id in ids:
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
            await call(
                manager, conversation_id, "browser_eval", expression=f"document.cookie = 'who={conversation_id}'"
            )
        placed = manager.pool.processes()
        assert sorted(len(on) for on in placed.values()) == [2, 2], placed
        victim_pid = manager.pool.of("c0").pid
        victims = placed[victim_pid]
        others = [c for c in ids if c not in victims]
        pending = {c: await in_flight(manager, c) for c in ids}
        os.kill(victim_pid, signal.SIGKILL)
        failed = await asyncio.wait_for(asyncio.gather(*(pending[c] for c in victims)), 15)
        for conversation_id in others:  # still running, untouched: let them end
            assert not pending[conversation_id].done()
            await release(manager, conversation_id)
        survived = await asyncio.wait_for(asyncio.gather(*(pending[c] for c in others)), 15)
        cookies = {c: (await call(manager, c, "browser_eval", expression="document.cookie")).data for c in others}
        again = {c: await call(manager, c, "browser_navigate", url=url) for c in victims}
        after = manager.pool.processes()
        new_cookies = {c: (await call(manager, c, "browser_eval", expression="document.cookie")).data for c in ids}
    assert [r.code for r in failed] == ["BROWSER_CLOSED"] * 2
    assert [r.data["result"] for r in survived] == [7, 7], [r.error for r in survived]
    assert all(cookies[c]["result"] == f"who={c}" for c in others)
    assert all(r.success for r in again.values()), [r.error for r in again.values()]
    assert victim_pid not in after and len(after) == 2 and sorted(after[p] for p in after) == sorted([victims, others])
    assert all(new_cookies[c]["result"] == "" for c in victims)  # a new process: nothing kept
    assert not alive(victim_pid)


async def test_a_process_per_conversation_goes_with_its_conversation(server):
    url = server.route("/pool/b", "<title>own</title>")
    async with BrowserManager(BrowserConfig(browser_processes="per_conversation")) as manager:
        for conversation_id in ("a", "b"):
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        pids = {c: manager.pool.of(c).pid for c in ("a", "b")}
        profile = manager.pool.of("a").chrome.profile_dir
        assert pids["a"] != pids["b"]
        pending = await in_flight(manager, "b")
        gone = asyncio.get_running_loop().create_future()
        manager.conversations["a"].connection.on_close(lambda: gone.done() or gone.set_result(None))
        os.kill(pids["a"], signal.SIGKILL)
        await asyncio.wait_for(gone, 15)  # its connection saw the process go
        again = await call(manager, "a", "browser_navigate", url=url)
        new_pid = manager.pool.of("a").pid
        await manager.close_conversation("a")
        closed_pid_alive = alive(new_pid)
        assert not pending.done()
        await release(manager, "b")
        other = await asyncio.wait_for(pending, 15)
    assert other.success and other.data["result"] == 7
    assert again.success and new_pid not in pids.values()
    assert not closed_pid_alive and not alive(pids["a"]) and not os.path.exists(profile)
    assert not alive(pids["b"])  # closing the manager stops them all


@pytest.mark.parametrize(
    "settings",
    [
        {"browser_processes": "pool", "cdp_url": "http://127.0.0.1:9222"},
        {"browser_processes": "per_conversation", "browser_endpoint": "ws://127.0.0.1:1/x"},
        {"browser_processes": "pool", "user_data_dir": "/tmp/x"},
        {"browser_processes": "one each"},
        {"browser_pool_size": 0},
        {"max_conversations": 0},
        {"max_tabs": 1.5},
        {"min_free_memory": -1},
    ],
)
def test_process_and_limit_settings_that_cannot_work_are_validation_errors(settings):
    with pytest.raises(ValidationError):
        BrowserConfig(**settings)


async def test_the_python_api_takes_the_process_and_limit_settings(server):
    url = server.route("/pool/api", "<title>api</title>")
    async with browserx.launch(browser_processes="per_conversation", max_conversations=2) as browser:
        first, second = await browser.session(), await browser.session()
        titles = [(await s.navigate(url))["title"] for s in (first, second)]
        pids = {browser.manager.pool.of(s.conversation_id).pid for s in (first, second)}
        with pytest.raises(ConversationLimitError) as refused:
            await browser.session()
        assert (await first.eval("document.title"))["result"] == "api"
    assert titles == ["api", "api"] and len(pids) == 2
    assert refused.value.code == "CONVERSATION_LIMIT"
