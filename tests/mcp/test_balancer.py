"""Two `browserx mcp --http` servers behind a real HAProxy, configured as docs/scaling.md says.

An MCP HTTP session lives in the server that answered its `initialize`; the balancer must send every
later request of the session there. The configuration under test is docs/scaling.md's own `haproxy` block,
with only its addresses replaced. HAProxy comes from Debian (`bash scripts/setup_services.sh`);
without it these tests skip with the reason, except in CI (CI=true), where they fail.

Which server a session runs on is read from the page itself: the two servers are given viewports of
different widths, so `innerWidth` names the browser (and so the server) that answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp.shared import exceptions as mcp_exceptions

from mcp_client import McpHttpProcess, call, find_control, http_session

SCALING_DOC = Path(__file__).resolve().parents[2] / "docs" / "scaling.md"
TOKEN = "balancer-test-token"
WIDTHS = (1280, 1296)  # server 0 and server 1: the viewport width tells them apart
SESSIONS = 16
CYCLES = 3
STOP_TIMEOUT = 20.0
# A session's first navigation starts its server's browser and context while 15 others do the same: on
# a machine this busy that can pass the default 15 s. Still under mcp_client's CALL_TIMEOUT.
NAVIGATE_TIMEOUT = "45s"
PAGE = "<title>balanced</title><label>Value <input id=value></label>"
# v1 of the SDK raises McpError, v2 MCPError; both carry `.error.code`.
MCP_ERROR = getattr(mcp_exceptions, "MCPError", None) or mcp_exceptions.McpError


def need_haproxy() -> str:
    haproxy = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")
    if haproxy is None:
        reason = (
            "haproxy not installed: run `bash scripts/setup_services.sh` (Debian's haproxy) to run the balancer tests"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + "; CI must run them", pytrace=False)
        pytest.skip(reason)
    return haproxy


def readme_config() -> str:
    """docs/scaling.md's HAProxy configuration: its one ```haproxy block."""
    blocks = re.findall(r"^```haproxy\n(.*?)^```", SCALING_DOC.read_text(), flags=re.S | re.M)
    assert len(blocks) == 1, "docs/scaling.md shows one haproxy configuration"
    return blocks[0]


def render(config: str, listen_fd: int, backends: list[str]) -> str:
    """docs/scaling.md's configuration with its addresses replaced: the listening socket the test made,
    and the test's servers (host:port) in the order of its `server` lines."""
    config, binds = re.subn(r"^(\s*bind\s+)\S+", rf"\g<1>fd@{listen_fd}", config, flags=re.M)
    assert binds == 1, "one bind line"
    servers = iter(backends)
    config, count = re.subn(r"^(\s*server\s+\S+\s+)\S+", lambda m: m.group(1) + next(servers), config, flags=re.M)
    assert count == len(backends), f"docs/scaling.md's configuration names {count} servers"
    return config


@contextlib.asynccontextmanager
async def haproxy_in_front(backends: list[str]) -> AsyncIterator[str]:
    """HAProxy with docs/scaling.md's configuration; yields its MCP URL.

    The test binds the listening socket and hands it over (`bind fd@N`): a client that connects before
    HAProxy has read its configuration waits in the socket's backlog, so there is no start-up to wait for.
    """
    haproxy = need_haproxy()
    with socket.socket() as listener, tempfile.TemporaryDirectory(prefix="browserx-haproxy-") as folder:
        listener.bind(("127.0.0.1", 0))
        listener.listen(256)
        config = Path(folder, "haproxy.cfg")
        config.write_text(render(readme_config(), listener.fileno(), backends))
        # Checked first: a HAProxy that refused its configuration would leave clients waiting in the backlog.
        checked = subprocess.run(
            [haproxy, "-c", "-f", str(config)], pass_fds=[listener.fileno()], capture_output=True, text=True, timeout=30
        )
        assert checked.returncode == 0, checked.stderr + checked.stdout
        proc = await asyncio.create_subprocess_exec(
            haproxy, "-db", "-f", str(config), pass_fds=[listener.fileno()], stdin=asyncio.subprocess.DEVNULL
        )
        try:
            yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
        finally:
            await stop(proc)
    assert proc.returncode in (0, -signal.SIGTERM), f"haproxy exited with {proc.returncode}"


