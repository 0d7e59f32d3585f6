"""`browserx navigate URL`: open a page and print the navigation result (browser_navigate)."""

from __future__ import annotations

import argparse

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..tools.browser import NavigateParams
from .common import add_browser_options, print_result, result_exit_code, tool_session
from .options import Duration, Url, max_length_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "navigate",
        help="open a URL and print where the browser landed",
        description="Open URL in a fresh browser and print the browser_navigate result.",
    )
    parser.add_argument("url", metavar="URL", type=Url(NAVIGABLE_SCHEMES, max_length_of(NavigateParams, "url")))
    parser.add_argument("--timeout", type=Duration(), default="15s", help="longest wait for the page (default 15s)")
    parser.add_argument(
        "--wait-until",
        choices=("usable", "load", "network_idle", "commit"),
        default="usable",
        help="usable (default): the DOM is ready, the load event awaited --load-wait at most; "
        "load: the load event; network_idle: no request for 500 ms; commit: the first response",
    )
    parser.add_argument("--json", action="store_true", help="print the whole tool result as JSON")
    add_browser_options(parser)
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    async with tool_session(args) as call:
        result = await call("browser_navigate", url=args.url, timeout=args.timeout, wait_until=args.wait_until)
    print_result(result, args.json)
    return result_exit_code(result)
