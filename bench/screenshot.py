"""Viewport screenshots: browserx's page_screenshot against a bare Page.captureScreenshot and Playwright.

    python bench/screenshot.py

Same page (pages/medium.html), same Chromium binary, interleaved calls, medians of N per case:
- dpr1:  1280×720 at device pixel ratio 1 — fits the model's limits, nothing to resize.
- dpr2:  1280×720 at DPR 2 — 2560×1440 device pixels, over the limits: browserx asks Chromium for a
         1430×804 image (`clip.scale`). Compared with a bare full-size capture, the same capture
         followed by a Pillow resize (the alternative design), and Playwright's page.screenshot()
         (full size: Playwright does not resize).
- marks: page_screenshot marks=true at DPR 1 (page model + drawing + PNG encode).
browserx's times include the tool dispatch, the store's file write and, for the floor, the base64 decode.
"""

from __future__ import annotations

import asyncio
import base64
import io
import statistics
import time

from _playwright import playwright_chromium
from _serve import PAGES, serve_page

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

N = 15
PAGE_FILE = PAGES / "medium.html"


async def _timed(coro_factory) -> float:
    started = time.perf_counter()
    await coro_factory()
    return time.perf_counter() - started


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


async def run(print_fn=print) -> dict:
    body = PAGE_FILE.read_bytes()
    server, url = serve_page(body)
    registry = default_registry()
    out: dict[str, dict[str, float]] = {}
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager, playwright_chromium() as browser:
            ctx = ToolContext(manager, "bench-screenshot")
            assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
            tab = await ctx.tab()
            pages = {}
            for dpr in (1, 2) if browser is not None else ():
                context = await browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=dpr)
                pages[dpr] = await context.new_page()
                await pages[dpr].goto(url)

            async def ours(**args):
                result = await registry.dispatch("page_screenshot", {"action": "screenshot", **args}, ctx)
                assert result.success, result.error
                return result

            async def bare():
                raw = await tab.session.send("Page.captureScreenshot", {"format": "png"})
                return base64.b64decode(raw["data"])

            async def bare_and_pillow():
                from PIL import Image

                image = Image.open(io.BytesIO(await bare()))
                image = image.resize((1430, 804), Image.Resampling.BILINEAR)
                buffer = io.BytesIO()
                image.save(buffer, format="PNG")

            for dpr in (1, 2):
                await tab.set_viewport(1280, 720, device_scale_factor=dpr)
                cases = {"page_screenshot": ours, "bare_capture": bare}
                if dpr == 2:
                    cases["bare_capture_pillow_resize"] = bare_and_pillow
                if dpr in pages:
                    cases["playwright"] = lambda page=pages[dpr]: page.screenshot()
                else:
                    cases.pop("playwright", None)
                for factory in cases.values():  # warm up
                    await factory()
                samples: dict[str, list[float]] = {name: [] for name in cases}
                for _ in range(N):
                    for name, factory in cases.items():
                        samples[name].append(await _timed(factory))
                out[f"dpr{dpr}"] = {f"{name}_ms": round(_median_ms(s), 1) for name, s in samples.items()}
                shot = await ours()
                out[f"dpr{dpr}"]["image"] = f"{shot.data['width']}x{shot.data['height']}"
            await tab.set_viewport(1280, 720, device_scale_factor=1)
            await ours(marks=True)
            plain, marked = [], []
            for _ in range(N):
                plain.append(await _timed(ours))
                marked.append(await _timed(lambda: ours(marks=True)))
            out["marks"] = {
                "page_screenshot_ms": round(_median_ms(plain), 1),
                "page_screenshot_marks_ms": round(_median_ms(marked), 1),
            }
    finally:
        server.shutdown()
    for key, row in out.items():
        base = row.get("bare_capture_ms") or row.get("page_screenshot_ms")
        parts = [f"{name[:-3]} {ms:7.1f} ms ({ms / base:.2f}x)" for name, ms in row.items() if name.endswith("_ms")]
        print_fn(f"screenshot {key:5s} {row.get('image', ''):>9s} | " + " | ".join(parts) + f"  [median of {N}]")
    return out


if __name__ == "__main__":
    asyncio.run(run())
