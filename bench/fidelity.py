"""Fidelity of the page model against Chromium: per page, recall of Chromium's actionable, on-screen
nodes and precision of the model's entries, with every miss and extra named (role, name, why).

    python bench/fidelity.py                    # or: python bench/run.py fidelity
    python bench/fidelity.py --url https://...  # any page (as loaded; no request blocked)
    python bench/fidelity.py --only widgets/    # pages whose label starts so (synthetic/ own/ widgets/ corpus/)
    python bench/fidelity.py --full-corpus      # every readability page, not a sample

Pages: the synthetic pages (small/medium/large), our own fidelity pages (tests/page/fidelity_pages),
the widget test pages of tests/widgets (with the npm widget libraries when installed) and a sample
of the readability corpus, served on 127.0.0.1 as UTF-8 with every other host blocked. The model is
taken with max_controls=5000 (the caps are not what this measures). Definitions: the docstring of
src/browserx/fidelity/report.py.
"""

from __future__ import annotations

import asyncio
import functools
import http.server
import importlib.util
import sys
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from _serve import CORPUS, PAGES, _Quiet, _start, readability_pages

# Every path this bench reads, in one place; the corpus's own (tests/corpus/: CORPUS served at /, so
# PAGES at /pages/ and the readability pages at /readability/) come from tests/corpus/__init__.py.
REPO = Path(__file__).resolve().parents[1]
OWN_PAGES = REPO / "tests" / "page" / "fidelity_pages"  # served at /own/
WIDGET_TESTS = REPO / "tests" / "widgets"  # test_*.py: their page constants, served at /widgets/
NPM = WIDGET_TESTS / "npm" / "node_modules"  # widget libraries, served at /lib/ as the tests do
NPM_LIBS = {
    "tom-select.js": "tom-select/dist/js/tom-select.complete.min.js",
    "tom-select.css": "tom-select/dist/css/tom-select.css",
    "flatpickr.js": "flatpickr/dist/flatpickr.min.js",
    "flatpickr.css": "flatpickr/dist/flatpickr.min.css",
    "micromodal.js": "micromodal/dist/micromodal.min.js",
}
SYNTHETIC_PAGES = ["small.html", "medium.html", "large.html"]
CORPUS_SAMPLE = 12
SHOW = 12  # misses and extras printed per page


def widget_pages() -> dict[str, str]:
    """The page constants (`NAME = "<!doctype html>..."`) of the widget tests, by module:NAME."""
    pages = {}
    for file in sorted(WIDGET_TESTS.glob("test_*.py")):
        spec = importlib.util.spec_from_file_location(f"_fidelity_{file.stem}", file)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, str) and value.lower().startswith("<!doctype html"):
                pages[f"{file.stem.removeprefix('test_widgets_')}:{name}"] = value
    return pages


class _Handler(_Quiet):
    """Routes (widget pages, npm libraries) first, then files under tests/corpus/ and our own pages."""

    routes: ClassVar[dict[str, tuple[bytes, str]]] = {}

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        route = self.routes.get(path)
        if route is None and path.startswith("/own/"):
            file = (OWN_PAGES / path.removeprefix("/own/")).resolve()
            if file.is_file() and OWN_PAGES.resolve() in file.parents:
                route = (file.read_bytes(), "text/html; charset=utf-8")
        if route is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", route[1])
        self.send_header("Content-Length", str(len(route[0])))
        self.end_headers()
        self.wfile.write(route[0])


