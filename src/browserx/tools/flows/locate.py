"""Finding an element again: a `Target` from a page model's control, and the control a target names.

    target = describe(model, "bu_4")           # role, name, region, heading, index, selector
    found = locate(other_model, target)        # found.control (None: no match), found.by, found.candidates

Ids renumber from one document to the next (and when a page inserts elements before the control),
so a target names the control as a person would: its role and accessible name, then, among several
such, the region it stands in, the heading it stands under, its index among the same-named
controls, and its selector, in that order. Each of those only narrows the candidates (a button
moved to another region is still found by its role and name); none widens them: a control whose
name changed is not found, and the replay says so.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

from ...page.model import Control, PageModel
from .model import Target

# Roles a control may change between within one family and still be the same control.
_FAMILIES = ({"textbox", "searchbox", "combobox"}, {"button", "link"})
MAX_CANDIDATES = 10


def norm(text: str | None) -> str:
    return " ".join((text or "").split())


def heading_of(model: PageModel, control: Control) -> str | None:
    if control.heading is None or not 0 <= control.heading < len(model.headings):
        return None
    return model.headings[control.heading].text


def frame_key(url: str) -> str:
    """A frame as a flow names it: its document's address without query or fragment (they change run to run)."""
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def describe(model: PageModel, element_id: str, frame: str | None = None) -> Target | None:
    """The target of the control `element_id` of `model`; None when the model does not list it."""
    control = model.control(element_id)
    if control is None:
        return None
    same = _named(model.controls, control.role, control.name, exact_role=True)
    return Target(
        role=control.role,
        name=norm(control.name),
        region=control.region,
        heading=heading_of(model, control),
        index=same.index(control),
        selector=model.aimap.get(element_id),
        frame=frame,
        id=element_id,
    )


@dataclass
class Located:
    control: Control | None
    by: str = ""  # what told it apart: "role+name", "region", "heading", "index", "selector", "first"
    candidates: list[str] = field(default_factory=list)  # what was seen instead, when nothing matched


def locate(model: PageModel, target: Target, frame_of: Callable[[str], str | None] | None = None) -> Located:
    """The control of `model` that `target` names (see the module's docstring for the order)."""
    controls = model.controls
    if frame_of is not None:
        controls = [c for c in controls if frame_of(c.id) == target.frame]
    same = _named(controls, target.role, target.name, exact_role=True) or _named(
        controls, target.role, target.name, exact_role=False
    )
    if not same:
        return Located(None, candidates=_candidates(model, controls, target))
    if len(same) == 1:
        return Located(same[0], "role+name")
    narrowed = same
    for by, value in (("region", target.region), ("heading", target.heading)):
        kept = [c for c in narrowed if (c.region if by == "region" else heading_of(model, c)) == value]
        if kept and len(kept) < len(narrowed):
            narrowed = kept
            if len(narrowed) == 1:
                return Located(narrowed[0], by)
    if target.index < len(same) and same[target.index] in narrowed:
        return Located(same[target.index], "index")
    if target.selector:
        by_selector = [c for c in narrowed if model.aimap.get(c.id) == target.selector]
        if by_selector:
            return Located(by_selector[0], "selector")
    return Located(narrowed[0], "first")


def _named(controls: list[Control], role: str, name: str, *, exact_role: bool) -> list[Control]:
    wanted = norm(name)
    family = next((f for f in _FAMILIES if role in f), {role})
    found = [c for c in controls if c.role == role and norm(c.name) == wanted]
    if found or exact_role:
        return found
    # the same name in another case, or a role of the same family (a search field that became a combobox)
    folded = wanted.casefold()
    return [c for c in controls if c.role in family and norm(c.name).casefold() == folded]


def _candidates(model: PageModel, controls: list[Control], target: Target) -> list[str]:
    """What a person would look at instead: controls of the same role family, then any of the same name."""
    family = next((f for f in _FAMILIES if target.role in f), {target.role})
    folded = norm(target.name).casefold()
    seen = [c for c in controls if c.role in family] + [
        c for c in controls if c.role not in family and folded and folded in norm(c.name).casefold()
    ]
    out = [f'{c.role} "{norm(c.name)}"' + (f" ({c.region})" if c.region else "") for c in seen[:MAX_CANDIDATES]]
    if model.modal:
        out.append(f'an open {model.modal.get("role", "dialog")} "{model.modal.get("name", "")}" covers the page')
    return out
