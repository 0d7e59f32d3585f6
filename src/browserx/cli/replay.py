"""`browserx replay FLOW.json`: a recorded run again, without a model; or the flow as a Python script.

    browserx run "Order a blue mug for Alice" --url http://127.0.0.1:8000/ --record order.json
    browserx replay order.json --param password=…                     # 0 model calls
    browserx replay order.json --param password=… --url http://staging:8000/login
    browserx replay order.json --param password=… --agent-on-divergence --model gpt-4.1-mini
    browserx replay order.json --to-python order.py                    # then: python order.py --param password=…

One progress line per step on stderr, then a summary with the time and the tokens (0 when no model
was needed); the final page's URL (or the agent's answer) on stdout. A missing or unknown `--param`
is a VALIDATION_ERROR before any browser starts. The first step that cannot be matched, or whose
effect differs from the recorded one, stops the replay with REPLAY_DIVERGED (exit 1), naming the
step, what it expected and the candidates it saw; with `--agent-on-divergence` the built-in agent
(the endpoint of `browserx run`: OPENAI_BASE_URL, --model, --api) finishes the task from there,
told what was done. `--record NEW.json` saves what this replay (and the agent) did as a new flow.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..browser import BrowserManager
from ..errors import ReplayDivergedError
from ..llm.agent import DEFAULT_MAX_STEPS, STEPS, Agent, StepRecord
from ..llm.client import ModelClient
from ..tools import TAB_SETUPS, ToolRegistry, default_registry
from ..tools.flows import (
    Flow,
    Replay,
    ReplayReport,
    SecretFilling,
    handoff_task,
    load_flow,
    parse_params,
    to_python,
    write_flow,
)
from .options import ExistingFile, NewPath, Number, Text, Url
from .run import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_STEP_LIMIT,
    _print_error,
    check as run_check,
    make_client,
    summary_line,
    token_lines,
)


def register(subparsers: Any) -> argparse.ArgumentParser:
    from .common import add_browser_options  # noqa: PLC0415 - the shared options live with the CLI main

    parser = subparsers.add_parser(
        "replay",
        help="replay a recorded flow without a model (or export it as Python)",
        description="Replay a flow recorded with `browserx run --record` (or saved over MCP): each element "
        "found again by role and name, each step's effect checked; no model calls.",
    )
    parser.add_argument("flow", metavar="FLOW.json", type=ExistingFile(), help="the flow file")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        type=Text(100_000),
        help="a parameter's value (repeatable)",
    )
    parser.add_argument(
        "--url",
        type=Url(NAVIGABLE_SCHEMES),
        help="start here instead of the recorded start URL (recorded paths on its origin)",
    )
    parser.add_argument(
        "--agent-on-divergence",
        action="store_true",
        help="when the page differs from the recording, let the built-in agent finish the task",
    )
    parser.add_argument(
        "--to-python", metavar="OUT.py", type=NewPath("file"), help="write the flow as a Python script and exit"
    )
    parser.add_argument(
        "--record", metavar="NEW.json", type=NewPath("file"), help="save what this replay did as a new flow"
    )
    parser.add_argument(
        "--model", type=Text(200), help="with --agent-on-divergence: the model (default: $BROWSERX_MODEL)"
    )
    parser.add_argument("--api", choices=["responses", "chat"], default="responses", help="the endpoint's API")
    parser.add_argument("--stream", action="store_true", help="with --api chat: server-sent events")
    parser.add_argument(
        "--max-steps", type=Number(STEPS), default=DEFAULT_MAX_STEPS, help="most model calls the agent may make"
    )
    add_browser_options(parser)
    parser.set_defaults(func=command, check=check, dialogs="ask")  # a flow answers dialogs as its steps did
    return parser


def check(args: argparse.Namespace) -> None:
    """Before any browser starts: the flow file, and a value for each of its parameters."""
    run_check(args)  # --stream needs --api chat
    args.loaded_flow = load_flow(args.flow)
    if not args.to_python:
        args.values = args.loaded_flow.resolve(parse_params(args.param))


async def command(args: argparse.Namespace) -> int:
    from .common import browser_config  # noqa: PLC0415

    config = browser_config(args)  # runs `check` (once) if `main` has not
    flow: Flow = args.loaded_flow
    if args.to_python:
        out = Path(args.to_python)
        out.write_text(to_python(flow, flow_name=Path(args.flow).name), encoding="utf-8")
        print(f"wrote {out} (run: python {out} " + _param_usage(flow) + ")", file=sys.stderr)
        return EXIT_OK
    values: dict[str, str] = args.values
    client = make_client(args) if args.agent_on_divergence else None
    try:
        async with BrowserManager(config, setups=TAB_SETUPS) as manager:
            return await execute(args, flow, values, manager=manager, client=client)
    finally:
        if client is not None:
            await client.close()


async def execute(
    args: argparse.Namespace,
    flow: Flow,
    values: dict[str, str],
    *,
    manager: BrowserManager,
    client: ModelClient | None = None,
    registry: ToolRegistry | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Replay on a started manager (then the agent, if given and needed); print; the exit code."""
    out, err = out or sys.stdout, err or sys.stderr
    registry = registry or default_registry()
    conversation_id = manager.new_conversation_id()
    started = time.monotonic()
    replay = Replay(
        flow,
        registry,
        manager,
        conversation_id,
        values=values,
        url=args.url,
        on_step=lambda outcome: print(outcome.line(), file=err, flush=True),
    )
    try:
        try:
            report = await replay.run()
        except ReplayDivergedError as exc:
            print(f"diverged: {exc.message}", file=err, flush=True)
            if client is None:
                print(_summary(replay.report, time.monotonic() - started), file=err, flush=True)
                _print_error(exc.to_dict(), err)
                return EXIT_FAILED
            return await _agent(
                args, flow, values, replay.report, exc, manager, client, registry, conversation_id, started, out, err
            )
        print(_summary(report, time.monotonic() - started), file=err, flush=True)
        tabs = await (await manager.conversation(conversation_id)).list_tabs()
        print(next((t["url"] for t in tabs if t.get("active")), tabs[0]["url"] if tabs else ""), file=out, flush=True)
        return EXIT_OK
    finally:
        if getattr(args, "record", None) and write_flow(manager, conversation_id, args.record, task=flow.task):
            print(f"flow written to {args.record}", file=err, flush=True)
        await manager.close_conversation(conversation_id)


