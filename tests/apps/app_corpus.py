"""Helpers of the app corpus (issue 22 item 2): real web applications from the registries, driven over MCP.

Each test starts an app on 127.0.0.1 in a process group of its own, drives browserx **through the MCP
tools** as an agent would (element ids chosen by role and name from the snapshot, never by CSS or by
script), and judges the outcome from the app's own backend (database, files, HTTP API), never from
the page. What is generic lives here, for the PyPI apps (tests/apps/py/) and the npm apps alike:

    app = AppProcess("django", [python, "manage.py", "runserver", f"127.0.0.1:{port}"],
                     cwd=site, ready=r"Starting development server")
    with app:                                   # started, ready on its log line (bounded), stopped by group
        async with mcp(files=tmp_path) as browser:  # fixture: an MCP client session (mcp_browser)
            await browser.navigate(app.url("/admin/"))
            model = await browser.snapshot()               # format=json: the agent's page model
            await browser.act("click", control(model, "button", "Log in"))

`need(...)` skips a test when its app is not installed and fails it when CI=true (CI must run it).
Test modules import these from here (`from app_corpus import ...`: tests/apps/conftest.py puts this
folder on sys.path); the fixtures (`app_timings`) are in conftest.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import mcp.types as types
import pytest

from browserx.browser import BrowserConfig, BrowserManager
from browserx.fidelity.report import FidelityReport, fidelity_report
from browserx.mcp_server import build_server
from browserx.page.service import DomService

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))
from mcp_client import memory_session, wire  # the in-memory client of both SDK majors (tests/mcp)

from service_process import READY_TIMEOUT, ServiceProcess  # the suite's one starter of services (tests/)

CALL_TIMEOUT = 60.0
PYTHON = sys.executable
VENV_BIN = Path(sys.executable).parent
# Chromium here may reach 127.0.0.1 only, as in CI: a page that needs a CDN fails visibly instead of
# waiting on a refused host (FACTS.md: exclude 127.0.0.1 itself, or the app becomes an error page).
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]
_LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)[:/]|^(data|blob|about|chrome-extension):")


def need(available: bool, what: str, install: str = "bash scripts/setup_apps.sh") -> None:
    """Skip (or, with CI=true, fail) a test whose app is not installed."""
    if available:
        return
    reason = f"{what} not installed: run `{install}` to run the app corpus tests"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; CI must run them", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppProcess(ServiceProcess):
    """An app in a process group of its own (tests/service_process.py), ready once a line of its output
    matches `ready`.

    Every output line is kept (`lines`) and can be waited for (`wait_for_line`): an app's own access
    log is one way to judge what the browser fetched. `port` when the test chose it (`url`); an app on
    port 0 says its address in a line. The PyPI and the npm apps (npm/npm_apps.py) alike.
    """

    def __init__(
        self,
        name: str,
        argv: list[str],
        *,
        ready: str,
        cwd: Path | None = None,
        port: int | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        super().__init__(name, argv, ready=ready, cwd=cwd, env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        self.port = port
        self.started_in = 0.0  # seconds from start to the ready line

    def url(self, path: str = "/") -> str:
        assert self.port is not None, f"{self.name} was started without a port of the test's choosing"
        return f"http://127.0.0.1:{self.port}{path}"

    def start(self, timeout: float = READY_TIMEOUT) -> AppProcess:
        begun = time.monotonic()
        try:
            super().start(timeout)
        except RuntimeError as exc:  # the app tests report an app that never came up as a failed assertion
            raise AssertionError(str(exc)) from None
        self.started_in = time.monotonic() - begun
        return self

    async def next_line(self, pattern: re.Pattern[str] | str, timeout: float = 30.0, *, after: int = 0) -> str:
        """`wait_for_line` from a test's event loop (a thread waits, the loop runs on)."""
        return await asyncio.to_thread(self.wait_for_line, pattern, timeout, after=after)


class ToolError(AssertionError):
    """A tool answered with an error where the task needed it to succeed."""

    def __init__(self, name: str, body: dict[str, Any]) -> None:
        super().__init__(f"{name} failed: {json.dumps(body.get('error'))}")
        self.code = (body.get("error") or {}).get("code")


