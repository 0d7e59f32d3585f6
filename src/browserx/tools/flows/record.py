"""Recording: every conversation keeps its successful steps, ready to be saved as a flow.

    registry.observers.append(FlowRecorder())        # default_registry() has one
    ...                                              # tool calls, from an agent, an MCP client, the API
    flow = FlowLog.of(conversation).flow(task="Order a mug")

The recorder watches tool dispatch: before a call that acts (RECORDED), it describes each element
the call names (a `Target`, from the page model of the element's document that the caller read, or
a new one when the caller got the id elsewhere); after a successful call it keeps the step. Reading
calls (snapshots, screenshots, logs, evaluation) are not steps.

Privacy: a value typed (`type`'s text, `fill`'s strings, a prompt's text) becomes a parameter named
after its field (`{{email}}`); the value stays in memory as the parameter's default, except a
password field's (or one named like a secret), which is a secret parameter: its value is never
written, and every string of the flow that contains it (a URL, a message) shows `{{password}}`
instead. Cookies and storage are never read.
"""

from __future__ import annotations

import contextlib
import logging
import re
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._version import __version__
from ...browser import BrowserManager, Conversation, Tab
from ...errors import BrowserxError
from ...page.model import PageModel, SnapshotOptions
from ...page.service import DomService
from .locate import describe, frame_key
from .model import Expect, Flow, Param, Step, Target, save_flow

if TYPE_CHECKING:
    from ..base import Tool, ToolContext, ToolResult
    from ..params import Params

log = logging.getLogger("browserx.flows")

# tool -> the actions recorded (None: every call). Coordinate actions are kept as they were made.
RECORDED: dict[str, set[str] | None] = {
    "browser_navigate": None,
    "browser_history": None,
    "browser_dom": {"click", "type", "keypress", "scroll", "select", "hover", "upload", "drag", "fill"},
    "browser_dialog": None,
    "browser_tabs": {"open", "select", "close"},
    "browser_wait": None,
    "browser_resize": None,
    "page_screenshot": {"click", "type", "scroll", "keypress", "drag"},
}
# Names that make a field's value a secret even when it is not a password input.
SECRET_NAME = re.compile(r"pass(word|code|phrase)?\b|\bpin\b|secret|one.time|\botp\b|token|\bcvc\b|\bcvv\b", re.I)
MAX_STEPS = 1000


