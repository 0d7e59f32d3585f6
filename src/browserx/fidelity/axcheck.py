"""Accessibility check mode: compare the model's roles and names with Chromium's own.

    report = await compare_with_chromium(tab, model)
    report["agreement"]      # fraction of compared controls whose role AND name agree
    report["disagreements"]  # [{id, role, name, chromium_role, chromium_name, what}]

browserx computes roles (html-aam) and names (accname 1.2) itself, in one in-page pass (capture.js).
This mode asks Chromium, per control, for its computed role and name
(`Accessibility.getPartialAXTree` with `fetchRelatives: false` on the control's backend node) and
reports where the two differ. It is a diagnostic: slow (a few CDP calls per control), never on the
snapshot path.

Role mapping. Chromium reports ARIA roles for most elements but its internal role names for some
native widgets; they are mapped to the ARIA role the model uses (see CHROMIUM_TO_ARIA):
`<select>` is "combobox" (older builds: "ComboBoxSelect"/"PopUpButton"; a multi-select "listbox"),
its options "MenuListOption"/"ListBoxOption" → option, `<summary>` "DisclosureTriangle" → button,
date and time inputs "Date"/"DateTime"/"InputTime" → textbox, `<input type=color>` "ColorWell" →
button. "textbox" and "searchbox" count as the same role: Chromium calls every `type=search` input a
searchbox, ARIA allows either. Controls the model calls "clickable" (made clickable by the page,
no ARIA role by definition) are not compared; they are counted in `not_compared`.

Names are compared after whitespace normalisation, capped like the model's (160 characters).

Conformance mode (`conformance_cases`): on a page whose elements carry `data-expected` (the name
the specifications give; tests/page/names_conformance/), each case's model name and Chromium's
name against the expected one, compared after collapsing ASCII whitespace only (a no-break space
is part of a name, as accname's flat string keeps it).
"""

from __future__ import annotations

import asyncio
import re
from importlib import resources
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from ..page.model import Control, PageModel
from ..page.service import DomService

NAME_CAP = 160
CONCURRENCY = 16  # calls in flight at once: they share one WebSocket and pipeline well

CHROMIUM_TO_ARIA = {
    "ComboBoxSelect": "combobox",
    "ComboBoxMenuButton": "combobox",
    "PopUpButton": "combobox",
    "ComboBoxGrouping": "combobox",
    "TextFieldWithComboBox": "combobox",
    "MenuListOption": "option",
    "ListBoxOption": "option",
    "MenuListPopup": "listbox",
    "DisclosureTriangle": "button",
    "ToggleButton": "button",
    "ColorWell": "button",
    "Date": "textbox",
    "DateTime": "textbox",
    "InputTime": "textbox",
    "TextField": "textbox",
    "SearchBox": "searchbox",
    "CheckBox": "checkbox",
    "RadioButton": "radio",
    "Slider": "slider",
    "SpinButton": "spinbutton",
    "Switch": "switch",
    "Tab": "tab",
    "MenuItem": "menuitem",
    "MenuItemCheckBox": "menuitemcheckbox",
    "MenuItemRadio": "menuitemradio",
    "TreeItem": "treeitem",
    "Link": "link",
    "Button": "button",
    "Cell": "gridcell",
}
EQUIVALENT = [{"textbox", "searchbox"}]
NOT_COMPARED = {"clickable", "file", "date"}


def aria_role(chromium_role: str) -> str:
    return CHROMIUM_TO_ARIA.get(chromium_role, chromium_role.lower())


def roles_agree(model_role: str, chromium_role: str) -> bool:
    aria = aria_role(chromium_role)
    return model_role == aria or any(model_role in group and aria in group for group in EQUIVALENT)


def normalise_name(name: str) -> str:
    name = re.sub(r"[\s\ufeff]+", " ", name).strip()  # as JavaScript's \s, which includes U+FEFF
    return name if len(name) <= NAME_CAP else name[: NAME_CAP - 1] + "…"


def flat_name(name: str) -> str:
    """accname's flat string: runs of ASCII whitespace collapsed, trimmed; other spaces kept."""
    return re.sub(r"[ \t\n\r\f]+", " ", name).strip(" \t\n\r\f")


