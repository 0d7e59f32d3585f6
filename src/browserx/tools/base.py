"""Tool declarations, the one result shape, and the one dispatch that every call goes through.

A tool is a name, a description written for the model, a pydantic parameter model (params.py;
its JSON schema, compacted by schema.py, is what LLMs and MCP clients see), an async handler,
MCP annotations, and for a tool with an `action` field a declarative per-action table:

    Tool("browser_tabs", DESCRIPTION, TabsParams, tabs, annotations=Hints(),
         actions={"list": Needs(), "select": Needs("tab_id"), "open": Needs(takes=("url", "timeout"))})

`dispatch` validates the arguments (pydantic, then the action table: a field an action needs and
lacks is a VALIDATION_ERROR naming it, with a hint; a field given that the action does not take
is refused the same way unless it carries the field's default), serialises calls per
conversation, bounds every call in time, and turns any exception into `{code, message, hint}`:
nothing raised by a handler escapes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, Protocol

import pydantic

from .. import errors
from .._version import __version__
from ..browser import BrowserManager, Conversation, Tab
from ..browser.dialogs import DialogOpened, first_or_dialog
from ..errors import DialogOpenError, ValidationError, error_for_code, error_from_exception
from .params import Params
from .schema import compact_schema

TOOL_VERSION = __version__
DEFAULT_CALL_TIMEOUT = 60.0


@dataclass
class Image:
    data: bytes
    mime_type: str = "image/png"
    path: str | None = None  # the store's file, deleted once the request carrying it completes


@dataclass
class ToolOutput:
    """What a handler returns: JSON-able data, optional images, and the tab it acted on."""

    data: Any = None
    images: list[Image] = field(default_factory=list)
    tab_id: int | None = None
    # The page model (or delta) the data hands out: {snapshot, base, key: [tab_id, within]} (page/handout.py)
    page: dict[str, Any] | None = None


@dataclass
class ToolResult:
    success: bool
    data: Any = None
    error: dict[str, Any] | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    images: list[Image] = field(default_factory=list)
    action: str | None = None
    page: dict[str, Any] | None = None  # ToolOutput.page: for the agent's history, never serialised

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"success": self.success}
        if self.action is not None:
            out["action"] = self.action
        if self.success:
            out["data"] = self.data
        else:
            out["error"] = self.error
        out["metadata"] = self.metadata
        return out

    @property
    def code(self) -> str | None:
        return self.error["code"] if self.error else None


Handler = Callable[["ToolContext", Any], Awaitable[ToolOutput | Any]]


@dataclass(frozen=True)
class Needs:
    """What one action of a multi-action tool needs and takes.

    needs: fields that must be given; one_of: exactly one of these must be given; takes: optional
    fields the action also reads. A tool's `common` fields (tab_id, action, ...) go with every action.
    """

    needs: tuple[str, ...] = ()
    one_of: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()

    def __init__(self, *needs: str, one_of: tuple[str, ...] = (), takes: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "needs", needs)
        object.__setattr__(self, "one_of", one_of)
        object.__setattr__(self, "takes", takes)

    def fields(self) -> set[str]:
        return {*self.needs, *self.one_of, *self.takes}


@dataclass(frozen=True)
class Hints:
    """MCP tool annotations (the spec's ToolAnnotations): what calling the tool may do to the world."""

    read_only: bool = False  # changes nothing (reads the page, a log, a file)
    destructive: bool = False  # may undo or delete something (closing a tab, overwriting a file)
    idempotent: bool = False  # the same call again has no further effect
    open_world: bool = True  # talks to the web (pages, their servers) rather than a closed local set

    def to_mcp(self) -> dict[str, bool]:
        return {
            "readOnlyHint": self.read_only,
            "destructiveHint": self.destructive,
            "idempotentHint": self.idempotent,
            "openWorldHint": self.open_world,
        }


@dataclass
class Tool:
    name: str
    description: str
    params: type[Params]
    handler: Handler
    timeout_field: str | None = "timeout"  # a Duration parameter that bounds the whole call, if present
    annotations: Hints = field(default_factory=Hints)
    actions: dict[str, Needs] | None = None  # per action of the `action` field; checked in dispatch
    common: tuple[str, ...] = ("tab_id",)  # fields every action takes (besides `action`)
    hints: dict[str, str] = field(default_factory=dict)  # field -> how to give it, for a missing one

    def __post_init__(self) -> None:
        if self.actions is not None:
            declared = set(self.params.model_fields)
            enum = self.params.model_fields["action"].annotation.__args__  # type: ignore[union-attr]
            unknown = ({f for n in self.actions.values() for f in n.fields()} | set(self.common)) - declared
            if set(self.actions) != set(enum) or unknown:
                raise ValueError(f"{self.name}: the action table does not match its parameters ({unknown or enum})")

    def json_schema(self) -> dict[str, Any]:
        return compact_schema(self.params.model_json_schema())

    def declaration(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "input_schema": self.json_schema()}

    def check_action(self, params: Params) -> None:
        """The action table: needed fields present, exactly one of `one_of`, no field the action does not take."""
        if self.actions is None:
            return
        action = params.action  # type: ignore[attr-defined]  # a tool with actions has the field
        needs = self.actions[action]
        given = {name for name in params.model_fields_set if getattr(params, name) is not None}
        for name in needs.needs:
            if getattr(params, name) is None:
                raise ValidationError(
                    f"{self.name}: action={action} needs {name}",
                    hint=self.hints.get(name, f"Give {name}."),
                    details={"fields": [name]},
                )
        if needs.one_of and len(given & set(needs.one_of)) != 1:
            names = " or ".join(needs.one_of)
            raise ValidationError(
                f"{self.name}: action={action} needs exactly one of {names}",
                hint=f"Give {names} (not both).",
                details={"fields": list(needs.one_of)},
            )
        allowed = needs.fields() | set(self.common) | {"action"}
        stray = sorted(name for name in given - allowed if getattr(params, name) != _default(self.params, name))
        if stray:
            raise ValidationError(
                f"{self.name}: action={action} takes no {', '.join(stray)}",
                hint=f"Leave out {', '.join(stray)}; action={action} takes "
                f"{', '.join(sorted(allowed - {'action'})) or 'nothing else'}.",
                details={"fields": stray},
            )


class ToolContext:
    """What a handler may use: the conversation it serves, and its tabs."""

    def __init__(self, manager: BrowserManager, conversation_id: str | None = None) -> None:
        self.manager = manager
        self.config = manager.config
        self.conversation_id = conversation_id
        self.tabs_used: list[Tab] = []
        self.action: str | None = None
        self.dialog_opened: asyncio.Future[dict[str, Any]] | None = None  # set by dispatch (policy "ask")
        # An action without `since` still returns the page it leaves as a delta (the built-in agent's default).
        self.page_deltas = False
        self.registry: ToolRegistry | None = None  # the registry dispatching the call (a replay calls more)

    async def conversation(self) -> Conversation:
        return await self.manager.conversation(self.conversation_id)

    async def tab(self, tab_id: int | None = None, *, allow_crashed: bool = False, allow_dialog: bool = False) -> Tab:
        """The tab to act on; a crashed tab only for calls that load a new document (navigate, reload).

        The one place that refuses a tab whose open dialog waits for browser_dialog (DIALOG_OPEN).
        """
        tab = await (await self.conversation()).tab(tab_id)
        tab.check_open(allow_crashed=allow_crashed)
        if not allow_dialog:
            tab.dialogs.check()
        if tab not in self.tabs_used:
            self.tabs_used.append(tab)
        if self.dialog_opened is not None:
            tab.dialogs.listeners.add(self._dialog_seen)
        return tab

    def _dialog_seen(self, info: dict[str, Any], claimed: bool) -> None:
        # claimed: the handler's own action waits for it and reports it (element actions).
        if not claimed and self.dialog_opened is not None and not self.dialog_opened.done():
            self.dialog_opened.set_result(info)


class DispatchObserver(Protocol):
    """Told of every call: `before` it runs (arguments valid, the conversation's turn), `after` with its
    result. The flow recorder (tools/flows/record.py) is one; `before` must not raise."""

    async def before(self, tool: Tool, params: Params, ctx: ToolContext) -> Any: ...

    def after(self, seen: Any, result: ToolResult) -> None: ...


class ToolRegistry:
    def __init__(self) -> None:
        self.tools: dict[str, Tool] = {}
        self.observers: list[DispatchObserver] = []
        self._locks: dict[str, asyncio.Lock] = {}

    def add(self, tool: Tool) -> Tool:
        if tool.name in self.tools:
            raise ValueError(f"tool {tool.name} is declared twice")
        self.tools[tool.name] = tool
        return tool

    def tool(self, name: str, description: str, params: type[Params], **kwargs: Any) -> Callable[[Handler], Handler]:
        """Decorator form of `add`."""

        def register(handler: Handler) -> Handler:
            self.add(Tool(name, description, params, handler, **kwargs))
            return handler

        return register

    def names(self) -> list[str]:
        return list(self.tools)

    def declarations(self) -> list[dict[str, Any]]:
        return [tool.declaration() for tool in self.tools.values()]

    async def dispatch(self, name: str, arguments: Any, ctx: ToolContext, *, nested: bool = False) -> ToolResult:
        """One call. `nested`: made by a tool that holds its conversation already (a flow's replay),
        which would wait forever on the conversation's lock."""
        started = time.monotonic()
        tool = self.tools.get(name)
        ctx.action = None  # a reused context must not report the previous call's action
        ctx.registry = self
        seen: list[tuple[DispatchObserver, Any]] = []
        try:
            if tool is None:
                raise ValidationError(f"unknown tool {name!r}", hint=f"Use one of: {', '.join(self.tools)}.")
            params = _validate(tool, arguments)
            ctx.action = getattr(params, "action", None)
            tool.check_action(params)
            timeout = getattr(params, tool.timeout_field, None) if tool.timeout_field else None
            limit = (timeout or DEFAULT_CALL_TIMEOUT) + 5.0  # the handler's own waits end first
            lock = self._locks.setdefault(ctx.conversation_id or "", asyncio.Lock())
            async with contextlib.nullcontext() if nested else lock:
                window = asyncio.timeout(limit)
                try:
                    async with window:
                        seen = [(observer, await observer.before(tool, params, ctx)) for observer in self.observers]
                        output = await _call(tool, ctx, params)
                except TimeoutError as exc:
                    if not window.expired():
                        raise  # the handler's own TIMEOUT, with its own message and hint
                    raise errors.TimeoutError(f"{name} did not finish within {limit:g} s") from exc
            if not isinstance(output, ToolOutput):
                output = ToolOutput(data=output)
            result = ToolResult(True, data=output.data, images=output.images, action=ctx.action, page=output.page)
            tab_id = output.tab_id
        except (Exception, asyncio.CancelledError) as exc:  # the dispatch boundary: nothing escapes
            if isinstance(exc, asyncio.CancelledError) and _really_cancelled():
                raise
            error = error_from_exception(exc, name)
            result = ToolResult(False, error=error.to_dict(), action=ctx.action)
            tab_id = None
        notices = [n for tab in ctx.tabs_used for n in tab.take_notices()]
        if tab_id is None and ctx.tabs_used:
            tab_id = ctx.tabs_used[-1].tab_id
        result.metadata = {
            "duration_ms": round((time.monotonic() - started) * 1000, 1),
            "tab_id": tab_id,
            "timestamp": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "tool_version": TOOL_VERSION,
        }
        if notices:
            result.metadata["notices"] = notices
        for observer, before in seen:
            observer.after(before, result)
        return result


@functools.cache
def _default(params: type[Params], name: str) -> Any:
    """A field's default as validated ("15s" -> 15.0), to compare with a given value."""
    info = params.model_fields[name]
    default = info.get_default(call_default_factory=True)
    annotation: Any = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
    try:
        return pydantic.TypeAdapter(annotation).validate_python(default)
    except pydantic.ValidationError:
        return default


async def _call(tool: Tool, ctx: ToolContext, params: Params) -> Any:
    """The handler; with dialog policy "ask", it stops waiting when a dialog opens on a tab it uses
    (the page would not answer before browser_dialog) and the call reports DIALOG_OPEN."""
    if ctx.config.dialog_policy != "ask":
        return await tool.handler(ctx, params)
    ctx.dialog_opened = asyncio.get_running_loop().create_future()
    try:
        outcome = await first_or_dialog(tool.handler(ctx, params), ctx.dialog_opened)
    finally:
        ctx.dialog_opened = None
        for tab in ctx.tabs_used:
            tab.dialogs.listeners.discard(ctx._dialog_seen)
    if isinstance(outcome, DialogOpened):
        info = outcome.dialog
        raise DialogOpenError(
            f"{tool.name} opened a {info['type']} dialog: {info['message']!r}",
            hint="Answer it with browser_dialog (accept true or false; prompt_text for a prompt).",
            details={"dialog": info},
        )
    return outcome


def _really_cancelled() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _validate(tool: Tool, arguments: Any) -> Params:
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ValidationError(f"{tool.name} takes an object of named arguments, got {type(arguments).__name__}")
    try:
        return tool.params.model_validate(arguments)
    except pydantic.ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False, include_input=False)[:8]:
            where = ".".join(str(p) for p in err["loc"]) or "(arguments)"
            problems.append(f"{where}: {err['msg']}")
        raise ValidationError(
            f"invalid arguments for {tool.name}: " + "; ".join(problems),
            details={"fields": [".".join(str(p) for p in e["loc"]) for e in exc.errors()]},
        ) from None


def data_of(result: ToolResult) -> Any:
    """The data of a successful result; raises the coded error of a failed one (for library callers)."""
    if result.success:
        return result.data
    assert result.error is not None
    raise error_for_code(
        result.error["code"], result.error["message"], result.error.get("hint"), details=result.error.get("details")
    )
