"""States forced while the fidelity check reads a page (report.py): a model entry marked `shows_on`
(inpage/hovered.js: transparent or invisible until its container is hovered or focused) is judged as a person
sees it while pointing at it ("hover": the entry and its ancestors hovered) or focusing it ("focus": the entry
focused, its ancestors `:focus-within`). Chromium's own style engine decides what those states show
(`CSS.forcePseudoState`), not the model's reading of the style sheets, so the check stays independent of the
rule it checks; an entry they do not show stays an extra ("transparent", "invisible").

    async with forced_states(tab, model):
        ...  # Chromium's tree and the probe, read with the states forced
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from ..browser import Tab
from ..cdp import CDPSession
from ..errors import BrowserxError
from ..page.model import PageModel
from ..page.service import DomService

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