class FlowLog:
    """A conversation's recorded steps, parameters and the values typed (kept in memory only)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.params: dict[str, Param] = {}
        self.values: dict[str, str] = {}  # parameter -> the value typed (secrets too: never written)
        self.paused = 0  # > 0: calls are not steps (a replay's own moves: a banner dismissed, a scroll)
        # The controls `find` named, by element id, for the document (loader id) they are of: a click on
        # one is described from there, with no new page model.
        self.found: dict[str, Target] = {}
        self.found_loader = ""

    @classmethod
    def of(cls, conversation: Conversation) -> FlowLog:
        return conversation.state.setdefault(cls, cls)

    def mark(self) -> int:
        """Where the steps from now on begin: `flow(since=mark)`."""
        return len(self.steps)

    def add(self, step: Step) -> None:
        if len(self.steps) < MAX_STEPS and not self.paused:
            self.steps.append(step)

    @contextlib.contextmanager
    def unrecorded(self) -> Iterator[None]:
        """Calls made meanwhile are not steps: what the flow did stays what it did on any day."""
        self.paused += 1
        try:
            yield
        finally:
            self.paused -= 1

    def param(self, value: str, target: Target | None, *, secret: bool = False) -> str:
        """The parameter for a typed value: the same secret, or the same value into the same field,
        typed before reuses its parameter."""
        field_name = target.name if target is not None and target.name else None
        secret = secret or bool(field_name and SECRET_NAME.search(field_name))
        for name, known in self.values.items():
            param = self.params[name]
            # a secret typed again (a password confirmed) is one parameter; another field's value is its own
            if known == value and param.secret == secret and (secret or param.field == field_name):
                return name
        base = _slug(field_name) if field_name else "secret_text" if secret else "text"
        if secret and target is not None and target.role == "textbox" and not field_name:
            base = "password"
        name, n = base, 1
        while name in self.params:
            n += 1
            name = f"{base}_{n}"
        self.params[name] = Param(secret=secret, default=None if secret else value, field=field_name)
        self.values[name] = value
        return name

    def flow(self, *, task: str | None = None, start_url: str | None = None, since: int = 0) -> Flow:
        steps = self.steps[since:]
        used = {m for step in steps for m in re.findall(r"\{\{([a-z0-9_]+)\}\}", step.model_dump_json())}
        if start_url is None:
            start_url = next((s.arguments.get("url") for s in steps if s.tool == "browser_navigate"), None)
        flow = Flow(
            task=task,
            start_url=start_url,
            recorded_at=datetime.now(UTC).isoformat(timespec="seconds"),
            recorded_with=__version__,
            params={name: p for name, p in self.params.items() if name in used},
            steps=list(steps),
        )
        secrets = {name: self.values[name] for name, p in self.params.items() if p.secret and self.values.get(name)}
        if not secrets:
            return flow
        return Flow.model_validate(_scrub(flow.model_dump(), secrets))


def write_flow(
    manager: BrowserManager, conversation_id: str, path: str | Path, *, task: str | None = None, since: int = 0
) -> Flow | None:
    """Save a conversation's steps (from `since`) as a flow file: what `browserx run --record` keeps.
    None when the conversation is gone or the file cannot be written (logged: the run stands)."""
    conversation = manager.conversations.get(conversation_id)
    if conversation is None:
        return None
    flow = conversation.state.setdefault(FlowLog, FlowLog).flow(task=task, since=since)
    try:
        save_flow(flow, path)
    except OSError as exc:
        log.warning("flow not written to %s: %s", path, exc)
        return None
    log.info("flow of %d steps written to %s", len(flow.steps), path)
    return flow


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40].strip("_")
    return slug if slug and slug[0].isalpha() else f"text_{slug}".rstrip("_")


def _scrub(value: Any, secrets: dict[str, str]) -> Any:
    """Every string with a secret value in it (plain or URL-encoded) shows its parameter instead."""
    if isinstance(value, str):
        for name, secret in secrets.items():
            for form in {secret, urllib.parse.quote(secret), urllib.parse.quote_plus(secret)}:
                value = value.replace(form, "{{" + name + "}}")
        return value
    if isinstance(value, dict):
        return {k: _scrub(v, secrets) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v, secrets) for v in value]
    return value


@dataclass
class _Pending:
    log: FlowLog
    tool: str
    action: str | None
    arguments: dict[str, Any]
    targets: dict[str, Target | None] = field(default_factory=dict)  # element id -> its target
    password_ids: set[str] = field(default_factory=set)
    find_loader: str | None = None  # a `find`: not a step, but what it names is kept (FlowLog.found)


class FlowRecorder:
    """A dispatch observer (tools/base.py): keeps each successful acting call of a conversation."""

    async def before(self, tool: Tool, params: Params, ctx: ToolContext) -> _Pending | None:
        action = getattr(params, "action", None)
        if tool.name == "browser_dom" and action == "find" and ctx.conversation_id is not None:
            return await _finding(params, ctx)
        if tool.name not in RECORDED or ctx.conversation_id is None:
            return None
        actions = RECORDED[tool.name]
        if actions is not None and action not in actions:
            return None
        try:
            conversation = await ctx.conversation()
            pending = _Pending(
                FlowLog.of(conversation), tool.name, action, params.model_dump(exclude_unset=True, by_alias=True)
            )
            ids = _element_ids(pending.arguments)
            if ids:
                tab = await conversation.tab(getattr(params, "tab_id", None))
                if tab.dialogs.pending is None:  # else the call fails (DIALOG_OPEN): nothing to describe
                    await _describe(tab, ids, pending, typing=action in ("type", "fill"))
        except BrowserxError as exc:  # the call itself will say what is wrong; the step is not recorded
            log.debug("not recording %s: %s", tool.name, exc.code)
            return None
        return pending

    def after(self, pending: _Pending | None, result: ToolResult) -> None:
        if pending is None or not result.success:
            return
        if pending.find_loader is not None:
            _keep_found(pending.log, pending.find_loader, result.data)
            return
        pending.log.add(_step(pending, result.data))


async def _finding(params: Params, ctx: ToolContext) -> _Pending | None:
    try:
        conversation = await ctx.conversation()
        tab = await conversation.tab(getattr(params, "tab_id", None))
    except BrowserxError:
        return None
    return _Pending(FlowLog.of(conversation), "browser_dom", "find", {}, find_loader=tab.loader_id)


def _keep_found(log: FlowLog, loader_id: str, data: Any) -> None:
    if log.found_loader != loader_id:
        log.found, log.found_loader = {}, loader_id
    for match in (data or {}).get("matches") or [] if isinstance(data, dict) else []:
        if isinstance(match, dict) and match.get("kind") == "control" and match.get("element_id"):
            log.found[match["element_id"]] = Target(
                role=str(match.get("role") or ""),
                name=" ".join(str(match.get("name") or "").split()),
                region=match.get("region"),
                heading=match.get("heading"),
                id=match["element_id"],
            )


def _element_ids(arguments: dict[str, Any]) -> list[str]:
    ids = [arguments[k] for k in ("element_id", "target_id") if isinstance(arguments.get(k), str)]
    ids += [f["element_id"] for f in arguments.get("fields") or [] if isinstance(f, dict) and f.get("element_id")]
    return ids


@dataclass
class _Described:
    """Per tab: what the last model the steps were described from says of them, kept while it is the model.
    Each click on a page of a thousand controls would otherwise read them all twice (the ids, the target's
    index among those of its role and name), though the model is the same one from click to click."""

    model: PageModel | None = None
    ids: frozenset[str] = frozenset()
    targets: dict[str, tuple[Target | None, bool]] = field(default_factory=dict)  # id -> (target, a password?)

    def of(self, model: PageModel) -> _Described:
        if model is not self.model:
            self.model, self.ids, self.targets = model, frozenset(c.id for c in model.controls), {}
        return self


async def _describe(tab: Tab, ids: list[str], pending: _Pending, *, typing: bool) -> None:
    """Targets from the model of this document the caller read, or from what its `find` named (no
    new capture), else from a new model. Typing always needs a model's word on a password field."""
    service = DomService.of(tab)
    model: PageModel | None = service.last if service.last_loader_id == tab.loader_id else None
    described = tab.state.setdefault(_Described, _Described)
    known = described.of(model).ids if model is not None else frozenset()
    found = pending.log.found if pending.log.found_loader == tab.loader_id else {}
    if not typing and all(i in known or i in found for i in ids):
        for element_id in ids:
            if element_id not in known:
                pending.targets[element_id] = found[element_id]
        ids = [i for i in ids if i in known]
        if not ids:
            return
    if model is None or not set(ids) <= known:
        model = await service.snapshot()
        if not set(ids) <= described.of(model).ids and model.omitted.get("controls"):
            model = await service.snapshot(SnapshotOptions(max_controls=5000))
    targets = described.of(model).targets
    for element_id in ids:
        if element_id not in targets:
            frame = service.frame_of(element_id).child
            control = model.control(element_id)
            # only a password input reports `filled`
            password = control is not None and control.filled is not None
            targets[element_id] = (describe(model, element_id, frame_key(frame.url) if frame else None), password)
        pending.targets[element_id], password = targets[element_id]
        if password:
            pending.password_ids.add(element_id)