class McpBrowser:
    """An MCP client session on browserx's server: the calls an agent makes, and nothing else acts.

    `calls` counts the tool calls of the task; `states` keeps the page model of each checkpoint for
    the fidelity numbers.
    """

    def __init__(self, client: Any, server: Any, app: str = "") -> None:
        self.client, self.server, self.app = client, server, app
        self.others = set(server.manager.conversations)  # the conversation of this session is the new one
        self.calls: list[str] = []
        self.states: list[tuple[str, dict[str, Any], FidelityReport]] = []  # (label, JSON model, report)

    async def call(self, name: str, **arguments: Any) -> Any:
        """The tool's `data`; a failed call raises ToolError with its code."""
        self.calls.append(name if name != "browser_dom" else f"browser_dom.{arguments.get('action')}")
        result = wire(await asyncio.wait_for(self.client.call_tool(name, arguments), CALL_TIMEOUT))
        text = next(c.text for c in result.content if c.type == "text")
        body = json.loads(text)
        if result.isError or not body.get("success"):
            raise ToolError(name, body)
        return body["data"]

    async def navigate(self, url: str, **arguments: Any) -> Any:
        return await self.call("browser_navigate", url=url, **arguments)

    async def snapshot(self, fmt: str = "json", **arguments: Any) -> Any:
        return await self.call("browser_dom", action="snapshot", format=fmt, **arguments)

    async def act(self, action: str, element_id: str | None = None, **arguments: Any) -> Any:
        if element_id is not None:
            arguments["element_id"] = element_id
        return await self.call("browser_dom", action=action, **arguments)

    async def open(self, url: str, expect: str) -> dict[str, Any]:
        """Navigate, and the first look at the page, once it shows `expect` (text a person sees when the app
        has rendered). A first look without it came before the app's render (issue 31 kind 5): recorded in
        LATE (the session summary) and awaited, as a person waits for the page. Not an xfail: whether the
        app wins the race differs from run to run (as npm_apps.Agent.snapshot's `expect`)."""
        await self.navigate(url)
        model = await self.snapshot()
        if not shown(model, expect):
            LATE.append(f"{self.app}: first look at {url} without {expect!r} ({len(model['controls'])} controls)")
            await self.call("browser_wait", text=expect, timeout="20s")
            model = await self.snapshot()
        return model

    async def external_requests(self) -> list[str]:
        """URLs the current tab asked for beyond 127.0.0.1: an app that renders offline has none."""
        data = await self.call("browser_get_network_sources", limit=500)
        return [r["url"] for r in data["requests"] if not _LOCAL.match(r["url"])]

    async def checkpoint(self, label: str, model: dict[str, Any]) -> None:
        """The fidelity numbers of the app in this state (issue 22 item 1), kept with the model the agent
        saw: the page model is taken again through the library (a PageModel, as `fidelity_report`
        wants) and judged against Chromium's accessibility tree. A diagnostic: it asserts nothing."""
        conversations = self.server.manager.conversations
        conversation = next(c for key, c in conversations.items() if key not in self.others)
        tab = await conversation.tab()
        async with tab.lock:
            page_model = await DomService.of(tab).snapshot(fresh=True)
            report = await fidelity_report(tab, page_model)
        self.states.append((label, model, report))
        FIDELITY.append((f"{self.app}: {label}" if self.app else label, report))


def apps_browser_config() -> BrowserConfig:
    """The browser of the corpus: dialogs answered by the client (as MCP does), 127.0.0.1 only."""
    return BrowserConfig(dialog_policy="ask", extra_args=OFFLINE_ARGS)


@contextlib.asynccontextmanager
async def mcp_browser(
    manager: BrowserManager | None = None, *, files: Path | None = None, app: str = ""
) -> AsyncIterator[McpBrowser]:
    """browserx's MCP server and an in-memory client session (opened in the test body: the SDK's task
    groups must be entered and left by one task). The session is a conversation of its own (an isolated
    browser context) in `manager`'s browser, closed when the session ends; without a manager, a browser
    of its own. `files`: a folder the client offers as its root (MCP roots/list), so uploads may read it.
    """
    server = build_server(manager=manager, config=apps_browser_config())

    async def roots(_context: Any) -> types.ListRootsResult:
        offered = [files] if files is not None else []
        return types.ListRootsResult(roots=[types.Root(uri=f"file://{d}", name=d.name) for d in offered])

    try:
        async with memory_session(server, list_roots_callback=roots) as client:
            yield McpBrowser(client, server, app)
    finally:
        if manager is None:
            await server.aclose()


def controls(model: dict[str, Any], role: str | tuple[str, ...], name: str | re.Pattern[str]) -> list[dict[str, Any]]:
    """The controls of a JSON model with this role (or one of these) whose name is `name` (or matches)."""
    roles = (role,) if isinstance(role, str) else role

    def named(control_name: str) -> bool:
        return bool(name.search(control_name)) if isinstance(name, re.Pattern) else control_name == name

    return [c for c in model["controls"] if c["role"] in roles and named(c["name"])]


def control(model: dict[str, Any], role: str | tuple[str, ...], name: str | re.Pattern[str]) -> str:
    """The element id of the one control with this role and name; fails naming what the model has."""
    found = controls(model, role, name)
    if len(found) != 1:
        listed = [f"{c['id']} {c['role']} {c['name']!r}" for c in model["controls"]]
        raise AssertionError(f"{len(found)} {role} controls named {name!r}; the model has:\n" + "\n".join(listed[:80]))
    return found[0]["id"]


