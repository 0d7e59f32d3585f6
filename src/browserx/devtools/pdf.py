"""The page as a PDF (`Page.printToPDF`), written inside the conversation's file roots.

Paper sizes are the ISO 216 and ANSI sizes in inches (what printToPDF takes): A3 11.69×16.54,
A4 8.27×11.69, A5 5.83×8.27, Letter 8.5×11, Legal 8.5×14, Tabloid 11×17. The PDF arrives as a
stream (ReturnAsStream, read by IO.read): a long page's PDF is larger than one CDP message may be.
Without a path it is kept by output_id (devtools/outputs.py), readable by any client with
browser_read_output; a path must lie under the file roots (browser/files.py allowed_path).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from ..browser import Tab
from ..browser.files import allowed_path
from ..errors import CDPError, PdfFailedError
from .outputs import OutputStore
from .streams import read_stream

Paper = Literal["letter", "legal", "tabloid", "a3", "a4", "a5"]
PAPER_INCHES: dict[str, tuple[float, float]] = {
    "letter": (8.5, 11.0),
    "legal": (8.5, 14.0),
    "tabloid": (11.0, 17.0),
    "a3": (11.69, 16.54),
    "a4": (8.27, 11.69),
    "a5": (5.83, 8.27),
}
_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


async def print_pdf(
    tab: Tab,
    *,
    path: str | None = None,
    paper: Paper = "letter",
    landscape: bool = False,
    background: bool = True,
    timeout: float = 60.0,
) -> dict[str, Any]:
    """Print the tab's page; where the PDF went (path, or output_id) with its size and page count."""
    target = allowed_path(path, tab.conversation.file_roots(), must_exist=False) if path else None
    width, height = PAPER_INCHES[paper]
    params = {
        "paperWidth": width,
        "paperHeight": height,
        "landscape": landscape,
        "printBackground": background,
        "transferMode": "ReturnAsStream",
    }
    try:
        result = await tab.session.send("Page.printToPDF", params, timeout=timeout)
        data = await read_stream(tab.session, result["stream"], timeout=timeout)
    except CDPError as exc:
        raise PdfFailedError(f"the page could not be printed: {exc.message}") from exc
    out: dict[str, Any] = {"paper": paper, "landscape": landscape, "bytes": len(data), "pages": _pages(data)}
    if target is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        out["path"] = str(target)
        return out
    ref = OutputStore.of(tab.conversation).keep(data, stem="page", suffix=".pdf")
    out.update({"output_id": ref["output_id"], "path": ref["path"]})
    return out


def _pages(data: bytes) -> int:
    # Chromium writes each page as one `/Type /Page` object (the tree's root is `/Type /Pages`).
    return len(_PAGE_OBJECT.findall(data))