async def stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), STOP_TIMEOUT)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            raise AssertionError(f"pid {proc.pid} did not stop within {STOP_TIMEOUT} s of SIGTERM") from None


# -- processes: what a server started, and that it is gone ----------------------------------------


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat after the command name (state, ppid, ...), or None once the process is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(pid: int) -> dict[int, str]:
    """Every process below `pid` (Chromium and its helpers), each with its start time (pid reuse)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None:
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if (fields := _stat(child)) is not None:
                found[child] = fields[19]
                todo.append(child)
    return found


def alive(processes: dict[int, str]) -> list[int]:
    return [
        pid
        for pid, started in processes.items()
        if (fields := _stat(pid)) is not None and fields[19] == started and fields[0] != "Z"
    ]


async def wait_gone(processes: dict[int, str], timeout: float) -> list[int]:
    """Wait (bounded) for these processes to exit, on their pidfds; returns the ones still alive."""
    loop = asyncio.get_running_loop()
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            for pid in alive(processes):
                try:
                    pidfd = os.pidfd_open(pid)
                except ProcessLookupError:
                    continue
                try:
                    exited = asyncio.Event()
                    loop.add_reader(pidfd, exited.set)  # a pidfd becomes readable when its process exits
                    try:
                        await exited.wait()
                    finally:
                        loop.remove_reader(pidfd)
                finally:
                    os.close(pidfd)
    left = alive(processes)
    for pid in left:  # fail, but leave nothing behind for the next test
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return left


def backend(proc: McpHttpProcess) -> str:
    return proc.url.removeprefix("http://").split("/")[0]


# -- a session's work -------------------------------------------------------------------------------


class SessionFailed(Exception):
    """A call of the session failed (recorded in its outcome): the session's work stops there."""


async def width_of(session) -> int:
    """Which server this session runs on, as the width of its page's viewport."""
    result, body = await call(session, "browser_eval", expression="innerWidth")
    assert result.isError is False, body
    return body["data"]["result"]


async def session_work(url: str, page: str, n: int) -> dict:
    """One MCP session through the balancer: navigate, type a value of its own, read it back; CYCLES times."""
    outcome: dict = {"calls": 0, "errors": [], "read_back": [], "widths": set()}

    async def step(name: str, **arguments) -> dict:
        """One call; a failure is recorded and ends the session's work (what follows needs its result)."""
        outcome["calls"] += 1
        try:
            result, body = await call(session, name, **arguments)
        except MCP_ERROR as error:  # the session is lost (e.g. its request reached another server)
            outcome["errors"].append((name, error.error.code, error.error.message))
            raise SessionFailed from None
        if result.isError:
            outcome["errors"].append((name, body["error"]["code"], body["error"]["message"]))
            raise SessionFailed
        return body

    async with http_session(url, token=TOKEN) as session:
        with contextlib.suppress(SessionFailed):
            for cycle in range(CYCLES):
                value = f"session-{n}-cycle-{cycle}"
                await step("browser_navigate", url=page, timeout=NAVIGATE_TIMEOUT)
                model = await step("browser_dom", action="snapshot", format="json")
                field = find_control(model["data"], "textbox", "Value")
                await step("browser_dom", action="type", element_id=field, text=value)
                snapshot = await step("browser_dom", action="snapshot", format="json", include_values=True)
                read = await step("browser_eval", expression="[document.querySelector('#value').value, innerWidth]")
                shown = next(c for c in snapshot["data"]["controls"] if c["id"] == field)
                typed, width = read["data"]["result"]
                outcome["read_back"].append((value, shown.get("value"), typed))
                outcome["widths"].add(width)
    return outcome


