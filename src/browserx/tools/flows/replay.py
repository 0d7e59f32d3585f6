"""Replaying a flow without a model: each element found again, each step's effect checked.

    replay = Replay(flow, registry, manager, conversation_id, values=flow.resolve(given), url=None)
    report = await replay.run()      # ReplayReport; REPLAY_DIVERGED (ReplayDivergedError) at the first
                                     # step that cannot be matched or whose effect differs

Each step is the recorded tool call, dispatched as any call is (so it is recorded again, and an MCP
client's replay becomes steps of its conversation), with its parameters filled in and each element
id replaced by the id of the control its target names on the page now (locate.py), read from a
page model of the current document: one model serves the steps that follow while nothing they did
changed the page. A call that fails because the element went stale is retried once on a new
model; one that a cookie banner covers, once after dismissing the banner (preferring Reject, then
Close, then Accept), or after scrolling the element to the middle of the view. After the call, its
effects are compared with the recorded ones (`check_effects`): a new document where one loaded
(and the same path, ids aside), the same type of dialog, a new tab, a download.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...actions.settle import first_render
from ...browser import BrowserManager, Tab
from ...errors import ReplayDivergedError
from ...page.model import PageModel, SnapshotOptions
from ...page.service import DomService
from ..base import ToolContext
from .check import effect_problems, rebase_url
from .locate import frame_key, locate
from .model import Flow, Step, Target, substitute
from .record import FlowLog, effects_of, expectation

if TYPE_CHECKING:
    from ..base import ToolRegistry, ToolResult

StepCallback = Callable[["StepOutcome"], Any]
COOKIE_BANNER = re.compile(r"cookie|consent|privacy|gdpr|tracking", re.I)
# The button of a banner to press, best first: the choice that shares least.
BANNER_CHOICES = (
    re.compile(r"reject|decline|refuse|deny|necessary|essential|only required", re.I),
    re.compile(r"close|dismiss|no,? thanks|got it|^ok$|^×$|^x$", re.I),
    re.compile(r"accept|agree|allow|consent|ok\b", re.I),
)
# Effects that say the page is no longer the one the last model describes.
CHANGES_PAGE = ("dom_changed", "url", "load", "navigation", "dialog", "dialogs", "new_tabs", "controls_added")


@dataclass
class StepOutcome:
    number: int
    total: int
    step: Step
    duration_ms: float
    found: list[str] = field(default_factory=list)  # "te_6 by role+name" per element
    notes: list[str] = field(default_factory=list)  # what the replay did besides the call
    url: str | None = None  # where a navigation went, when the replay started elsewhere (--url)

    def line(self) -> str:
        what = self.step.describe() if self.url is None else f"{self.step.tool} {self.url}"
        found = f" [{', '.join(self.found)}]" if self.found else ""
        notes = f"; {'; '.join(self.notes)}" if self.notes else ""
        return f"step {self.number}/{self.total}: {what}{found} -> ok ({self.duration_ms:.0f} ms){notes}"


@dataclass
class ReplayReport:
    total: int
    outcomes: list[StepOutcome] = field(default_factory=list)
    duration_s: float = 0.0
    diverged: dict[str, Any] | None = None  # the REPLAY_DIVERGED error, when the replay stopped

    @property
    def replayed(self) -> int:
        return len(self.outcomes)

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "steps": self.total,
            "replayed": self.replayed,
            "duration_ms": round(self.duration_s * 1000),
            "model_calls": 0,
            "tokens": 0,
        }
        if self.diverged:
            out["diverged"] = self.diverged
        return out


class Replay:
    def __init__(
        self,
        flow: Flow,
        registry: ToolRegistry,
        manager: BrowserManager,
        conversation_id: str,
        *,
        values: dict[str, str],
        url: str | None = None,
        on_step: StepCallback | None = None,
        nested: bool = False,
    ) -> None:
        self.flow, self.registry, self.manager = flow, registry, manager
        self.conversation_id, self.values, self.url = conversation_id, values, url
        self.on_step, self.nested = on_step, nested
        self.report = ReplayReport(total=len(flow.steps))
        self.frames = any(t.frame for s in flow.steps for t in _targets(s))
        self._model: tuple[str, PageModel] | None = None  # (loader id, model) the next steps may use

    async def run(self) -> ReplayReport:
        started = time.monotonic()
        try:
            if self.url and not any(s.tool == "browser_navigate" for s in self.flow.steps):
                await self._call("browser_navigate", {"url": self.url})
            for number, step in enumerate(self.flow.steps, start=1):
                await self._step(number, step)
        except ReplayDivergedError as exc:
            self.report.diverged = exc.to_dict()
            raise
        finally:
            self.report.duration_s = time.monotonic() - started
        return self.report

    async def _step(self, number: int, step: Step) -> None:
        started = time.monotonic()
        outcome = StepOutcome(number, len(self.flow.steps), step, 0.0)
        arguments = substitute(step.arguments, self.values)
        if step.action is not None:
            arguments = {"action": step.action, **arguments}
        if isinstance(arguments.get("url"), str):
            arguments["url"] = rebase_url(arguments["url"], self.flow.start_url, self.url)
            if arguments["url"] != step.arguments.get("url"):
                outcome.url = arguments["url"]
        result: ToolResult | None = None
        for attempt in range(3):
            if _targets(step):
                arguments = await self._with_ids(number, step, arguments, outcome, fresh=attempt > 0)
            result = await self._call(step.tool, arguments)
            if result.success or attempt == 2:
                break
            if result.code == "NODE_NOT_FOUND" and attempt == 0:
                continue  # the element went stale: find it again on a new model
            if result.code == "ELEMENT_COVERED" and step.target is not None:
                note = await self._uncover(step, arguments, result)
                if note:
                    outcome.notes.append(note)
                    continue
            break
        assert result is not None
        if not result.success:
            raise self._diverged(
                number,
                step,
                f"the call failed: {result.code}: {(result.error or {}).get('message')}",
                cause=result.error,
            )
        data = result.data if isinstance(result.data, dict) else {}
        problems = effect_problems(step.expect, data, navigated=effects_of(data, step.tool))
        if problems:
            raise self._diverged(
                number,
                step,
                "its effect differs: " + "; ".join(problems),
                expected=step.expect.model_dump(exclude_defaults=True) if step.expect else None,
                got=_got(step, data),
            )
        effects = effects_of(data, step.tool)
        if step.tool != "browser_dom" or any(effects.get(k) for k in CHANGES_PAGE):
            self._model = None  # the page moved on: the next step reads a new model
        outcome.duration_ms = (time.monotonic() - started) * 1000
        self.report.outcomes.append(outcome)
        if self.on_step is not None:
            self.on_step(outcome)

    async def _call(self, tool: str, arguments: dict[str, Any]) -> ToolResult:
        ctx = ToolContext(self.manager, self.conversation_id)
        return await self.registry.dispatch(tool, arguments, ctx, nested=self.nested)

    async def _aside(self, arguments: dict[str, Any]) -> ToolResult:
        """A browser_dom call of the replay's own (a banner dismissed, a scroll): not a step of the flow."""
        conversation = await self.manager.conversation(self.conversation_id)
        with FlowLog.of(conversation).unrecorded():
            return await self._call("browser_dom", arguments)

    async def _tab(self, step: Step) -> Tab:
        conversation = await self.manager.conversation(self.conversation_id)
        tab = await conversation.tab(step.arguments.get("tab_id"))
        tab.check_open()
        return tab

    async def _page_model(self, tab: Tab, *, fresh: bool, wide: bool = False, built: bool = False) -> PageModel:
        """The model the next steps read: the last one while the page has not moved on, else a new one.
        `built`: wait first, as a first snapshot does, for a page still building (a single-page app's
        "Loading..."): only when the element was not there, so a page that is ready costs no wait."""
        if not fresh and not wide and self._model is not None and self._model[0] == f"{tab.tab_id}:{tab.loader_id}":
            return self._model[1]
        service = DomService.of(tab)
        options = SnapshotOptions(include_cross_origin_iframes=self.frames, max_controls=5000 if wide else 400)
        if built:
            model, _rendered = await first_render(tab, service.world, lambda: service.snapshot(options, fresh=True))
        else:
            model = await service.snapshot(options)
        self._model = (f"{tab.tab_id}:{tab.loader_id}", model)
        return model

    async def _with_ids(
        self, number: int, step: Step, arguments: dict[str, Any], outcome: StepOutcome, *, fresh: bool
    ) -> dict[str, Any]:
        tab = await self._tab(step)
        arguments = dict(arguments)
        outcome.found = []
        if step.target is not None:
            arguments["element_id"] = await self._find(number, step, tab, step.target, outcome, fresh=fresh)
        if step.drop_target is not None:
            arguments["target_id"] = await self._find(number, step, tab, step.drop_target, outcome, fresh=fresh)
        if step.fields is not None:
            fields = [dict(f) for f in arguments.get("fields") or []]
            for given, target in zip(fields, step.fields, strict=False):
                given["element_id"] = await self._find(number, step, tab, target, outcome, fresh=fresh)
            arguments["fields"] = fields
        return arguments

    async def _find(
        self, number: int, step: Step, tab: Tab, target: Target, outcome: StepOutcome, *, fresh: bool
    ) -> str:
        if target.role == "unknown":
            raise self._diverged(
                number, step, f"it acted on {target.id}, an element the page model did not list when recorded"
            )
        model = await self._page_model(tab, fresh=fresh)
        found = locate(model, target, self._frame_of(tab))
        if found.control is None:
            model = await self._page_model(tab, fresh=True, built=True)  # it may have changed, or be building
            found = locate(model, target, self._frame_of(tab))
        if found.control is None and model.omitted.get("controls"):
            model = await self._page_model(tab, fresh=True, wide=True)
            found = locate(model, target, self._frame_of(tab))
        if found.control is None and model.modal and await self._dismiss_banner(tab, model, None, outcome):
            model = await self._page_model(tab, fresh=True)
            found = locate(model, target, self._frame_of(tab))
        if found.control is None:
            raise self._diverged(
                number,
                step,
                f"no {target.label()} on the page",
                expected=target.model_dump(exclude_none=True),
                candidates=found.candidates,
            )
        moved = f", was {target.id}" if target.id and target.id != found.control.id else ""
        outcome.found.append(f"{found.control.id} by {found.by}{moved}")
        return found.control.id

    def _frame_of(self, tab: Tab) -> Callable[[str], str | None] | None:
        return _frame_of(tab) if self.frames else None

    async def _uncover(self, step: Step, arguments: dict[str, Any], result: ToolResult) -> str | None:
        """Something lies on the element: dismiss it when it is a cookie banner, else bring the element
        to the middle of the view. What was done, or None when nothing could be."""
        tab = await self._tab(step)
        model = await self._page_model(tab, fresh=True)
        cover = ((result.error or {}).get("details") or {}).get("cover") or {}
        covering = model.control(str(cover.get("element_id") or ""))
        note = await self._dismiss_banner(tab, model, covering.region if covering else None, None, cover)
        if note:
            return note
        # The replay's own scroll, as the banner's dismissal: not a step of a flow recorded meanwhile.
        scrolled = await self._aside({"action": "scroll", "element_id": arguments["element_id"], "block": "center"})
        return "scrolled it to the middle of the view" if scrolled.success else None

    async def _dismiss_banner(
        self,
        tab: Tab,
        model: PageModel,
        region: str | None,
        outcome: StepOutcome | None,
        cover: dict[str, Any] | None = None,
    ) -> str | None:
        """Press the best button of a cookie banner (the covering region, or the open modal dialog)."""
        modal = model.modal or {}
        about = f"{region or ''} {(cover or {}).get('name', '')} {modal.get('name', '')} {modal.get('text', '')}"
        if not COOKIE_BANNER.search(about):
            return None
        buttons = [c for c in model.controls if c.role in ("button", "link") and (region is None or c.region == region)]
        choice = next((c for pattern in BANNER_CHOICES for c in buttons if pattern.search(c.name)), None)
        if choice is None:
            return None
        clicked = await self._aside({"action": "click", "element_id": choice.id})
        self._model = None
        if not clicked.success:
            return None
        note = f'dismissed the cookie banner ("{choice.name}")'
        if outcome is not None:
            outcome.notes.append(note)
        return note

    def _diverged(
        self,
        number: int,
        step: Step,
        what: str,
        *,
        expected: Any = None,
        got: Any = None,
        candidates: list[str] | None = None,
        cause: dict[str, Any] | None = None,
    ) -> ReplayDivergedError:
        details: dict[str, Any] = {"step": number, "of": len(self.flow.steps), "call": step.describe()}
        for key, value in (("expected", expected), ("got", got), ("candidates", candidates), ("cause", cause)):
            if value is not None:
                details[key] = value
        message = f"step {number} ({step.describe()}): {what}"
        if candidates:
            message += "; seen: " + ", ".join(candidates[:6])
        return ReplayDivergedError(message, details=details)


