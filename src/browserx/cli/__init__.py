"""The `browserx` command line: one subcommand per module, each dispatching tools through the registry.

    browserx navigate https://example.com/
    browserx eval https://example.com/ "document.title"
    browserx tools --json
    browserx mcp [--http --port 8931]

Each module in COMMAND_MODULES defines `register(subparsers)`, which adds its parser and sets
`func=<async function(args) -> int>` (and `check=<function(args)>` for what it checks before it
starts); `main` parses, prepares (common.prepare) and runs it with `common.run_async`. A bad command
line exits 2 with one `{"error": {code, message, hint}}` line on stderr before any browser starts.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

from ..errors import BrowserxError
from .common import EXIT_USAGE, CommandParser, leave_closed_output, output_closed, prepare, print_error, run_async
from .options import name_options

COMMAND_MODULES = ["navigate", "eval", "snapshot", "screenshot", "run", "replay", "trace", "tools", "mcp", "demo"]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or with `only` that one (its module alone is imported)."""
    from .. import __version__

    parser = CommandParser(
        prog="browserx", description="Eyes and hands for LLM agents in a real Chromium (CDP): CLI and MCP server."
    )
    parser.add_argument("--version", action="version", version=f"browserx {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what browserx does on stderr")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [only] if only else COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    name_options(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; its exit code. Output into a pipe whose reader left (`browserx ... | head`)
    ends the command quietly with 141, as for any Unix tool."""
    try:
        try:
            return _run(argv)
        finally:
            if sys.stdout is not None and not sys.stdout.closed:  # None: started with fd 1 closed; closed: by MCP
                sys.stdout.flush()  # here, where a closed pipe is caught, not in the interpreter's exit
    except BrokenPipeError as exc:  # the last flush, or the parser's own output (--help)
        if not output_closed(exc):
            raise
        return leave_closed_output()


def _run(argv: list[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    # Importing every command costs ~0.5 s (the LLM client); an MCP client waits for that on each start.
    command = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(command if command in COMMAND_MODULES else None)
    try:
        args = parser.parse_args(argv)
        if getattr(args, "func", None) is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        prepare(args)
    except BrowserxError as exc:  # a bad command line: said before anything starts
        print_error(exc)
        return EXIT_USAGE
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(levelname)s %(name)s: %(message)s",
    )
    return run_async(args.func(args))


__all__ = ["COMMAND_MODULES", "build_parser", "main"]
