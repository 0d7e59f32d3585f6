"""Browser processes for conversations (browser_processes): what each mode costs.

For each mode (one shared Chromium, a pool of 4, a process per conversation), on a started manager:
- the first call of a new conversation (its browser_navigate to a small local page, with whatever
  the mode does first: a browser context, and per conversation a Chromium launch), median of RUNS;
- the memory per conversation: the PSS of every Chromium process of the manager with CONVERSATIONS
  conversations open on that page, less the PSS of the started manager with none, divided by
  CONVERSATIONS (PSS counts a page shared between processes once, split among them).
Same run, same page, one mode after another; compare the ratios (the machine is shared and noisy).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from _serve import serve_page

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import TAB_SETUPS, ToolContext, default_registry
from process_tree import chromium_tree, memory_of  # tests/process_tree.py (tests/ is on the path from _serve)

RUNS = 5
CONVERSATIONS = 4
MIB = 1024 * 1024
PAGE = b"<title>bench</title><h1>A conversation</h1><p>Some text.</p><button>Go</button><a href='/x'>a link</a>"
MODES = {
    "shared": {"browser_processes": "shared"},
    "pool4": {"browser_processes": "pool", "browser_pool_size": 4},
    "per_conversation": {"browser_processes": "per_conversation"},
}


def _manager_memory(manager: BrowserManager) -> int:
    pids: set[int] = set()
    for browser in manager.pool.browsers:
        if browser.pid is not None:
            pids |= set(chromium_tree(browser.pid))
    return memory_of(pids)


async def _first_calls(registry, settings: dict, url: str) -> list[float]:
    times = []
    async with BrowserManager(BrowserConfig(**settings), setups=TAB_SETUPS) as manager:
        for n in range(RUNS):
            ctx = ToolContext(manager, f"first-{n}")
            started = time.perf_counter()
            result = await registry.dispatch("browser_navigate", {"url": url}, ctx)
            times.append(time.perf_counter() - started)
            assert result.success, result.error
            await manager.close_conversation(f"first-{n}")
    return times


async def _memory_per_conversation(registry, settings: dict, url: str) -> float:
    async with BrowserManager(BrowserConfig(**settings), setups=TAB_SETUPS) as manager:
        empty = _manager_memory(manager)
        for n in range(CONVERSATIONS):
            result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, f"mem-{n}"))
            assert result.success, result.error
        loaded = _manager_memory(manager)
    return (loaded - empty) / CONVERSATIONS


async def run(print_fn=print) -> dict:
    registry = default_registry()
    server, url = serve_page(PAGE)
    first: dict[str, list[float]] = {mode: [] for mode in MODES}
    memory: dict[str, float] = {}
    try:
        for mode, settings in MODES.items():
            first[mode] = await _first_calls(registry, settings, url + "first")
            memory[mode] = await _memory_per_conversation(registry, settings, url + "memory")
    finally:
        server.shutdown()
    out: dict[str, dict[str, float]] = {}
    shared_ms = statistics.median(first["shared"]) * 1000
    for mode in MODES:
        ms = statistics.median(first[mode]) * 1000
        out[mode] = {"first_call_ms": ms, "first_call_vs_shared": ms / shared_ms, "mib_per_conversation": 0.0}
        out[mode]["mib_per_conversation"] = memory[mode] / MIB
        print_fn(
            f"processes {mode:16s} first call of a conversation {ms:7.1f} ms ({ms / shared_ms:5.2f}x shared) | "
            f"memory per conversation {memory[mode] / MIB:6.1f} MiB PSS  [median of {RUNS}; {CONVERSATIONS} open]"
        )
    return out


if __name__ == "__main__":
    asyncio.run(run())
