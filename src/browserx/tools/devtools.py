"""DevTools tools: service workers, network sources (and bodies), offline mode and throttling.

Console logs from every context (page, iframes, workers) are read with browser_recent_console_logs;
the tabs collect them (and the network log, …) when the manager was given `tools.TAB_SETUPS`.
"""

from __future__ import annotations

from pydantic import Field

from ..devtools import network, offline, service_workers
from ..devtools.offline import Preset
from .base import Hints, Tool, ToolContext, ToolOutput
from .params import TabParams

_READ = Hints(read_only=True, idempotent=True, open_world=False)


async def get_service_workers(ctx: ToolContext, params: TabParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    return ToolOutput(await service_workers.service_workers(tab), tab_id=tab.tab_id)


class NetworkSourcesParams(TabParams):
    limit: int = Field(default=50, ge=1, le=500)
    filter: str | None = Field(default=None, max_length=500, description="URL part, resource type or source")
    request_id: str | None = Field(default=None, max_length=200, description="get this one with its body")


async def get_network_sources(ctx: ToolContext, params: NetworkSourcesParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    if params.request_id is not None:
        return ToolOutput(await network.response_body(tab, params.request_id), tab_id=tab.tab_id)
    return ToolOutput(network.network_sources(tab, limit=params.limit, filter=params.filter), tab_id=tab.tab_id)


class OfflineParams(TabParams):
    offline: bool
    preset: Preset = "none"


async def set_offline(ctx: ToolContext, params: OfflineParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    return ToolOutput(await offline.set_offline(tab, params.offline, params.preset), tab_id=tab.tab_id)


TOOLS = [
    Tool(
        "browser_get_service_workers",
        "Service worker registrations and whether the page is controlled (after registering: reload).",
        TabParams,
        get_service_workers,
        timeout_field=None,
        annotations=_READ,
    ),
    Tool(
        "browser_get_network_sources",
        "The tab's recent requests, oldest first, with source (network, service_worker, *_cache).",
        NetworkSourcesParams,
        get_network_sources,
        timeout_field=None,
        annotations=_READ,
    ),
    Tool(
        "browser_set_offline",
        "offline=true fails the tab's (and its workers') requests; preset throttles.",
        OfflineParams,
        set_offline,
        timeout_field=None,
        annotations=Hints(idempotent=True, open_world=False),
    ),
]
