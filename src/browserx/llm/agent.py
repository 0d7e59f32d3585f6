"""The agent loop: a task (and an optional start URL) → model calls and tool dispatches → an answer.

    async with BrowserManager(config, setups=TAB_SETUPS) as manager:
        result = await run_agent("Log in as demo", url="https://…", manager=manager,
                                 client=ResponsesClient.from_env(model="…"))
        print(result.answer, result.summary())

A step is one model call plus the tool calls it asked for. The run ends when the model answers
without tool calls, at `max_steps` (STEP_LIMIT), on a model endpoint that keeps failing
(MODEL_REQUEST_FAILED), or on cancellation (Ctrl-C: the task is cancelled, screenshot files are
deleted, and the caller's `async with` closes the browser). The browser state is one conversation.

Every screenshot travels as an image in the next request and its file is deleted once that request
succeeds or fails for the last time; after a final failure the call's output says UPLOAD_FAILED
and the request is sent once more without the image, so the model can take a new screenshot.

The client is any `ModelClient` (Responses or Chat Completions). The history only grows at its end
between requests, so servers can cache the prefix (llm/history.py). The result counts tokens per
step (in, cached, out, as the server reports them) and what the input was spent on (declarations,
instructions, page models, images, the rest; counted with llm/tokens.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..browser import BrowserManager
from ..browser.config import Range
from ..errors import BrowserxError, ModelRequestFailedError, StepLimitError, ValidationError
from ..screenshots.store import release_screenshot
from ..tools import ToolContext, ToolRegistry, ToolResult, default_registry
from ..tools.flows import Flow, FlowLog, write_flow
from . import tokens
from .client import FunctionCall, ModelClient
from .history import History, Upload, item_tokens
from .schema import drop_nulls
from .trace import TraceWriter

log = logging.getLogger("browserx.agent")

DEFAULT_MAX_STEPS = 30
STEPS = Range(1, 10_000, integer=True)  # max_steps (the command line's --max-steps too)
REDACTED_KEYS = {"text", "value", "values", "password"}  # typed content never reaches logs or traces


def load_prompt() -> str:
    """The agent's system prompt, a package resource (sent as `instructions`)."""
    return resources.files("browserx.llm").joinpath("prompts/agent_prompt.md").read_text(encoding="utf-8")


def redact(arguments: Any) -> Any:
    if isinstance(arguments, dict):
        return {k: ("[redacted]" if k in REDACTED_KEYS and v is not None else redact(v)) for k, v in arguments.items()}
    if isinstance(arguments, list):
        return [redact(v) for v in arguments]
    return arguments


@dataclass
class StepRecord:
    """One tool call, as logged: never the typed text."""

    step: int
    call_id: str
    tool: str
    arguments: dict[str, Any]
    success: bool
    code: str | None
    duration_ms: float
    screenshots: int = 0
    action: str | None = None

    def line(self) -> str:
        action = f" {self.action}" if self.action else ""
        outcome = "ok" if self.success else self.code
        shots = f" +{self.screenshots} screenshot" if self.screenshots else ""
        args = json.dumps({k: v for k, v in self.arguments.items() if k != "action"}, ensure_ascii=False)
        if len(args) > 160:
            args = args[:157] + "..."
        return f"step {self.step}: {self.tool}{action} {args} -> {outcome} ({self.duration_ms:.0f} ms){shots}"


@dataclass
class AgentResult:
    status: str = "running"  # completed | step_limit | failed | cancelled
    answer: str | None = None
    error: dict[str, Any] | None = None
    steps: int = 0
    tool_calls: int = 0
    screenshots: int = 0
    usage: dict[str, int] | None = None
    records: list[StepRecord] = field(default_factory=list)
    conversation_id: str | None = None
    step_tokens: list[dict[str, int]] = field(default_factory=list)  # per request: step, input, cached, output
    sent: dict[str, int] = field(default_factory=dict)  # input tokens by part, summed over the requests
    compactions: int = 0

    @property
    def ok(self) -> bool:
        return self.status == "completed"

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "status": self.status,
            "steps": self.steps,
            "tool_calls": self.tool_calls,
            "screenshots": self.screenshots,
        }
        if self.usage is not None:
            out["tokens"] = dict(self.usage)
        if self.step_tokens:
            out["tokens_per_step"] = [dict(s) for s in self.step_tokens]
        if self.sent:
            out["input_shares"] = self.shares()
        if self.compactions:
            out["compactions"] = self.compactions
        if self.error:
            out["error"] = self.error["code"]
        return out

    def shares(self) -> dict[str, float]:
        """What the input tokens went to: declarations, instructions, page models, images, other (fractions)."""
        total = sum(self.sent.values()) or 1
        return {part: round(n / total, 3) for part, n in self.sent.items()}


