"""States forced while the fidelity check reads a page (report.py): a model entry marked `shows_on`
(inpage/hovered.js: transparent or invisible until its container is hovered or focused) is judged as a person
sees it while pointing at it ("hover": the entry and its ancestors hovered) or focusing it ("focus": the entry
focused, its ancestors `:focus-within`). Chromium's own style engine decides what those states show
(`CSS.forcePseudoState`), not the model's reading of the style sheets, so the check stays independent of the
rule it checks; an entry they do not show stays an extra ("transparent", "invisible"). The page is judged twice:
as it is, then with the states forced, whose judgement is kept for those entries and the nodes that are their
elements only (forced states show more: a menu's `display: none` lists under a hovered bar, left out by the model).

    async with forced_states(tab, model):
        forced = ...  # Chromium's tree and the probe, read with the states forced
    await judged_as_shown(tab, shown_ids, report, forced)
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any, Protocol

from ..browser import Tab
from ..cdp import CDPSession
from ..errors import BrowserxError
from ..page.model import PageModel
from ..page.service import DomService


class Judged(Protocol):
    """What judged_as_shown reads and writes of report.py's FidelityReport (which imports this module)."""

    expected: int
    found: int
    misses: list[dict[str, Any]]
    extras: list[dict[str, Any]]
    merged: list[dict[str, Any]]
    unseen: list[dict[str, Any]]


OBJECT_GROUP = "browserx-forced"
# The element and its ancestors across shadow roots (a shadow root's host holds it).
CHAIN = """function () {
  const out = [];
  for (let n = this; n && n.nodeType === 1 && out.length < 64;) {
    out.push(n);
    const p = n.parentNode;
    n = p && p.nodeType === 11 ? p.host : p;
  }
  return out;
}"""


@contextlib.asynccontextmanager
async def forced_states(tab: Tab, model: PageModel) -> AsyncIterator[None]:
    shown = [c for c in model.controls if c.states.get("shows_on")]
    if not shown:
        yield
        return
    session, service = tab.session, DomService.of(tab)
    forced: dict[int, set[str]] = {}
    await session.enable("DOM")
    await session.enable("CSS")
    try:
        await session.send("DOM.getDocument", {"depth": 0})
        for control in shown:
            if service.frame_of(control.id).child is not None:
                continue  # an out-of-process frame's DOM is another session's
            try:
                for depth, node_id in enumerate(await _chain(session, await service.backend_node_id(control.id))):
                    if control.states["shows_on"] == "hover":
                        states = {"hover"}
                    else:
                        states = {"focus", "focus-visible"} if depth == 0 else {"focus-within"}
                    forced.setdefault(node_id, set()).update(states)
            except BrowserxError:
                continue  # gone since the snapshot
        for node_id, states in forced.items():
            await session.send("CSS.forcePseudoState", {"nodeId": node_id, "forcedPseudoClasses": sorted(states)})
        yield
    finally:
        for node_id in forced:
            with contextlib.suppress(BrowserxError):
                await session.send("CSS.forcePseudoState", {"nodeId": node_id, "forcedPseudoClasses": []})
        with contextlib.suppress(BrowserxError):
            await session.send("Runtime.releaseObjectGroup", {"objectGroup": OBJECT_GROUP})
        await session.disable("CSS")
        await session.disable("DOM")


async def _chain(session: CDPSession, backend_node_id: int) -> list[int]:
    """The DOM node ids of the element and its ancestors, nearest first."""
    element = await session.send("DOM.resolveNode", {"backendNodeId": backend_node_id, "objectGroup": OBJECT_GROUP})
    chain = await session.send(
        "Runtime.callFunctionOn",
        {"functionDeclaration": CHAIN, "objectId": element["object"]["objectId"], "objectGroup": OBJECT_GROUP},
    )
    listed = {"objectId": chain["result"]["objectId"], "ownProperties": True}
    props = await session.send("Runtime.getProperties", listed)
    ids = [
        p["value"]["objectId"]
        for p in sorted((p for p in props["result"] if p["name"].isdigit()), key=lambda p: int(p["name"]))
    ]
    return [(await session.send("DOM.requestNode", {"objectId": object_id}))["nodeId"] for object_id in ids]


async def judged_as_shown(tab: Tab, shown: list[str], report: Judged, forced: Judged) -> None:
    """`report` takes `forced`'s judgement of the entries in `shown` and of the nodes that are their elements."""
    service = DomService.of(tab)
    backend: dict[int, str] = {}
    for element_id in shown:
        with contextlib.suppress(BrowserxError):
            backend[await service.backend_node_id(element_id)] = element_id
    hidden = {e["id"] for e in report.extras if e["id"] in shown}
    kept = [e for e in report.extras if e["id"] not in hidden]
    report.extras = kept + [e for e in forced.extras if e["id"] in hidden]
    for node in [u for u in report.unseen if u.get("backend_node_id") in backend]:
        bid = node["backend_node_id"]
        if any(u.get("backend_node_id") == bid for u in forced.unseen):
            continue
        report.unseen.remove(node)
        report.expected += 1
        missed = [m for m in forced.misses if m.get("backend_node_id") == bid]
        merged = [m for m in forced.merged if m.get("backend_node_id") == bid]
        report.misses += missed
        report.merged += merged
        report.found += 0 if missed or merged else 1
