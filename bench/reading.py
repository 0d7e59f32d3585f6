"""Reading the whole page: paging a long article, find against the walk floor, paged-text recall.

    python bench/reading.py          # or: python bench/run.py reading
    python bench/reading.py find     # some parts only: paging, find, recall

- `paging`: a generated article of 200,000 characters of reader text, read end to end (first piece a
  snapshot, then every `next_offset`, each rendered as the LLM reads it) with pieces of 20,000 and of
  3,000 characters, against ONE uncapped snapshot (max_text_chars=200,000). Before each timed run
  the page's DOM is touched, so no run starts from text kept by an earlier one. Target ≤ 1.5× for
  both sizes: the second piece brings the following ones ahead, and they are handed out without a
  round trip while the page reports no change (service.py).
- `find` on tests/corpus/pages/large.html against the in-page walk floor of bench/page_model.py: cold
  (the DOM touched first, so the reader text is rendered again) and warm (right after a snapshot of
  the unchanged page). Target ≤ 1.2× the floor. Beside it, Playwright's `get_by_text("order").count()` on
  the same page in its own browser (its text engine reads the DOM afresh at each call: a cold search too),
  after the same touch of the DOM; it counts the elements holding the text, where find also names the
  controls, headings and text lines and where each stands.
- `cold`: `find` on a fresh document each sample (navigated to again, browserx's world just made: no
  walk, no text and no id of it kept, the program's functions never run in it) of a generated app page
  with no prose (a nav, filters, a toolbar and a 400-row table: what is read whole, in one text pass),
  against the bare in-page text walk it cannot beat (TEXT_FLOOR: every element's computed style and,
  where displayed, its rect, every text node's data gathered), on the same kind of fresh document.
  Round trips from Python and in-page clocks (find's whole call, the floor's; of find's, its walk with the
  text gathered on it, text_runs.js, and the matching after; `one walk: True` when the text came from
  the walk, else why not). Target ≤ 1.2×.
- `recall`: on the readability corpus, the paged text (pieces of 3,000, concatenated) against the
  page's `innerText` (token recall and precision; the reader leaves boilerplate out by design, so
  recall against innerText is the share of the page's visible words it keeps), the paged text
  against the uncapped text (must be identical), and the recall of the first 3,000 characters alone
  against Readability's expected article beside that of the paged whole.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from typing import Any

from _playwright import playwright_chromium, playwright_part
from _serve import readability_pages, serve_corpus, serve_page
from page_model import FLOOR
from reader_quality import CorpusServer, html_text, offline, recall_precision

RUNS = 7
# What reading the visible text of a page costs at least, in page: each element's computed style (a
# subtree not displayed is skipped) and its rect, each text node's data gathered; open shadow roots too.
TEXT_FLOOR = """function () {
  const parts = [];
  const visit = (root) => {
    for (let node = root.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) { parts.push(node.data); continue; }
      if (node.nodeType !== 1) continue;
      const style = getComputedStyle(node);
      if (style.display === "none") continue;
      if (style.visibility) node.getBoundingClientRect();
      if (node.shadowRoot) visit(node.shadowRoot);
      visit(node);
    }
  };
  visit(document);
  return parts.join("").length;
}"""
TEXT_FLOOR_IN_PAGE = (
    "function () { const t = performance.now(); (" + TEXT_FLOOR + ")(); return performance.now() - t; }"
)
FIND_IN_PAGE = (
    "function (query) { const t = performance.now(); const r = globalThis.__browserx.find(query, {max_results: 20});"
    " return {ms: performance.now() - t, ...r.timings}; }"
)
COLD_QUERY = "shipped"
COLD_RUNS = 9
FLOOR_IN_PAGE = "function () { const t = performance.now(); (" + FLOOR + ")(); return performance.now() - t; }"
TOUCH = "function () { document.body.dataset.benchTouch = String(Math.random()); return true; }"
INNER_TEXT = "function () { return document.body ? document.body.innerText : ''; }"
WORDS = (
    "reader text page piece offset chromium article paragraph concatenate exactly whitespace never lose "
    "overlap agent model section heading control browser research comparison extraction"
).split()


def article(chars: int, seed: int = 13) -> str:
    rnd = random.Random(seed)
    parts, size, n = [], 0, 0
    while size < chars:
        n += 1
        if n % 15 == 1:
            parts.append(f"<h2>Part {n}</h2>")
            size += 12
        else:
            sentence = " ".join(rnd.choices(WORDS, k=rnd.randint(40, 90)))
            parts.append(f"<p>{n}: {sentence}, <b>bold {n}</b> and <a href='#x{n}'>a link</a>.</p>")
            size += len(sentence) + 28
    return "<title>Long</title><main><article><h1>Generated</h1>" + "".join(parts) + "</article></main>"


async def _ms(fn) -> float:
    started = time.perf_counter()
    await fn()
    return (time.perf_counter() - started) * 1000


def app_page(rows: int = 400) -> str:
    """An application's page with no prose: every line a name, a number or a cell of a table row."""
    statuses = ["shipped", "pending", "returned", "on hold", "packed"]
    nav = "".join(f"<li><a href='#s{i}'>Section {i}</a></li>" for i in range(20))
    filters = "".join(f"<label><input type=checkbox name=f{i}> Filter {i}</label><br>" for i in range(40))
    body = "".join(
        f"<tr><td>{n}</td><td>Item {n}</td><td>{statuses[n % 5]}</td><td>{n % 17}</td>"
        f"<td>${n * 1.37:.2f}</td><td><button type=button>Edit</button></td></tr>"
        for n in range(rows)
    )
    return (
        "<title>Orders</title><header><nav aria-label=Sections><ul>" + nav + "</ul></nav></header>"
        "<div style='display:flex'><aside aria-label=Filters><h2>Filters</h2>" + filters + "</aside>"
        "<main><h1>Orders</h1><div role=toolbar><input type=search aria-label=Search><button>Export</button>"
        "<button>New order</button></div><table><thead><tr><th>No</th><th>Item</th><th>Status</th><th>Qty</th>"
        "<th>Price</th><th></th></tr></thead><tbody>" + body + "</tbody></table></main></div>"
        "<footer><a href='#help'>Help</a> <a href='#terms'>Terms</a></footer>"
    )


