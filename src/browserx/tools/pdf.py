"""browser_pdf (capability group `pdf`): the page printed to PDF, kept by output_id or written to a path
under the file roots."""

from __future__ import annotations

from pydantic import Field

from ..devtools import pdf
from .base import Hints, Tool, ToolContext, ToolOutput
from .params import TabParams


class PdfParams(TabParams):
    path: str | None = Field(default=None, min_length=1, max_length=4096, description="under the file roots")
    paper: pdf.Paper = "letter"
    landscape: bool = False
    background: bool = True


async def print_pdf(ctx: ToolContext, params: PdfParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    data = await pdf.print_pdf(
        tab, path=params.path, paper=params.paper, landscape=params.landscape, background=params.background
    )
    return ToolOutput(data, tab_id=tab.tab_id)


TOOLS = [
    Tool(
        "browser_pdf",
        "Print the page to PDF: output_id (browser_read_output), or written to path.",
        PdfParams,
        print_pdf,
        timeout_field=None,
        annotations=Hints(destructive=True, open_world=False),  # a path given is overwritten
    ),
]
