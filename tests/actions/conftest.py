"""Helpers for action tests: load a page, and name its elements by CSS selector.

`await eid(tab, "#go")` gives an element id that browserx's isolated world resolves through
`__browserx.element(id)` (the page model's own resolver keeps working for real ids). "a >>> b"
steps into a's shadow root or same-origin iframe document.
"""

from __future__ import annotations

import itertools

import pytest

from browserx.page.world import PageWorld

_REGISTER = """function(selector, id) {
  const bx = globalThis.__browserx || (globalThis.__browserx = {});
  if (!globalThis.__bxtest) {
    globalThis.__bxtest = new Map();
    const real = bx.element;
    bx.element = (eid) => globalThis.__bxtest.get(eid) || (real ? real.call(bx, eid) : null);
  }
  let root = document, el = null;
  for (const part of selector.split('>>>')) {
    el = root.querySelector(part.trim());
    if (!el) return false;
    root = el.shadowRoot || el.contentDocument || el;
  }
  globalThis.__bxtest.set(id, el);
  return true;
}"""
_ids = itertools.count(1)


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
        element_id = f"t_{next(_ids)}"
        assert await PageWorld.of(tab).call(_REGISTER, selector, element_id), f"no element {selector}"
        return element_id
    return run


@pytest.fixture
def js():
    """Evaluate in the page's main world (where the page's own scripts record what happened)."""
    async def run(tab, expression: str):
        result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                              "awaitPromise": True})
        return result["result"].get("value")
    return run