def targets(base: str, routes: dict[str, tuple[bytes, str]], sample: int = CORPUS_SAMPLE) -> list[tuple[str, str]]:
    """(label, url) of every page of the run."""
    out = [(f"synthetic/{p}", f"{base}/pages/{p}") for p in SYNTHETIC_PAGES if (PAGES / p).is_file()]
    out += [(f"own/{p.stem}", f"{base}/own/{p.name}") for p in sorted(OWN_PAGES.glob("*.html"))]
    libs = all((NPM / f).is_file() for f in NPM_LIBS.values())
    for path, (body, _kind) in routes.items():
        if path.startswith("/widgets/") and (libs or b"/lib/" not in body):
            out.append((path.removeprefix("/"), base + path))
    corpus = readability_pages()
    step = max(1, len(corpus) // sample)
    out += [(f"corpus/{p.name}", f"{base}/readability/{p.name}/source.html") for p in corpus[::step]]
    return out


def serve() -> tuple[http.server.ThreadingHTTPServer, str, dict[str, tuple[bytes, str]]]:
    routes = {f"/widgets/{k}": (v.encode(), "text/html; charset=utf-8") for k, v in widget_pages().items()}
    for name, file in NPM_LIBS.items():
        if (NPM / file).is_file():
            kind = "text/css" if name.endswith(".css") else "application/javascript"
            routes[f"/lib/{name}"] = ((NPM / file).read_bytes(), kind)
    handler = type("Handler", (_Handler,), {"routes": routes})
    return (*_start(functools.partial(handler, directory=str(CORPUS))), routes)


async def block_other_hosts(tab: Any) -> None:
    """Saved pages reference dead hosts: only 127.0.0.1 answers, so loads end quickly."""
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


async def measure(tab: Any, url: str) -> dict[str, Any]:
    from browserx.actions.navigation import navigate
    from browserx.page import DomService, SnapshotOptions
    from browserx.fidelity.report import fidelity_report

    await navigate(tab, url, timeout=30)
    model = await DomService.of(tab).snapshot(SnapshotOptions(max_controls=5000, max_text_chars=0), fresh=True)
    return (await fidelity_report(tab, model)).to_dict()


def show(label: str, report: dict[str, Any], print_fn: Any) -> None:
    print_fn(
        f"{label:44s} recall {report['recall']:.3f} precision {report['precision']:.3f} "
        f"(expected {report['expected']}, found {report['found']}, merged {len(report['merged'])}, "
        f"entries {report['entries']}, extras {len(report['extras'])})"
    )
    for miss in report["misses"][:SHOW]:
        print_fn(
            f"    miss  {miss['why']:16s} {miss['role']} {miss['name'][:60]!r}"
            + (f" (model {miss['model_role']} {miss['model_name'][:40]!r})" if "model_role" in miss else "")
        )
    for extra in report["extras"][:SHOW]:
        print_fn(f"    extra {extra['why']:16s} {extra['id']} {extra['role']} {extra['name'][:60]!r}")
    hidden = max(0, len(report["misses"]) - SHOW) + max(0, len(report["extras"]) - SHOW)
    if hidden > 0:
        print_fn(f"    ... {hidden} more")


async def run(
    print_fn: Any = print, *, url: str | None = None, only: str | None = None, full_corpus: bool = False
) -> dict[str, Any]:
    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.errors import BrowserxError

    results: dict[str, Any] = {}
    server, base, routes = serve()
    try:
        async with BrowserManager(BrowserConfig()) as manager:
            tab = await (await manager.conversation("fidelity")).tab()
            await tab.session.send(
                "Emulation.setDeviceMetricsOverride",
                {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False},
            )
            pages = (
                [(url, url)]
                if url
                else [
                    t
                    for t in targets(base, routes, 10_000 if full_corpus else CORPUS_SAMPLE)
                    if not only or t[0].startswith(only)
                ]
            )
            if not url:
                await block_other_hosts(tab)
            for label, page_url in pages:
                try:
                    report = await measure(tab, page_url)
                except BrowserxError as exc:  # one page that fails to load must not hide the others
                    print_fn(f"{label:44s} FAILED: {type(exc).__name__}: {exc}")
                    continue
                results[label] = report
                show(label, report, print_fn)
    finally:
        server.shutdown()
    summary(results, print_fn)
    return {label: {k: r[k] for k in ("recall", "precision", "expected", "entries")} for label, r in results.items()}


def summary(results: dict[str, Any], print_fn: Any) -> None:
    if not results:
        return
    expected = sum(r["expected"] for r in results.values())
    got = sum(r["found"] + len(r["merged"]) for r in results.values())
    entries = sum(r["entries"] for r in results.values())
    extras = sum(len(r["extras"]) for r in results.values())
    print_fn(
        f"all {len(results)} pages, pooled: recall {got / max(expected, 1):.3f} ({got}/{expected}), "
        f"precision {(entries - extras) / max(entries, 1):.3f} ({entries - extras}/{entries})"
    )
    n = len(results)
    mean_recall = sum(r["recall"] for r in results.values()) / n
    mean_precision = sum(r["precision"] for r in results.values()) / n
    below = sorted(label for label, r in results.items() if r["recall"] < 1 or r["precision"] < 1)
    print_fn(f"mean per page: recall {mean_recall:.3f}, precision {mean_precision:.3f}; below 1.0: {', '.join(below)}")
    misses = Counter(m["why"] for r in results.values() for m in r["misses"])
    extra_kinds = Counter(e["why"] for r in results.values() for e in r["extras"])
    merges = Counter(m["rule"] for r in results.values() for m in r["merged"])
    print_fn(f"misses by why: {dict(misses.most_common())}")
    print_fn(f"extras by why: {dict(extra_kinds.most_common())}")
    print_fn(f"merged by rule: {dict(merges.most_common())}")


def _arg(name: str) -> str | None:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv[:-1] else None


if __name__ == "__main__":
    asyncio.run(run(url=_arg("--url"), only=_arg("--only"), full_corpus="--full-corpus" in sys.argv))