PARTS = ("paging", "find", "cold", "recall")
PW_TOUCH = "() => { document.body.dataset.benchTouch = String(Math.random()); }"


async def run(print_fn=print, parts: tuple[str, ...] = PARTS) -> dict:
    from browserx.actions.navigation import navigate
    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.page import DomService, SnapshotOptions
    from browserx.page.render import render_text
    from browserx.page.world import PageWorld

    results: dict[str, Any] = {}
    cold = "cold" in parts  # asked now: the find part below reuses the name `parts` for its timings
    async with BrowserManager(BrowserConfig()) as manager:
        tab = await (await manager.conversation("bench-reading")).tab()
        service, world = DomService.of(tab), PageWorld.of(tab)

        # -- paging a 200,000-character article -----------------------------------------------------
        httpd, url = serve_page(article(200_000).encode())
        try:
            if "paging" not in parts:
                raise _Skipped
            await navigate(tab, url, timeout=30)
            total = len((await service.snapshot(SnapshotOptions(max_text_chars=200_000), fresh=True)).text)

            async def uncapped() -> None:
                render_text(await service.snapshot(SnapshotOptions(max_text_chars=200_000), fresh=True))

            def paging(size: int):
                async def read_all() -> None:
                    offset: int | None = 0
                    while offset is not None:
                        model = await service.snapshot(
                            SnapshotOptions(max_text_chars=size, text_offset=offset), fresh=True
                        )
                        render_text(model)
                        offset = model.next_offset

                return read_all

            contenders = [("uncapped", uncapped), ("paged_3000", paging(3000)), ("paged_20000", paging(20_000))]
            times: dict[str, list[float]] = {name: [] for name, _ in contenders}
            for i in range(RUNS):
                for name, fn in contenders[i % 3 :] + contenders[: i % 3]:
                    await world.call(TOUCH)
                    times[name].append(await _ms(fn))
            med = {name: statistics.median(values) for name, values in times.items()}
            results["paging"] = {
                "chars": total,
                **{f"{k}_ms": v for k, v in med.items()},
                "paged_3000_x_uncapped": med["paged_3000"] / med["uncapped"],
                "paged_20000_x_uncapped": med["paged_20000"] / med["uncapped"],
            }
            print_fn(
                f"paging {total:,} chars: uncapped snapshot {med['uncapped']:.1f} ms; end to end in pieces of "
                f"3,000 {med['paged_3000']:.1f} ms ({results['paging']['paged_3000_x_uncapped']:.2f}×), "
                f"of 20,000 {med['paged_20000']:.1f} ms ({results['paging']['paged_20000_x_uncapped']:.2f}×) "
                f"(target ≤ 1.5×)"
            )
        except _Skipped:
            pass
        finally:
            httpd.shutdown()

        # -- find on large.html ----------------------------------------------------------------------
        httpd, base = serve_corpus()
        try:
            if "find" not in parts:
                raise _Skipped
            await navigate(tab, f"{base}/pages/large.html", timeout=30)
            await world.call(FLOOR)

            async def find_cold() -> None:
                await world.call(TOUCH)
                await service.find("order", max_results=20)

            async def find_warm() -> None:
                await service.find("order", max_results=20)

            async def floor() -> None:
                await world.call(TOUCH)
                await world.call(FLOOR)

            found = await service.find("order", max_results=20)
            times = {"floor": [], "cold": [], "warm": []}
            for i in range(11):
                for name, fn in [("floor", floor), ("cold", find_cold), ("warm", find_warm)][i % 3 :] + [
                    ("floor", floor),
                    ("cold", find_cold),
                    ("warm", find_warm),
                ][: i % 3]:
                    if name == "warm":
                        await service.snapshot(fresh=True)  # the text a snapshot keeps, page unchanged
                    times[name].append(await _ms(fn))
            med = {name: statistics.median(values) for name, values in times.items()}
            # In-page clocks too (less exposed to the machine's scheduling than round trips are).
            inpage: dict[str, list[float]] = {"floor": [], "cold": [], "warm": []}
            parts: dict[str, list[float]] = {"walk": [], "text": [], "match": []}  # of the cold find
            for _ in range(7):
                await world.call(TOUCH)
                inpage["floor"].append(await world.call(FLOOR_IN_PAGE))
                await world.call(TOUCH)
                for key in ("cold", "warm"):  # the cold one renders the text, the warm one finds it kept
                    timings = (await service.find("order"))["timings"]
                    inpage[key].append(timings["walk"] + timings["text"] + timings["match"])
                    if key == "cold":
                        for part, values in parts.items():
                            values.append(timings[part])
            ip = {name: statistics.median(values) for name, values in inpage.items()}
            results["find"] = {
                "matches": found["total"],
                "floor_ms": med["floor"],
                "cold_ms": med["cold"],
                "warm_ms": med["warm"],
                "cold_x_floor": med["cold"] / med["floor"],
                "warm_x_floor": med["warm"] / med["floor"],
                "in_page_floor_ms": ip["floor"],
                "in_page_cold_ms": ip["cold"],
                "in_page_warm_ms": ip["warm"],
                "in_page_cold_x_floor": ip["cold"] / ip["floor"],
                "in_page_warm_x_floor": ip["warm"] / ip["floor"],
                **{f"in_page_cold_{k}_ms": statistics.median(v) for k, v in parts.items()},
            }
            pw = await _playwright_find(f"{base}/pages/large.html", "order")
            if pw:
                results["find"]["playwright_ms"] = statistics.median(pw) * 1000
            f = results["find"]
            print_fn(
                f"find 'order' on large.html ({found['total']} matches): floor {med['floor']:.1f} ms, "
                f"cold {med['cold']:.1f} ms ({f['cold_x_floor']:.2f}×), warm {med['warm']:.1f} ms "
                f"({f['warm_x_floor']:.2f}×); in-page clocks: floor {ip['floor']:.1f} ms, cold "
                f"{f['in_page_cold_x_floor']:.2f}×, warm {f['in_page_warm_x_floor']:.2f}× (target ≤ 1.2×); "
                f"cold = walk {f['in_page_cold_walk_ms']:.1f} + reader text {f['in_page_cold_text_ms']:.1f} + "
                f"match {f['in_page_cold_match_ms']:.1f} ms"
                + playwright_part("get_by_text count", pw, med["cold"], versus="our cold find", digits=1)
            )
        except _Skipped:
            pass
        finally:
            httpd.shutdown()

        if cold:
            results["cold_find"] = await _cold_find(tab, print_fn)

        # -- recall of the paged text on the corpus ----------------------------------------------------
        if "recall" not in parts:
            return results
        server = CorpusServer()
        rows = []
        try:
            await offline(tab)
            for page in readability_pages():
                try:
                    await navigate(tab, f"{server.base}/{page.name}/", timeout=20)
                except Exception:  # noqa: BLE001 - a page that does not load is left out of the means
                    continue
                whole = (await service.snapshot(SnapshotOptions(max_text_chars=200_000), fresh=True)).text
                paged, offset, first = "", 0, ""
                while offset is not None:
                    piece = await service.snapshot(SnapshotOptions(max_text_chars=3000, text_offset=offset), fresh=True)
                    first = first or piece.text
                    paged += piece.text
                    offset = piece.next_offset
                inner = await world.call(INNER_TEXT)
                expected = html_text((page / "expected.html").read_text(encoding="utf-8"))
                recall_inner, precision_inner = recall_precision(paged, inner)
                rows.append(
                    {
                        "page": page.name,
                        "exact": paged == whole,
                        "recall_inner": recall_inner,
                        "precision_inner": precision_inner,
                        "recall_expected": recall_precision(paged, expected)[0],
                        "recall_expected_first_3000": recall_precision(first, expected)[0],
                    }
                )
        finally:
            server.stop()
        mean = lambda key: statistics.mean(r[key] for r in rows)  # noqa: E731
        results["recall"] = {
            "pages": len(rows),
            "exact_pages": sum(r["exact"] for r in rows),
            "mean_recall_vs_innerText": mean("recall_inner"),
            "mean_precision_vs_innerText": mean("precision_inner"),
            "mean_recall_vs_expected_paged": mean("recall_expected"),
            "mean_recall_vs_expected_first_3000": mean("recall_expected_first_3000"),
        }
        r = results["recall"]
        print_fn(
            f"paged text on {r['pages']} corpus pages: identical to the uncapped text on {r['exact_pages']}; "
            f"vs innerText recall {r['mean_recall_vs_innerText']:.3f} precision "
            f"{r['mean_precision_vs_innerText']:.3f}; vs the expected article recall "
            f"{r['mean_recall_vs_expected_paged']:.3f} (first 3,000 chars alone: "
            f"{r['mean_recall_vs_expected_first_3000']:.3f})"
        )
    return results


