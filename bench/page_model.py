"""Page model: browserx's snapshot against the bare in-page walk floor and Playwright's aria_snapshot.

    python bench/page_model.py          # or: python bench/run.py page_model

On tests/corpus/pages/{small,medium,large}.html and a sample of the readability corpus, served over
HTTP as UTF-8, in one run on the same Chromium:
- `model`: DomService.snapshot(fresh=True), round trip from Python (reader text included);
- `no text`: the same with max_text_chars=0 (controls, headings, regions only);
- `floor`: an in-page script that only visits every element (open shadow roots included) and
  reads its rect and computed style, round trip from Python;
- `pw`: Playwright's `page.aria_snapshot(mode="ai")`;
- tokens (o200k) of browserx's compact text (all controls, uncapped) and of Playwright's output,
  per control found by browserx.
Targets (large page): model ≤ 1.5× floor, ≥ 5× faster than Playwright, tokens ≤ 40% of Playwright's.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from _serve import readability_pages, serve_corpus

PAGES = ["small.html", "medium.html", "large.html"]
CORPUS_SAMPLE = 5
RUNS = {"large.html": 11}
DEFAULT_RUNS = 9

FLOOR = """function () {
  let n = 0;
  const visit = (root) => {
    for (let el = root.firstElementChild; el; el = el.nextElementSibling) {
      const style = getComputedStyle(el);
      if (style.display !== "none" && style.visibility) el.getBoundingClientRect();
      n++;
      if (el.shadowRoot) visit(el.shadowRoot);
      visit(el);
    }
  };
  visit(document);
  return n;
}"""


def _targets(base: str) -> list[tuple[str, str]]:
    corpus = readability_pages()
    step = max(1, len(corpus) // CORPUS_SAMPLE)
    sample = corpus[::step][:CORPUS_SAMPLE]
    return [(name, f"{base}/pages/{name}") for name in PAGES] + [
        (f"corpus/{p.name}", f"{base}/readability/{p.name}/source.html") for p in sample
    ]


def _tokens(encoding: Any, text: str) -> int:
    return sum(len(encoding.encode(text[i : i + 100_000])) for i in range(0, len(text), 100_000))


async def _time_ms(fn) -> float:
    started = time.perf_counter()
    await fn()
    return (time.perf_counter() - started) * 1000


async def run(print_fn=print) -> dict:
    import bpe_openai
    from playwright.async_api import async_playwright

    from browserx.actions.navigation import navigate
    from browserx.browser import BrowserConfig, BrowserManager, find_chrome
    from browserx.page import DomService, SnapshotOptions
    from browserx.page.render import render_text
    from browserx.page.world import PageWorld

    encoding = bpe_openai.get_encoding("o200k_base")
    httpd, base = serve_corpus()
    results: dict[str, Any] = {}
    try:
        async with BrowserManager(BrowserConfig()) as manager, async_playwright() as playwright:
            tab = await (await manager.conversation("bench-page-model")).tab()
            browser = await playwright.chromium.launch(executable_path=find_chrome())
            page = await browser.new_page(viewport={"width": tab.viewport[0], "height": tab.viewport[1]})
            print_fn(
                f"{'page':42s} {'elems':>6s} {'ctrls':>5s} {'model':>7s} {'no text':>7s} {'floor':>7s} "
                f"{'pw':>7s} {'×floor':>6s} {'pw÷bx':>6s} {'tok/ctl':>7s} {'pw tok/ctl':>10s} {'tok%':>5s}"
            )
            for name, url in _targets(base):
                await navigate(tab, url, timeout=30, wait_until="load")  # the state Playwright models below
                service, world = DomService.of(tab), PageWorld.of(tab)
                runs = RUNS.get(name, DEFAULT_RUNS)
                elements = await world.call(FLOOR)
                await page.goto(url, wait_until="load", timeout=30_000)
                pw_text = await page.aria_snapshot(mode="ai")
                bare = SnapshotOptions(max_text_chars=0)
                # Ours and the floor interleaved (rotated), so that load from other processes hits
                # each alike; Playwright after them, in its own block: its browser keeps working
                # (garbage collection, layout) for a while after each aria_snapshot, on the same two
                # cores, and would slow whichever call came next.
                times: dict[str, list[float]] = {"model": [], "bare": [], "floor": [], "pw": []}
                contenders = [
                    ("model", lambda: service.snapshot(fresh=True)),
                    ("bare", lambda: service.snapshot(bare, fresh=True)),
                    ("floor", lambda: world.call(FLOOR)),
                ]
                for i in range(runs):
                    for key, fn in contenders[i % 3 :] + contenders[: i % 3]:
                        times[key].append(await _time_ms(fn))
                for _ in range(runs):
                    times["pw"].append(await _time_ms(lambda: page.aria_snapshot(mode="ai")))
                model_ms, bare_ms, floor_ms, pw_ms = (
                    statistics.median(times[k]) for k in ("model", "bare", "floor", "pw")
                )
                full = await service.snapshot(SnapshotOptions(max_controls=5000), fresh=True)
                text = render_text(full)
                controls = max(1, len(full.controls))
                bx_tokens, pw_tokens = _tokens(encoding, text), _tokens(encoding, pw_text)
                row = {
                    "elements": elements,
                    "controls": len(full.controls),
                    "model_ms": model_ms,
                    "model_no_text_ms": bare_ms,
                    "floor_ms": floor_ms,
                    "playwright_ms": pw_ms,
                    "x_floor": model_ms / floor_ms,
                    "no_text_x_floor": bare_ms / floor_ms,
                    "playwright_over_browserx": pw_ms / model_ms,
                    "tokens": bx_tokens,
                    "playwright_tokens": pw_tokens,
                    "tokens_per_control": bx_tokens / controls,
                    "playwright_tokens_per_control": pw_tokens / controls,
                    "token_ratio": bx_tokens / max(1, pw_tokens),
                }
                results[name] = row
                print_fn(
                    f"{name[:42]:42s} {elements:6d} {len(full.controls):5d} {model_ms:7.1f} {bare_ms:7.1f} "
                    f"{floor_ms:7.1f} {pw_ms:7.1f} {row['x_floor']:6.2f} {row['playwright_over_browserx']:6.1f} "
                    f"{row['tokens_per_control']:7.1f} {row['playwright_tokens_per_control']:10.1f} "
                    f"{100 * row['token_ratio']:4.0f}%"
                )
            await browser.close()
    finally:
        httpd.shutdown()
    large = results.get("large.html", {})
    if large:
        print_fn(
            f"large: model {large['x_floor']:.2f}× floor (target ≤ 1.5; without text {large['no_text_x_floor']:.2f}×), "
            f"{large['playwright_over_browserx']:.1f}× faster than Playwright (target ≥ 5), "
            f"tokens {100 * large['token_ratio']:.0f}% of Playwright's (target ≤ 40%)"
        )
    return results


if __name__ == "__main__":
    asyncio.run(run())
