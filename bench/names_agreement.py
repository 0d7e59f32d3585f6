"""Accessible names against the specifications: browserx's model and Chromium's own accessibility
tree, each compared with the expected names of the conformance pages, per category.

    python bench/names_agreement.py             # or: python bench/run.py names_agreement
    python bench/names_agreement.py --cases     # also list every case either side gets wrong
    python bench/names_agreement.py --corpus    # also the AX check (model vs Chromium) on the corpus

The pages (tests/page/names_conformance/*.html) state each case's name by accname 1.2 / html-aam
in `data-expected`; they are snapshotted with include_values (text fields embedded in a label
count, as the spec says). Chromium's name is `Accessibility.getPartialAXTree` of the same node.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from _serve import _Quiet, _start

PAGES = Path(__file__).resolve().parents[1] / "tests" / "page" / "names_conformance"


async def conformance(tab: Any, base: str) -> list[dict[str, Any]]:
    from browserx.actions.navigation import navigate
    from browserx.page import DomService, SnapshotOptions
    from browserx.fidelity.axcheck import conformance_cases

    cases: list[dict[str, Any]] = []
    for page in sorted(PAGES.glob("*.html")):
        await navigate(tab, f"{base}/{page.name}", timeout=30)
        model = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
        cases += [c | {"page": page.name} for c in await conformance_cases(tab, model)]
    return cases


def by_category(cases: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = defaultdict(lambda: {"cases": 0, "browserx": 0, "chromium": 0})
    for case in cases:
        row = table[case["category"]]
        row["cases"] += 1
        row["browserx"] += case["browserx_ok"]
        row["chromium"] += case["chromium_ok"]
    return dict(sorted(table.items()))


async def corpus_axcheck(tab: Any, print_fn: Any) -> dict[str, Any]:
    """The model's names and roles against Chromium's on the readability corpus (as reader_quality)."""
    from _serve import readability_pages
    from reader_quality import CorpusServer, offline

    from browserx.actions.navigation import navigate
    from browserx.fidelity.axcheck import compare_with_chromium
    from browserx.page.service import take_snapshot

    server = CorpusServer()
    totals = {"controls": 0, "role_matches": 0, "name_matches": 0, "matches": 0}
    try:
        await offline(tab)
        for page in readability_pages():
            try:
                await navigate(tab, f"{server.base}/{page.name}/", timeout=30)
            except Exception as exc:  # a page that does not settle is reported, not fatal
                print_fn(f"  {page.name}: {type(exc).__name__}")
                continue
            report = await compare_with_chromium(tab, await take_snapshot(tab))
            for key in totals:
                totals[key] += report[key]
            for d in report["disagreements"]:
                if "name" in d["what"]:
                    print_fn(f"  {page.name}: {d['role']} {d['name']!r} vs chromium {d['chromium_name']!r}")
    finally:
        server.stop()
    return totals


async def run(print_fn=print, *, show_cases: bool = False, corpus: bool = False) -> dict:
    from browserx.browser import BrowserConfig, BrowserManager

    server, base = _start(functools.partial(_Quiet, directory=str(PAGES)))
    out: dict[str, Any] = {}
    try:
        async with BrowserManager(BrowserConfig()) as manager:
            tab = await (await manager.conversation("names-agreement")).tab()
            cases = await conformance(tab, base)
            if corpus:
                out["corpus"] = await corpus_axcheck(tab, print_fn)
    finally:
        server.shutdown()
    table = by_category(cases)
    print_fn(f"{'category':14s} {'cases':>5s} {'browserx':>9s} {'chromium':>9s}")
    for name, row in table.items():
        print_fn(f"{name:14s} {row['cases']:5d} {row['browserx']:9d} {row['chromium']:9d}")
    n = len(cases)
    got = {side: sum(c[f"{side}_ok"] for c in cases) for side in ("browserx", "chromium")}
    print_fn(
        f"names agree with the specs on {n} cases: browserx {got['browserx']}/{n} "
        f"({got['browserx'] / n:.1%}), chromium {got['chromium']}/{n} ({got['chromium'] / n:.1%})"
    )
    if show_cases:
        for c in cases:
            if not (c["browserx_ok"] and c["chromium_ok"]):
                print_fn(
                    f"  {c['category']}/{c['case']}: expected {c['expected']!r} browserx {c['browserx']!r}"
                    f"{'' if c['browserx_ok'] else ' ✗'} chromium {c['chromium']!r}{'' if c['chromium_ok'] else ' ✗'}"
                )
    if "corpus" in out:
        t = out["corpus"]
        print_fn(
            f"AX check over {t['controls']} corpus controls: role {t['role_matches'] / t['controls']:.3f}, "
            f"name {t['name_matches'] / t['controls']:.3f}"
        )
    out.update({"cases": n, "browserx": got["browserx"], "chromium": got["chromium"], "categories": table})
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    asyncio.run(run(show_cases="--cases" in sys.argv, corpus="--corpus" in sys.argv))
