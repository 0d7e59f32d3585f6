"""Core browser tools: navigate, evaluate, console logs, viewport size, tabs."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..actions import navigation
from ..devtools import viewport
from ..devtools.evaluate import evaluate, spill
from ..errors import ValidationError
from .base import Duration, Params, TabParams, Tool, ToolContext, ToolOutput, duration_field


class NavigateParams(TabParams):
    url: str = Field(min_length=1, max_length=8192, description="Absolute URL to open, e.g. https://example.com/.")
    timeout: Duration = duration_field("15s", "Longest wait for the page, e.g. '15s'.")
    wait_until: Literal["usable", "load", "network_idle", "commit"] = Field(
        default="usable", description="usable (default): DOM ready, load awaited briefly; load: the load event; "
                                      "network_idle: no request for 500 ms; commit: first response.")


async def navigate(ctx: ToolContext, params: NavigateParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id, allow_crashed=True)
    async with tab.lock:
        data = await navigation.navigate(tab, params.url, timeout=params.timeout, wait_until=params.wait_until)
    return ToolOutput(data, tab_id=tab.tab_id)


class HistoryParams(TabParams):
    action: Literal["back", "forward", "reload"]
    timeout: Duration = duration_field("15s", "How long to wait for the page, e.g. '15s'.")


async def history(ctx: ToolContext, params: HistoryParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id, allow_crashed=params.action == "reload")
    async with tab.lock:
        if params.action == "reload":
            data = await navigation.reload(tab, timeout=params.timeout)
        else:
            data = await navigation.go_back(tab, forward=params.action == "forward", timeout=params.timeout)
    return ToolOutput(data, tab_id=tab.tab_id)


class EvalParams(TabParams):
    expression: str = Field(min_length=1, max_length=100_000, description="JavaScript to evaluate in the page.")
    timeout: Duration = duration_field("15s", "Longest the script may run, e.g. '15s'.")
    await_: bool = Field(default=True, alias="await", description="Await a returned promise (default true).")


async def eval_(ctx: ToolContext, params: EvalParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    value = await evaluate(tab, params.expression, timeout=params.timeout, await_promise=params.await_)
    return ToolOutput(spill(tab, value, key="result"), tab_id=tab.tab_id)


class ConsoleParams(TabParams):
    limit: int = Field(default=100, ge=1, le=1000, description="Most recent entries to return.")
    level: str | None = Field(default=None, max_length=20,
                              description="Only entries of this type: log, info, warning, error, debug.")
    context: str | None = Field(default=None, max_length=500,
                                description="Only entries whose context contains this text: page, iframe, "
                                            "service_worker, worker, or part of a URL.")


async def recent_console_logs(ctx: ToolContext, params: ConsoleParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    entries = [e for e in tab.console.entries
               if (params.level is None or e["type"] == params.level)
               and (params.context is None or params.context in e["context"])]
    entries = entries[-params.limit:]
    return ToolOutput({**spill(tab, entries, key="entries"), "count": len(entries)}, tab_id=tab.tab_id)


async def clear_console_logs(ctx: ToolContext, params: TabParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    cleared = tab.console.clear()
    return ToolOutput({"cleared": cleared, "message": f"Cleared {cleared} console log entries."}, tab_id=tab.tab_id)


class ResizeParams(TabParams):
    width: int = Field(ge=100, le=10000, description="Viewport width in CSS pixels.")
    height: int = Field(ge=100, le=10000, description="Viewport height in CSS pixels.")
    device_scale_factor: float = Field(default=1.0, gt=0, le=4, description="Device pixel ratio (1 or 2 usually).")
    timeout: Duration = duration_field("15s", "Timeout, e.g. '15s'.")


async def resize(ctx: ToolContext, params: ResizeParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    measured = await viewport.resize(tab, params.width, params.height,
                                     device_scale_factor=params.device_scale_factor)
    return ToolOutput(measured, tab_id=tab.tab_id)


class TabsParams(Params):
    action: Literal["list", "open", "select", "close"] = Field(default="list")
    tab_id: int | None = Field(default=None, ge=1, description="The tab to select or close.")
    url: str | None = Field(default=None, max_length=8192, description="With open: the URL to load in the new tab.")
    timeout: Duration = duration_field("15s", "With open and url: longest wait for the page.")


async def tabs(ctx: ToolContext, params: TabsParams) -> ToolOutput:
    conversation = await ctx.conversation()
    tab_id = None
    opened = None
    if params.action == "open":
        tab = await conversation.new_tab()
        tab_id = tab.tab_id
        if params.url:
            opened = await navigation.navigate(tab, params.url, timeout=params.timeout)
    elif params.action in ("select", "close"):
        if params.tab_id is None:
            raise ValidationError(f"action {params.action} needs tab_id")
        if params.action == "select":
            tab_id = (await conversation.select_tab(params.tab_id)).tab_id
        else:
            await conversation.close_tab(params.tab_id)
    data: dict[str, Any] = {"tabs": await conversation.list_tabs(), "active_tab_id": conversation.active_tab_id}
    if opened is not None:
        data["navigation"] = opened  # the new tab's page and its load state, as browser_navigate says
    return ToolOutput(data, tab_id=tab_id or conversation.active_tab_id)


TOOLS = [
    Tool("browser_navigate",
         "Open a URL in the tab and answer once it is usable: load \"complete\", or \"pending\" with the "
         "requests still loading (use the page anyway). Reports a download (file name, size, saved path) when the "
         "URL triggers one. Returns the final url and title. "
         "Next: browser_dom action=snapshot to see the page.", NavigateParams, navigate),
    Tool("browser_history", "Go back, forward, or reload the tab; answers once the page is usable, with its load "
         "state.", HistoryParams, history),
    Tool("browser_eval",
         "Evaluate JavaScript in the page and return its JSON value (promises awaited). Page exceptions come back "
         "as JS_EXCEPTION with message and line. Results over 16 KB come back as an output_id (browser_read_output). "
         "Prefer browser_dom for clicking and typing.", EvalParams, eval_),
    Tool("browser_recent_console_logs",
         "Recent console messages and uncaught exceptions of the tab (type, text, timestamp, source, context), "
         "oldest first; filter by level or context (page, iframe, service_worker, worker).",
         ConsoleParams, recent_console_logs, timeout_field=None),
    Tool("browser_clear_console_logs", "Forget the tab's collected console messages.", TabParams,
         clear_console_logs, timeout_field=None),
    Tool("browser_resize", "Set the viewport size in CSS pixels (and optionally the device pixel ratio).",
         ResizeParams, resize),
    Tool("browser_tabs",
         "List the conversation's tabs, open a new one (optionally at a URL), select one as active, or close one. "
         "Tabs opened by the page (popups, target=_blank) appear here too.", TabsParams, tabs),
]