async def chromium_role_and_name(tab: Tab, backend_node_id: int) -> tuple[str, str, bool]:
    """Chromium's (role, name, ignored) for one node."""
    result = await tab.session.send(
        "Accessibility.getPartialAXTree", {"backendNodeId": backend_node_id, "fetchRelatives": False}
    )
    nodes = result.get("nodes") or []
    node = next((n for n in nodes if n.get("backendDOMNodeId") == backend_node_id), nodes[0] if nodes else {})
    role = str((node.get("role") or {}).get("value") or "")
    name = str((node.get("name") or {}).get("value") or "")
    return role, name, bool(node.get("ignored"))


async def _check(tab: Tab, service: DomService, control: Control) -> dict[str, Any]:
    try:
        backend_node_id = await service.backend_node_id(control.id)
        role, name, ignored = await chromium_role_and_name(tab, backend_node_id)
    except BrowserxError as exc:  # the element went away, or Chromium has no AX node for it
        return {"id": control.id, "error": exc.code}
    return {
        "id": control.id,
        "role": control.role,
        "name": control.name,
        "chromium_role": role,
        "chromium_name": normalise_name(name),
        "ignored": ignored,
        "role_ok": roles_agree(control.role, role),
        # A seen caption stands in for an empty accessible name: Chromium is judged against the latter.
        "name_ok": normalise_name(control.accessible_name) == normalise_name(name),
    }


async def compare_with_chromium(tab: Tab, model: PageModel, *, limit: int | None = None) -> dict[str, Any]:
    """Agreement of the model's control roles and names with Chromium's accessibility tree.

    `limit` compares only the first controls (in model order) to bound the cost on big pages.
    """
    service = DomService.of(tab)
    controls = [c for c in model.controls if c.role not in NOT_COMPARED]
    not_compared = len(model.controls) - len(controls)
    if limit is not None:
        controls = controls[:limit]
    semaphore = asyncio.Semaphore(CONCURRENCY)

    async def bounded(control: Control) -> dict[str, Any]:
        async with semaphore:
            return await _check(tab, service, control)

    checks = await asyncio.gather(*(bounded(c) for c in controls))
    compared = [c for c in checks if "error" not in c]
    role_matches = sum(c["role_ok"] for c in compared)
    name_matches = sum(c["name_ok"] for c in compared)
    matches = sum(c["role_ok"] and c["name_ok"] for c in compared)
    disagreements = []
    for check in compared:
        if check["role_ok"] and check["name_ok"]:
            continue
        what = [w for w, ok in (("role", check["role_ok"]), ("name", check["name_ok"])) if not ok]
        disagreements.append(
            {k: check[k] for k in ("id", "role", "name", "chromium_role", "chromium_name", "ignored")}
            | {"what": "+".join(what)}
        )
    total = len(compared)
    return {
        "controls": total,
        "role_matches": role_matches,
        "name_matches": name_matches,
        "matches": matches,
        "role_agreement": role_matches / total if total else 1.0,
        "name_agreement": name_matches / total if total else 1.0,
        "agreement": matches / total if total else 1.0,
        "not_compared": not_compared,
        "errors": [c for c in checks if "error" in c],
        "disagreements": disagreements,
    }


# The conformance pages' cases in page (cases.js, one function declaration): every case, or case i's element.
_CASES = resources.files(__package__).joinpath("cases.js").read_text(encoding="utf-8")
_CASE_INFO = _CASES
_CASE_ELEMENT = _CASES


async def conformance_cases(tab: Tab, model: PageModel) -> list[dict[str, Any]]:
    """Every `data-expected` case of the page: {case, category, expected, browserx, chromium,
    browserx_ok, chromium_ok}. `browserx` is None when the model has no control for the element."""
    world = DomService.of(tab).world
    cases = await world.call(_CASE_INFO)
    out = []
    for index, case in enumerate(cases):
        control = model.control(case["element_id"]) if case["element_id"] else None
        object_id = await world.object_id(_CASE_ELEMENT, index)
        node = await tab.session.send("DOM.describeNode", {"objectId": object_id})
        _role, chromium, _ignored = await chromium_role_and_name(tab, node["node"]["backendNodeId"])
        expected = flat_name(case["expected"])
        browserx = control.accessible_name if control is not None else None
        out.append(
            {
                "case": case["case"],
                "category": case["category"],
                "expected": expected,
                "browserx": browserx,
                "chromium": flat_name(chromium),
                "browserx_ok": browserx is not None and flat_name(browserx) == expected,
                "chromium_ok": flat_name(chromium) == expected,
            }
        )
    return out
