"""A browser per conversation from a real service: browserless (ws://) and a Selenium Grid 4 (http://).

The services come from the registries (`bash scripts/setup_services.sh`) and are started here on
free 127.0.0.1 ports (browser_services.py). Without them these tests skip with the reason, except
in CI (CI=true), where they fail: CI must run them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import urllib.request
from pathlib import Path

import pytest
from browser_services import Browserless, Grid, free_port, installed

from browserx.browser import BrowserConfig, BrowserManager
from browserx.browser.endpoints import endpoint_for
from browserx.errors import ValidationError
from browserx.tools import ToolContext, default_registry
from cli_process import browserx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))
from mcp_client import (
    McpHttpProcess,
    call as mcp_call,
    http_session,
)

SERVICES = installed()
PAGE = "<title>remote</title><p>hello from a remote browser</p>"
REGISTRY = default_registry()


def need_services() -> dict[str, str]:
    if SERVICES is None:
        reason = (
            "browser services not installed: run `bash scripts/setup_services.sh` "
            "(browserless and Selenium Grid 4 from npm and Debian) to run the endpoint tests"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + "; CI must run them", pytrace=False)
        pytest.skip(reason)
    return SERVICES


@pytest.fixture(scope="session")
def browserless():
    with Browserless(need_services(), concurrent=2, queued=1) as service:
        yield service


@pytest.fixture(scope="session")
def grid():
    with Grid(need_services(), max_sessions=2, request_timeout=60) as service:
        yield service


@contextlib.asynccontextmanager
async def remote(endpoint: str, **settings):
    async with BrowserManager(BrowserConfig(browser_endpoint=endpoint, **settings)) as manager:
        yield manager


async def call(manager: BrowserManager, conversation_id: str, name: str, **arguments):
    return await REGISTRY.dispatch(name, arguments, ToolContext(manager, conversation_id))


async def cookie(manager: BrowserManager, conversation_id: str) -> str:
    result = await call(manager, conversation_id, "browser_eval", expression="document.cookie")
    assert result.success, result.error
    return result.data["result"]


def code(result) -> str | None:
    return None if result.success else result.error["code"]


async def browser_pid(manager: BrowserManager, conversation_id: str) -> int:
    conversation = await manager.conversation(conversation_id)
    info = await conversation.connection.send("SystemInfo.getProcessInfo")
    [pid] = [p["id"] for p in info["processInfo"] if p["type"] == "browser"]
    return pid


def grid_session(manager: BrowserManager, conversation_id: str) -> str:
    """The grid session behind a conversation (its se:cdp URL is /session/<id>/se/cdp)."""
    return manager.conversations[conversation_id].connection.url.split("/session/")[1].split("/")[0]


# -- without a service ---------------------------------------------------------------------------


def test_endpoint_settings_that_cannot_work_are_validation_errors():
    for settings in (
        {"browser_endpoint": "ws://127.0.0.1:1/x", "cdp_url": "http://127.0.0.1:9222"},
        {"browser_endpoint": "ftp://127.0.0.1/"},
        {"browser_endpoint": "ws://127.0.0.1:1/x", "endpoint_timeout": 0},
    ):
        with pytest.raises(ValidationError):
            endpoint_for(BrowserConfig(**settings))


@pytest.mark.parametrize("scheme", ["ws", "http"])
async def test_a_service_that_does_not_answer_is_browser_unavailable_at_once(scheme):
    async with remote(f"{scheme}://127.0.0.1:{free_port()}/chromium", endpoint_timeout=30) as manager:
        result = await call(manager, "c1", "browser_navigate", url="about:blank")
    assert code(result) == "BROWSER_UNAVAILABLE"


# -- browserless -----------------------------------------------------------------------------------


async def test_each_conversation_gets_its_own_browserless_browser_and_shares_nothing(browserless, server):
    url = server.route("/endpoints/isolation", PAGE)
    async with remote(browserless.endpoint, browser_endpoint_token=browserless.token) as manager:
        for conversation_id in ("a", "b"):
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        await call(manager, "a", "browser_eval", expression="document.cookie = 'who=a; path=/'")
        a_sees, b_sees = await cookie(manager, "a"), await cookie(manager, "b")
        tabs = await call(manager, "a", "browser_tabs", action="list")
        a, b = manager.conversations["a"], manager.conversations["b"]
        running = browserless.pressure()["running"]
    assert a_sees == "who=a" and b_sees == ""
    assert a.connection is not b.connection and running == 2  # two browsers, not two contexts in one
    assert [t["url"] for t in tabs.data["tabs"]] == [url]  # pages of its own context only


async def test_a_wrong_token_is_browser_unavailable(browserless):
    async with remote(browserless.endpoint, browser_endpoint_token="wrong") as manager:
        result = await call(manager, "c1", "browser_navigate", url="about:blank")
    assert code(result) == "BROWSER_UNAVAILABLE"


async def test_the_token_may_come_from_the_environment(browserless, server, monkeypatch):
    monkeypatch.setenv("BROWSERX_ENDPOINT_TOKEN", browserless.token)
    async with remote(browserless.endpoint) as manager:
        result = await call(manager, "c1", "browser_navigate", url=server.route("/endpoints/env", PAGE))
    assert result.success, result.error


async def test_past_the_limit_is_browser_unavailable_and_closing_frees_a_slot(browserless, server):
    url = server.route("/endpoints/limit", PAGE)
    token = browserless.token
    async with (
        remote(browserless.endpoint, browser_endpoint_token=token) as manager,
        remote(browserless.endpoint, browser_endpoint_token=token, endpoint_timeout=2) as impatient,
    ):
        for conversation_id in ("a", "b"):  # the service's two browsers
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        # One waits in the queue past its endpoint_timeout, the other finds the queue full (HTTP 429).
        queued, refused = await asyncio.gather(
            call(impatient, "c", "browser_navigate", url=url), call(impatient, "d", "browser_navigate", url=url)
        )
        await manager.close_conversation("a")
        after_close = await call(manager, "e", "browser_navigate", url=url)
    assert code(queued) == "BROWSER_UNAVAILABLE" and code(refused) == "BROWSER_UNAVAILABLE"
    assert after_close.success, after_close.error


async def test_a_remote_browser_that_dies_fails_only_its_conversation_whose_next_call_gets_a_new_one(
    browserless, server
):
    url = server.route("/endpoints/dies", PAGE)
    arrived, release = server.hold("/endpoints/dies-slow")
    async with remote(browserless.endpoint, browser_endpoint_token=browserless.token) as manager:
        for conversation_id in ("a", "b"):
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        await call(manager, "a", "browser_eval", expression="document.cookie = 'kept=no; path=/'")
        pid = await browser_pid(manager, "a")
        in_flight = asyncio.ensure_future(
            call(manager, "a", "browser_navigate", url=server.url("/endpoints/dies-slow"))
        )
        assert await asyncio.to_thread(arrived.wait, 10)
        os.kill(pid, signal.SIGKILL)
        failed = await asyncio.wait_for(in_flight, 30)
        release.set()
        other = await call(manager, "b", "browser_eval", expression="1 + 1")
        again = await call(manager, "a", "browser_navigate", url=url)
        fresh_cookie = await cookie(manager, "a")
    assert code(failed) == "BROWSER_CLOSED"
    assert other.success and other.data["result"] == 2
    assert again.success, again.error
    assert fresh_cookie == ""  # a new browser, not the old one


async def test_the_service_killed_mid_call_gives_browser_closed_then_unavailable_then_works_when_back(server):
    url = server.route("/endpoints/killed", PAGE)
    arrived, release = server.hold("/endpoints/killed-slow")
    service = Browserless(need_services(), concurrent=2, queued=0)
    service.start()
    try:
        async with remote(service.endpoint, browser_endpoint_token=service.token, endpoint_timeout=10) as manager:
            assert (await call(manager, "a", "browser_navigate", url=url)).success
            in_flight = asyncio.ensure_future(
                call(manager, "a", "browser_navigate", url=server.url("/endpoints/killed-slow"))
            )
            assert await asyncio.to_thread(arrived.wait, 10)
            await asyncio.to_thread(service.kill)
            failed = await asyncio.wait_for(in_flight, 30)
            release.set()
            while_down = await call(manager, "a", "browser_navigate", url=url)
            await asyncio.to_thread(service.start)  # same port and token
            back = await call(manager, "a", "browser_navigate", url=url)
    finally:
        service.stop()
    assert code(failed) == "BROWSER_CLOSED"
    assert code(while_down) == "BROWSER_UNAVAILABLE"
    assert back.success, back.error


async def test_the_cli_takes_a_browser_endpoint(browserless, server):
    url = server.route("/endpoints/cli", PAGE)
    code, out, err = await browserx(
        "navigate",
        url,
        "--json",
        "--browser-endpoint",
        browserless.endpoint,
        "--endpoint-timeout",
        "30",
        env=dict(os.environ, BROWSERX_ENDPOINT_TOKEN=browserless.token),
    )
    assert code == 0, err
    assert '"title": "remote"' in out


async def test_each_mcp_session_gets_a_remote_browser_of_its_own(browserless, server):
    url = server.route("/endpoints/mcp", PAGE)
    async with (
        McpHttpProcess(
            "--browser-endpoint", browserless.endpoint, "--browser-endpoint-token", browserless.token
        ) as proc,
        http_session(proc.url) as first,
        http_session(proc.url) as second,
    ):
        await asyncio.gather(
            mcp_call(first, "browser_navigate", url=url), mcp_call(second, "browser_navigate", url=url)
        )
        await mcp_call(first, "browser_eval", expression="document.cookie = 'owner=first; path=/'")
        (_, first_sees), (_, second_sees) = await asyncio.gather(
            mcp_call(first, "browser_eval", expression="document.cookie"),
            mcp_call(second, "browser_eval", expression="document.cookie"),
        )
        running = browserless.pressure()["running"]
    assert first_sees["data"]["result"] == "owner=first" and second_sees["data"]["result"] == ""
    assert running == 2


# -- Selenium Grid 4 -------------------------------------------------------------------------------


async def test_grid_conversations_are_isolated_and_closing_one_deletes_its_session(grid, server):
    url = server.route("/endpoints/grid", PAGE)
    async with remote(grid.endpoint) as manager:
        for conversation_id in ("a", "b"):
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        await call(manager, "a", "browser_eval", expression="document.cookie = 'who=a; path=/'")
        a_sees, b_sees = await cookie(manager, "a"), await cookie(manager, "b")
        tabs = await call(manager, "b", "browser_tabs", action="list")
        a_id, b_id = grid_session(manager, "a"), grid_session(manager, "b")
        assert grid.alive(a_id) and grid.alive(b_id)
        await manager.close_conversation("a")
        a_after, b_after = grid.alive(a_id), grid.alive(b_id)
    assert a_sees == "who=a" and b_sees == ""
    assert [t["url"] for t in tabs.data["tabs"]] == [url]
    assert a_id != b_id and not a_after and b_after
    assert not grid.alive(b_id)  # closing the manager deleted the last one


async def test_grid_past_its_slots_is_browser_unavailable_and_freed_slots_serve_the_next(grid, server):
    url = server.route("/endpoints/grid-limit", PAGE)
    async with remote(grid.endpoint) as manager, remote(grid.endpoint, endpoint_timeout=2) as impatient:
        for conversation_id in ("a", "b"):
            assert (await call(manager, conversation_id, "browser_navigate", url=url)).success
        queued = await call(impatient, "c", "browser_navigate", url=url)  # the grid queues it; we stop waiting
        await manager.close_conversation("a")
        d = await call(manager, "d", "browser_navigate", url=url)
        # Both slots again: had the abandoned request kept a session, "e" would find none free.
        await manager.close_conversation("b")
        e = await call(manager, "e", "browser_navigate", url=url)
    assert code(queued) == "BROWSER_UNAVAILABLE"
    assert d.success, d.error
    assert e.success, e.error


async def test_a_grid_session_ended_behind_our_back_fails_that_conversation_then_it_gets_a_new_one(grid, server):
    url = server.route("/endpoints/grid-ended", PAGE)
    arrived, release = server.hold("/endpoints/grid-ended-slow")
    async with remote(grid.endpoint) as manager:
        manager.endpoint.keepalive = 0.2
        assert (await call(manager, "a", "browser_navigate", url=url)).success
        session_id = grid_session(manager, "a")
        in_flight = asyncio.ensure_future(
            call(manager, "a", "browser_navigate", url=server.url("/endpoints/grid-ended-slow"))
        )
        assert await asyncio.to_thread(arrived.wait, 10)
        request = urllib.request.Request(f"{grid.endpoint}/session/{session_id}", method="DELETE")
        await asyncio.to_thread(urllib.request.urlopen, request, timeout=30)
        failed = await asyncio.wait_for(in_flight, 30)
        release.set()
        again = await call(manager, "a", "browser_navigate", url=url)
        new_id = grid_session(manager, "a")
    assert code(failed) == "BROWSER_CLOSED"
    assert again.success, again.error
    assert new_id != session_id
