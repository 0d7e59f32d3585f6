"""Helpers for action tests: load a page, and name its elements by CSS selector.

`await eid(tab, "#go")` gives the page model's element id of the control that selector names (a
snapshot taken in browserx's world, exactly as the agent would get it). "a >>> b" steps into a's
shadow root or same-origin iframe document.
"""

from __future__ import annotations

import pytest

from browserx.page.world import PageWorld

_ID_OF = """function(selector) {
  let root = document, el = null;
  for (const part of selector.split('>>>')) {
    el = root.querySelector(part.trim());
    if (!el) return {missing: part};
    root = el.shadowRoot || el.contentDocument || el;
  }
  const bx = globalThis.__browserx;
  const model = bx.snapshot({max_controls: 5000, max_iframe_depth: 3});
  const control = model.controls.find(c => bx.element(c.id) === el);
  return control ? {id: control.id} : {uncontrolled: selector};
}"""


@pytest.fixture
def load(server):
    async def run(tab, body: str, path: str = "/page"):
        url = server.route(path, body)
        async with tab.session.wait_for("Page.loadEventFired"):
            await tab.session.send("Page.navigate", {"url": url})
        return url

    return run


@pytest.fixture
def eid():
    async def run(tab, selector: str) -> str:
        found = await PageWorld.of(tab).call(_ID_OF, selector)
        assert "id" in found, found
        return found["id"]

    return run


@pytest.fixture
def js():
    """Evaluate in the page's main world (where the page's own scripts record what happened)."""

    async def run(tab, expression: str):
        result = await tab.session.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        return result["result"].get("value")

    return run
