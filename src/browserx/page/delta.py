"""Exact deltas between two page models of one document (pure: no CDP).

    delta = diff(base, now)            # what changed, keyed by the element ids (stable in a document)
    assert apply(base, delta) == now   # field for field, and so render_text() line for line
    delta.to_json_dict()               # the JSON an LLM reads: {removed, added, changed, headings, ...}

Controls are matched by id: `removed` lists ids, `added` whole controls, `changed` only the fields
that changed. Order is kept with `after` (the id of the control now before it; null: the first):
every added control carries it, and a kept control only when it moved (the controls that kept their
relative order are the longest run difflib finds). Headings, notes and the reader text's lines are
sequences without ids: each is a list of edits `[start, end, items]` (replace `base[start:end]` by
`items`, indices into the base sequence, ascending). A note's place (`before`, an index into the
controls) travels as the id of the control it precedes, and a control's `heading` (an index into the
headings) follows the headings' edits, so neither changes when only the controls or headings around
them do. Every other field of the model comes whole when it changed.

The LLM-facing JSON leaves out what the model's own LLM JSON leaves out (`aimap`, the controls'
`heading`); applied to a model, such a delta gives the same LLM JSON as the full snapshot.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import Any

from .model import OPTIONAL_CONTROL_KEYS, Control, Heading, Note, PageModel

Edit = tuple[int, int, list[Any]]
# Fields that come whole when they changed (the sequences and the controls are edited).
WHOLE_FIELDS = (
    "title",
    "url",
    "regions",
    "omitted",
    "viewport",
    "text_range",
    "next_offset",
    "text_changed",
    "within",
    "modal",
)


@dataclass
class Delta:
    removed: list[str] = field(default_factory=list)
    added: list[dict[str, Any]] = field(default_factory=list)  # a control's JSON, with "after" and "heading"
    changed: list[dict[str, Any]] = field(default_factory=list)  # {"id", changed fields..., "after"?}
    headings: list[Edit] = field(default_factory=list)
    notes: list[Edit] = field(default_factory=list)  # items {kind, text, region?, before: id|None}
    text: list[Edit] = field(default_factory=list)  # items: lines
    fields: dict[str, Any] = field(default_factory=dict)  # WHOLE_FIELDS that changed, their new value
    aimap: dict[str, str | None] = field(default_factory=dict)  # id -> selector; None: dropped

    @property
    def empty(self) -> bool:
        return (
            not (self.removed or self.added or self.changed or self.headings or self.notes or self.text or self.fields)
            and not self.aimap
        )

    def to_json_dict(self, *, llm: bool = True) -> dict[str, Any]:
        """Only the parts that changed; `llm`: without `aimap` and the controls' `heading` index."""
        out: dict[str, Any] = {}
        for key in ("removed", "added", "changed", "headings", "notes", "text"):
            value = getattr(self, key)
            if value:
                out[key] = [list(edit) for edit in value] if key in ("headings", "notes", "text") else value
        if llm:
            for key in ("added", "changed"):
                if key in out:
                    out[key] = [{k: v for k, v in c.items() if k != "heading"} for c in out[key]]
                    out[key] = [c for c in out[key] if len(c) > 1 or key == "added"]
                    if not out[key]:
                        out.pop(key)
        out.update(self.fields)
        if self.aimap and not llm:
            out["aimap"] = dict(self.aimap)
        return out

    @classmethod
    def from_json_dict(cls, data: dict[str, Any]) -> Delta:
        return cls(
            removed=list(data.get("removed", [])),
            added=[dict(c) for c in data.get("added", [])],
            changed=[dict(c) for c in data.get("changed", [])],
            headings=[(int(a), int(b), list(items)) for a, b, items in data.get("headings", [])],
            notes=[(int(a), int(b), list(items)) for a, b, items in data.get("notes", [])],
            text=[(int(a), int(b), list(items)) for a, b, items in data.get("text", [])],
            fields={k: data[k] for k in WHOLE_FIELDS if k in data},
            aimap=dict(data.get("aimap", {})),
        )


# ---- diff ----------------------------------------------------------------------------------------


