"""browser_read_output: read a big result (eval value, console logs, network body) by its output_id."""

from __future__ import annotations

from pydantic import Field

from ..devtools.outputs import DEFAULT_MAX_INLINE, MAX_READ, OutputStore
from .base import Params, Tool, ToolContext, ToolOutput


class ReadOutputParams(Params):
    output_id: str = Field(min_length=1, max_length=64, description="The output_id a result returned, e.g. out_3f2a….")
    offset: int = Field(default=0, ge=0, description="Where to start (characters; bytes for binary data).")
    length: int = Field(default=DEFAULT_MAX_INLINE, ge=1, le=MAX_READ, description="How much to read.")


async def read_output(ctx: ToolContext, params: ReadOutputParams) -> ToolOutput:
    # Only this conversation's store: another conversation's ids are unknown here, and no path is taken.
    store = OutputStore.of(await ctx.conversation())
    return ToolOutput(store.read(params.output_id, params.offset, params.length))


TOOLS = [
    Tool("browser_read_output",
         "Read a slice of a result too big to return inline (browser_eval values, console logs, network "
         "bodies come back with an output_id). Returns text (or data_base64 for binary), total and "
         "next_offset (null at the end).", ReadOutputParams, read_output, timeout_field=None),
]
