"""browser_perf side by side with the Chrome DevTools MCP server (npm chrome-devtools-mcp), issue 32.

    python bench/devtools_mcp.py   # or: python bench/run.py devtools_mcp

Our pages whose facts are known (tests/devtools/perf_pages.py: shop.html, a late LCP image, two layout
shifts, a 250 ms long task in app.js `busyWork`, a render-blocking stylesheet; article.html, a
client-rendered text LCP), served on 127.0.0.1, each traced by both on the same Chromium binary
(/usr/bin/chromium or BROWSERX_CHROME), headless, 1280x720, no throttling:
- browserx: the tool registry in-process, `browser_navigate`, `browser_perf action=start reload=true`
  (the summary), then `action=insight` for each insight the summary lists;
- chrome-devtools-mcp: its own stdio MCP server (installed by scripts/setup_services.sh into
  .services/chrome-devtools-mcp), driven with the `mcp` SDK client: `navigate_page`,
  `performance_start_trace` (reload, autoStop), then `performance_analyze_insight` for each insight
  it names. Its CrUX lookup and usage statistics are off (no network here).
Printed: page x metric x tool, the insights each gives, and the tokens of each answer (o200k,
browserx.llm.tokens; browserx's answers as the JSON it returns, the server's as its text, of the first
round). ROUNDS traced loads per page and tool: LCP and CLS are medians, beside the page's own
PerformanceObserver figures of the same loads (window.__perf), the truth each tool's load is held to;
the loads differ between tools, and the machine is shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "devtools"))
import perf_pages  # noqa: E402 - tests/devtools is on the path from here

PAGES = ["/perf/shop.html", "/perf/article.html"]
ROUNDS = 3  # traced loads per page and tool, one browser each
START_TIMEOUT = 60.0
CALL_TIMEOUT = 90.0
PAGE_TIMEOUT = 300.0  # one page, both tools: the bench ends by itself


def devtools_mcp_entry() -> Path | None:
    """The server's bin script: DEVTOOLS_MCP_DIR of .services/services.env, else the default install."""
    folder = os.environ.get("DEVTOOLS_MCP_DIR")
    env_file = ROOT / ".services" / "services.env"
    if not folder and env_file.is_file():
        for line in env_file.read_text().splitlines():
            if line.startswith("DEVTOOLS_MCP_DIR="):
                folder = line.split("=", 1)[1]
    base = (
        Path(folder) if folder else ROOT / ".services" / "chrome-devtools-mcp" / "node_modules" / "chrome-devtools-mcp"
    )
    entry = base / "build" / "src" / "bin" / "chrome-devtools-mcp.js"
    return entry if entry.is_file() else None


def chromium() -> str:
    from browserx.browser.launcher import find_chrome

    return find_chrome()


# -- browserx -------------------------------------------------------------------------------------


async def browserx_page(url: str) -> dict[str, Any]:
    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.tools import TAB_SETUPS, ToolContext, default_registry

    registry = default_registry(caps="perf")
    rounds = []
    async with BrowserManager(BrowserConfig(executable=chromium()), setups=TAB_SETUPS) as manager:
        ctx = ToolContext(manager, "bench-devtools-mcp")
        navigated = await registry.dispatch("browser_navigate", {"url": url}, ctx)
        assert navigated.success, navigated.error
        for _ in range(ROUNDS):
            rounds.append(await _browserx_round(registry, ctx, url))
    return _merge(rounds)


