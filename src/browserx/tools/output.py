"""browser_read_output: read a big result (eval value, console logs, network body) by its output_id."""

from __future__ import annotations

from pydantic import Field

from ..devtools.outputs import DEFAULT_MAX_INLINE, MAX_READ, OutputStore
from .base import Hints, Tool, ToolContext, ToolOutput
from .params import Params


class ReadOutputParams(Params):
    output_id: str = Field(min_length=1, max_length=64)
    offset: int = Field(default=0, ge=0)
    length: int = Field(default=DEFAULT_MAX_INLINE, ge=1, le=MAX_READ)


async def read_output(ctx: ToolContext, params: ReadOutputParams) -> ToolOutput:
    # Only this conversation's store: another conversation's ids are unknown here, and no path is taken.
    store = OutputStore.of(await ctx.conversation())
    return ToolOutput(store.read(params.output_id, params.offset, params.length))


TOOLS = [
    Tool(
        "browser_read_output",
        "Read a big result by output_id from offset; next_offset null: the end.",
        ReadOutputParams,
        read_output,
        timeout_field=None,
        annotations=Hints(read_only=True, idempotent=True, open_world=False),
    ),
]
