"""`browserx eval URL EXPRESSION`: open a page, evaluate JavaScript in it, print the value."""

from __future__ import annotations

import argparse

from .common import add_browser_options, print_result, result_exit_code, tool_session


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="open a URL and evaluate a JavaScript expression there",
        description="Navigate to URL, then run EXPRESSION with browser_eval and print its JSON value.",
    )
    parser.add_argument("url", metavar="URL")
    parser.add_argument("expression", metavar="EXPRESSION")
    parser.add_argument("--timeout", default="15s", help="load and evaluation timeout (default 15s)")
    parser.add_argument("--json", action="store_true", help="print the whole tool result as JSON")
    add_browser_options(parser)
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    async with tool_session(args) as call:
        result = await call("browser_navigate", url=args.url, timeout=args.timeout)
        if result.success:
            result = await call("browser_eval", expression=args.expression, timeout=args.timeout)
    print_result(result, args.json)
    return result_exit_code(result)
