"""One command, one run: every operation against its floor and against Playwright.

    python bench/run.py            # all sections
    python bench/run.py startup    # some sections

Each section is a module here exposing `async def run(print_fn=print) -> dict`. Times are medians
within this run; compare the printed ratios, never absolute times across runs (the machine is noisy).
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import time
from pathlib import Path

SECTIONS = [
    "startup",
    "page_model",
    "click",
    "screenshot",
    "reader_quality",
    "names_agreement",
    "fidelity",
    "reading",
    "loading",
    "forms",
    "typing_text",
    "remote",
    "deltas",
    "replay",
    "processes",
    "trace",
    "devtools_mcp",
]


async def main(names: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).parent))
    results: dict[str, object] = {}
    failed = []
    print(f"browserx bench — {time.strftime('%Y-%m-%d %H:%M:%S')} — sections: {', '.join(names)}", flush=True)
    for name in names:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            print(f"{name:9s} skipped: {exc}")
            continue
        print(f"--- {name}", flush=True)
        try:
            results[name] = await module.run(print_fn=lambda *a: print(*a, flush=True))
        except Exception as exc:  # one broken section must not hide the others' numbers
            failed.append(name)
            print(f"{name:9s} FAILED: {type(exc).__name__}: {exc}", flush=True)
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(results, indent=2, default=str))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:] or SECTIONS)))
