"""Loading: time to a usable result on a page whose one image never answers (a stalled ad or tracker).

    python bench/loading.py

- browserx: `browser_navigate` through the tool registry (default wait_until "usable", load_wait 1 s).
- floor: the same load's DOMContentLoaded, read in page (`performance` navigation timing): no tool
  can call the page usable before it. Target: browserx ≤ DOMContentLoaded + 1.2 s.
- Playwright: `page.goto` on the same Chromium binary, default wait "load", bounded by a 5 s timeout
  (the load event never comes: it times out) and, for reference, wait_until "domcontentloaded".
- A quick page (no stalled resource) too: browserx against Playwright's goto, both waiting for load.
Medians of N rounds; every round uses a fresh URL (query string) so nothing comes from a cache.
"""

from __future__ import annotations

import asyncio
import http.server
import statistics
import threading
import time
from typing import Any

from browserx.browser import BrowserConfig, BrowserManager, find_chrome
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

N = 5
N_PLAYWRIGHT_LOAD = 3  # each one waits out its whole timeout
PLAYWRIGHT_TIMEOUT_MS = 5000
TARGET_EXTRA_S = 1.2
ARTICLE = "".join(f"<p>Paragraph {i} of the article, with enough words to look like a page.</p>" for i in range(40))
STALLING = f"""<!doctype html><title>Stalling page</title><h1>News</h1>
<nav><a href="/a">Home</a> <a href="/b">World</a></nav><button>Subscribe</button>
{ARTICLE}<img src="/tracker.gif" alt="">""".encode()
QUICK = f"""<!doctype html><title>Quick page</title><h1>News</h1><button>Subscribe</button>{ARTICLE}""".encode()
DCL_MS = (
    "(() => { const n = performance.getEntriesByType('navigation')[0];"
    " return n ? n.domContentLoadedEventEnd : null; })()"
)


def _serve(release: threading.Event) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path == "/tracker.gif":
                release.wait(60)  # the stalled tracker: answers only when the bench ends
                body, ctype = b"GIF89a", "image/gif"
            else:
                body, ctype = (QUICK if path == "/quick" else STALLING), "text/html; charset=utf-8"
            try:
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


async def _dcl_ms(tab) -> float:
    result = await tab.session.send("Runtime.evaluate", {"expression": DCL_MS, "returnByValue": True})
    return float(result["result"]["value"])


async def run(print_fn=print) -> dict:
    release = threading.Event()
    server, base = _serve(release)
    registry = default_registry()
    ours, dcl, loads, quick_ours = [], [], [], []
    pw_load: list[tuple[float, str]] = []
    pw_dcl, pw_quick = [], []
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
            ctx = ToolContext(manager, "bench-loading")
            assert (await registry.dispatch("browser_navigate", {"url": base + "/quick?warm"}, ctx)).success
            tab = await ctx.tab()
            for i in range(N):
                started = time.perf_counter()
                result = await registry.dispatch(
                    "browser_navigate", {"url": f"{base}/page?r={i}", "timeout": "15s"}, ctx
                )
                ours.append(time.perf_counter() - started)
                assert result.success, result.error
                loads.append(result.data["load"])
                dcl.append(await _dcl_ms(tab) / 1000)
                started = time.perf_counter()
                result = await registry.dispatch("browser_navigate", {"url": f"{base}/quick?r={i}"}, ctx)
                quick_ours.append(time.perf_counter() - started)
                assert result.success and result.data["load"] == "complete", result
        playwright = browser = None
        try:
            from playwright.async_api import TimeoutError as PlaywrightTimeout
            from playwright.async_api import async_playwright

            playwright = await async_playwright().start()
            browser = await playwright.chromium.launch(executable_path=find_chrome())
            page = await browser.new_page()
            await page.goto(base + "/quick?warm")
            for i in range(N_PLAYWRIGHT_LOAD):
                started = time.perf_counter()
                try:
                    await page.goto(f"{base}/page?pw={i}", timeout=PLAYWRIGHT_TIMEOUT_MS)
                    outcome = "loaded"
                except PlaywrightTimeout:
                    outcome = "timeout"
                pw_load.append((time.perf_counter() - started, outcome))
            for i in range(N):
                started = time.perf_counter()
                await page.goto(f"{base}/page?pwd={i}", wait_until="domcontentloaded", timeout=PLAYWRIGHT_TIMEOUT_MS)
                pw_dcl.append(time.perf_counter() - started)
                started = time.perf_counter()
                await page.goto(f"{base}/quick?pw={i}")
                pw_quick.append(time.perf_counter() - started)
        except ImportError:
            pass
        finally:
            if browser is not None:
                await browser.close()
            if playwright is not None:
                await playwright.stop()
    finally:
        release.set()
        server.shutdown()
    ours_ms, dcl_ms = statistics.median(ours) * 1000, statistics.median(dcl) * 1000
    # Paired per round: this navigation's own DOMContentLoaded.
    extra_ms = statistics.median(a - b for a, b in zip(ours, dcl, strict=True)) * 1000
    out: dict[str, Any] = {
        "usable_ms": ours_ms,
        "dom_content_loaded_ms": dcl_ms,
        "extra_over_dcl_ms": extra_ms,
        "target_extra_ms": TARGET_EXTRA_S * 1000,
        "load_reported": sorted(set(loads)),
        "quick_page_ms": statistics.median(quick_ours) * 1000,
    }
    print_fn(
        f"loading   stalling page: browser_navigate usable {ours_ms:7.1f} ms (load {'/'.join(out['load_reported'])}) "
        f"| DOMContentLoaded {dcl_ms:6.1f} ms | usable − DCL {extra_ms:6.1f} ms "
        f"(target ≤ {TARGET_EXTRA_S * 1000:.0f}) [median of {N}]"
    )
    if pw_load:
        out["playwright_goto_load_ms"] = statistics.median(t for t, _ in pw_load) * 1000
        out["playwright_goto_load_outcomes"] = [o for _, o in pw_load]
        out["playwright_goto_dcl_ms"] = statistics.median(pw_dcl) * 1000
        out["playwright_quick_goto_ms"] = statistics.median(pw_quick) * 1000
        print_fn(
            f"loading   playwright page.goto (wait 'load', timeout {PLAYWRIGHT_TIMEOUT_MS} ms) "
            f"{out['playwright_goto_load_ms']:7.1f} ms → {', '.join(out['playwright_goto_load_outcomes'])} "
            f"({out['playwright_goto_load_ms'] / ours_ms:.1f}x ours) | goto 'domcontentloaded' "
            f"{out['playwright_goto_dcl_ms']:6.1f} ms (no load state reported)"
        )
        print_fn(
            f"loading   quick page: browser_navigate {out['quick_page_ms']:6.1f} ms | playwright goto "
            f"{out['playwright_quick_goto_ms']:6.1f} ms ({out['quick_page_ms'] / out['playwright_quick_goto_ms']:.2f}x)"
        )
    return out


if __name__ == "__main__":
    asyncio.run(run())