@contextlib.asynccontextmanager
async def two_servers() -> AsyncIterator[list[McpHttpProcess]]:
    """Two servers, each with a temporary folder of its own (TMPDIR: its browser profile, its files).

    A server stopped cleanly leaves its folder empty; a killed one cannot, and its folder is removed here.
    """
    with tempfile.TemporaryDirectory(prefix="bx-lb-") as root:
        folders = [Path(root, str(n)) for n in range(len(WIDTHS))]  # short: Chromium puts a socket path under it
        async with contextlib.AsyncExitStack() as stack:
            servers = []
            for width, folder in zip(WIDTHS, folders, strict=True):
                folder.mkdir()
                args = ("--token", TOKEN, "--viewport", f"{width}x720")
                servers.append(await stack.enter_async_context(McpHttpProcess(*args, env={"TMPDIR": str(folder)})))
            yield servers
        for proc, folder in zip(servers, folders, strict=True):
            if not proc.killed:
                assert list(folder.iterdir()) == [], f"the server left files behind: {list(folder.iterdir())}"


async def test_sixteen_concurrent_sessions_behind_haproxy_each_stay_on_their_server(server):
    need_haproxy()
    page = server.route("/balancer/form", PAGE)
    browsers: dict[int, str] = {}
    async with two_servers() as servers, haproxy_in_front([backend(s) for s in servers]) as url:
        outcomes = await asyncio.gather(*(session_work(url, page, n) for n in range(SESSIONS)))
        for proc in servers:
            browsers |= descendants(proc.proc.pid)
        pids = [proc.proc.pid for proc in servers]
    calls = sum(o["calls"] for o in outcomes)
    errors = [e for o in outcomes for e in o["errors"]]
    assert errors == [], errors
    assert calls == SESSIONS * CYCLES * 5
    for n, outcome in enumerate(outcomes):
        assert outcome["read_back"] == [(f"session-{n}-cycle-{c}",) * 3 for c in range(CYCLES)], outcome
        assert len(outcome["widths"]) == 1, f"session {n} moved between servers: {outcome['widths']}"
    per_server = Counter(next(iter(o["widths"])) for o in outcomes)
    assert set(per_server) == set(WIDTHS), f"sessions per server: {dict(per_server)}"
    assert browsers, "the servers started their browsers"
    assert await wait_gone(browsers, STOP_TIMEOUT) == []
    assert all(_stat(pid) is None for pid in pids)


async def test_a_session_whose_server_is_gone_gets_session_terminated_and_a_new_session_lands_on_a_live_server(
    server,
):
    need_haproxy()
    page = server.route("/balancer/gone", PAGE)
    async with two_servers() as servers, haproxy_in_front([backend(s) for s in servers]) as url:
        async with contextlib.AsyncExitStack() as sessions:
            placed: dict[int, object] = {}
            for _ in range(4):  # round robin alternates new sessions; four bound any other order
                session = await sessions.enter_async_context(http_session(url, token=TOKEN))
                await call(session, "browser_navigate", url=page, timeout=NAVIGATE_TIMEOUT)
                placed.setdefault(await width_of(session), session)
                if len(placed) == len(WIDTHS):
                    break
            assert set(placed) == set(WIDTHS), "new sessions went to both servers"
            doomed, kept = placed[WIDTHS[0]], placed[WIDTHS[1]]
            victim = servers[0]
            browser = descendants(victim.proc.pid)
            await victim.kill()
            lost_browser = await wait_gone(browser, STOP_TIMEOUT)  # its Chromium goes with it

            with pytest.raises(MCP_ERROR) as lost:
                await call(doomed, "browser_eval", expression="1")  # bounded: CALL_TIMEOUT
            _, still = await call(kept, "browser_eval", expression="document.title")
            async with http_session(url, token=TOKEN) as fresh:
                navigated, _ = await call(fresh, "browser_navigate", url=page, timeout=NAVIGATE_TIMEOUT)
                fresh_width = await width_of(fresh)
        survivor_browser = descendants(servers[1].proc.pid)
    # The live server's 404 for an unknown session, as the SDK reports it: JSON-RPC "invalid request"
    # (2.x: -32600 "Session not found", the server's own error; 1.x: 32600 "Session terminated", unsigned).
    assert abs(lost.value.error.code) == 32600
    assert still["data"]["result"] == "balanced", "a session on the live server is not affected"
    assert navigated.isError is False and fresh_width == WIDTHS[1]
    assert lost_browser == []
    assert await wait_gone(survivor_browser, STOP_TIMEOUT) == []
