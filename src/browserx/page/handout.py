"""What a snapshot hands out: the full model, or only its changes since the last one handed out.

    given = hand_out(tab, model, options, since=True, as_text=True)
    given.data      # "(snapshot 5: changes since snapshot 4)\n..." or the full model's text
    given.number    # 5: every model handed out in a conversation has the next number
    given.base      # 4 for a delta; None for a full model
    given.reason    # why the full model came although changes were asked for; None otherwise

The tab remembers the last model it handed out per `within` (`HandedOut`, in tab.state) with the
document it came from (loader id) and the options it was taken with. A delta is `diff` (delta.py)
against it; the full model comes instead, saying why, when there is nothing to diff against (no
model handed out yet, other options), when the document is another one (ids are per document),
when the delta would be larger than HALF of the full model, or when the deltas handed out since the
last full model would add up to more than it (so whoever keeps the chain, the agent's history,
never keeps more than about twice a model).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..browser import Tab
from .delta import ControlPatch, diff
from .delta_text import control_positions, patched_lines, render_delta, render_patch
from .model import PageModel, SnapshotOptions
from .render import Tag, llm_json, mark_in_view, render_lines

HALF = 0.5  # a delta larger than this share of the full model: the full model instead


class SnapshotNumbers:
    """conversation.state: the number of the last model handed out in the conversation."""

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        self.last += 1
        return self.last


@dataclass
class Baseline:
    number: int
    model: PageModel
    loader_id: str
    options: SnapshotOptions
    in_view: bool  # the in-view flag convention of the full model the chain starts from (render_lines)
    lines: list[tuple[Tag, str]]  # render_lines of the model with that convention (the next delta's "before")
    chain: int = 0  # characters of the deltas handed out since the full model
    positions: dict[str, int] | None = None  # control_positions(lines), once a patch needed them


class HandedOut:
    """tab.state: the last model handed out, per `within` (None: the whole page)."""

    def __init__(self) -> None:
        self.baselines: dict[str | None, Baseline] = {}

    def page_options(self) -> SnapshotOptions:
        """The options of the last whole-page model (an action's delta compares with it), or the defaults."""
        baseline = self.baselines.get(None)
        return baseline.options if baseline is not None else SnapshotOptions()


@dataclass
class Handout:
    data: Any
    number: int
    base: int | None = None
    reason: str | None = None
    new_document: bool = False  # the first model handed out of this document (of its tab and within)
    full: Any = None  # a delta's: the full model it brings its base to (what a consumer may keep instead)

    def info(self, tab_id: int, within: str | None) -> dict[str, Any]:
        """What the agent's history keeps of it (tools' ToolOutput.page): its number, base, tab and
        within, and for a delta the full model it adds up to (a compaction keeps that one instead)."""
        info: dict[str, Any] = {"snapshot": self.number, "base": self.base, "key": [tab_id, within]}
        if self.new_document:
            info["new_document"] = True
        if self.full is not None:
            info["full"] = self.full
        return info


def hand_out(
    tab: Tab,
    model: PageModel,
    options: SnapshotOptions,
    *,
    since: bool,
    as_text: bool = True,
    loading: bool = False,
    patch: ControlPatch | None = None,
) -> Handout:
    """`patch`: how `model` was made from another without a walk (DomService.patch); when that other is
    the model handed out last, its lines and delta come from the patch, with no render or diff of all."""
    memory = tab.state.setdefault(HandedOut, HandedOut)
    number = tab.conversation.state.setdefault(SnapshotNumbers, SnapshotNumbers).next()
    baseline = memory.baselines.get(options.within)
    reason = _why_whole(baseline, tab.loader_id, options) if since else None
    own = mark_in_view(model)
    fast = _fast(patch, model, baseline, own) if since and reason is None else None
    # Once: the full text, and the next delta's "before".
    positions = None
    if fast is not None and baseline is not None:
        positions = baseline.positions or control_positions(baseline.lines)
        lines = patched_lines(baseline.lines, fast, own, positions)
    else:
        lines = render_lines(model, in_view=own, emulation=emulating(tab))
    whole = _whole(model, lines, number, reason, as_text, loading)
    if since and reason is None:
        assert baseline is not None
        delta = fast.delta() if fast is not None else diff(baseline.model, model)
        kept = (
            lines
            if own == baseline.in_view
            else render_lines(model, in_view=baseline.in_view, emulation=emulating(tab))
        )
        if as_text and fast is not None:
            data: Any = render_patch(fast, number=number, base_number=baseline.number, loading=loading, in_view=own)
        elif as_text:
            data = render_delta(
                baseline.model,
                model,
                delta,
                number=number,
                base_number=baseline.number,
                loading=loading,
                in_view=baseline.in_view,
                lines=(baseline.lines, kept),
            )
        else:
            data = {"delta": delta.to_json_dict(), "base": baseline.number, "snapshot": number}
            if loading:
                data["loading"] = True
        size, whole_size = _size(data), _size(whole)
        if size > HALF * whole_size:
            reason = "the changes are more than half of it"
        elif baseline.chain + size > whole_size:
            reason = "the changes since the last full model add up to more than it"
        else:
            memory.baselines[options.within] = Baseline(
                number, model, tab.loader_id, options, baseline.in_view, kept, baseline.chain + size, positions
            )
            return Handout(data, number, base=baseline.number, full=whole)
        whole = _whole(model, lines, number, reason, as_text, loading)
    memory.baselines[options.within] = Baseline(number, model, tab.loader_id, options, own, lines)
    new_document = baseline is not None and baseline.loader_id != tab.loader_id
    return Handout(whole, number, reason=reason, new_document=new_document)


def emulating(tab: Tab) -> str:
    """What the tab emulates, as devtools/emulation.py put it (a str entry under the key "emulation")."""
    return tab.state.get(str, "emulation") or ""


def _fast(patch: ControlPatch | None, model: PageModel, baseline: Baseline | None, own: bool) -> ControlPatch | None:
    """`patch` if it made `model` from the model handed out last, whose lines then serve (same in-view convention)."""
    if patch is None or baseline is None or patch.now is not model or patch.base is not baseline.model:
        return None
    return patch if own == baseline.in_view else None


def _why_whole(baseline: Baseline | None, loader_id: str, options: SnapshotOptions) -> str | None:
    if baseline is None:
        return "no earlier snapshot to compare with"
    if baseline.loader_id != loader_id:
        return "a new document"
    if baseline.options != options:
        return "other snapshot options than snapshot " + str(baseline.number)
    return None


def _whole(
    model: PageModel, lines: list[tuple[Tag, str]], number: int, reason: str | None, as_text: bool, loading: bool
) -> Any:
    """The full model handed out: render_text's, from its lines (`lines`), with the number and why."""
    said = f"snapshot {number}" + (f", the full model: {reason}" if reason else "")
    if as_text:
        first = lines[0][1] + f" ({said})" + (" (still loading)" if loading else "")
        return "\n".join([first, *(line for _tag, line in lines[1:])])
    out = llm_json(model, loading=loading)
    out["snapshot"] = number
    if reason:
        out["full"] = reason
    return out


def _size(data: Any) -> int:
    return len(data) if isinstance(data, str) else len(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
