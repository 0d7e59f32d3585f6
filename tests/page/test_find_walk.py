"""find reads the page once (issue 31, kind 6): the whole text it searches is gathered on its own walk
(inpage/text_runs.js), and is the text page_text.js wholeText reads by its own analysis, match for match.

Each page is searched by the analysis (`one_walk: false`) and, in a fresh document, on the walk; both
answers must be equal, and the second must say it took the one walk (`timings.one_walk`) where the walk
can tell the text (no shadow root).
"""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.page.world import PageWorld
from corpus import PAGES, READABILITY, readability_pages

# The whole text in chunks of up to 3,000 characters (each match with its snippet and the offset of its line,
# the first 300 matches listed, all counted), a word and numbers, for headings and controls too.
QUERIES = ["/[\\s\\S]{1,3000}/", "the", "/\\d+/"]
FIND = """function (query, oneWalk, ids) {
  const found = globalThis.__browserx.find(query, {max_results: 300, one_walk: oneWalk});
  if (!ids) { delete found.next_number; for (const match of found.matches) delete match.element_id; }
  const oneWalkTaken = found.timings.one_walk;  // true, or why not
  delete found.timings;
  return {found: JSON.stringify(found), oneWalk: oneWalkTaken};
}"""
TOUCH = "function () { document.documentElement.dataset.findWalk = String(Math.random()); return true; }"

# What the render reads apart (reader.js): blocks, list items (a table in one), data tables as rows (a
# caption, a header, an empty cell, a list in a cell), a layout table, <br>, <pre>, a control's words left to
# its name, a field's value never, hidden and visually hidden text, inline-block runs, SVG labels, an
# open and a closed <details>, and the main landmark after a side panel (read first).
KINDS = """<!doctype html><title>Kinds</title>
<style>.vh { position: absolute; clip: rect(0 0 0 0); width: 1px; height: 1px; overflow: hidden }
.ib { display: inline-block } .shell { display: flex }</style>
<header><nav><a href="/a">Home</a> <a href="/b">Orders</a><span>3 items</span><a href="/c">View cart</a></nav></header>
<div class=shell><aside><h2>Help</h2><p>Ask the assistant anything about your orders.</p>
<ul><li>First tip<ul><li>nested tip</li></ul></li><li><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr>
<tr><td>e</td><td>f</td></tr><tr><td>g</td><td>h</td></tr><tr><td>i</td><td>j</td></tr></table></li></ul></aside>
<main><h1>Orders</h1>Loose text<b>bold</b>joined<br>after a break<span class=ib>boxed</span>run
<table><caption>Order list</caption><thead><tr><th>No</th><th>Status</th><th></th></tr></thead>
<tbody><tr><td>1</td><td>shipped <em>today</em></td><td><button>Edit</button></td></tr>
<tr hidden><td>2</td><td>hidden row</td></tr><tr><td>3</td><td><ul><li>one</li><li>two</li></ul></td><td></td></tr></tbody></table>
<table role=presentation><tr><td>layout cell</td><td>beside it</td></tr></table>
<pre>  kept   spacing
  here</pre>
<p>Words <span class=vh>visually hidden</span><span hidden>not shown</span><span aria-hidden=true>icon</span>
<span style="visibility:hidden">unseen</span><span style="opacity:0; display:inline-block">clear</span>end.</p>
<label>Email <input value="typed value"></label><div contenteditable>edited words</div>
<a href="/long">A link whose words are all its name</a>
<svg width=200 height=40><title>chart title</title><text x=0 y=20>axis label</text></svg>
<details open><summary>Open summary</summary>Open body</details>
<details><summary>Closed summary</summary>Closed body</details>
<select><option>Option text</option></select><textarea>area text</textarea>
<ol><li>step one</li><li>step two <a href="/x">link in step</a></li></ol>
</main></div><footer>Terms and privacy</footer>"""

SHADOW = """<!doctype html><title>Shadow</title><main><h1>Host</h1><div id=host></div><p>After the host</p></main>
<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML =
'<p>Inside the shadow <slot></slot></p>';</script>"""


async def _answers(tab, url: str, one_walk: bool, ids: bool = True) -> list[dict]:
    world = PageWorld.of(tab)
    answers = []
    for query in QUERIES:
        answers.append(await world.call(FIND, query, one_walk, ids))
        await world.call(TOUCH)  # nothing of this find is kept for the next
    return answers


async def _both(tab, url: str, fresh: bool = True) -> tuple[list[tuple[str, str]], list[bool]]:
    """The answers by the analysis and on the walk: each side in a document of its own (ids are given in
    order), or (saved pages whose scripts write a new timestamp at each load) one after the other in one
    document, the ids left out (a second find meets the ids of the first)."""
    await navigate(tab, url, timeout=20)
    analysed = await _answers(tab, url, False, fresh)
    if fresh:
        await navigate(tab, url, timeout=20)
    walked = await _answers(tab, url, True, fresh)
    return [(a["found"], w["found"]) for a, w in zip(analysed, walked)], [w["oneWalk"] for w in walked]


async def test_the_walk_reads_the_text_the_analysis_reads_on_a_page_of_every_kind(tab, server):
    pairs, taken = await _both(tab, server.route("/walk/kinds", KINDS))
    assert all(t is True for t in taken), taken
    for analysed, walked in pairs:
        assert walked == analysed


async def test_a_page_with_a_shadow_root_is_read_by_the_analysis(tab, server):
    pairs, taken = await _both(tab, server.route("/walk/shadow", SHADOW))
    assert not any(t is True for t in taken)  # the composed tree is not the walk's order
    for analysed, walked in pairs:
        assert walked == analysed


@pytest.mark.parametrize("name", ["small.html", "medium.html", "large.html"])
async def test_the_walk_reads_the_text_of_the_synthetic_pages(tab, server, name):
    for extra in ("medium_frame.html",):
        server.route(f"/pages/{extra}", (PAGES / extra).read_bytes())
    pairs, taken = await _both(tab, server.route(f"/pages/{name}", (PAGES / name).read_bytes()))
    for analysed, walked in pairs:
        assert walked == analysed


async def test_the_walk_reads_the_text_of_every_readability_page(tab, server):
    differ, moving, walked_pages = [], [], 0
    await tab.session.enable("Network")
    await tab.session.send(  # the saved pages' other hosts: refused at once, not waited for
        "Network.setBlockedURLs",
        {
            "urlPatterns": [
                {"urlPattern": "http://127.0.0.1:*/*", "block": False},
                {"urlPattern": "*://*/*", "block": True},
            ]
        },
    )
    for page in readability_pages():
        url = server.route(
            f"/walk/{page.name}/",
            (READABILITY / page.name / "source.html").read_bytes(),
            headers={"Content-Security-Policy": "frame-src 'self'"},
        )
        pairs, taken = await _both(tab, url, fresh=False)
        again = await _answers(tab, url, False, False)
        if any(analysed != later["found"] for (analysed, _), later in zip(pairs, again)):
            moving.append(page.name)  # its scripts still change it: the analysis itself answers anew
            continue
        walked_pages += all(t is True for t in taken)
        if any(analysed != walked for analysed, walked in pairs):
            differ.append(page.name)
    assert differ == []
    assert len(moving) <= 5, moving
    assert walked_pages >= len(readability_pages()) // 2  # most saved pages have no shadow root
