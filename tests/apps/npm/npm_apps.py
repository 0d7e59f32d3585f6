"""The npm app corpus (issue 22): the apps' processes, and an agent that drives browserx over MCP.

    app = AppProcess("node-red", [node_red, "-u", data, "-p", str(port)], ready=r"Started flows")
    with app:                                          # own process group; stopped whole at the end
        async with agent_session(manager) as agent:    # a real MCP client session (in memory)
            await agent.navigate(url)
            model = await agent.snapshot()             # the JSON model, as the agent reads it
            await agent.click(pick(model, "button", "Deploy"))

The apps are installed by `scripts/setup_apps_npm.sh` into tests/apps/npm/node_modules (pinned by
package-lock.json). Without them the tests skip with the reason, except in CI (CI=true), where they fail.
The agent chooses element ids by role and name from the snapshot (`pick`), never by CSS selector, and
acts only through the MCP tools; the tests judge the outcome from the app's own backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from browserx.browser import BrowserManager
from browserx.mcp_server import build_server

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "mcp"))
from app_corpus import AppProcess, free_port, need as need_app  # noqa: F401  (re-exported) one app process for both corpora
from mcp_client import memory_session, wire  # the in-memory MCP client of both SDK majors (tests/mcp)

NPM_DIR = Path(__file__).resolve().parent
MODULES = NPM_DIR / "node_modules"
BIN = MODULES / ".bin"
CALL_TIMEOUT = 60.0


def installed(*entries: str) -> bool:
    """True when `npm ci` ran in tests/apps/npm and each entry (a path under node_modules) is there."""
    return (MODULES / ".package-lock.json").is_file() and all((MODULES / entry).exists() for entry in entries)


def need(*entries: str) -> None:
    """Skip loudly without the npm apps, or fail in CI, where they must run."""
    what = f"npm app corpus (missing: {', '.join(entries) or 'node_modules'})"
    need_app(installed(*entries), what, "bash scripts/setup_apps_npm.sh")


def backend(app: str, data: Path) -> AppProcess:
    """Our own small backend (backend.py) serving the page of `app` and storing into `data`."""
    argv = [sys.executable, str(NPM_DIR / "backend.py"), "--app", app, "--data", str(data), "--port", "0"]
    return AppProcess(app, argv, ready=r"listening on http://127\.0\.0\.1:\d+")


def backend_url(app: AppProcess) -> str:
    return re.search(r"http://\S+", app.wait_for_line(r"listening on")).group(0)  # type: ignore[union-attr]


def read_json(path: Path) -> Any:
    """What the app saved to `path` (a JSON file); [] while it has saved nothing."""
    return json.loads(path.read_text()) if path.is_file() else []


# ---- picking what the agent acts on, from the model it read ------------------------------------------------


def readable(name: str) -> str:
    """A name as a person reads it: icon-font glyphs (Unicode private use area, e.g. Font Awesome's
    U+F0D7 caret) are pictures, not letters. The model passes them through, as Chromium's names do;
    the corpus records that as a gap (APPS_npm.md) and matches names without them."""
    return " ".join("".join(ch for ch in name if not 0xE000 <= ord(ch) <= 0xF8FF).split())


def pick(model: dict[str, Any], role: str, name: str, *, exact: bool = True) -> str:
    """The element id of the one control of `role` named `name` (or, for a control without a name, described so).

    An AssertionError names what the model offered instead: that is the fidelity gap."""

    def named(control: dict[str, Any]) -> bool:
        text = readable(control.get("name") or control.get("description") or "")
        return text == name if exact else name.lower() in text.lower()

    found = [c for c in model["controls"] if c["role"] == role and named(c)]
    offered = [(c["role"], c.get("name") or c.get("description")) for c in model["controls"]]
    assert len(found) == 1, f"{len(found)} {role} named {name!r}; the model offers {offered[:80]}"
    return found[0]["id"]


FIDELITY: list[tuple[str, str, Any]] = []  # (test, state, FidelityReport) of every state the hook saw
NOT_READY: list[str] = []  # snapshots taken before the app showed what a person waits for (Agent.snapshot)


def shows(model: dict[str, Any], text: str) -> bool:
    """Whether the model shows `text` as a control's name, a heading or reader text."""
    names = [readable(c.get("name") or "") for c in model["controls"]] + heading_texts(model)
    return any(text in name for name in names) or text in (model.get("text") or "")


def has_control(model: dict[str, Any], role: str, name: str) -> bool:
    return any(c["role"] == role and (c.get("name") or "").strip() == name for c in model["controls"])


def heading_texts(model: dict[str, Any]) -> list[str]:
    return [h["text"] if isinstance(h, dict) else str(h) for h in model.get("headings", [])]


# ---- the agent: a real MCP client session on browserx's server, over the test session's browser --------------


class ToolCallFailed(Exception):
    """A tool call the task needs failed: a failure of the test, never the model gap an xfail expects."""


