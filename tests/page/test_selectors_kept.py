"""The aimap's selectors are kept from one snapshot to the next while the DOM does not change
(inpage/selectors.js): any change the page makes in between (an element added before others, an id
given, taken or repeated, a test attribute, a change inside a shadow root or a same-origin frame) must
give the next snapshot selectors that match exactly their elements again."""

from __future__ import annotations

import pytest
from test_model_corpus import CHECK_AIMAP  # each selector resolved through its hops, against its element

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.page.world import PageWorld

PAGE = """<!doctype html><title>Kept selectors</title>
<main>
  <div class=list><button>One</button><button>Two</button><button id=three>Three</button></div>
  <section><a href=#a>Alpha</a><a href=#b data-testid=beta>Beta</a></section>
  <div id=host></div>
  <iframe id=inner srcdoc="<button>In frame one</button><button>In frame two</button>"></iframe>
</main>
<script>
  const root = document.getElementById("host").attachShadow({mode: "open"});
  root.innerHTML = "<div><button>Shadow one</button><button>Shadow two</button></div>";
</script>"""

CHANGES = {
    "a sibling added before": "document.querySelector('.list').prepend(document.createElement('button'))",
    "an id taken": "document.getElementById('three').removeAttribute('id')",
    "an id repeated": "document.querySelector('.list button').id = 'three'",
    "a test attribute repeated": "document.querySelector('section a').dataset.testid = 'beta'",
    "a sibling added in a shadow root": (
        "document.getElementById('host').shadowRoot.querySelector('div').prepend(document.createElement('button'))"
    ),
    "a sibling added in a frame": (
        "document.getElementById('inner').contentDocument.body.prepend("
        "document.getElementById('inner').contentDocument.createElement('button'))"
    ),
}


async def _exact(tab) -> list:
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert len(model.aimap) >= 8
    return await PageWorld.of(tab).call(CHECK_AIMAP, model.aimap)


@pytest.mark.parametrize("change", list(CHANGES))
async def test_selectors_match_their_elements_after_the_page_changes(server, tab, change):
    await navigate(tab, server.route("/kept/selectors", PAGE), wait_until="load")
    assert await _exact(tab) == []
    assert await _exact(tab) == []  # the kept selectors, page unchanged
    # The page's own script, in the page's world: browserx's world sees its mutations only through the DOM.
    await tab.session.send("Runtime.evaluate", {"expression": CHANGES[change]})
    assert await _exact(tab) == []