async def _cold_find(tab: Any, print_fn: Any) -> dict[str, Any]:
    """`find` on a fresh document of an app page with no prose, against the bare text walk (module docstring)."""
    from browserx.actions.navigation import navigate
    from browserx.page import DomService
    from browserx.page.world import PageWorld

    httpd, url = serve_page(app_page().encode())
    httpd.handle_error = lambda *_: None  # a request cut short by the next navigation (its favicon)
    service, world = DomService.of(tab), PageWorld.of(tab)
    found: dict[str, Any] = {}

    async def fresh() -> None:
        await navigate(tab, url, timeout=30, wait_until="load")
        await world.call("function () { return 1; }")  # the world made, its program evaluated: not timed

    async def find() -> None:
        found.update(await service.find(COLD_QUERY, max_results=20))

    contenders: list[tuple[str, Any]] = [
        ("floor", lambda: world.call(TEXT_FLOOR)),
        ("find", find),
        ("floor_in_page", lambda: world.call(TEXT_FLOOR_IN_PAGE)),
        ("find_in_page", lambda: world.call(FIND_IN_PAGE, COLD_QUERY)),
    ]
    times: dict[str, list[float]] = {name: [] for name, _ in contenders}
    phases: dict[str, list[float]] = {"walk": [], "match": []}  # of the in-page find: its walk (text on it), the rest
    one_walk: set[Any] = set()
    try:
        for i in range(COLD_RUNS):
            for name, fn in contenders[i % 4 :] + contenders[: i % 4]:
                await fresh()
                if name == "find_in_page":
                    timings = await fn()
                    times[name].append(timings["ms"])
                    phases["walk"].append(timings["walk"] + timings["text"])
                    phases["match"].append(timings["ms"] - timings["walk"] - timings["text"])
                    one_walk.add(timings.get("one_walk"))
                elif name.endswith("_in_page"):
                    times[name].append(await fn())
                else:
                    times[name].append(await _ms(fn))
    finally:
        httpd.shutdown()
    med = {name: statistics.median(values) for name, values in times.items()}
    row = {
        "matches": found.get("total"),
        **{f"{k}_ms": v for k, v in med.items()},
        "x_floor": med["find"] / med["floor"],
        "in_page_x_floor": med["find_in_page"] / med["floor_in_page"],
        **{f"in_page_{k}_ms": statistics.median(v) for k, v in phases.items()},
        "one_walk": sorted(map(str, one_walk)),
    }
    print_fn(
        f"cold find {COLD_QUERY!r} on a fresh app page with no prose ({row['matches']} matches): text floor "
        f"{med['floor']:.1f} ms, find {med['find']:.1f} ms ({row['x_floor']:.2f}×); in-page clocks: floor "
        f"{med['floor_in_page']:.1f} ms, find {med['find_in_page']:.1f} ms ({row['in_page_x_floor']:.2f}×) "
        f"(target ≤ 1.2× the text floor) = walk with its text {row['in_page_walk_ms']:.1f} "
        f"({row['in_page_walk_ms'] / med['floor_in_page']:.2f}× the floor) + matching {row['in_page_match_ms']:.1f} ms; "
        f"one walk: {', '.join(row['one_walk'])}"
    )
    return row


class _Skipped(Exception):
    """A part not asked for."""


async def _playwright_find(url: str, text: str) -> list[float]:
    """Playwright's get_by_text(text).count() on `url`, each after a touch of the DOM (seconds); [] without it."""
    samples: list[float] = []
    async with playwright_chromium() as browser:
        if browser is None:
            return samples
        page = await browser.new_page()
        await page.goto(url, wait_until="load", timeout=60_000)
        locator = page.get_by_text(text)
        await locator.count()  # its injected script compiled, as our world's program is
        for _ in range(11):
            await page.evaluate(PW_TOUCH)
            started = time.perf_counter()
            await locator.count()
            samples.append(time.perf_counter() - started)
    return samples


if __name__ == "__main__":
    import sys

    asyncio.run(run(parts=tuple(sys.argv[1:]) or PARTS))