def control_offering(model: dict[str, Any], role: str, shows: str) -> str:
    """The element id of the one unnamed control with this role that a person tells by what it shows: its
    prompt (`placeholder`: a select's "- column -") or an option it offers ("May" in a month's select), as
    an agent reads the model's entry of a select nothing names; fails naming what the model has."""
    found = [
        c
        for c in model["controls"]
        if c["role"] == role and not c["name"] and shows in (c.get("placeholder"), *(c.get("options") or ()))
    ]
    if len(found) != 1:
        listed = [f"{c['id']} {c['role']} {c['name']!r} {c.get('options')}" for c in model["controls"]]
        raise AssertionError(
            f"{len(found)} {role} controls showing {shows!r}; the model has:\n" + "\n".join(listed[:80])
        )
    return found[0]["id"]


# -- timings: each app's start and task seconds, printed at the end of the session (conftest.py) ---
TIMINGS: list[tuple[str, str, float]] = []


class Timings:
    def __init__(self, app: str) -> None:
        self.app = app

    def record(self, what: str, seconds: float) -> None:
        TIMINGS.append((self.app, what, seconds))

    @contextlib.contextmanager
    def measure(self, what: str) -> Iterator[None]:
        begun, failed = time.monotonic(), True
        try:
            yield
            failed = False
        finally:  # a task that fails (an xfail of issue 31) costs CI its seconds too
            self.record(what + (" (failed)" if failed else ""), time.monotonic() - begun)


# -- fidelity: each checkpoint's recall and precision against Chromium, printed at the end (conftest.py) --
FIDELITY: list[tuple[str, FidelityReport]] = []


# -- issue 31's apps: a task's judge and its first looks ----------------------------------------------------------
LATE: list[str] = []  # first looks after a navigation taken before the app had rendered (McpBrowser.open)


def json_lines(path: Path) -> list[dict[str, Any]]:
    """The records an app appended to `path`, one JSON object a line ([] before the first)."""
    return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


def shown(model: dict[str, Any], text: str) -> bool:
    """Whether the first look shows `text`: in the reader text, a note (a status line) or a control's name."""
    notes = [n.get("text", "") for n in model.get("notes", [])]
    names = [c["name"] for c in model["controls"]]
    return any(text in t for t in [model.get("text") or "", *notes, *names])


# -- the trip desks of issue 31's second holdout (marimo, Solara, PyWebIO): one form, one file of trips ----------
async def save(browser: McpBrowser, form: dict[str, Any], count: int, button: str = "Save trip") -> None:
    """Save the form by its `button`, and the first look after it: the line a person reads ("Trip N saved")."""
    await browser.act("click", control(form, "button", button))
    after = await browser.snapshot()
    assert shown(after, f"Trip {count} saved"), after["text"]


def saved(trips: Path, traveller: str) -> list[dict[str, Any]]:
    """The trips of `traveller` the desk appended to its JSON-lines file."""
    return [t for t in json_lines(trips) if t["traveller"] == traveller]


# -- issue 31's fourth holdout (Taipy, Writer, Ionic): a task's failure as itself ----------------------------------
@contextlib.asynccontextmanager
async def task_session(mcp: Any) -> AsyncIterator[McpBrowser]:
    """`mcp()`'s session (the `mcp` fixture), with what the task raised re-raised as itself: the MCP session's task
    groups wrap it in an ExceptionGroup, which `xfail(raises=AssertionError)` would not take for the gap it expects
    (a tool's error, a ToolError, is an AssertionError too; a crash of the session stays a group and fails)."""
    try:
        async with mcp() as browser:
            yield browser
    except BaseExceptionGroup as group:
        leaves = list(_leaves(group))
        if len(leaves) == 1 and isinstance(leaves[0], AssertionError):
            raise leaves[0] from None
        raise


def _leaves(group: BaseExceptionGroup) -> Iterator[BaseException]:
    for exc in group.exceptions:
        yield from _leaves(exc) if isinstance(exc, BaseExceptionGroup) else (exc,)


async def nights_set_to_7(browser: McpBrowser, form: dict[str, Any]) -> dict[str, Any]:
    """The trip desk's slider "Nights" filled with 7, and the first look after it."""
    await browser.act("fill", fields=[{"element_id": control(form, "slider", "Nights"), "value": 7}])
    return await browser.snapshot()


async def room_and_extras_chosen(browser: McpBrowser, form: dict[str, Any]) -> dict[str, Any]:
    """The trip desk's "Room" set to Suite by `select`, then its "Extras" filled with Breakfast and Parking; each
    combobox found in the first look after the step before it; the last look returned."""
    await browser.act("select", control(form, "combobox", re.compile(r"^Room\b")), option="Suite")
    room = await browser.snapshot()
    extras = control(room, "combobox", re.compile(r"^Extras\b"))
    await browser.act("fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}])
    return await browser.snapshot()