async def _browserx_round(registry: Any, ctx: Any, url: str) -> dict[str, Any]:
    from browserx.llm import tokens

    started = await registry.dispatch("browser_perf", {"action": "start", "reload": True}, ctx)
    assert started.success, started.error
    summary = started.data
    answers = {"summary": tokens.count_json(summary)}
    details = {}
    for name in summary.get("insights", []):
        result = await registry.dispatch("browser_perf", {"action": "insight", "name": name}, ctx)
        details[name] = result.data if result.success else result.error
        answers[name] = tokens.count_json(details[name])
    tab = await ctx.tab()
    observed = await tab.session.send(
        "Runtime.evaluate", {"expression": "JSON.stringify(window.__perf)", "returnByValue": True}, timeout=10
    )
    dump = os.environ.get("BENCH_DEVTOOLS_MCP_DUMP")
    if dump:  # the raw answers, to read what the numbers below were taken from
        folder = Path(dump) / "browserx" / Path(url).stem
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in {"summary": summary, **details}.items():
            (folder / f"{name}.json").write_text(json.dumps(data, indent=1, default=str))
    metrics = summary.get("metrics", {})
    lcp = summary.get("lcp", {})
    element = lcp.get("element") or {}
    tasks = summary.get("long_tasks", {})
    longest = (tasks.get("longest") or [{}])[0]
    return {
        "lcp_ms": metrics.get("lcp_ms"),
        "lcp_element": _element(element.get("tag"), element.get("html_id")),
        "cls": metrics.get("cls"),
        "tbt_ms": tasks.get("tbt_ms", metrics.get("tbt_ms")),
        "longest_ms": longest.get("duration_ms"),
        "longest_by": longest.get("function") or longest.get("activity") or "—",
        "render_blocking": [_path(r.split(" (")[0]) for r in summary.get("render_blocking", [])],
        "inp_ms": (summary.get("inp") or {}).get("inp_ms"),
        "insights": summary.get("insights", []),
        "tokens": answers,
        "observed": json.loads(observed["result"]["value"]),
    }


