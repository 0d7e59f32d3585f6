"""What every `browserx` subcommand shares: browser options, config, running, printing.

    def register(subparsers):
        parser = subparsers.add_parser("snapshot", help="...")
        add_browser_options(parser)
        parser.set_defaults(func=run)

    async def run(args) -> int:
        async with tool_session(args) as call:
            result = await call("browser_dom", action="snapshot")
        print_result(result, args.json)
        return result_exit_code(result)

`main` parses with `CommandParser` (a bad value is a coded error, options.py), then `prepare(args)`
checks what needs more than one value (the config, files' contents, the command's own `check`), all
before a browser starts: any of those exits 2 with one `{"error": {...}}` line on stderr. Then
`run_async(args.func(args))`: a coded error becomes `{"error": {...}}` on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import select
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any, NoReturn

from ..browser import BrowserConfig, parse_viewport
from ..browser.config import BROWSER_PROCESSES, LIMITS
from ..browser.credentials import read_credentials_file
from ..browser.files import file_roots
from ..errors import BrowserxError, ValidationError, error_from_exception
from .options import ExistingDir, ExistingFile, NewPath, Number, Origins, Text, Url, Viewport

CLI_CONVERSATION = "cli"
ToolCall = Callable[..., Awaitable[Any]]
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_OUTPUT_CLOSED = 128 + signal.SIGPIPE  # 141: what a Unix tool killed by SIGPIPE reports (`yes | head`)
# The process's standard output by descriptor: the MCP server closes the `sys.stdout` object when
# its session ends, and the descriptor is what `| head` holds the other end of.
STDOUT_FD = 1


class CommandParser(argparse.ArgumentParser):
    """argparse whose usage errors are coded (VALIDATION_ERROR, hint: the command's --help) instead of
    a usage text and exit: `main` prints them as every other error."""

    def error(self, message: str) -> NoReturn:
        raise ValidationError(f"{self.prog}: {message}", hint=f"See `{self.prog} --help`.")


def add_browser_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("browser")
    group.add_argument(
        "--cdp-url",
        metavar="URL",
        type=Url(("http", "https", "ws", "wss")),
        help="attach to a running Chromium (http://127.0.0.1:9222 or ws://...) instead of launching one",
    )
    group.add_argument("--headful", action="store_true", help="show the browser window")
    group.add_argument(
        "--viewport",
        metavar="WxH",
        type=Viewport(),
        default="1280x720",
        help="viewport in CSS pixels (default 1280x720)",
    )
    group.add_argument(
        "--idle-timeout",
        metavar="SECONDS",
        type=Number(LIMITS["idle_timeout"]),
        default=1800.0,
        help="close a conversation unused for this long (default 1800)",
    )
    group.add_argument(
        "--allowed-origins",
        metavar="ORIGIN[,ORIGIN]",
        type=Origins(),
        action="append",
        default=[],
        help="only these origins may be visited (repeatable or comma separated; default: all)",
    )
    group.add_argument(
        "--output-dir", metavar="DIR", type=NewPath("dir"), help="where downloads, screenshots and outputs go"
    )
    group.add_argument("--no-eval", action="store_true", help="disable JavaScript evaluation (browser_eval)")
    group.add_argument("--allow-file-urls", action="store_true", help="allow file:// URLs (under the file roots)")
    group.add_argument(
        "--network-secrets",
        action="store_true",
        help="show Cookie, Set-Cookie, Authorization values in browser_network results (default: redacted)",
    )
    group.add_argument(
        "--screenshot-max-edge",
        metavar="PX",
        type=Number(LIMITS["screenshot_max_long_edge"]),
        help="longest side of screenshots sent to the model (default 1568; match your vision model)",
    )
    group.add_argument(
        "--file-roots",
        metavar="DIR[,DIR]",
        type=ExistingDir(many=True),
        action="append",
        default=[],
        help="directories whose files tools may read or write (uploads, images, storage state); "
        "default: the working directory (never /) and --output-dir",
    )
    group.add_argument(
        "--user-data-dir",
        metavar="DIR",
        type=NewPath("dir"),
        help="run the launched browser on this persistent profile (logins, cookies and storage "
        "survive runs); all conversations then share it instead of each getting an isolated "
        "context. One browser at a time per DIR",
    )
    group.add_argument(
        "--storage-state",
        metavar="FILE",
        type=ExistingFile(),
        help="load cookies and localStorage from this Playwright storageState JSON file into "
        "every new conversation (save one with the browser_storage_state tool)",
    )
    group.add_argument(
        "--dialogs",
        choices=["ask", "accept", "dismiss", "accept_alerts"],
        default=None,
        help="alert/confirm/prompt/beforeunload: ask = leave open for browser_dialog (default of "
        "mcp and run), accept, dismiss, accept_alerts = accept alerts only (default elsewhere)",
    )
    group.add_argument(
        "--dialog-timeout",
        metavar="SECONDS",
        type=Number(LIMITS["dialog_timeout"]),
        default=60.0,
        help="with --dialogs ask: answer an unanswered dialog by accept_alerts after this long (default 60)",
    )
    group.add_argument(
        "--load-wait",
        metavar="SECONDS",
        type=Number(LIMITS["load_wait"]),
        default=1.0,
        help="how long a navigation waits for the load event once the page is usable "
        "(default 1); what is still loading then is reported as pending",
    )
    group.add_argument(
        "--max-inline-output",
        metavar="BYTES",
        type=Number(LIMITS["max_inline_output"]),
        default=16 * 1024,
        help="larger tool results are kept by output_id, read with browser_read_output (default 16384)",
    )
    group.add_argument(
        "--browser-endpoint",
        metavar="URL",
        type=Url(("http", "https", "ws", "wss")),
        help="a browser per conversation from a service: ws://… (browserless) or http://… "
        "(Selenium Grid 4); see docs/scaling.md",
    )
    group.add_argument(
        "--browser-endpoint-token",
        metavar="TOKEN",
        type=Text(),
        help="sent as a bearer header to --browser-endpoint (default: env BROWSERX_ENDPOINT_TOKEN)",
    )
    group.add_argument(
        "--endpoint-timeout",
        metavar="SECONDS",
        type=Number(LIMITS["endpoint_timeout"]),
        default=60.0,
        help="wait this long for the service's browser, then BROWSER_UNAVAILABLE (default 60)",
    )
    group.add_argument(
        "--browser-processes",
        choices=list(BROWSER_PROCESSES),
        default="shared",
        help="local Chromium processes for conversations: shared = one for all (default, least memory), "
        "pool = --browser-pool-size processes, each new conversation on the least loaded, per_conversation = "
        "one each (a crash or a hungry page costs only its own conversation)",
    )
    group.add_argument(
        "--browser-pool-size",
        metavar="N",
        type=Number(LIMITS["browser_pool_size"]),
        default=4,
        help="with --browser-processes pool: how many processes (default 4)",
    )
    group.add_argument(
        "--max-conversations",
        metavar="N",
        type=Number(LIMITS["max_conversations"]),
        help="refuse a new conversation (CONVERSATION_LIMIT) while N are open (default: no limit)",
    )
    group.add_argument(
        "--max-tabs",
        metavar="N",
        type=Number(LIMITS["max_tabs"]),
        help="refuse a new tab (TAB_LIMIT) in a conversation that has N open (default: no limit)",
    )
    group.add_argument(
        "--min-free-memory",
        metavar="MIB",
        type=Number(LIMITS["min_free_memory"]),
        default=0,
        help="refuse a new conversation or tab (MEMORY_LOW) while less than MIB MiB are free on the host "
        "or in its cgroup (default 0: no floor)",
    )
    group.add_argument(
        "--http-credentials",
        metavar="FILE",
        type=ExistingFile(secret=True),
        help='HTTP authentication for sites that ask (401): a JSON file {"https://host": {"username": …, '
        '"password": …}}, under the file roots and readable by its owner only (chmod 600). Each entry is '
        "answered only to its exact origin, never to the model; see docs/logins.md",
    )


def config_from_args(args: argparse.Namespace) -> BrowserConfig:
    """The BrowserConfig the browser options describe; raises a coded error on a bad value.

    The values come checked by their types (options.py) when parsed by `build_parser`; a Namespace
    made otherwise is checked here (by BrowserConfig itself)."""
    viewport = getattr(args, "viewport", None) or "1280x720"
    roots_given = [r.strip() for item in getattr(args, "file_roots", None) or [] for r in _items(item) if r.strip()]
    config = BrowserConfig(
        headless=not getattr(args, "headful", False),
        cdp_url=getattr(args, "cdp_url", None),
        viewport=viewport if isinstance(viewport, tuple) else parse_viewport(viewport),
        idle_timeout=float(getattr(args, "idle_timeout", 1800.0)),
        allowed_origins=[o.strip() for item in getattr(args, "allowed_origins", None) or [] for o in _items(item)],
        allow_file_urls=bool(getattr(args, "allow_file_urls", False)),
        output_dir=getattr(args, "output_dir", None),
        eval_enabled=not getattr(args, "no_eval", False),
        network_secrets=bool(getattr(args, "network_secrets", False)),
        screenshot_max_long_edge=getattr(args, "screenshot_max_edge", None),
        file_roots=roots_given or None,
        user_data_dir=getattr(args, "user_data_dir", None),
        storage_state=getattr(args, "storage_state", None),
        dialog_policy=getattr(args, "dialogs", None) or "accept_alerts",
        dialog_timeout=float(getattr(args, "dialog_timeout", 60.0)),
        load_wait=float(getattr(args, "load_wait", 1.0)),
        max_inline_output=getattr(args, "max_inline_output", 16 * 1024),
        browser_endpoint=getattr(args, "browser_endpoint", None),
        browser_endpoint_token=getattr(args, "browser_endpoint_token", None),
        endpoint_timeout=float(getattr(args, "endpoint_timeout", 60.0)),
        browser_processes=getattr(args, "browser_processes", None) or "shared",
        browser_pool_size=getattr(args, "browser_pool_size", 4),
        max_conversations=getattr(args, "max_conversations", None),
        max_tabs=getattr(args, "max_tabs", None),
        min_free_memory=getattr(args, "min_free_memory", 0),
    )
    credentials_file = getattr(args, "http_credentials", None)
    if credentials_file:
        config.http_credentials = read_credentials_file(
            credentials_file, file_roots(config.file_roots, config.output_dir)
        )
    return config


def _items(value: str | list[str]) -> list[str]:
    """An appended option's value: a list (its type split the commas) or the text (a Namespace made by hand)."""
    return value if isinstance(value, list) else value.split(",")


def prepare(args: argparse.Namespace) -> None:
    """Everything checked before a browser starts: the config (files read: storage state, credentials)
    and the command's own `check(args)`. Idempotent: `main` calls it, and so does each command's run
    (tests call the runs directly)."""
    if getattr(args, "prepared", False):
        return
    if hasattr(args, "viewport"):  # the command takes the browser options
        args.config = config_from_args(args)
        if args.config.storage_state:
            from ..browser.storage import read_state_file  # noqa: PLC0415 - only when the option is given

            read_state_file(args.config.storage_state)
    check = getattr(args, "check", None)
    if check is not None:
        check(args)
    args.prepared = True


def browser_config(args: argparse.Namespace) -> BrowserConfig:
    prepare(args)
    config: BrowserConfig = args.config
    return config


def print_error(error: BrowserxError) -> None:
    print(
        json.dumps({"error": {"code": error.code, "message": error.message, "hint": error.hint}}, ensure_ascii=False),
        file=sys.stderr,
    )


def exit_code_for(error: BrowserxError) -> int:
    return EXIT_USAGE if error.code == ValidationError.code else EXIT_ERROR


def output_closed(exc: BaseException) -> bool:
    """Whether `exc` is a write to a stdout nobody reads any more (`browserx ... | head`): a
    BrokenPipeError, alone or in a task group's (the MCP server's stdout writer), while stdout is
    a pipe whose reader left. The error alone cannot say whose pipe broke: a lost browser connection
    raises it too, and that one is BROWSER_CLOSED."""
    if isinstance(exc, BaseExceptionGroup):
        if exc.split(BrokenPipeError)[0] is None:
            return False
    elif not isinstance(exc, BrokenPipeError):
        return False
    return _stdout_has_no_reader()


def _stdout_has_no_reader() -> bool:
    # Asked of the descriptor itself: a pipe whose reader is gone polls POLLERR.
    poller = select.poll()
    poller.register(STDOUT_FD, select.POLLOUT)
    return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))