StepCallback = Callable[[StepRecord], Any]
SENT_PARTS = ("declarations", "instructions", "page_models", "images", "other")


class Agent:
    def __init__(
        self,
        task: str,
        *,
        manager: BrowserManager,
        client: ModelClient,
        registry: ToolRegistry | None = None,
        url: str | None = None,
        model: str | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        on_step: StepCallback | None = None,
        trace_dir: str | Path | None = None,
        conversation_id: str | None = None,
        instructions: str | None = None,
        history: History | None = None,
        page_deltas: bool = True,
        record: str | Path | None = None,
    ) -> None:
        STEPS.check("max_steps", max_steps)
        self.task, self.url, self.model = task, url, model
        self.manager, self.client = manager, client
        self.registry = registry or default_registry()
        self.max_steps, self.on_step = max_steps, on_step
        self.instructions = instructions if instructions is not None else load_prompt()
        # A conversation the agent made for itself is closed when the run ends; a given one is the caller's.
        self.owns_conversation = conversation_id is None
        self.conversation_id = conversation_id or manager.new_conversation_id()
        self.ctx = ToolContext(manager, self.conversation_id)
        # Every action answers with the page it leaves (its changes since the last model): no snapshot
        # after each action, and the history keeps one full model per document plus small deltas.
        self.ctx.page_deltas = page_deltas
        self.history = history or History()
        self.declarations = self.registry.declarations()
        self.schemas = {d["name"]: d["input_schema"] for d in self.declarations}
        variant = "strict" if client.strict_tools else "plain"
        self.fixed_tokens = {
            "declarations": sum(c[variant] for c in tokens.declarations_cost(self.declarations)),
            "instructions": tokens.count(self.instructions),
        }
        self._item_tokens: dict[int, tuple[dict[str, Any], int]] = {}
        self.trace = TraceWriter(trace_dir) if trace_dir else None
        self.record = Path(record) if record else None  # where the run's flow goes (tools/flows)
        self._flow_mark = 0
        self.flow: Flow | None = None  # the flow written, once the run is over
        self.result = AgentResult(conversation_id=self.conversation_id)

    async def run(self) -> AgentResult:
        result = self.result
        if self.trace:
            self.trace.write(
                "start",
                task=self.task,
                url=self.url,
                model=self.model or self.client.model,
                max_steps=self.max_steps,
                conversation_id=self.conversation_id,
            )
        try:
            if self.record:
                self._flow_mark = FlowLog.of(await self.manager.conversation(self.conversation_id)).mark()
            await self._loop()
        except asyncio.CancelledError:
            result.status = "cancelled"
            raise
        except BrowserxError as exc:
            result.status, result.error = "failed", exc.to_dict()
        finally:
            await self._release(self.history.pending())  # screenshots no request will carry
            if self.record:  # the run's successful steps, before its conversation closes
                self.flow = write_flow(
                    self.manager, self.conversation_id, self.record, task=self.task, since=self._flow_mark
                )
            if self.owns_conversation and not self.manager.connection_closed:
                with contextlib.suppress(BrowserxError, OSError):
                    await asyncio.shield(self.manager.close_conversation(self.conversation_id))
            if self.trace:
                self.trace.write(
                    "end", status=result.status, answer=result.answer, error=result.error, summary=result.summary()
                )
                self.trace.close()
        return result

    async def _loop(self) -> None:
        result = self.result
        intro = f"Task: {self.task}"
        if self.url:
            navigation = await self._call(
                0, 0, FunctionCall("start", "browser_navigate", json.dumps({"url": self.url})), replay=False
            )
            if not navigation.success:
                result.status, result.error = "failed", navigation.error
                return
            intro += "\nThe browser opened the start page: " + json.dumps(
                navigation.data, ensure_ascii=False, default=str, separators=(",", ":")
            )
        self.history.add_user(intro)
        while result.steps < self.max_steps:
            result.steps += 1
            step = result.steps
            uploads = self.history.pending()
            for upload in uploads:
                upload.state = "uploading"
            compactions = self.history.compactions
            items = self.history.build()
            try:
                turn = await self.client.turn(
                    instructions=self.instructions, items=items, declarations=self.declarations, model=self.model
                )
                for upload in uploads:
                    upload.state = "uploaded"
            except ModelRequestFailedError as exc:
                if not uploads:
                    raise
                # The image may be what the endpoint refused: report UPLOAD_FAILED and ask again without it.
                self.history.fail(uploads, exc)
                result.steps -= 1
                continue
            finally:
                await self._release(uploads, step)
            self._add_usage(step, turn.usage)
            sent = self._count_sent(items)
            result.compactions = self.history.compactions
            if self.trace:
                self.trace.write(
                    "model",
                    step=step,
                    text=turn.text,
                    usage=turn.usage,
                    attempts=turn.attempts,
                    calls=[{"call_id": c.call_id, "name": c.name} for c in turn.calls],
                    sent=sent,
                    compacted=self.history.compactions > compactions,
                )
            self.history.add_replay(turn.replay)
            if not turn.calls:
                result.status, result.answer = "completed", turn.text
                return
            for index, call in enumerate(turn.calls, start=1):
                await self._call(step, index, call)
        result.status = "step_limit"
        result.error = StepLimitError(f"no final answer after {self.max_steps} steps").to_dict()

    async def _call(self, step: int, index: int, call: FunctionCall, *, replay: bool = True) -> ToolResult:
        started = time.monotonic()
        try:
            arguments = json.loads(call.arguments or "{}")
        except json.JSONDecodeError as exc:
            arguments = None
            outcome = ToolResult(
                False, error=ValidationError(f"the arguments of {call.name} are not valid JSON: {exc.msg}").to_dict()
            )
        else:
            arguments = drop_nulls(arguments, self.schemas.get(call.name))
            outcome = await self.registry.dispatch(call.name, arguments, self.ctx)
        record = StepRecord(
            step,
            call.call_id,
            call.name,
            redact(arguments) if isinstance(arguments, dict) else {},
            outcome.success,
            outcome.code,
            outcome.metadata.get("duration_ms", round((time.monotonic() - started) * 1000, 1)),
            len(outcome.images),
            outcome.action,
        )
        self.result.records.append(record)
        self.result.tool_calls += 1
        self.result.screenshots += len(outcome.images)
        if replay:
            self.history.add_tool_output(call.call_id, call.name, outcome)
        if self.trace:
            self.trace.tool(index, asdict(record), outcome)
        log.info("%s", record.line())
        if self.on_step is not None:
            maybe = self.on_step(record)
            if inspect.isawaitable(maybe):
                await maybe
        if not replay:  # the start navigation has no request to carry its images
            await self._release([*(Upload(call.call_id, call.name, image) for image in outcome.images)], step)
        return outcome

    def _add_usage(self, step: int, usage: dict[str, int] | None) -> None:
        if usage is None:
            return
        total = self.result.usage or dict.fromkeys(usage, 0)
        self.result.usage = {key: total.get(key, 0) + usage.get(key, 0) for key in total}
        self.result.step_tokens.append(
            {
                "step": step,
                "input": usage.get("input_tokens", 0),
                "cached": usage.get("cached_tokens", 0),
                "output": usage.get("output_tokens", 0),
            }
        )

    def _count_sent(self, items: list[dict[str, Any]]) -> dict[str, int]:
        """This request's input by part (o200k), added to the run's totals."""
        sent = dict.fromkeys(SENT_PARTS, 0)
        sent.update(self.fixed_tokens)
        memo: dict[int, tuple[dict[str, Any], int]] = {}
        for item in items:
            known = self._item_tokens.get(id(item))
            n = known[1] if known is not None and known[0] is item else item_tokens(item)
            memo[id(item)] = (item, n)
            part = "page_models" if item.get("page_model") else "images" if item["kind"] == "image" else "other"
            sent[part] += n
        self._item_tokens = memo
        for part, n in sent.items():
            self.result.sent[part] = self.result.sent.get(part, 0) + n
        return sent

    async def _release(self, uploads: list[Upload], step: int = 0) -> None:
        """Uploaded or failed for the last time → Deleted: remove each screenshot's file."""
        for upload in uploads:
            if upload.state == "deleted":
                continue
            release_screenshot(self.manager.conversations.get(self.conversation_id), upload.path)
            if self.trace:
                self.trace.write("upload", step=step, call_id=upload.call_id, state=upload.state, then="deleted")
            upload.state = "deleted"


async def run_agent(
    task: str,
    *,
    manager: BrowserManager,
    client: ModelClient,
    url: str | None = None,
    model: str | None = None,
    registry: ToolRegistry | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    on_step: StepCallback | None = None,
    trace_dir: str | Path | None = None,
    conversation_id: str | None = None,
    page_deltas: bool = True,
    record: str | Path | None = None,
) -> AgentResult:
    agent = Agent(
        task,
        manager=manager,
        client=client,
        registry=registry,
        url=url,
        model=model,
        max_steps=max_steps,
        on_step=on_step,
        trace_dir=trace_dir,
        conversation_id=conversation_id,
        page_deltas=page_deltas,
        record=record,
    )
    return await agent.run()