def _edits(base: list[Any], now: list[Any]) -> list[Edit]:
    def keys(items: list[Any]) -> list[Any]:
        return [item if isinstance(item, str) else json.dumps(item) for item in items]

    matcher = difflib.SequenceMatcher(None, keys(base), keys(now), autojunk=False)
    return [(i1, i2, now[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _kept_index(edits: list[Edit], base_len: int) -> dict[int, int]:
    """Base index -> index after the edits, for the items the edits keep."""
    out: dict[int, int] = {}
    i = shift = 0
    for start, end, items in edits:
        for k in range(i, start):
            out[k] = k + shift
        shift += len(items) - (end - start)
        i = end
    for k in range(i, base_len):
        out[k] = k + shift
    return out


def _control_fields(control: Control) -> dict[str, Any]:
    return {**control.model_dump(by_alias=True), "heading": control.heading}


def _note_items(model: PageModel) -> list[dict[str, Any]]:
    ids = [c.id for c in model.controls]
    items = []
    for note in model.notes:
        item: dict[str, Any] = {"kind": note.kind, "text": note.text}
        if note.region is not None:
            item["region"] = note.region
        item["before"] = ids[note.before] if note.before < len(ids) else None
        items.append(item)
    return items


def _lines(text: str) -> list[str]:
    return text.split("\n") if text else []


def diff(base: PageModel, now: PageModel) -> Delta:
    """What turns `base` into `now` (two models of one document: ids mean the same elements)."""
    delta = Delta()
    for key in WHOLE_FIELDS:
        after = getattr(now, key)
        after = after.model_dump() if key == "viewport" else after
        if not _same(base.model_dump(include={key})[key], after):
            delta.fields[key] = after
    headings_base = [[h.level, h.text] for h in base.headings]
    delta.headings = _edits(headings_base, [[h.level, h.text] for h in now.headings])
    heading_map = _kept_index(delta.headings, len(headings_base))

    base_by_id = {c.id: c for c in base.controls}
    now_ids = {c.id for c in now.controls}
    delta.removed = [c.id for c in base.controls if c.id not in now_ids]
    kept_base = [c.id for c in base.controls if c.id in now_ids]
    kept_now = [c.id for c in now.controls if c.id in base_by_id]
    matcher = difflib.SequenceMatcher(None, kept_base, kept_now, autojunk=False)
    in_place = {kept_now[j] for block in matcher.get_matching_blocks() for j in range(block.b, block.b + block.size)}
    previous: str | None = None
    for control in now.controls:
        old = base_by_id.get(control.id)
        if old is None:
            delta.added.append({**_trimmed(_control_fields(control)), "after": previous})
        elif _unchanged(old, control, heading_map) and control.id in in_place:
            pass  # most controls: nothing to say (compared without serialising them)
        else:
            before = _control_fields(old)
            before["heading"] = heading_map.get(old.heading) if old.heading is not None else None
            change = _changes(before, control)
            if control.id not in in_place:
                change["after"] = previous
            if change:
                delta.changed.append({"id": control.id, **change})
        previous = control.id

    delta.notes = _edits(_note_items(base), _note_items(now))
    delta.text = _edits(_lines(base.text), _lines(now.text))
    for element_id, selector in now.aimap.items():
        if base.aimap.get(element_id) != selector:
            delta.aimap[element_id] = selector
    for element_id in base.aimap:
        if element_id not in now.aimap:
            delta.aimap[element_id] = None
    return delta


def _changes(before: dict[str, Any], control: Control) -> dict[str, Any]:
    """The fields of a kept control that are not as they were (`before`: its _control_fields then)."""
    return {k: v for k, v in _control_fields(control).items() if not _same(before.get(k), v)}


def _same(a: Any, b: Any) -> bool:
    """Equal, and dicts in the same key order (the text renders them in their order)."""
    if a != b:
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return all(_same(x, y) for x, y in zip(a, b, strict=True))
    return True


def _unchanged(old: Control, control: Control, heading_map: dict[int, int]) -> bool:
    mapped = heading_map.get(old.heading) if old.heading is not None else None
    return (
        mapped == control.heading
        and {**old.__dict__, "heading": mapped} == control.__dict__
        and list(old.states) == list(control.states)
    )


def _trimmed(fields: dict[str, Any]) -> dict[str, Any]:
    """A new control as the JSON model has it: optional keys only when set."""
    return {k: v for k, v in fields.items() if not (k in OPTIONAL_CONTROL_KEYS and v is None)}


@dataclass
class ControlPatch:
    """A model made from `base` by changing some of its controls in place, as the page said they changed
    (inpage/recheck.js, with no new walk): the same model and the same delta as a capture and `diff` give,
    without either. `indices` (ascending) are the controls it changed, the same in both models."""

    base: PageModel
    now: PageModel
    indices: list[int]

    @classmethod
    def checked(cls, base: PageModel, changes: list[Any]) -> ControlPatch | None:
        """`changes`: [control index, its checked state now] (True, False or "mixed"); None if one is
        not a control of `base` with a checked state."""
        controls = list(base.controls)
        for index, state in changes:
            if not (isinstance(index, int) and 0 <= index < len(controls)) or "checked" not in controls[index].states:
                return None
            if not (isinstance(state, bool) or state == "mixed"):
                return None
            control = controls[index]
            # The key keeps its place: the text renders states in their order.
            controls[index] = control.model_copy(update={"states": {**control.states, "checked": state}})
        return cls(base, base.model_copy(update={"controls": controls}), sorted({index for index, _ in changes}))

    def delta(self) -> Delta:
        """diff(base, now): the changed controls' fields (nothing moved, so no `after`)."""
        changed = []
        for index in self.indices:
            change = _changes(_control_fields(self.base.controls[index]), self.now.controls[index])
            if change:
                changed.append({"id": self.now.controls[index].id, **change})
        return Delta(changed=changed)


# ---- apply ---------------------------------------------------------------------------------------


def _apply_edits(base: list[Any], edits: list[Edit]) -> list[Any]:
    out = list(base)
    for start, end, items in sorted(edits, key=lambda e: e[0], reverse=True):
        out[start:end] = items
    return out


def apply(base: PageModel, delta: Delta) -> PageModel:
    """The model `delta` describes, built on `base` (which is left as it was). ValueError: the delta
    does not fit this base."""
    data = base.model_dump()
    data.update(delta.fields)
    headings = _apply_edits([[h.level, h.text] for h in base.headings], delta.headings)
    heading_map = _kept_index(delta.headings, len(base.headings))
    data["headings"] = [Heading(level=level, text=text) for level, text in headings]

    removed = set(delta.removed)
    changes = {c["id"]: c for c in delta.changed}
    moving = {element_id for element_id, c in changes.items() if "after" in c}
    unknown = (removed | set(changes)) - {c.id for c in base.controls}
    if unknown:
        raise ValueError(f"the delta names controls its base does not have: {sorted(unknown)}")
    controls: list[Control] = []
    for control in base.controls:
        if control.id in removed or control.id in moving:
            continue
        controls.append(_changed(control, changes.get(control.id), heading_map))
    moved = {c.id: c for c in base.controls if c.id in moving}
    pending = [(c["after"], _changed(moved[c["id"]], c, heading_map)) for c in delta.changed if c["id"] in moving]
    pending += [(c["after"], _new_control(c)) for c in delta.added]
    # Each placed control follows the one before it now: chains hanging off a kept control (or the start).
    follows = dict(pending)
    if len(follows) != len(pending):
        raise ValueError("the delta places two controls after the same one")
    placed: list[Control] = []

    def chain(after: str | None) -> None:
        while after in follows:
            control = follows.pop(after)
            placed.append(control)
            after = control.id

    chain(None)
    for control in controls:
        placed.append(control)
        chain(control.id)
    if follows:
        raise ValueError("the delta places controls after ids it never gives")
    controls = placed
    data["controls"] = controls

    ids = {c.id: i for i, c in enumerate(controls)}
    notes = []
    for item in _apply_edits(_note_items(base), delta.notes):
        before = item.get("before")
        notes.append(
            Note(
                kind=item["kind"],
                text=item["text"],
                region=item.get("region"),
                before=len(controls) if before is None else ids[before],
            )
        )
    data["notes"] = notes
    data["text"] = "\n".join(_apply_edits(_lines(base.text), delta.text))
    aimap = dict(base.aimap)
    for element_id, selector in delta.aimap.items():
        if selector is None:
            aimap.pop(element_id, None)
        else:
            aimap[element_id] = selector
    # The capture lists selectors in the controls' order (frames' after them): keep that order.
    ordered = {c.id: aimap.pop(c.id) for c in controls if c.id in aimap}
    data["aimap"] = {**ordered, **aimap}
    return PageModel.model_validate(data)


def _new_control(fields: dict[str, Any]) -> Control:
    control = Control.model_validate({k: v for k, v in fields.items() if k not in ("after", "heading")})
    control.heading = fields.get("heading")
    return control


def _changed(control: Control, change: dict[str, Any] | None, heading_map: dict[int, int]) -> Control:
    data = _control_fields(control)
    data["heading"] = heading_map.get(control.heading) if control.heading is not None else None
    for key, value in (change or {}).items():
        if key not in ("id", "after"):
            data[key] = value
    return _new_control(data)
