"""Issue 32.1, acceptance: LCP, CLS and TBT agree with Lighthouse 12.2.3 (npm, installed by
scripts/setup_services.sh into .services/lighthouse) on our own pages, run without throttling
(--throttling-method=provided) in the same viewport (1280x720, DPR 1, desktop).

Two comparisons: browserx's insights of the very trace Lighthouse recorded (--save-assets) against
Lighthouse's own figures, which must agree within 15% (CLS within 0.02): the definitions are the same;
and a trace browserx records itself of the same page, a separate load, where the LCP element must be
the same and CLS (deterministic on these pages) agree within 0.02; TBT must hold the page's long task
in both. Times of separate loads are printed, not held to 15%: Lighthouse starts a cold Chromium per
run, and on this shared 2-core machine its first paint alone moved from 150 to 700 ms between runs.
Skipped when Lighthouse or Node is not installed."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path

import pytest

from browserx.devtools.insights import analyse
from perf_pages import RESOURCES

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("LIGHTHOUSE_CLI", ROOT / ".services/lighthouse/node_modules/lighthouse/cli/index.js"))
CHROME = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = "--headless=new --no-sandbox --disable-background-networking --disable-component-update --disable-sync --no-first-run"

pytestmark = pytest.mark.skipif(
    not CLI.is_file() or shutil.which("node") is None, reason="Lighthouse (scripts/setup_services.sh) is not installed"
)


async def lighthouse(url: str, out: Path) -> tuple[dict, list[dict]]:
    """Lighthouse's performance figures of `url` and the trace it recorded them from."""
    process = await asyncio.create_subprocess_exec(
        "node", str(CLI), url, f"--chrome-flags={FLAGS}", "--throttling-method=provided",
        "--only-categories=performance", "--output=json", f"--output-path={out}", "--save-assets", "--quiet",
        "--form-factor=desktop", "--screenEmulation.width=1280", "--screenEmulation.height=720",
        "--screenEmulation.deviceScaleFactor=1", "--screenEmulation.mobile=false",
        env={**os.environ, "CHROME_PATH": CHROME},
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        _, err = await asyncio.wait_for(process.communicate(), 300)
    except TimeoutError:
        process.kill()
        raise
    assert process.returncode == 0, err.decode()[-2000:]
    report = json.loads(out.read_text())
    assert report.get("runtimeError") is None, report["runtimeError"]
    audits = report["audits"]
    figures = {
        "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "fcp_ms": audits["first-contentful-paint"]["numericValue"],
    }
    trace = json.loads(out.with_name(out.stem + "-0.trace.json").read_text())
    return figures, trace["traceEvents"] if isinstance(trace, dict) else trace


@pytest.fixture
def perf_site(server):
    for path, (body, content_type) in RESOURCES.items():
        server.route(path, body, content_type, headers={"Cache-Control": "no-store"})
    return server


@pytest.mark.parametrize("page", ["/perf/shop.html", "/perf/article.html"])
async def test_lcp_cls_and_tbt_agree_with_lighthouse(caps_call, perf_site, tmp_path, page):
    url = perf_site.url(page)
    figures, events = await lighthouse(url, tmp_path / "report.json")
    on_theirs = analyse(events, {})
    ours = on_theirs.metrics
    print(f"\n{page}: Lighthouse {figures}\n{page}: browserx on Lighthouse's trace {ours}")
    assert ours["lcp_ms"] == pytest.approx(figures["lcp_ms"], rel=0.15)
    assert ours["fcp_ms"] == pytest.approx(figures["fcp_ms"], rel=0.15)
    assert ours["cls"] == pytest.approx(figures["cls"], abs=0.02)
    # Lighthouse counts its own evaluations in the page (its CPU-idle polls during the load) as blocking time;
    # browserx leaves url-less script tasks out (a CDP look at the page is not the page's): added back here. On
    # a loaded machine a poll of a millisecond, descheduled, lasts over 50 ms.
    fcp = ours["fcp_ms"] or 0
    theirs = sum(
        max(0.0, t["start_ms"] + t["duration_ms"] - max(t["start_ms"], fcp) - 50)
        for t in on_theirs.insights["long_tasks"]["tasks"]
        if t.get("injected")
    )
    assert ours["tbt_ms"] + theirs == pytest.approx(figures["tbt_ms"], rel=0.15, abs=5)

    await caps_call("browser_navigate", url=url)
    own = (await caps_call("browser_perf", action="start", reload=True, after="2s")).data
    print(f"{page}: browserx's own trace {own['metrics']}")
    assert own["metrics"]["cls"] == pytest.approx(figures["cls"], abs=0.02)
    # Lighthouse 12.2.3's own LCP-element audit fails on Chromium 156 (TraceElements: 'frame_sequence'):
    # the element is read from its trace instead, as the candidate event names it (IMG id='hero').
    assert f"id='{own['lcp']['element']['html_id']}'" in on_theirs.insights["lcp"]["node_name"]
    if figures["tbt_ms"] > 0:  # the page's long task, in both: its length depends on the machine's load
        assert own["metrics"]["tbt_ms"] >= 150 and figures["tbt_ms"] >= 150
