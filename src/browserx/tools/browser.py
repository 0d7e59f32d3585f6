"""Core browser tools: navigate, evaluate, console logs, viewport size, tabs."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..actions import navigation
from ..devtools import viewport
from ..devtools.evaluate import evaluate, spill
from .base import Hints, Needs, Tool, ToolContext, ToolOutput
from .dom import page_after  # the one way tools hand out the page an action leaves
from .params import Duration, Params, TabParams, duration_field


class NavigateParams(TabParams):
    url: str = Field(min_length=1, max_length=8192)
    timeout: Duration = duration_field("15s")
    wait_until: Literal["usable", "load", "network_idle", "commit"] = Field(default="usable")


async def navigate(ctx: ToolContext, params: NavigateParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id, allow_crashed=True)
    async with tab.lock:
        data = await navigation.navigate(tab, params.url, timeout=params.timeout, wait_until=params.wait_until)
    return ToolOutput(data, tab_id=tab.tab_id)


class HistoryParams(TabParams):
    action: Literal["back", "forward", "reload"]
    timeout: Duration = duration_field("15s")
    since: str | None = Field(default=None, pattern=r"^last$")  # as browser_dom's: the page it leaves


async def history(ctx: ToolContext, params: HistoryParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id, allow_crashed=params.action == "reload")
    async with tab.lock:
        if params.action == "reload":
            data = await navigation.reload(tab, timeout=params.timeout)
        else:
            data = await navigation.go_back(tab, forward=params.action == "forward", timeout=params.timeout)
        given = await page_after(tab, params.since, ctx, data)
    return ToolOutput(data, tab_id=tab.tab_id, page=None if given is None else given.info(tab.tab_id, None))


class EvalParams(TabParams):
    expression: str = Field(min_length=1, max_length=100_000)
    timeout: Duration = duration_field("15s")
    await_: bool = Field(default=True, alias="await")


async def eval_(ctx: ToolContext, params: EvalParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    value = await evaluate(tab, params.expression, timeout=params.timeout, await_promise=params.await_)
    return ToolOutput(spill(tab, value, key="result"), tab_id=tab.tab_id)


class ConsoleParams(TabParams):
    limit: int = Field(default=100, ge=1, le=1000)
    level: str | None = Field(default=None, max_length=20, description="log, info, warning, error")
    context: str | None = Field(default=None, max_length=500, description="page, iframe, worker or URL part")


async def recent_console_logs(ctx: ToolContext, params: ConsoleParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    entries = [
        e
        for e in tab.console.entries
        if (params.level is None or e["type"] == params.level)
        and (params.context is None or params.context in e["context"])
    ]
    entries = entries[-params.limit :]
    return ToolOutput({**spill(tab, entries, key="entries"), "count": len(entries)}, tab_id=tab.tab_id)


async def clear_console_logs(ctx: ToolContext, params: TabParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    cleared = tab.console.clear()
    return ToolOutput({"cleared": cleared, "message": f"Cleared {cleared} console log entries."}, tab_id=tab.tab_id)


class ResizeParams(TabParams):
    width: int = Field(ge=100, le=10000)
    height: int = Field(ge=100, le=10000)
    device_scale_factor: float = Field(default=1.0, gt=0, le=4)
    timeout: Duration = duration_field("15s")


async def resize(ctx: ToolContext, params: ResizeParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    measured = await viewport.resize(tab, params.width, params.height, device_scale_factor=params.device_scale_factor)
    return ToolOutput(measured, tab_id=tab.tab_id)


class TabsParams(Params):
    action: Literal["list", "open", "select", "close"] = "list"
    tab_id: int | None = Field(default=None, ge=1)
    url: str | None = Field(default=None, max_length=8192)
    timeout: Duration = duration_field("15s")


async def tabs(ctx: ToolContext, params: TabsParams) -> ToolOutput:
    conversation = await ctx.conversation()
    tab_id = None
    opened = None
    if params.action == "open":
        tab = await conversation.new_tab()
        tab_id = tab.tab_id
        if params.url:
            opened = await navigation.navigate(tab, params.url, timeout=params.timeout)
    elif params.action in ("select", "close"):  # tab_id: checked by the action table (TABS_ACTIONS)
        assert params.tab_id is not None
        if params.action == "select":
            tab_id = (await conversation.select_tab(params.tab_id)).tab_id
        else:
            await conversation.close_tab(params.tab_id)
    data: dict[str, Any] = {"tabs": await conversation.list_tabs(), "active_tab_id": conversation.active_tab_id}
    if opened is not None:
        data["navigation"] = opened  # the new tab's page and its load state, as browser_navigate says
    return ToolOutput(data, tab_id=tab_id or conversation.active_tab_id)


_TAB = {"tab_id": "Give the tab_id of a tab (browser_tabs action=list lists them)."}
TABS_ACTIONS = {
    "list": Needs(),
    "open": Needs(takes=("url", "timeout")),
    "select": Needs("tab_id"),
    "close": Needs("tab_id"),
}
_READ, _WEB = Hints(read_only=True, idempotent=True, open_world=False), Hints()

TOOLS = [
    Tool(
        "browser_navigate",
        "Open a URL; answers once the page is usable, with url, title (or the download).",
        NavigateParams,
        navigate,
        annotations=_WEB,
    ),
    Tool(
        "browser_history",
        "Go back, forward or reload.",
        HistoryParams,
        history,
        actions={
            "back": Needs(takes=("timeout", "since")),
            "forward": Needs(takes=("timeout", "since")),
            "reload": Needs(takes=("timeout", "since")),
        },
        annotations=_WEB,
    ),
    Tool(
        "browser_eval",
        "Evaluate JavaScript in the page; returns its JSON value (errors: JS_EXCEPTION).",
        EvalParams,
        eval_,
        annotations=Hints(destructive=True),
    ),
    Tool(
        "browser_recent_console_logs",
        "Console messages and uncaught exceptions (page, iframes, workers), oldest first.",
        ConsoleParams,
        recent_console_logs,
        timeout_field=None,
        annotations=_READ,
    ),
    Tool(
        "browser_clear_console_logs",
        "Forget the tab's collected console messages.",
        TabParams,
        clear_console_logs,
        timeout_field=None,
        annotations=Hints(destructive=True, idempotent=True, open_world=False),
    ),
    Tool(
        "browser_resize",
        "Set the viewport size in CSS pixels (and the device pixel ratio).",
        ResizeParams,
        resize,
        annotations=Hints(idempotent=True, open_world=False),
    ),
    Tool(
        "browser_tabs",
        "List tabs (popups too); open (url), select (make active) or close one.",
        TabsParams,
        tabs,
        actions=TABS_ACTIONS,
        common=(),
        hints=_TAB,
        annotations=Hints(destructive=True),
    ),
]
