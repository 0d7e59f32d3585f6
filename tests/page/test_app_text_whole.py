"""App text (issue 31, kind 6): find searches all the text a person sees, not only the reader's pick;
an application with a `main` landmark is read from its main first; a control's words past what its
name holds stay text."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions

PANEL = (
    "<div class=assistant>"
    + "".join(
        f"<div>Step {i}: the assistant explains, in plain words, how the figures of this quarter were "
        f"gathered, checked against the ledger, and rounded, before anyone reads them.</div>"
        for i in range(6)
    )
    + "</div>"
)
DASHBOARD = f"""<!doctype html><title>Metrics</title>
<style>.shell {{ display: flex }} .assistant {{ width: 300px }} main {{ flex: 1 }}</style>
<div class=shell>{PANEL}
<main><h1>Quarter</h1><table><tr><th>Metric</th><th>Value</th></tr>
<tr><td>Revenue</td><td>48,213 EUR</td></tr><tr><td>Churn</td><td>2.4 %</td></tr></table>
<button>Export</button></main></div>"""

ARTICLE = (
    """<!doctype html><title>Post</title><nav><a href="/">Home</a></nav>
<article><h1>Walking the ridge</h1>"""
    + "".join(
        f"<p>Paragraph {i} of the story tells how the walk went, along the ridge and down the valley, "
        f"with the wind, the rain, and the long road home.</p>"
        for i in range(6)
    )
    + "</article><aside>Support hotline 0800-555-0199, open every day.</aside>"
)

# Saved listings wrap each card in one link: short lines (no prose), all of them a link's words.
LINES = [
    "Hills of the north",
    "Told by its walkers",
    "With maps and photos",
    "Notes of every evening",
    "Huts along the way",
    "Rain on the third day",
    "A river to ford",
    "The long road home",
]
CARDS = (
    "<!doctype html><title>Stories</title><main>"
    + "".join(
        f"<a href='/story/{i}' style='display:block'><h3>Story {i}</h3>"
        + "".join(f"<div>{line} {i}</div>" for line in LINES)
        + "</a>"
        for i in range(4)
    )
    + "</main>"
)


async def _model(server, tab, path: str, html: str):
    await navigate(tab, server.route(path, html))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


async def _find(call, query: str):
    result = await call("browser_dom", action="find", query=query)
    assert result.success, result.error
    return result.data


async def test_an_apps_text_starts_with_its_main_landmark_not_a_side_panel_of_prose(server, tab):
    model = await _model(server, tab, "/whole/dashboard", DASHBOARD)
    assert model.text.startswith("Quarter"), model.text[:200]
    assert "Revenue | 48,213 EUR" in model.text
    assert "Step 5: the assistant explains" in model.text  # the panel is still read, after main


async def test_find_on_a_cold_page_finds_a_metric_beside_a_panel_of_prose(server, tab, call):
    await navigate(tab, server.route("/whole/dashboard-cold", DASHBOARD))
    data = await _find(call, "48,213")  # the first call on the page: no snapshot before
    texts = [m for m in data["matches"] if m["kind"] == "text"]
    assert len(texts) == 1 and "48,213 EUR" in texts[0]["snippet"], data
    assert texts[0]["element_id"] and texts[0]["text_offset"] is not None


async def test_find_searches_text_outside_an_articles_reader_text(server, tab, call):
    model = await _model(server, tab, "/whole/article", ARTICLE)
    assert "0800-555-0199" not in model.text  # the reader leaves the aside out of the article
    data = await _find(call, "0800-555-0199")
    texts = [m for m in data["matches"] if m["kind"] == "text"]
    assert len(texts) == 1 and texts[0]["element_id"], data
    assert texts[0]["text_offset"] is None  # not in the model's text: nothing to read on from there
    # A match inside the article still reads on in the model's text.
    data = await _find(call, "Paragraph 4")
    (match,) = [m for m in data["matches"] if m["kind"] == "text"]
    assert model.text[match["text_offset"] :].startswith("Paragraph 4 of the story")


async def test_the_words_of_a_link_past_what_its_name_holds_stay_text(server, tab):
    model = await _model(server, tab, "/whole/cards", CARDS)
    for i in range(4):
        # Its name holds its first 160 characters (the list of links says them); the rest is read here.
        assert f"The long road home {i}" in model.text, model.text[:300]
        assert f"Story {i}\n" not in model.text + "\n"
