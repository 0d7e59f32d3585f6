"""Issue 32.4: browser_pdf prints the page (Page.printToPDF, streamed), with paper size and landscape,
kept by output_id or written under the file roots only."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = "<title>Report</title><h1>Quarterly report</h1>" + "<p>line</p>" * 200


def _media_box(data: bytes) -> tuple[float, float]:
    found = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert found, "no MediaBox"
    return float(found.group(1)), float(found.group(2))


async def test_a_pdf_is_kept_by_output_id_with_its_paper_size(caps_call, server, conversation):
    await caps_call("browser_navigate", url=server.route("/pdf/report", PAGE))
    result = await caps_call("browser_pdf", paper="a4")
    assert result.success, result.error
    data = result.data
    pdf = Path(data["path"]).read_bytes()
    assert pdf.startswith(b"%PDF-") and data["bytes"] == len(pdf) and data["pages"] >= 2
    width, height = _media_box(pdf)
    assert abs(width - 8.27 * 72) < 2 and abs(height - 11.69 * 72) < 2  # points
    read = await caps_call("browser_read_output", output_id=data["output_id"], length=5)
    assert read.success and read.data["unit"] == "bytes"


async def test_landscape_swaps_the_sides_and_a_path_is_written_under_the_roots(caps_call, server, conversation):
    await caps_call("browser_navigate", url=server.route("/pdf/report", PAGE))
    target = conversation.output_dir / "reports" / "wide.pdf"
    result = await caps_call("browser_pdf", path=str(target), paper="letter", landscape=True)
    assert result.success, result.error
    width, height = _media_box(target.read_bytes())
    assert abs(width - 11 * 72) < 2 and abs(height - 8.5 * 72) < 2


async def test_a_path_outside_the_file_roots_is_refused(caps_call, server, tmp_path_factory):
    await caps_call("browser_navigate", url=server.route("/pdf/report", PAGE))
    outside = Path("/proc/browserx-not-here.pdf")
    result = await caps_call("browser_pdf", path=str(outside))
    assert result.code == "FILE_NOT_ALLOWED"
    assert not outside.exists()
