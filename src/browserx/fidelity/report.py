"""Differential fidelity check: the page model against what Chromium exposes as actionable and a
person can see. A diagnostic (slow: the whole AX tree, a few CDP calls per node), never on the
snapshot path.

    report = await fidelity_report(tab, model)   # model: DomService.of(tab).snapshot(...)
    report.recall, report.precision              # in [0, 1]
    report.expected                              # Chromium's actionable, on-screen nodes
    report.misses    # [{role, name, backend_node_id, why, ...}] expected nodes the model lacks
    report.extras    # [{id, role, name, why}] model entries a person cannot see / cannot act on
    report.merged    # [{backend_node_id, into, rule}] expected nodes an entry stands for (MERGE_RULES)
    report.to_dict()

Definitions.
- **Actionable (Chromium).** Nodes of `Accessibility.getFullAXTree` of the main frame and its
  same-origin frames (to `max_iframe_depth`, as the model walks them; out-of-process frames are
  counted in `frames_skipped`) that are not ignored and have an interactive role
  (chromium.INTERACTIVE, Chromium's internal names mapped by axcheck.aria_role) or are
  `focusable`. Not controls, counted in `not_expected`: a grid's data cell that focus cannot reach
  ("static_cell"); a focusable node of another role unless the page made it a tab stop (tabindex
  ≥ 0: tabindex=-1 is programmatic focus only, "programmatic_focus"), a container (CONTAINER_ROLES:
  a dialog or region takes focus to lead the keyboard into it) or a scroll area (its action is
  scrolling, which the model states as a control's `container`). Never: the document, frames.
- **On screen.** The node's element has a box of its own (client rects, area > 1 px²), is visible
  (`checkVisibility` with opacity and visibility) and some part of it can be brought into view:
  the boxes that clip it (overflow, `contain: paint`, `clip`, inset `clip-path`, along its
  containing-block chain so fixed and absolute boxes escape what does not hold them, and the
  viewport, whose overflow comes from `<html>` or else `<body>` as CSS says) are intersected, where a
  scrollable box (`auto`/`scroll`, the viewport by default) clips to its scroll extent and a
  `hidden`/`clip` one to its padding box. So a control below the fold or inside a scroll box is on
  screen; one before the page's start, clipped away or behind `overflow: hidden` is not. (Content
  skipped by `content-visibility: auto` is not in Chromium's tree until it renders: neither side
  counts it; visibility checks do not treat it as hidden.) Where it shows
  now, it must not be covered: one of its points (each line's centre, five spots) receives the
  pointer, or the cover is a fixed/sticky bar under 90% of the viewport (scrolling moves it away).
  An element whose own box is empty (no width or height) and that clips nothing is seen where its drawn parts
  are: the union of its descendants' boxes (the model's rule, inpage/geometry.js drawnUnion: a thumb container of
  0x0 px around its drawn thumb).
  A visually hidden field (a native input, select, textarea, or an editing host with a text role:
  contenteditable or EditContext, a code editor's input; ≤ 1 px on a side, clipped or transparent
  by itself; not tabindex=-1) is on screen through the UI drawn for it: its own box when only
  transparent, else its nearest visible ancestor (3 levels, receiving the pointer; for a native
  one at most a quarter of the viewport: a label holding it, a custom slider; an editor's box may
  be larger), else a visible label; one with
  display: none on itself only through a visible label (a file input behind "Attach"); a hidden
  select that the page drew a stand-in for (the model's rule, inpage/standin.js) through that stand-in. Not on
  screen: listed in `unseen` with the reason.
- **Found.** A model control whose element is that node, with the same role (axcheck.roles_agree; a
  `combobox` agrees with a button whose popup is a listbox or a dialog, Core-AAM's popup button, and with a
  button the model reads as a drawn select named by its caption (its `ax_name` is the button's: inpage/drawn.js);
  `file` is Chromium's button; `clickable`, `date` (segments' box) and a `slider` (a role-less tab stop the
  model reads as one by its drawing: inpage/standin.js valueFieldOf) agree with any non-interactive role; a
  header entry's `columnheader`/`rowheader` is compared with the header cell that holds the node) and the same
  name (axcheck.normalise_name, case-insensitive as Chromium's names follow text-transform; an empty
  Chromium name judges nothing). A wrong role or name is a miss with why "role" / "name".
- **Merged.** No entry is the node, but an entry acts on it by one of MERGE_RULES (the model's own
  rules, widgets.js widgetPass and capture.js; checked in that order). "Acts on": where an action
  on the entry clicks (the centre of its first box's showing part, hit-tested; by geometry when it
  is out of view and would be scrolled first) lands in the node, its drawn UI or its label; for a
  node holding the entry, also the node's own centre lands in the entry.
- **Misses** say why: role, name, visually_hidden (a hidden native control the model dropped),
  native_part (inside a user-agent shadow root, media controls, whose host is no entry),
  inside_entry (inside an entry that does not act on it: swallowed), holds_entries (a wrapper
  whose entries do not stand for it), absent.
- **Precision.** Over the model's entries it marks visible (a hidden file input listed for uploads
  says `visible: false`: counted in `declared_hidden`, not in precision). An entry is an extra
  when in page it is not on screen (the same test; why = that reason), when Chromium hides its
  element (ignored as not rendered, aria-hidden, inert, behind a modal: "chromium_hidden"), when it
  repeats a control around or inside it under the same name ("duplicate"), or when it has an ARIA
  role but Chromium has no actionable node for it ("not_actionable"). Entries the page made
  actionable (`clickable`, a date of segments, header cells) and native controls seen through their drawn UI are
  precise when visible; an inert one (seen, not actionable: Chromium leaves it out) when the model
  marks it disabled, else it is an extra ("inert").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from ..page.model import Control, PageModel
from ..page.service import DomService
from .axcheck import normalise_name, roles_agree
from .chromium import HEADER_ROLES, INTERACTIVE, AXNode, chromium_tree, is_candidate
from .forced import forced_states, judged_as_shown
from .probe import probe

CONTAINER_ROLES = {
    "alertdialog", "application", "article", "banner", "complementary", "contentinfo", "dialog", "document",
    "feed", "figure", "form", "grid", "group", "list", "log", "main", "menu", "menubar", "navigation",
    "radiogroup", "region", "search", "status", "alert", "table", "tablist", "tabpanel", "toolbar", "tree",
    "treegrid", "section",
}  # fmt: skip
# Ignored reasons that mean a person cannot see the node (not Chromium pruning an uninteresting one).
HIDING_REASONS = {
    "notRendered", "notVisible", "ariaHiddenElement", "ariaHiddenSubtree", "inertElement", "inertSubtree",
    "activeModalDialog", "hiddenByChildTree",
}  # fmt: skip
ACTION_ROLES = {"button", "link", "menuitem", "tab", "treeitem", "clickable"}  # as widgets.js
PAGE_MADE = {"clickable", "date", *HEADER_ROLES}  # date: segments' group as one entry (inpage/dates.js)
CELL_ROLES = {"gridcell", *HEADER_ROLES}  # model roles for actions only the page knows (handlers, aria-sort)
MERGE_RULES = {
    "native_part": "a part of a native control's user-agent shadow root (a date field's day): its host is the entry",
    "select_option": "an option of a native <select>: the select is the entry (options are its value)",
    "standin_part": "a part of a hidden <select>'s drawn stand-in (its face showing the value, a focus catcher), "
    "or the read-only field inside a button that opens a listbox: the combobox is the entry, or the read-only "
    "field a drawn slider writes its value into: the slider is (inpage/standin.js, drawn.js)",
    "label_of_control": "a native control acted on through its label (a hidden checkbox's label is the entry)",
    "same_action": "a nameless control toggling the same element (aria-controls) as a named entry (an arrow "
    "beside a summary)",
    "header_cell": "a focusable header cell whose control inside is the entry (the model gives it the cell's "
    "sort state)",
    "inside_action": "inside a button/link/tab/menuitem/treeitem/clickable entry whose click lands on it and "
    "whose name holds its name (a button inside a link)",
    "wrapper_for_control": "a focusable wrapper whose centre lands on an entry inside it and whose name "
    "adds nothing to its entries' (a clickable wrapper whose control stands for it)",
    "cells_of_row": "a grid's row (a tab stop, or selected by a click) whose cells or header cells are entries "
    "(grids.js cellsForRows)",
    "control_of_cell": "a grid's data cell that only holds a control (a row's selection checkbox): the control "
    "is the entry",
}


@dataclass
class FidelityReport:
    url: str = ""
    expected: int = 0
    found: int = 0  # found with the same role and name
    entries: int = 0  # model entries counted for precision
    misses: list[dict[str, Any]] = field(default_factory=list)
    extras: list[dict[str, Any]] = field(default_factory=list)
    merged: list[dict[str, Any]] = field(default_factory=list)
    unseen: list[dict[str, Any]] = field(default_factory=list)  # actionable but not on screen
    not_expected: dict[str, int] = field(default_factory=dict)  # focusable non-controls, by reason
    declared_hidden: list[str] = field(default_factory=list)
    unchecked: int = 0  # model entries gone or in an out-of-process frame
    frames_skipped: int = 0

    @property
    def recall(self) -> float:
        return (self.found + len(self.merged)) / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return (self.entries - len(self.extras)) / self.entries if self.entries else 1.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "recall": round(self.recall, 4),
            "precision": round(self.precision, 4),
            "expected": self.expected,
            "found": self.found,
            "entries": self.entries,
            "misses": self.misses,
            "extras": self.extras,
            "merged": self.merged,
            "unseen": self.unseen,
            "not_expected": self.not_expected,
            "declared_hidden": self.declared_hidden,
            "unchecked": self.unchecked,
            "frames_skipped": self.frames_skipped,
        }


def not_a_control(node: AXNode, fact: dict[str, Any] | None = None) -> str:
    """Why an actionable node is not a control ("" if it is one); with no in-page `fact`, what the
    AX node alone says."""
    if node.role == "gridcell" and not node.focusable:
        return "static_cell"  # a data cell of a grid: a control only when the grid lets focus reach it
    if node.role in INTERACTIVE:
        return ""
    if node.role in CONTAINER_ROLES:
        return "container"
    if fact is None:
        return ""
    if fact.get("scroller"):
        return "scroll_area"
    if fact.get("tabindex") is None or fact["tabindex"] < 0:
        return "programmatic_focus"
    return ""


def role_ok(control: Control, node: AXNode) -> bool:
    if control.role == "file":
        return node.role == "button"
    if control.role in ("clickable", "date"):
        return node.role not in INTERACTIVE
    if control.role == "slider" and node.role not in INTERACTIVE:
        return True  # a tab stop with no role the model reads as a slider by its drawing (inpage/standin.js, thumbs.js)
    if control.role in HEADER_ROLES:
        return control.role == (node.role if node.role in HEADER_ROLES else (node.header or ("",))[0])
    if control.role == "combobox" and node.role == "button" and node.has_popup in ("listbox", "dialog"):
        return True  # Core-AAM: a button with a popup is a popup button, as a <select> is (inpage/standin.js)
    if control.role == "combobox" and node.role == "button" and control.ax_name is not None:
        return True  # a select drawn as a button, named by its caption: judged by the name it stands in for
    return roles_agree(control.role, node.chromium_role)


def name_ok(control: Control, node: AXNode) -> bool:
    if not node.name:
        return True  # nothing to judge by: Chromium names no generic, and lets blank contents beat a title
    # Chromium's names follow text-transform; a seen caption (issue 31) is judged as the accessible
    # name it stands in for, so it neither counts as a wrong name nor hides one.
    name = normalise_name(control.accessible_name).casefold()
    header = node.header[1].casefold() if control.role in HEADER_ROLES and node.header else None
    return name in (node.name.casefold(), header)


def _holds(outer: str, inner: str) -> bool:
    return not inner or inner.lower() in outer.lower()


def _adds_nothing(name: str, parts: list[str]) -> bool:
    rest = " " + name.lower() + " "
    for part in sorted(parts, key=len, reverse=True):
        if part:
            rest = rest.replace(part.lower(), " ")
    return not re.search(r"\w", rest)


def merge_rule(node: AXNode, fact: dict[str, Any], controls: dict[str, Control]) -> tuple[str, str] | None:
    """(rule, element_id) of the entry that acts on `node`, by MERGE_RULES in order, or None."""
    if fact.get("ua") and fact.get("host"):
        return "native_part", fact["host"]
    if fact.get("select"):
        return "select_option", fact["select"]
    if fact.get("standin") and fact["standin"] in controls:
        return "standin_part", fact["standin"]
    for element_id, acts in fact.get("labels", []):
        if acts:
            return "label_of_control", element_id
    for element_id in fact.get("twins", []):
        if not node.name and element_id in controls and controls[element_id].name:
            return "same_action", element_id
    down = [d for d in fact.get("down", []) if d[0] in controls]
    if node.role in HEADER_ROLES:
        for element_id, _entry_acts, _node_acts in down:
            if controls[element_id].role in HEADER_ROLES | ACTION_ROLES:
                return "header_cell", element_id
    up = [u for u in fact.get("up", []) if u[0] in controls]
    if up:
        element_id, acts = up[0]
        entry = controls[element_id]
        if entry.role in ACTION_ROLES and acts and _holds(normalise_name(entry.name), node.name):
            return "inside_action", element_id
    if node.role == "row" and any(controls[d[0]].role in CELL_ROLES for d in down):
        return "cells_of_row", down[0][0]
    if (
        node.role == "gridcell"
        and down
        and _adds_nothing(node.name, [normalise_name(controls[d[0]].name) for d in down])
    ):
        return "control_of_cell", down[0][0]
    if down and _adds_nothing(node.name, [normalise_name(controls[d[0]].name) for d in down]):
        for element_id, entry_acts, node_acts in down:
            if node_acts and entry_acts:
                return "wrapper_for_control", element_id
    return None


def _miss_why(fact: dict[str, Any]) -> str:
    if fact.get("drawn"):
        return "visually_hidden"
    if fact.get("ua"):
        return "native_part"
    if fact.get("up"):
        return "inside_entry"
    if fact.get("down"):
        return "holds_entries"
    return "absent"


async def fidelity_report(tab: Tab, model: PageModel, *, max_iframe_depth: int = 1) -> FidelityReport:
    """Recall and precision of `model` (taken of `tab` just before) against Chromium's actionable,
    on-screen nodes; see the module docstring for every definition. Entries shown on hover or focus are judged
    as a second look shows them, with those states forced (forced.py): only they, since the forced states show
    more than they do (a menu's `display: none` lists under a hovered bar, which the model leaves out)."""
    report = await _report(tab, model, max_iframe_depth)
    shown = [c.id for c in model.controls if c.states.get("shows_on")]
    if shown:
        async with forced_states(tab, model):
            forced = await _report(tab, model, max_iframe_depth)
        await judged_as_shown(tab, shown, report, forced)
    return report


async def _report(tab: Tab, model: PageModel, max_iframe_depth: int) -> FidelityReport:
    tree, frames_skipped = await chromium_tree(tab, max_iframe_depth)
    report = FidelityReport(url=model.url, frames_skipped=frames_skipped)
    candidates = []
    for node in tree.values():
        if is_candidate(node):
            reason = not_a_control(node)  # by role alone: spares the in-page probe most grid cells
            if reason:
                report.not_expected[reason] = report.not_expected.get(reason, 0) + 1
            else:
                candidates.append(node)
    controls = {c.id: c for c in model.controls}
    facts = await probe(
        tab, list(controls), [(n.backend_node_id, 1 if n.role in INTERACTIVE else 2) for n in candidates]
    )
    matched: set[str] = set()  # entries that are (or stand for) a Chromium actionable node
    for node, fact in zip(candidates, facts["nodes"], strict=True):
        if fact["why"] == "gone":
            continue
        if fact.get("id") in controls:
            matched.add(fact["id"])
        reason = not_a_control(node, fact)
        if reason:
            report.not_expected[reason] = report.not_expected.get(reason, 0) + 1
            continue
        described = {"role": node.role, "name": node.name, "backend_node_id": node.backend_node_id}
        if fact["why"]:
            report.unseen.append(described | {"why": fact["why"]})
        else:
            _judge(report, node, fact, controls, described, matched)
    await _precision(tab, model, facts["entries"], tree, matched, report)
    return report


def _judge(
    report: FidelityReport,
    node: AXNode,
    fact: dict[str, Any],
    controls: dict[str, Control],
    described: dict[str, Any],
    matched: set[str],
) -> None:
    """One expected node: found, found with a wrong role or name, merged, or missed."""
    report.expected += 1
    control = controls.get(fact.get("id") or "")
    if control is not None:
        role_right, name_right = role_ok(control, node), name_ok(control, node)
        if role_right and name_right:
            report.found += 1
            return
        model_side = {"id": control.id, "model_role": control.role, "model_name": control.name}
        if control.role in HEADER_ROLES and node.header:
            model_side["header"] = node.header[0]  # the cell's role the model's is compared with
        report.misses.append(described | {"why": "role" if not role_right else "name"} | model_side)
        return
    rule = merge_rule(node, fact, controls)
    if rule is None:
        report.misses.append(described | {"why": _miss_why(fact), "box": fact.get("box")})
        return
    matched.add(rule[1])
    report.merged.append({"backend_node_id": node.backend_node_id, "into": rule[1], "rule": rule[0]} | described)


async def _precision(
    tab: Tab,
    model: PageModel,
    entries: list[dict[str, Any]],
    tree: dict[int, AXNode],
    matched: set[str],
    report: FidelityReport,
) -> None:
    service = DomService.of(tab)
    names = {c.id: normalise_name(c.name) for c in model.controls}
    below: dict[str, list[str]] = {}  # entry id -> entries inside it
    for control, entry in zip(model.controls, entries, strict=True):
        for outer in entry.get("up", []):
            below.setdefault(outer, []).append(control.id)
    for control, entry in zip(model.controls, entries, strict=True):
        if entry["why"] == "gone":
            report.unchecked += 1
            continue
        if not control.visible:
            report.declared_hidden.append(control.id)
            continue
        report.entries += 1
        extra = {"id": control.id, "role": control.role, "name": control.name}
        if entry["why"] == "inert" and control.disabled:
            continue  # seen, and said to be out of reach: as a disabled control
        if entry["why"]:
            report.extras.append(extra | {"why": entry["why"]})
            continue
        if control.id in matched:
            continue
        try:
            node = tree.get(await service.backend_node_id(control.id))
        except BrowserxError:
            node = None
        relatives = entry.get("up", []) + below.get(control.id, [])
        # A native control seen through the UI drawn for it (a file input behind its label) is that UI.
        if node is not None and node.ignored and node.reasons & HIDING_REASONS and not entry.get("drawn"):
            report.extras.append(extra | {"why": "chromium_hidden"})
        elif any(r in matched and names.get(r) == names[control.id] for r in relatives):
            report.extras.append(extra | {"why": "duplicate"})
        elif control.role not in PAGE_MADE and not (node is not None and is_candidate(node)) and not entry.get("drawn"):
            report.extras.append(extra | {"why": "not_actionable"})