class Agent:
    """Calls browserx's tools as an MCP client; keeps each state's model for the fidelity check."""

    def __init__(self, client: Any, manager: BrowserManager) -> None:
        self.client, self.manager = client, manager
        self.models: list[tuple[str, dict[str, Any]]] = []  # (state, JSON model) in the order seen
        self.fidelity: dict[str, Any] = {}  # state -> FidelityReport, once browserx.fidelity.report exists
        self.conversations_before = set(manager.conversations)
        self.calls: list[tuple[str, str, float]] = []  # (tool, action, seconds): where a task's time goes

    async def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The browserx result of a tool call (success or not): {success, data | error, metadata}."""
        began = time.monotonic()
        result = wire(await asyncio.wait_for(self.client.call_tool(tool, arguments), CALL_TIMEOUT))
        self.calls.append((tool, arguments.get("action", ""), time.monotonic() - began))
        return json.loads(next(c.text for c in result.content if c.type == "text"))

    async def ok(self, tool: str, **arguments: Any) -> Any:
        """The data of a tool call that must succeed (else ToolCallFailed, which an xfail for a model gap,
        `raises=AssertionError`, does not take for the gap it expects)."""
        body = await self.call(tool, **arguments)
        if not body["success"]:
            raise ToolCallFailed(f"{tool} {arguments}: {body.get('error')}")
        return body["data"]

    async def navigate(self, url: str) -> Any:
        return await self.ok("browser_navigate", url=url)

    async def snapshot(self, state: str | None = None, *, expect: str | None = None, **options: Any) -> dict[str, Any]:
        """The JSON model the agent reads; with `state`, also what the fidelity check is run on.

        `expect`: text a person sees once the app has shown the result (visible text, not an aria-label).
        A snapshot that does not show it yet came too early: after a navigation, issue 22's "single-page
        apps are not there yet"; after an action, work the app does a task later than browserx's action
        answers (a FullCalendar day click, a form posted when its dialog closes). It is recorded (NOT_READY,
        in the session summary) and the agent waits for the text, as a person waits for the page. Not an
        xfail: whether the app wins the race differs from run to run.
        """
        model = await self.ok("browser_dom", action="snapshot", format="json", **options)
        if expect is not None and not shows(model, expect):
            test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0].split("::")[-1]
            NOT_READY.append(
                f"{test}, {state or 'snapshot'}: {'loading' if model.get('loading') else 'rendered'} "
                f"without {expect!r}, {len(model['controls'])} controls"
            )
            # The text itself; else (text the model reads where the page's text is not: an SVG, a canvas)
            # the quiet network a rendering app ends with. Either may time out (a worker's blob: script
            # counts as a request in flight for ever): the test then fails on what the model lacks, not here.
            for condition in ({"text": expect}, {"network_idle": True}):
                waited = await self.call("browser_wait", timeout="10s", **condition)
                if not waited["success"]:
                    NOT_READY.append(
                        f"{test}, {state or 'snapshot'}: browser_wait {condition}: {waited['error']['code']}"
                    )
                model = await self.ok("browser_dom", action="snapshot", format="json", **options)
                if shows(model, expect):
                    break
        if state is not None:
            await self.fidelity_hook(state, model)
        return model

    async def text(self, **options: Any) -> str:
        return await self.ok("browser_dom", action="snapshot", **options)

    async def find(self, query: str) -> list[dict[str, Any]]:
        return (await self.ok("browser_dom", action="find", query=query))["matches"]

    async def act(self, action: str, **arguments: Any) -> dict[str, Any]:
        return await self.ok("browser_dom", action=action, **arguments)

    async def click(self, element_id: str, **arguments: Any) -> dict[str, Any]:
        return await self.act("click", element_id=element_id, **arguments)

    async def type(self, element_id: str, text: str, **arguments: Any) -> dict[str, Any]:
        return await self.act("type", element_id=element_id, text=text, **arguments)

    async def offsite_requests(self) -> list[str]:
        """Requests of the tab to anything but this machine: an app that needs a CDN is not offline."""
        data = await self.ok("browser_get_network_sources")
        local = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")
        return [r["url"] for r in data["requests"] if not r["url"].startswith(local)]

    async def tab(self) -> Any:
        """The browserx Tab this MCP session drives (its conversation is the one it created)."""
        created = [c for cid, c in self.manager.conversations.items() if cid not in self.conversations_before]
        assert len(created) == 1, "expected one conversation for this MCP session"
        return await created[0].tab()

    async def fidelity_hook(self, state: str, model: dict[str, Any]) -> None:
        """FIDELITY HOOK (issue 22): the model of each app state, and, once `browserx.fidelity.report` has
        landed, its report against Chromium (`self.fidelity[state]`: recall, precision, misses, extras).
        Nothing is asserted here yet: the lead sets the per-app thresholds at merge."""
        self.models.append((state, model))
        try:
            from browserx.fidelity.report import fidelity_report  # type: ignore[import-not-found]
        except ImportError:
            return
        from browserx.page.service import DomService

        tab = await self.tab()
        page_model = await DomService.of(tab).snapshot()  # same document: the same element ids
        report = self.fidelity[state] = await fidelity_report(tab, page_model)
        test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0].split("::")[-1]
        FIDELITY.append((test, state, report))


@contextlib.asynccontextmanager
async def agent_session(manager: BrowserManager) -> AsyncIterator[Agent]:
    """A real MCP client session (in memory: tests/mcp's memory_session) on browserx's server, sharing the test
    session's browser; the session's conversation is closed when it ends. Open it in the test body:
    the SDK's task groups must be entered and left by the same task."""
    server = build_server(manager=manager)
    try:
        async with memory_session(server) as client:
            agent = Agent(client, manager)
            try:
                yield agent
            finally:
                if os.environ.get("BROWSERX_APPS_CALLS"):  # where a task's time goes, call by call
                    for tool, action, seconds in agent.calls:
                        print(f"  {seconds:6.2f} s  {tool} {action}", file=sys.stderr)
    except BaseExceptionGroup as group:
        # The SDK's task groups wrap what the test body raised; pytest (and xfail's `raises`) must see the
        # test's own exception.
        leaf: BaseException = group
        while isinstance(leaf, BaseExceptionGroup) and len(leaf.exceptions) == 1:
            leaf = leaf.exceptions[0]
        if leaf is group:
            raise
        raise leaf from None
