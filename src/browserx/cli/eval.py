"""`browserx eval URL EXPRESSION`: open a page, evaluate JavaScript in it, print the value."""

from __future__ import annotations

import argparse

from ..browser import BrowserManager
from ..tools import ToolContext, default_registry
from .common import CLI_CONVERSATION, add_browser_options, config_from_args, print_result, result_exit_code


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("eval", help="open a URL and evaluate a JavaScript expression there",
                                   description="Navigate to URL, then run EXPRESSION with browser_eval "
                                               "and print its JSON value.")
    parser.add_argument("url", metavar="URL")
    parser.add_argument("expression", metavar="EXPRESSION")
    parser.add_argument("--timeout", default="15s", help="load and evaluation timeout (default 15s)")
    parser.add_argument("--json", action="store_true", help="print the whole tool result as JSON")
    add_browser_options(parser)
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    registry = default_registry()
    async with BrowserManager(config) as manager:
        ctx = ToolContext(manager, CLI_CONVERSATION)
        result = await registry.dispatch("browser_navigate", {"url": args.url, "timeout": args.timeout}, ctx)
        if result.success:
            result = await registry.dispatch("browser_eval", {"expression": args.expression,
                                                              "timeout": args.timeout}, ToolContext(manager, CLI_CONVERSATION))
    print_result(result, args.json)
    return result_exit_code(result)