def _merge(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of the numbers over the rounds (with the page's own PerformanceObserver figures of the
    same loads), the other cells of the first round, and every distinct value where rounds differ."""
    out: dict[str, Any] = {"rounds": len(rounds)}
    for key in rounds[0]:
        values = [r[key] for r in rounds]
        if key == "observed":
            for name in ("lcp", "cls"):
                seen = [v[name] for v in values if v and v.get(name) is not None]
                out[f"page_{name}"] = statistics.median(seen) if seen else None
        elif key in ("lcp_ms", "cls", "inp_ms", "tbt_ms", "longest_ms"):
            present = [v for v in values if v is not None]
            out[key] = statistics.median(present) if present else None
        elif key == "tokens":
            out[key] = values[0]
        else:
            distinct = [v for i, v in enumerate(values) if v not in values[:i]]
            out[key] = distinct[0] if len(distinct) == 1 else " / ".join(map(_plain, distinct))
    return out


def _plain(value: Any) -> str:
    return ", ".join(value) if isinstance(value, list) else str(value)


def _element(tag: str | None, html_id: str | None) -> str:
    if not tag:
        return "—"
    return f"{tag}#{html_id}" if html_id else tag


def _path(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


# -- chrome-devtools-mcp ----------------------------------------------------------------------------


def _text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def _is_error(result: Any) -> bool:
    return bool(getattr(result, "isError", None) or getattr(result, "is_error", None))


def _mcp_client() -> Any:
    """The SDK's stdio client, imported past bench/click.py: the SDK imports uvicorn, which imports the
    `click` package, and bench/ (on sys.path first under bench/run.py) has a section of that name."""
    here = str(Path(__file__).resolve().parent)
    shadow = sys.modules.get("click")
    if shadow is not None and str(getattr(shadow, "__file__", "")).startswith(here):
        del sys.modules["click"]
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if p not in ("", ".", here) and Path(p).resolve() != Path(here)]
    try:
        import mcp.client.stdio

        import mcp
    finally:
        sys.path[:] = saved
        if shadow is not None:
            sys.modules["click"] = shadow
    return mcp


@contextlib.asynccontextmanager
async def devtools_session(entry: Path, home: str) -> Any:
    mcp = _mcp_client()
    ClientSession, StdioServerParameters, stdio_client = (
        mcp.ClientSession,
        mcp.StdioServerParameters,
        mcp.client.stdio.stdio_client,
    )

    node = shutil.which("node") or "node"
    args = [
        str(entry),
        f"--executablePath={chromium()}",
        "--headless",
        "--isolated",
        "--viewport=1280x720",
        "--no-usage-statistics",
        "--no-performance-crux",  # it would send the page's URL to the CrUX API
        "--chromeArg=--no-sandbox",  # root here
        "--chromeArg=--disable-background-networking",
        "--chromeArg=--disable-component-update",
        "--chromeArg=--disable-sync",
        "--chromeArg=--no-first-run",
        "--chromeArg=--disable-gpu",
    ]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS": "1",
    }
    params = StdioServerParameters(command=node, args=args, env=env)
    with Path(home, "server.log").open("w") as errlog:  # noqa: ASYNC230 - a local file, once
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await asyncio.wait_for(session.initialize(), START_TIMEOUT)
            yield session


async def devtools_page(entry: Path, url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bx-devtools-mcp-") as home:
        async with devtools_session(entry, home) as session:

            async def call(name: str, args: dict[str, Any]) -> str:
                result = await asyncio.wait_for(session.call_tool(name, args), CALL_TIMEOUT)
                text = _text(result)
                if _is_error(result):
                    raise RuntimeError(f"{name}: {text[:300]}")
                return text

            await call("navigate_page", {"pageId": 1, "type": "url", "url": url})
            rounds = [await _devtools_round(call, url) for _ in range(ROUNDS)]
    return _merge(rounds)


async def _devtools_round(call: Any, url: str) -> dict[str, Any]:
    from browserx.llm import tokens

    summary = await call("performance_start_trace", {"pageId": 1, "reload": True, "autoStop": True})
    set_id = (re.search(r"insight set id: (\S+)", summary) or [None, "NAVIGATION_0"])[1]
    names = re.findall(r"insight name: (\w+)", summary)
    answers = {"summary": tokens.count(summary)}
    details: dict[str, str] = {}
    for name in names:
        details[name] = await call(
            "performance_analyze_insight", {"pageId": 1, "insightSetId": set_id, "insightName": name}
        )
        answers[name] = tokens.count(details[name])
    observed = await call("evaluate_script", {"pageId": 1, "function": "() => JSON.stringify(window.__perf)"})
    dump = os.environ.get("BENCH_DEVTOOLS_MCP_DUMP")
    if dump:  # the raw answers, to read what the numbers below were taken from
        folder = Path(dump) / "chrome-devtools-mcp" / Path(url).stem
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "summary.txt").write_text(summary)
        (folder / "observed.txt").write_text(observed)
        for name, text in details.items():
            (folder / f"{name}.txt").write_text(text)
    return {
        "lcp_ms": _number(r"- LCP: ([\d.]+) ms", summary),
        "lcp_element": _devtools_lcp_element(details.get("LCPBreakdown", "") + details.get("LCPDiscovery", "")),
        "cls": _number(r"- CLS: ([\d.]+)", summary),
        "tbt_ms": _number(r"TBT: ([\d.]+) ms", summary),
        "longest_ms": None,
        "longest_by": _devtools_tasks(details),
        "render_blocking": _devtools_blocking(details.get("RenderBlocking", "")),
        "inp_ms": _number(r"- INP: ([\d.]+) ms", summary),
        "insights": names,
        "tokens": answers,
        "observed": _json_in(observed),
    }


def _json_in(text: str) -> dict[str, Any] | None:
    """The page's figures in evaluate_script's answer: a JSON string inside a ```json block."""
    found = re.search(r"```json\s*(.*?)\s*```", text, re.S)
    try:
        value = json.loads(found.group(1) if found else text)
        return json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return None


def _number(pattern: str, text: str) -> float | None:
    found = re.search(pattern, text)
    return float(found.group(1)) if found else None


def _devtools_lcp_element(text: str) -> str:
    found = re.search(r"LCP element[^\n]*?:?\s*[`']?(<?[a-zA-Z][\w-]*(?:[#.][\w-]+)*(?: [^\n>]*)?>?)", text)
    if not found:
        return "—"
    tag = re.match(r"<?([a-zA-Z][\w-]*)", found.group(1))
    html_id = re.search(r"""(?:#|\bid=["']?)([\w-]+)""", found.group(1))
    return _element(tag.group(1).lower() if tag else None, html_id.group(1) if html_id else None)


def _devtools_tasks(details: dict[str, str]) -> str:
    """It has no long-task insight: whether any of its answers names the page's long task at all."""
    named = [name for name, text in details.items() if "busyWork" in text]
    return f"busyWork named in {', '.join(named)}" if named else "—"


def _devtools_blocking(text: str) -> list[str]:
    return sorted({_path(u) for u in re.findall(r"https?://127\.0\.0\.1:\d+/\S+?\.(?:css|js)\b", text)})


# -- the table ---------------------------------------------------------------------------------------

ROWS = [
    ("LCP ms", "lcp_ms"),
    ("page's own LCP ms", "page_lcp"),
    ("LCP element", "lcp_element"),
    ("CLS", "cls"),
    ("page's own CLS", "page_cls"),
    ("TBT ms", "tbt_ms"),
    ("longest task ms", "longest_ms"),
    ("longest task ran", "longest_by"),
    ("render-blocking", "render_blocking"),
    ("INP ms", "inp_ms"),
    ("insights", "insights"),
    ("tokens: summary", "tokens_summary"),
    ("tokens: all insights", "tokens_insights"),
]


def _cell(result: dict[str, Any] | str, key: str) -> str:
    if isinstance(result, str):
        return result  # the error that kept this tool from answering
    if key == "tokens_summary":
        return str(result["tokens"]["summary"])
    if key == "tokens_insights":
        each = {k: v for k, v in result["tokens"].items() if k != "summary"}
        return f"{sum(each.values())} ({len(each)} answers)"
    value = result.get(key)
    if value is None or value == []:
        return "—"
    if isinstance(value, list):
        return ", ".join(value)
    if isinstance(value, (float, int)) and not isinstance(value, bool):
        return f"{value:.4g}" if 0 < value < 1 else f"{value:.0f}"
    return str(value)


def table(results: dict[str, dict[str, Any]]) -> list[str]:
    lines = ["| page | metric | browserx | chrome-devtools-mcp |", "| --- | --- | --- | --- |"]
    for page, by_tool in results.items():
        for label, key in ROWS:
            cells = [_cell(by_tool[tool], key) for tool in ("browserx", "chrome-devtools-mcp")]
            lines.append(f"| {page} | {label} | {cells[0]} | {cells[1]} |")
    return lines


async def run(print_fn=print) -> dict:
    entry = devtools_mcp_entry()
    httpd, base = perf_pages.serve()
    results: dict[str, dict[str, Any]] = {}
    try:
        for path in PAGES:
            url = base + path
            by_tool: dict[str, Any] = {}
            for tool, measure in (("browserx", browserx_page), ("chrome-devtools-mcp", devtools_page)):
                if tool == "chrome-devtools-mcp" and entry is None:
                    by_tool[tool] = "not installed (scripts/setup_services.sh)"
                    continue
                args = (url,) if tool == "browserx" else (entry, url)
                try:
                    by_tool[tool] = await asyncio.wait_for(measure(*args), PAGE_TIMEOUT)  # type: ignore[operator]
                except Exception as exc:  # noqa: BLE001 - one tool's failure is a cell of the table, not the end
                    by_tool[tool] = f"failed: {type(exc).__name__}: {str(exc)[:200]}"
            results[Path(path).name] = by_tool
    finally:
        httpd.shutdown()
    for line in table(results):
        print_fn(line)
    return results


if __name__ == "__main__":
    asyncio.run(run())
