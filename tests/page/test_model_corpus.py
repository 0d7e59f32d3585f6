"""Every real-world page of the corpus: the model builds, every aimap selector matches exactly its
element, and no field value reaches the LLM-facing output."""

from __future__ import annotations

import json

import pytest

from browserx.actions.navigation import navigate
from browserx.errors import TimeoutError
from browserx.page import DomService, SnapshotOptions
from browserx.page.render import llm_json, render_text
from browserx.page.world import PageWorld
from corpus import READABILITY, readability_pages

PAGES = [page.name for page in readability_pages()]
MARKER = "zqxvmarker"

# Runs in browserx's world: resolve each selector through its " >> " hops and compare with the
# element the id stands for.
CHECK_AIMAP = """function (aimap) {
  const bad = [];
  for (const [id, selector] of Object.entries(aimap)) {
    let roots = [document], found = [];
    for (const part of selector.split(" >> ")) {
      found = roots.flatMap(r => [...r.querySelectorAll(part)]);
      if (found.length !== 1) break;
      roots = [found[0].shadowRoot || found[0].contentDocument || found[0]];
    }
    if (found.length !== 1 || found[0] !== globalThis.__browserx.element(id)) bad.push([id, selector, found.length]);
  }
  return bad;
}"""

FILL = f"""(() => {{
  let n = 0;
  for (const el of document.querySelectorAll("input, textarea")) {{
    const type = (el.type || "").toLowerCase();
    if (["checkbox", "radio", "file", "hidden", "submit", "button", "reset", "image", "range", "color"].includes(type)) continue;
    try {{ el.value = type === "number" ? "98765.4321" : "{MARKER}" + (n++); }} catch (e) {{}}
  }}
  for (const el of document.querySelectorAll("[contenteditable=true]")) el.textContent = "{MARKER}";
  return n;
}})()"""


@pytest.mark.parametrize("name", PAGES)
async def test_corpus_page_model_builds_with_exact_selectors_and_no_field_values(server, tab, name):
    html = (READABILITY / name / "source.html").read_bytes()
    await tab.session.enable("Network")
    await tab.session.send(  # the saved page's other hosts: refused at once, so its load event comes
        "Network.setBlockedURLs",
        {
            "urlPatterns": [
                {"urlPattern": "http://127.0.0.1:*/*", "block": False},
                {"urlPattern": "*://*/*", "block": True},
            ]
        },
    )
    try:
        # "load": the page no longer grows while its selectors are checked (usable may still parse).
        await navigate(tab, server.route(f"/corpus/{name}/", html), timeout=30, wait_until="load")
    except TimeoutError:
        pass  # a page whose load event never comes is modelled as it stands (spec: no waiting)
    await tab.session.send("Runtime.evaluate", {"expression": FILL, "returnByValue": True})
    model = await DomService.of(tab).snapshot(SnapshotOptions(max_controls=5000), fresh=True)
    assert len(set(c.id for c in model.controls)) == len(model.controls)
    assert set(model.aimap) == {c.id for c in model.controls}
    assert await PageWorld.of(tab).call(CHECK_AIMAP, model.aimap) == []
    llm_facing = render_text(model) + json.dumps(llm_json(model), ensure_ascii=False)
    assert MARKER not in llm_facing and "98765" not in llm_facing
