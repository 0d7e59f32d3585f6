"""`browserx run "TASK"`: the agent end to end, with a progress line per step on stderr.

    browserx run "Find the price of the blue mug" --url https://shop.example/ --model gpt-4.1-mini
    browserx run "Log in with the demo account" --url http://127.0.0.1:8000/ --trace ./trace
    browserx run "Order a blue mug" --url http://127.0.0.1:8000/ --record order.json   # then: browserx replay

The final answer goes to stdout, everything else to stderr. Exit codes: 0 answered, 1 failed
(the coded error is printed as `{"error": {code, message, hint}}`), 3 step limit reached,
130 interrupted (Ctrl-C; the browser is closed).
The endpoint comes from OPENAI_BASE_URL / OPENAI_API_KEY; the model from --model or BROWSERX_MODEL.
`--api chat` speaks /v1/chat/completions (llama.cpp, Ollama, vLLM, LM Studio…) instead of the
Responses API; `--stream` reads Chat Completions answers as server-sent events.
The summary gives tokens per step (in, cached, out) and what the input was spent on.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any, TextIO

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..browser import BrowserManager
from ..errors import ValidationError
from ..llm.agent import DEFAULT_MAX_STEPS, STEPS, Agent, AgentResult, StepRecord
from ..llm.chat_client import ChatClient
from ..llm.client import ModelClient, ResponsesClient
from ..tools import TAB_SETUPS, ToolRegistry
from .options import NewPath, Number, Text, Url

EXIT_OK, EXIT_FAILED, EXIT_STEP_LIMIT = 0, 1, 3  # 2 is argparse's usage error


def register(subparsers: Any) -> argparse.ArgumentParser:
    from .common import add_browser_options  # noqa: PLC0415 - the shared options live with the CLI main

    parser = subparsers.add_parser(
        "run",
        help="run a task with an LLM agent in the browser",
        description="Run a task end to end: the model reads the page model, acts, "
        "and looks at screenshots only when the DOM is not enough.",
    )
    add_run_arguments(parser)
    add_browser_options(parser)
    parser.set_defaults(func=command, check=check, dialogs="ask")  # the agent answers dialogs (browser_dialog)
    return parser


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("task", type=Text(100_000), help="what the agent should do, in plain words")
    parser.add_argument("--url", type=Url(NAVIGABLE_SCHEMES), help="open this page before the first step")
    parser.add_argument("--model", type=Text(200), help="model name at the endpoint (default: $BROWSERX_MODEL)")
    parser.add_argument(
        "--max-steps",
        type=Number(STEPS),
        default=DEFAULT_MAX_STEPS,
        help=f"most model calls before giving up (default {DEFAULT_MAX_STEPS})",
    )
    parser.add_argument(
        "--api",
        choices=["responses", "chat"],
        default="responses",
        help="the endpoint's API: responses (/v1/responses, default) or chat "
        "(/v1/chat/completions: llama.cpp, Ollama, vLLM, LM Studio…)",
    )
    parser.add_argument(
        "--stream", action="store_true", help="with --api chat: receive each answer as a stream of server-sent events"
    )
    parser.add_argument(
        "--trace",
        metavar="DIR",
        type=NewPath("dir"),
        help="write every step, result and screenshot to DIR (view with: browserx trace show DIR)",
    )
    parser.add_argument(
        "--record",
        metavar="FLOW.json",
        type=NewPath("file"),
        help="save the run's successful steps as a flow to replay without a model (browserx replay FLOW.json)",
    )


async def command(args: argparse.Namespace) -> int:
    """The CLI main runs this with `common.run_async` (Ctrl-C → the run is cancelled, the browser closed, 130)."""
    from .common import browser_config  # noqa: PLC0415

    config = browser_config(args)  # a ValidationError is printed by run_async
    client = make_client(args)
    try:
        async with BrowserManager(config, setups=TAB_SETUPS) as manager:
            return await execute(args, manager=manager, client=client)
    finally:
        await client.close()


def check(args: argparse.Namespace) -> None:
    if getattr(args, "stream", False) and getattr(args, "api", "responses") != "chat":
        raise ValidationError("--stream needs --api chat", hint="Add --api chat, or leave out --stream.")


def make_client(args: argparse.Namespace) -> ModelClient:
    if getattr(args, "api", "responses") == "chat":
        return ChatClient.from_env(model=args.model, stream=getattr(args, "stream", False))
    return ResponsesClient.from_env(model=args.model)


async def execute(
    args: argparse.Namespace,
    *,
    manager: BrowserManager,
    client: ModelClient,
    registry: ToolRegistry | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the task on a started manager; print progress, summary and answer; return the exit code."""
    out, err = out or sys.stdout, err or sys.stderr

    def progress(record: StepRecord) -> None:
        print(record.line(), file=err, flush=True)

    agent = Agent(
        args.task,
        manager=manager,
        client=client,
        registry=registry,
        url=args.url,
        model=args.model,
        max_steps=args.max_steps,
        on_step=progress,
        trace_dir=args.trace,
        record=getattr(args, "record", None),
    )
    try:
        result = await agent.run()
    except asyncio.CancelledError:
        print(summary_line(agent.result), file=err, flush=True)
        raise
    print(summary_line(result), file=err, flush=True)
    for line in token_lines(result):
        print(line, file=err, flush=True)
    if args.trace:
        print(f"trace written to {args.trace} (view: browserx trace show {args.trace})", file=err)
    if agent.flow is not None:
        print(
            f"flow of {len(agent.flow.steps)} steps written to {args.record} (replay: browserx replay {args.record})",
            file=err,
        )
    if result.ok:
        print(result.answer or "", file=out, flush=True)
        return EXIT_OK
    if result.error:
        _print_error(result.error, err)
    return EXIT_STEP_LIMIT if result.status == "step_limit" else EXIT_FAILED


def summary_line(result: AgentResult) -> str:
    parts = [
        f"{result.status}: {result.steps} steps",
        f"{result.tool_calls} tool calls",
        f"{result.screenshots} screenshots",
    ]
    if result.usage is not None:
        parts.append(
            f"{result.usage['total_tokens']} tokens ({result.usage['input_tokens']} in, "
            f"{result.usage.get('cached_tokens', 0)} cached, {result.usage['output_tokens']} out)"
        )
    return ", ".join(parts)


def token_lines(result: AgentResult) -> list[str]:
    """Tokens per step as the server counted them, and the input's shares as browserx counted them."""
    lines = []
    if result.step_tokens:
        lines.append(
            "tokens per step (in/cached/out): "
            + ", ".join(f"{s['step']}: {s['input']}/{s['cached']}/{s['output']}" for s in result.step_tokens)
        )
    if result.sent:
        names = {"page_models": "page models"}
        lines.append(
            "input spent on: "
            + ", ".join(f"{names.get(part, part)} {share:.0%}" for part, share in result.shares().items())
            + f" (of {sum(result.sent.values())} tokens counted)"
            + (f"; {result.compactions} compaction(s)" if result.compactions else "")
        )
    return lines


def _print_error(error: dict[str, Any], err: TextIO) -> None:
    # the same shape as every other command's coded error
    print(
        json.dumps({"error": {k: error.get(k) for k in ("code", "message", "hint")}}, ensure_ascii=False),
        file=err,
        flush=True,
    )
