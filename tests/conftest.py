"""Shared fixtures: one real headless Chromium per test session, a fresh conversation per test,
and a threaded HTTP server on 127.0.0.1 (port 0) with per-test routes.

    async def test_x(server, conversation):
        url = server.route("/a", "<button>Go</button>")
        tab = await conversation.tab()
        ...

`ctx` gives a ToolContext on that conversation and `call(name, **args)` dispatches through the
default tool registry, exactly as an LLM or MCP client would.
"""

from __future__ import annotations

import contextlib
import http.server
import itertools
import os
import select
import signal
import socketserver
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Hypothesis' per-example deadline is a timing assert: on a loaded 2-core machine a pure function
# can take 500 ms once. Examples are bounded by their count, not by the clock.
settings.register_profile("browserx", deadline=None)
settings.load_profile("browserx")

import worker_summaries
from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import TAB_SETUPS
from process_tree import descendants, marked

PAGES = Path(__file__).parent / "pages"


class Route:
    def __init__(self, body: bytes, content_type: str, status: int, headers: dict[str, str]) -> None:
        self.body, self.content_type, self.status, self.headers = body, content_type, status, headers


class TestServer:
    """Serves tests/pages/ and per-test routes; counts requests per path."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: dict[str, int] = {}
        self.posts: dict[str, list[tuple[str, bytes]]] = {}  # path -> [(content type, body)]
        self.holds: dict[str, tuple[threading.Event, threading.Event]] = {}  # path -> (arrived, release)
        self.streams: dict[str, tuple[bytes, bytes, threading.Event]] = {}  # path -> (head, tail, release)
        self.lock = threading.Lock()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                path = self.path.split("?")[0]
                with server.lock:
                    server.requests[path] = server.requests.get(path, 0) + 1
                    route = server.routes.get(path)
                    hold = server.holds.get(path)
                    stream = server.streams.get(path)
                if stream is not None:  # a response whose end comes only once the test releases it (bounded)
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    try:
                        self.wfile.write(stream[0])
                        self.wfile.flush()
                        stream[2].wait(10)
                        self.wfile.write(stream[1])
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    self.close_connection = True
                    return
                if hold is not None:  # answer only once the test releases it (bounded)
                    hold[0].set()
                    hold[1].wait(10)
                if route is None:
                    file = (PAGES / path.lstrip("/")).resolve()
                    if file.is_file() and PAGES.resolve() in file.parents:
                        ctype = (
                            "text/html; charset=utf-8"
                            if file.suffix == ".html"
                            else "application/javascript"
                            if file.suffix == ".js"
                            else "application/octet-stream"
                        )
                        route = Route(file.read_bytes(), ctype, 200, {})
                    else:
                        route = Route(b"not found", "text/plain", 404, {})
                self.send_response(route.status)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(route.body)))
                for key, value in route.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                try:
                    self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the page navigated away mid-response: normal for a browser

            def do_POST(self) -> None:  # noqa: N802
                # The body is read (keep-alive needs it) and kept for tests: server.posts[path].
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with server.lock:
                    server.posts.setdefault(self.path.split("?")[0], []).append(
                        (self.headers.get("Content-Type", ""), body)
                    )
                self.do_GET()

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/") -> str:
        return self.base + path

    def hold(self, path: str) -> tuple[threading.Event, threading.Event]:
        """Requests for `path` wait until the returned `release` is set: (arrived, release)."""
        events = self.holds[path] = (threading.Event(), threading.Event())
        return events

    def stream(self, path: str, head: str, tail: str = "") -> tuple[str, threading.Event]:
        """Serve `head` at `path` at once and `tail` (the end of the response) only once the returned
        event is set: a document that is still arriving. Returns (url, release)."""
        release = threading.Event()
        with self.lock:
            self.streams[path] = (head.encode(), tail.encode(), release)
        return self.url(path), release

    def route(
        self,
        path: str,
        body: str | bytes,
        content_type: str = "text/html; charset=utf-8",
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> str:
        """Serve `body` at `path` (for this test); returns its full URL."""
        data = body.encode() if isinstance(body, str) else body
        with self.lock:
            self.routes[path] = Route(data, content_type, status, headers or {})
        return self.url(path)

    def reset(self) -> None:
        with self.lock:
            self.routes.clear()
            self.requests.clear()
            self.posts.clear()
            for _arrived, release in self.holds.values():
                release.set()
            self.holds.clear()
            for _head, _tail, release in self.streams.values():
                release.set()
            self.streams.clear()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server():
    srv = TestServer()
    yield srv
    srv.stop()


@pytest.fixture(autouse=True)
def _reset_server(request):
    yield
    if "server" in request.fixturenames:
        request.getfixturevalue("server").reset()


@pytest.fixture(scope="session")
async def manager():
    """One real headless Chromium for the whole session."""
    mgr = BrowserManager(BrowserConfig(), setups=TAB_SETUPS)  # what the tools need of every tab
    await mgr.start()
    yield mgr
    chrome = mgr.chrome  # the one it runs now (a test may have made it relaunch)
    await mgr.close()
    if chrome is not None:
        assert chrome.process.returncode is not None, "Chromium still running after close()"
        assert not Path(chrome.profile_dir).exists(), "a temporary Chromium profile was left behind"


_conversation_ids = itertools.count(1)


@pytest.fixture
async def conversation(manager):
    """A fresh isolated conversation (browser context) per test."""
    conversation_id = f"test-{next(_conversation_ids)}"
    conv = await manager.conversation(conversation_id)
    yield conv
    await manager.close_conversation(conversation_id)


@pytest.fixture
async def tab(conversation):
    return await conversation.tab()


@pytest.fixture
def ctx(manager, conversation):
    from browserx.tools import ToolContext

    return ToolContext(manager, conversation.conversation_id)


@pytest.fixture
def call(ctx):
    """`await call("browser_navigate", url=...)` → ToolResult, through the default registry."""
    from browserx.tools import default_registry

    registry = default_registry()

    async def run(name: str, **arguments: Any):
        return await registry.dispatch(name, arguments, ctx)

    return run


# -- nothing left behind ---------------------------------------------------------------------------
# Every process this run starts (browsers, drivers, services, `browserx` subprocesses, and what they
# start in turn, orphans included) inherits this marker in its environment; a run of its own on this
# shared machine has another. At the end, anything still alive below pytest or carrying the marker is
# named and fails the run (then stopped, so the machine is clean for the next run).
RUN_MARKER = "BROWSERX_TEST_RUN"
LEFT_BEHIND_GRACE = 10.0  # seconds for what is exiting anyway (renderers after their browser) to go


def pytest_configure(config):
    os.environ[RUN_MARKER] = f"{os.getpid()}-{os.urandom(6).hex()}"  # a worker of xdist's: one of its own
    config.pluginmanager.register(worker_summaries, "worker_summaries")


def left_behind() -> dict[int, str]:
    found = {**descendants(os.getpid()), **marked(RUN_MARKER, os.environ.get(RUN_MARKER, "?"))}
    found.pop(os.getpid(), None)
    return found


def _settle(pids: list[int]) -> None:
    """Wait (at most LEFT_BEHIND_GRACE) for these processes to exit: each pidfd turns readable then.
    Synchronous: the test loops are closed by now, and this must not depend on one."""
    poller, fds = select.poll(), []
    for pid in pids:
        with contextlib.suppress(OSError):
            fds.append(os.pidfd_open(pid))
            poller.register(fds[-1], select.POLLIN)
    deadline = time.monotonic() + LEFT_BEHIND_GRACE
    pending = set(fds)
    while pending and (left := deadline - time.monotonic()) > 0:
        for fd, _event in poller.poll(left * 1000):
            pending.discard(fd)
            poller.unregister(fd)
    for fd in fds:
        os.close(fd)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    found: dict[int, str] = {}
    try:
        if os.path.isdir("/proc") and not session.config.option.collectonly:
            found = left_behind()
            if found:
                _settle(list(found))
                found = left_behind()
    finally:
        lines = [f"  pid {pid}: {command[:300]}" for pid, command in found.items()]
        message = f"{len(found)} process(es) started by this test run are still running:\n" + "\n".join(lines)
        if worker_summaries.is_worker(session.config):  # its exit status does not reach the controller
            worker_summaries.worker_finished(session.config, exitstatus, message if found else None)
    if not found:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("=", "processes left behind", red=True)
        reporter.write_line(message)
    else:
        print(message)
    for pid in found:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