def _targets(step: Step) -> list[Target]:
    return [t for t in (step.target, step.drop_target, *(step.fields or [])) if t is not None]


def _got(step: Step, data: dict[str, Any]) -> dict[str, Any]:
    return expectation(effects_of(data, step.tool)).model_dump(exclude_defaults=True)


def _frame_of(tab: Tab) -> Callable[[str], str | None]:
    """The frame (frame_key) each element id of the tab's page model is in; None for the page's own."""
    service = DomService.of(tab)

    def frame_url(element_id: str) -> str | None:
        child = service.frame_of(element_id).child
        return frame_key(child.url) if child is not None else None

    return frame_url


async def find_element(tab: Tab, target: Target) -> str:
    """The element id of the control `target` names on the tab's page now (a new page model, read as
    the replay reads it); REPLAY_DIVERGED naming the candidates seen when none matches."""
    service = DomService.of(tab)
    frames = bool(target.frame)
    frame_of = _frame_of(tab) if frames else None
    options = SnapshotOptions(include_cross_origin_iframes=frames)
    model = await service.snapshot(options)
    found = locate(model, target, frame_of)
    if found.control is None:  # a page still building: wait as a first snapshot does, and look again
        model, _rendered = await first_render(tab, service.world, lambda: service.snapshot(options, fresh=True))
        found = locate(model, target, frame_of)
    if found.control is None and model.omitted.get("controls"):
        wide = SnapshotOptions(include_cross_origin_iframes=frames, max_controls=5000)
        found = locate(await service.snapshot(wide), target, frame_of)
    if found.control is None:
        raise ReplayDivergedError(
            f"no {target.label()} on the page"
            + ("; seen: " + ", ".join(found.candidates[:6]) if found.candidates else ""),
            details={"expected": target.model_dump(exclude_none=True), "candidates": found.candidates},
        )
    return found.control.id
