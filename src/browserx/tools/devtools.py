"""DevTools tools: service workers, network sources (and bodies), offline mode and throttling.

Console logs from every context (page, iframes, workers) are read with browser_recent_console_logs;
importing the devtools modules here registers the tab hooks that collect them.
"""

from __future__ import annotations

from pydantic import Field

from ..devtools import (
    contexts as _contexts,  # noqa: F401 - registers the log-from-every-context hook
    network,
    offline,
    service_workers,
)
from ..devtools.offline import Preset
from .base import TabParams, Tool, ToolContext, ToolOutput


async def get_service_workers(ctx: ToolContext, params: TabParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    return ToolOutput(await service_workers.service_workers(tab), tab_id=tab.tab_id)


class NetworkSourcesParams(TabParams):
    limit: int = Field(default=50, ge=1, le=500, description="Most recent requests to return.")
    filter: str | None = Field(default=None, max_length=500,
                               description="Only requests whose URL contains this text, or whose resource type "
                                           "(Document, Script, Fetch, XHR, Image, …) or source (network, "
                                           "service_worker, disk_cache, memory_cache, prefetch_cache) it names.")
    request_id: str | None = Field(default=None, max_length=200,
                                   description="Return this one request with its response body instead of the list.")


async def get_network_sources(ctx: ToolContext, params: NetworkSourcesParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    if params.request_id is not None:
        return ToolOutput(await network.response_body(tab, params.request_id), tab_id=tab.tab_id)
    return ToolOutput(network.network_sources(tab, limit=params.limit, filter=params.filter), tab_id=tab.tab_id)


class OfflineParams(TabParams):
    offline: bool = Field(description="true: every network request of the tab and its workers fails; "
                                      "false: back online.")
    preset: Preset = Field(default="none", description="Throttle the connection: slow_3g (2 s latency, "
                                   "400 kbps), 3g (562 ms, 1.44 Mbps), 4g (165 ms, 8.1 Mbps), none.")


async def set_offline(ctx: ToolContext, params: OfflineParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    return ToolOutput(await offline.set_offline(tab, params.offline, params.preset), tab_id=tab.tab_id)


TOOLS = [
    Tool("browser_get_service_workers",
         "Service worker registrations of the conversation's browser (scope, script_url, status installing/"
         "installed/activating/activated/redundant, running_status) and whether the current page is controlled "
         "(controller). Use when testing a PWA: after registering, reload and check controlled=true.",
         TabParams, get_service_workers, timeout_field=None),
    Tool("browser_get_network_sources",
         "Recent requests of the tab, oldest first: request_id, url, method, resource_type, status, source "
         "(network, service_worker, disk_cache, memory_cache, prefetch_cache), size (bytes over the wire), "
         "timing_ms, error; requests made by workers or out-of-process iframes carry their context. Filter by URL "
         "text, resource type or source. Pass request_id to get that response's body (over 16 KB: an output_id for "
         "browser_read_output).", NetworkSourcesParams, get_network_sources, timeout_field=None),
    Tool("browser_set_offline",
         "Emulate offline mode (offline=true: requests fail with net::ERR_INTERNET_DISCONNECTED, including those "
         "of the page's service worker, which still answers from its cache) or a slow connection (preset 3g, 4g, "
         "slow_3g) for the tab; offline=false with preset none restores the normal network. Returns the "
         "conditions applied.", OfflineParams, set_offline, timeout_field=None),
]