def _step(pending: _Pending, data: Any) -> Step:
    args = dict(pending.arguments)
    log, targets = pending.log, pending.targets
    step = Step(tool=pending.tool, action=pending.action)
    args.pop("action", None)
    element_id = args.pop("element_id", None)
    if element_id is not None:
        step.target = targets.get(element_id) or _unknown(element_id)
    target_id = args.pop("target_id", None)
    if target_id is not None:
        step.drop_target = targets.get(target_id) or _unknown(target_id)

    def typed(value: str, target: Target | None, element: str | None) -> str:
        if value == "":
            return value
        secret = element in pending.password_ids or (pending.tool == "page_screenshot")  # where it went: unknown
        return "{{" + log.param(value, target, secret=secret) + "}}"

    if isinstance(args.get("text"), str) and pending.tool in ("browser_dom", "page_screenshot"):
        args["text"] = typed(args["text"], step.target, element_id)
    if isinstance(args.get("prompt_text"), str):
        args["prompt_text"] = typed(args["prompt_text"], None, None)
    if args.get("fields"):
        fields, step.fields = [], []
        for original in args["fields"]:
            given = dict(original)
            field_id = given.pop("element_id", None)
            target = targets.get(field_id or "") or _unknown(field_id or "")
            if isinstance(given.get("value"), str):
                given["value"] = typed(given["value"], target, field_id)
            fields.append(given)
            step.fields.append(target)
        args["fields"] = fields
    step.arguments = args
    data = data if isinstance(data, dict) else {}
    effects = effects_of(data, pending.tool)
    if effects or isinstance(data.get("effects"), dict):
        step.changed = {k: v for k, v in effects.items() if k != "focus"} or None
        step.expect = expectation(effects)
    return step


def _unknown(element_id: str) -> Target:
    """An element the page model did not list (an id from `find`): the replay cannot find it again."""
    return Target(role="unknown", name="", id=element_id)


NAVIGATING_TOOLS = ("browser_navigate", "browser_history")


def effects_of(data: Any, tool: str | None = None) -> dict[str, Any]:
    """What a step's result says it did, for recording, replay and exported scripts alike: a
    navigation's own answer read as effects (where it led: a redirect?), else the action's `effects`.
    Without the tool (an exported script checks a bare result), a result with a URL and no effects is
    a navigation's."""
    data = data if isinstance(data, dict) else {}
    navigation = tool in NAVIGATING_TOOLS if tool is not None else "effects" not in data
    if navigation and isinstance(data.get("url"), str):
        return {"url": data["url"], "load": data.get("load", "complete")}
    effects = data.get("effects")
    return effects if isinstance(effects, dict) else {}


def expectation(effects: dict[str, Any]) -> Expect:
    """What a replay checks of a step: where it led, the dialog it opened, a new tab, a download."""
    url = effects.get("url")
    dialogs = effects.get("dialogs") or []
    dialog = effects.get("dialog") or {}
    return Expect(
        navigates_to=urllib.parse.urlsplit(url).path if isinstance(url, str) else None,
        new_document="load" in effects or effects.get("navigation") == "pending",
        dialog=dialog.get("type") or (dialogs[0].get("dialog_type") if dialogs else None),
        new_tab=bool(effects.get("new_tabs")),
        download=bool(effects.get("downloads")),
    )
