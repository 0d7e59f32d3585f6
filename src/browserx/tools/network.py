"""browser_network (capability group `network`): the requests as DevTools' Network panel lists them,
one in detail (headers both ways, post data, body; secrets redacted), and the log as a HAR 1.2 file."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..devtools import har, requests
from .base import Hints, Needs, Tool, ToolContext, ToolOutput
from .params import TabParams


class NetworkParams(TabParams):
    action: Literal["list", "get", "har"]
    filter: str | None = Field(default=None, max_length=500, description="URL part, host, type or source")
    method: str | None = Field(default=None, min_length=1, max_length=16)
    status: str | None = Field(default=None, min_length=3, max_length=3, description="404 or 4xx")
    failed: bool | None = None
    limit: int = Field(default=50, ge=1, le=500)
    request_id: str | None = Field(default=None, min_length=1, max_length=200)
    body: bool = True
    path: str | None = Field(default=None, min_length=1, max_length=4096, description="under the file roots")


async def network(ctx: ToolContext, params: NetworkParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    if params.action == "get":
        assert params.request_id is not None  # Needs
        data = await requests.request_detail(tab, params.request_id, body=params.body)
    elif params.action == "har":
        data = await har.export_har(tab, path=params.path)
    else:
        data = requests.list_requests(
            tab,
            filter=params.filter,
            method=params.method,
            status=params.status,
            failed=params.failed,
            limit=params.limit,
        )
    return ToolOutput(data, tab_id=tab.tab_id)


TOOLS = [
    Tool(
        "browser_network",
        "list: requests (status, type, size, ms, initiator, cache/SW, error), filtered; get: request_id's "
        "headers, post data, body; har: the log as HAR 1.2 (output_id, or path).",
        NetworkParams,
        network,
        timeout_field=None,
        actions={
            "list": Needs(takes=("filter", "method", "status", "failed", "limit")),
            "get": Needs("request_id", takes=("body",)),
            "har": Needs(takes=("path",)),
        },
        hints={"request_id": "Give a request_id from action=list."},
        annotations=Hints(idempotent=True, open_world=False),  # har with a path writes a file
    ),
]
