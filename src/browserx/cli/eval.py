"""`browserx eval URL EXPRESSION`: open a page, evaluate JavaScript in it, print the value."""

from __future__ import annotations

import argparse

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..tools.browser import EvalParams, NavigateParams
from .common import add_browser_options, print_result, result_exit_code, tool_session
from .options import Duration, FieldText, Url, max_length_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="open a URL and evaluate a JavaScript expression there",
        description="Navigate to URL, then run EXPRESSION with browser_eval and print its JSON value.",
    )
    parser.add_argument("url", metavar="URL", type=Url(NAVIGABLE_SCHEMES, max_length_of(NavigateParams, "url")))
    parser.add_argument("expression", metavar="EXPRESSION", type=FieldText(EvalParams, "expression"))
    parser.add_argument("--timeout", type=Duration(), default="15s", help="load and evaluation timeout (default 15s)")
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
