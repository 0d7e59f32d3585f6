"""Reader-text quality on the readability corpus: per-page token recall and precision of the reader
text against Readability's expected article, their means, the time of the in-page extraction, and
(when the page model is available) how often the model's control roles and names agree with
Chromium's own accessibility tree.

    python bench/reader_quality.py          # or: python bench/run.py reader_quality

Tokens are lowercase word tokens; overlap is counted as a multiset. Pages are served over HTTP
with `charset=utf-8` (saved pages are UTF-8 whatever they declare). The pages: tests/corpus/.
"""

from __future__ import annotations

import asyncio
import http.server
import re
import socketserver
import statistics
import threading
import time
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from _serve import PAGES, READABILITY, readability_pages

TIMING_PAGES = ["small.html", "medium.html", "large.html"]
TIMING_RUNS = 7
READER_CALL = "function(o){return globalThis.__browserxReader.extract(document, o)}"


class _TextOf(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _TextOf()
    parser.feed(html)
    return " ".join(parser.parts)


def tokens(text: str) -> Counter[str]:
    return Counter(re.findall(r"\w+", text.lower()))


def recall_precision(got: str, expected: str) -> tuple[float, float]:
    want, have = tokens(expected), tokens(got)
    common = sum((want & have).values())
    recall = common / sum(want.values()) if want else (1.0 if not have else 0.0)
    precision = common / sum(have.values()) if have else (1.0 if not want else 0.0)
    return recall, precision


class CorpusServer:
    """Serves /<page>/ as that corpus page's source.html, /pages/<file> from tests/corpus/pages/, as
    UTF-8; every other path is a quick 404."""

    def __init__(self) -> None:
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                name = self.path.split("?")[0].strip("/")
                file = READABILITY / name / "source.html"
                if name.startswith("pages/") and name.count("/") == 1:
                    file = PAGES / name.split("/")[1]
                    name = "page"
                if "/" not in name and name and file.is_file():
                    body, ctype, status = file.read_bytes(), "text/html; charset=utf-8", 200
                else:
                    body, ctype, status = b"", "text/plain", 404
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                # Request blocking (offline below) does not cover frame navigations, whose dead
                # hosts can stall the load event for seconds.
                self.send_header("Content-Security-Policy", "frame-src 'self'")
                self.end_headers()
                self.wfile.write(body)

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


async def offline(tab: Any) -> None:
    """Block every request but the corpus server's: saved pages reference many dead hosts, and
    waiting for them would only measure the network, not the page."""
    await tab.session.enable("Network")
    await tab.session.send(
        "Network.setBlockedURLs",
        {
            "urlPatterns": [
                {"urlPattern": "http://127.0.0.1:*/*", "block": False},
                {"urlPattern": "*://*/*", "block": True},
            ]
        },
    )


async def page_quality(tab: Any, base: str, page: Path) -> dict[str, Any]:
    from browserx.actions.navigation import navigate
    from browserx.page.world import PageWorld

    await navigate(tab, f"{base}/{page.name}/", timeout=20)
    started = time.perf_counter()
    text = await PageWorld.of(tab).call(READER_CALL, {"max_chars": 100000})
    elapsed = time.perf_counter() - started
    expected = html_text((page / "expected.html").read_text(encoding="utf-8"))
    recall, precision = recall_precision(text, expected)
    return {"page": page.name, "recall": recall, "precision": precision, "ms": elapsed * 1000, "chars": len(text)}


async def _axcheck(tab: Any) -> dict[str, Any] | None:
    try:
        from browserx.fidelity.axcheck import compare_with_chromium
        from browserx.page.service import take_snapshot
    except ImportError:
        return None
    model = await take_snapshot(tab)
    return await compare_with_chromium(tab, model)


async def reader_cost(tab: Any, base: str, page: str) -> dict[str, float]:
    """Median in-page times of the capture's own walk and of the reader inside one snapshot
    (capture.js reports both), so the ratio holds however busy the machine is."""
    from browserx.actions.navigation import navigate
    from browserx.page.world import PageWorld

    await navigate(tab, f"{base}/pages/{page}", timeout=30)
    world = PageWorld.of(tab)
    # The DOM touched before each run: an unchanged page's reader text is kept, and would time nothing.
    runs = [
        await world.call(
            "function () { document.documentElement.dataset.benchTouch = String(Math.random());"
            " return globalThis.__browserx.snapshot({}).timings; }"
        )
        for _ in range(TIMING_RUNS)
    ]
    walk = statistics.median(r["walk"] for r in runs)
    reader = statistics.median(r["reader"] for r in runs)
    return {
        "elements": runs[0]["elements"],
        "walk_ms": walk,
        "reader_ms": reader,
        "reader_per_walk": reader / walk if walk else 0.0,
    }


async def run(print_fn=print) -> dict:
    from browserx.browser import BrowserConfig, BrowserManager

    server = CorpusServer()
    rows: list[dict[str, Any]] = []
    agree: list[dict[str, Any]] = []
    try:
        async with BrowserManager(BrowserConfig()) as manager:
            conversation = await manager.conversation("reader-quality")
            tab = await conversation.tab()
            await offline(tab)
            costs = {}
            for name in TIMING_PAGES:
                costs[name] = await reader_cost(tab, server.base, name)
            for page in readability_pages():
                row = await page_quality(tab, server.base, page)
                report = await _axcheck(tab)
                if report is not None:
                    agree.append(report)
                    row["ax_agreement"] = report["agreement"]
                rows.append(row)
    finally:
        server.stop()
    for row in sorted(rows, key=lambda r: r["recall"]):
        print_fn(
            f"  {row['page']:42s} recall {row['recall']:.2f}  precision {row['precision']:.2f}  {row['ms']:6.1f} ms"
        )
    out = {
        "pages": len(rows),
        "mean_recall": statistics.mean(r["recall"] for r in rows),
        "mean_precision": statistics.mean(r["precision"] for r in rows),
        "median_extract_ms": statistics.median(r["ms"] for r in rows),
    }
    print_fn(
        f"reader text over {out['pages']} corpus pages: mean recall {out['mean_recall']:.3f}, "
        f"mean precision {out['mean_precision']:.3f}, median extract {out['median_extract_ms']:.1f} ms "
        f"(incl. one CDP round trip)"
    )
    for name, cost in costs.items():
        print_fn(
            f"reader on {name} ({cost['elements']} elements): {cost['reader_ms']:.1f} ms, "
            f"{cost['reader_per_walk']:.2f}x the capture's own walk ({cost['walk_ms']:.1f} ms)"
        )
        out[f"reader_ms_{name.split('.')[0]}"] = cost["reader_ms"]
        out[f"reader_per_walk_{name.split('.')[0]}"] = cost["reader_per_walk"]
    if agree:
        controls = sum(r["controls"] for r in agree)
        out["ax_controls"] = controls
        out["ax_role_agreement"] = sum(r["role_matches"] for r in agree) / max(1, controls)
        out["ax_name_agreement"] = sum(r["name_matches"] for r in agree) / max(1, controls)
        out["ax_agreement"] = sum(r["matches"] for r in agree) / max(1, controls)
        print_fn(
            f"accessibility check over {controls} controls: role {out['ax_role_agreement']:.3f}, "
            f"name {out['ax_name_agreement']:.3f}, both {out['ax_agreement']:.3f}"
        )
    return out


if __name__ == "__main__":
    asyncio.run(run())
