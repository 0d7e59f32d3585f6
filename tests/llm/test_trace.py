"""Run traces: written during a run (screenshots copied before deletion), rendered as one HTML page
that a real Chromium displays with one entry per step and its images."""

from __future__ import annotations

import argparse
import base64
import io
import json
from pathlib import Path

from agent_run import run_scripted
from fake_responses import call, calls, message
from PIL import Image as PILImage

from browserx.cli import main, trace as trace_cli
from browserx.llm import render_html
from browserx.llm.trace import read_events


async def _traced_run(fake, manager, conversation, registry, server, trace_dir: Path):
    url = server.route("/traced", "<h1>Traced page</h1><input aria-label='Search'>")
    fake.script(
        call("page_screenshot", call_id="shot1", action="screenshot"),
        calls(("browser_tabs", {"action": "select"}, "bad1")),  # fails: VALIDATION_ERROR
        message("The page says: Traced page."),
    )
    return await run_scripted(fake, manager, conversation, registry, "Read the heading.", url=url, trace_dir=trace_dir)


async def test_trace_keeps_every_step_and_a_copy_of_each_deleted_screenshot(
    fake, manager, conversation, registry, server, tmp_path
):
    result = await _traced_run(fake, manager, conversation, registry, server, tmp_path)
    assert result.status == "completed"
    events = read_events(tmp_path)
    kinds = [e["type"] for e in events]
    assert kinds[0] == "start" and kinds[-1] == "end"
    tools = [e for e in events if e["type"] == "tool"]
    assert [t["tool"] for t in tools] == ["browser_navigate", "page_screenshot", "browser_tabs"]
    assert tools[2]["code"] == "VALIDATION_ERROR"
    shot = tmp_path / tools[1]["images"][0]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not any(Path(p).exists() for p in registry.image_paths)  # the store's file is gone, the copy stays
    uploads = [e for e in events if e["type"] == "upload"]
    assert [(u["call_id"], u["state"], u["then"]) for u in uploads] == [("shot1", "uploaded", "deleted")]


async def test_trace_page_renders_one_entry_per_step_with_its_images(
    fake, manager, conversation, registry, server, tmp_path, call
):
    await _traced_run(fake, manager, conversation, registry, server, tmp_path)
    args = argparse.Namespace(dir=str(tmp_path), open=False)
    assert await trace_cli.command(args) == 0
    page = render_html(tmp_path)
    html = page.read_text()
    assert "<link" not in html and "<script" not in html  # self-contained, static
    server.route("/trace/index.html", html)
    for image in (tmp_path / "images").iterdir():
        server.route(f"/trace/images/{image.name}", image.read_bytes(), content_type="image/png")
    opened = await call("browser_navigate", url=server.url("/trace/index.html"))
    assert opened.success, opened.error
    tab = await conversation.tab()
    shot = await tab.session.send("Page.captureScreenshot", {"format": "png"})
    with PILImage.open(io.BytesIO(base64.b64decode(shot["data"]))) as rendered:
        low, high = rendered.convert("L").getextrema()
        assert rendered.size[0] > 0 and high - low > 100  # text and boxes drawn, not a blank page
    # (written without the word "await": browser_eval then uses replMode and returns the promise unawaited)
    structure = await call(
        "browser_eval",
        expression="""(() => {
        const imgs = [...document.querySelectorAll('img.shot')];
        const loaded = imgs.map(i => i.complete ? null : new Promise(r => { i.onload = i.onerror = r; }));
        return Promise.all(loaded).then(() => ({
            steps: [...document.querySelectorAll('section.step')].map(s => s.dataset.step),
            calls: [...document.querySelectorAll('.call')].map(c => c.dataset.tool),
            images: imgs.map(i => i.naturalWidth),
            errors: [...document.querySelectorAll('.call .err')].map(e => e.textContent),
            tokens: [...document.querySelectorAll('.tokens')].map(t => t.textContent),
            sent: [...document.querySelectorAll('.sent')].map(t => t.textContent),
            shares: document.querySelector('footer .shares').textContent,
            summary: document.querySelector('footer .summary b').textContent}));
    })()""",
    )
    assert structure.success, structure.error
    data = structure.data["result"]
    assert data["steps"] == ["0", "1", "2", "3"]  # start navigation + three model steps
    assert data["calls"] == ["browser_navigate", "page_screenshot", "browser_tabs"]
    assert len(data["images"]) == 1 and data["images"][0] > 0
    assert data["errors"] == ["VALIDATION_ERROR"]
    assert data["summary"] == "completed"
    assert data["tokens"] == ["100 tokens in · 0 cached · 10 out"] * 3  # per step: in, cached, out
    assert len(data["sent"]) == 3 and all("declarations" in t and "images" in t for t in data["sent"])
    assert data["shares"].startswith("input spent on: declarations ") and "page models" in data["shares"]


def test_trace_show_without_a_trace_fails_with_file_not_found(tmp_path, capsys):
    assert main(["trace", "show", str(tmp_path)]) == 2  # a bad command line, refused before anything runs
    assert json.loads(capsys.readouterr().err)["error"]["code"] == "FILE_NOT_FOUND"


def test_render_tolerates_a_run_killed_mid_write(tmp_path):
    (tmp_path / "trace.jsonl").write_text(json.dumps({"type": "start", "task": "t"}) + '\n{"type": "to')
    html = render_html(tmp_path).read_text()
    assert "run did not finish" in html
