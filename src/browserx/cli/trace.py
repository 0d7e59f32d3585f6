"""`browserx trace show DIR`: turn a run's trace (written by `browserx run --trace DIR`) into one
static HTML page, DIR/index.html, and print its path. `--open` also opens it in a web browser."""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path
from typing import Any

from ..errors import FileMissingError
from ..llm.trace import render_html
from .common import prepare
from .options import ExistingDir


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("trace", help="work with agent run traces")
    actions = parser.add_subparsers(dest="trace_action", required=True)
    show = actions.add_parser("show", help="write DIR/index.html from a trace and print its path")
    show.add_argument("dir", type=ExistingDir(), help="the directory given to `browserx run --trace`")
    show.add_argument("--open", action="store_true", help="also open the page in a web browser")
    show.set_defaults(func=command, check=check)
    return parser


def check(args: argparse.Namespace) -> None:
    if not (Path(args.dir) / "trace.jsonl").is_file():
        raise FileMissingError(
            f"no trace.jsonl in {args.dir}", hint="Give the directory passed to `browserx run --trace DIR`."
        )


async def command(args: argparse.Namespace) -> int:
    prepare(args)
    directory = Path(args.dir)
    page = render_html(directory).resolve()
    print(page)
    if getattr(args, "open", False):
        webbrowser.open(page.as_uri())
    return 0