def leave_closed_output() -> int:
    """Exit as a Unix tool does when its reader leaves: quietly, 141. Later writes (the interpreter's
    flush at exit) go to /dev/null, or they would fail again and print a traceback."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, STDOUT_FD)
    os.close(devnull)
    return EXIT_OUTPUT_CLOSED


def run_async(coro: Coroutine[Any, Any, int]) -> int:
    """Run a command to completion: its exit code, a coded error on stderr, or 130 on Ctrl-C.

    asyncio.run cancels the command on KeyboardInterrupt, so its `async with BrowserManager`
    blocks close the browser before we return. A write to a stdout nobody reads is no error of
    the command's, nor of the browser's: 141, quietly.
    """
    try:
        return int(asyncio.run(coro) or 0)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrowserxError as exc:
        print_error(exc)
        return exit_code_for(exc)
    except Exception as exc:  # noqa: BLE001 - the CLI boundary: no traceback, a coded error (logged if a bug)
        if output_closed(exc):
            return leave_closed_output()
        error = error_from_exception(exc, "browserx cli")
        print_error(error)
        return exit_code_for(error)


def print_result(result: Any, as_json: bool) -> None:
    """A ToolResult on stdout (success) or stderr (error).

    JSON mode prints `to_dict()` (images are not inlined; their paths are in the data). Plain
    mode prints the data alone: text as is, anything else as indented JSON.
    """
    if not result.success:
        error = result.error or {}
        print(
            json.dumps({"error": {k: error.get(k) for k in ("code", "message", "hint")}}, ensure_ascii=False),
            file=sys.stderr,
        )
        return
    if as_json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, default=str))
    elif isinstance(result.data, str):
        print(result.data)
    else:
        print(json.dumps(result.data, ensure_ascii=False, indent=2, default=str))


def result_exit_code(result: Any) -> int:
    if result.success:
        return 0
    return EXIT_USAGE if (result.error or {}).get("code") == ValidationError.code else EXIT_ERROR


@contextlib.asynccontextmanager
async def tool_session(args: argparse.Namespace) -> AsyncIterator[ToolCall]:
    """A browser from the command's options and `call(name, **arguments)` on one conversation:
    commands dispatch tools through the registry, so they behave exactly as for an LLM."""
    from ..browser import BrowserManager
    from ..tools import TAB_SETUPS, ToolContext, default_registry

    registry = default_registry()
    async with BrowserManager(browser_config(args), setups=TAB_SETUPS) as manager:
        ctx = ToolContext(manager, CLI_CONVERSATION)

        async def call(name: str, **arguments: Any) -> Any:
            return await registry.dispatch(name, arguments, ctx)

        yield call
