"""`browserx trace show DIR`: turn a run's trace (written by `browserx run --trace DIR`) into one
static HTML page, DIR/index.html, and print its path. `--open` also opens it in a web browser."""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path
from typing import Any

from ..errors import NotFoundError
from ..llm.trace import render_html


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("trace", help="work with agent run traces")
    actions = parser.add_subparsers(dest="trace_action", required=True)
    show = actions.add_parser("show", help="write DIR/index.html from a trace and print its path")
    show.add_argument("dir", help="the directory given to `browserx run --trace`")
    show.add_argument("--open", action="store_true", help="also open the page in a web browser")
    show.set_defaults(func=command)
    return parser


async def command(args: argparse.Namespace) -> int:
    directory = Path(args.dir)
    if not (directory / "trace.jsonl").is_file():
        raise NotFoundError(
            f"no trace.jsonl in {directory}", hint="Give the directory passed to `browserx run --trace DIR`."
        )
    page = render_html(directory).resolve()
    print(page)
    if getattr(args, "open", False):
        webbrowser.open(page.as_uri())
    return 0