async def _agent(
    args: argparse.Namespace,
    flow: Flow,
    values: dict[str, str],
    report: ReplayReport,
    diverged: ReplayDivergedError,
    manager: BrowserManager,
    client: ModelClient,
    registry: ToolRegistry,
    conversation_id: str,
    started: float,
    out: TextIO,
    err: TextIO,
) -> int:
    """The rest of the task to the built-in agent, in the replay's conversation (the page as the replay left it)."""

    def progress(record: StepRecord) -> None:
        print("agent " + record.line(), file=err, flush=True)

    secrets = {name: value for name, value in values.items() if flow.params[name].secret}
    agent = Agent(
        handoff_task(flow, report, diverged.to_dict(), values),
        manager=manager,
        client=client,
        registry=SecretFilling(registry, secrets),
        model=args.model,
        max_steps=args.max_steps,
        on_step=progress,
        conversation_id=conversation_id,
    )
    result = await agent.run()
    print(
        f"replayed {report.replayed}/{report.total} steps, then the agent: {summary_line(result)}; "
        f"{time.monotonic() - started:.1f} s",
        file=err,
        flush=True,
    )
    for line in token_lines(result):
        print(line, file=err, flush=True)
    if result.ok:
        print(result.answer or "", file=out, flush=True)
        return EXIT_OK
    if result.error:
        _print_error(result.error, err)
    return EXIT_STEP_LIMIT if result.status == "step_limit" else EXIT_FAILED


def _summary(report: ReplayReport, seconds: float) -> str:
    verb = "replayed" if report.diverged is None else "stopped after"
    return f"{verb} {report.replayed}/{report.total} steps in {seconds:.1f} s, 0 model calls, 0 tokens"


def _param_usage(flow: Flow) -> str:
    needed = [f"--param {name}=…" for name, p in flow.params.items() if p.default is None]
    return " ".join(needed) or "[--param name=value …]"
