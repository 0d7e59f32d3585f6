"""What Chromium says of a page, for the fidelity check (fidelity.py): every node of its
accessibility tree with a DOM node, over the main frame and its same-process frames, and which of
them are actionable (an interactive role, or focusable).

    nodes, frames_skipped = await chromium_tree(tab, max_iframe_depth=1)
    [n for n in nodes.values() if is_candidate(n)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..browser import Tab
from ..browser.children import children_of
from ..errors import BrowserxError
from .axcheck import aria_role, normalise_name

INTERACTIVE = {
    "button", "link", "textbox", "searchbox", "checkbox", "radio", "switch", "combobox", "listbox", "option",
    "slider", "spinbutton", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "treeitem", "gridcell",
    "scrollbar",
}  # fmt: skip
NEVER_CONTROLS = {"RootWebArea", "WebArea", "Iframe", "IframePresentational", "MenuListPopup"}
HEADER_ROLES = {"columnheader", "rowheader"}


@dataclass
class AXNode:
    backend_node_id: int
    role: str  # ARIA role (axcheck.aria_role of Chromium's)
    chromium_role: str
    name: str  # normalised
    ignored: bool
    reasons: set[str]
    focusable: bool
    header: tuple[str, str] | None = None  # (role, name) of the header cell holding it
    has_popup: str = ""  # aria-haspopup as Chromium reads it ("listbox", "menu", ...)


async def chromium_tree(tab: Tab, max_iframe_depth: int = 1) -> tuple[dict[int, AXNode], int]:
    """Every AX node with a DOM node, by backend node id, over the main frame and its same-process
    frames to `max_iframe_depth`; and how many frames were not read (out-of-process ones: their
    own targets, not in this frame tree)."""
    tree = (await tab.session.send("Page.getFrameTree", {}))["frameTree"]
    frames, skipped = [], len(children_of(tab).frames())
    level = [tree]
    for _depth in range(max_iframe_depth + 1):
        frames += [f["frame"]["id"] for f in level]
        level = [child for f in level for child in f.get("childFrames", [])]
    nodes: dict[int, AXNode] = {}
    for frame_id in frames:
        try:
            result = await tab.session.send("Accessibility.getFullAXTree", {"frameId": frame_id}, timeout=120)
        except BrowserxError:  # gone since the frame tree was read
            skipped += 1
            continue
        _read_frame(result.get("nodes") or [], nodes)
    return nodes, skipped


def _read_frame(raw: list[dict[str, Any]], out: dict[int, AXNode]) -> None:
    by_id = {n["nodeId"]: n for n in raw}
    for n in raw:
        backend_node_id = n.get("backendDOMNodeId")
        if backend_node_id is None:
            continue
        chromium_role = str((n.get("role") or {}).get("value") or "")
        props = {p["name"]: (p.get("value") or {}).get("value") for p in n.get("properties", [])}
        node = AXNode(
            backend_node_id=backend_node_id,
            role=aria_role(chromium_role),
            chromium_role=chromium_role,
            name=normalise_name(str((n.get("name") or {}).get("value") or "")),
            ignored=bool(n.get("ignored")),
            reasons={r["name"] for r in n.get("ignoredReasons", [])},
            focusable=bool(props.get("focusable")),
            has_popup=str(props.get("hasPopup") or ""),
        )
        parent, hops = by_id.get(n.get("parentId", "")), 0
        while parent is not None and hops < 8 and not node.ignored:
            role = str((parent.get("role") or {}).get("value") or "")
            if role in HEADER_ROLES:
                node.header = (role, normalise_name(str((parent.get("name") or {}).get("value") or "")))
                break
            parent, hops = by_id.get(parent.get("parentId", "")), hops + 1
        out[backend_node_id] = node


def is_candidate(node: AXNode) -> bool:
    """Actionable for Chromium: not ignored, an interactive role or focusable (never the document or a frame)."""
    return (
        not node.ignored and node.chromium_role not in NEVER_CONTROLS and (node.role in INTERACTIVE or node.focusable)
    )
