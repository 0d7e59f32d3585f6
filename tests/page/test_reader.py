"""Reader text (reader.js): the main content as plain text, boilerplate and hidden text dropped."""

from __future__ import annotations

import json

from browserx.actions.navigation import navigate
from browserx.page.world import PageWorld, bootstrap_source

EXTRACT = "function (o) { return globalThis.__browserxReader.extract(document, o); }"


async def reader_text(tab, server, path: str, max_chars: int = 100_000) -> str:
    await navigate(tab, server.url(path))
    return await PageWorld.of(tab).call(EXTRACT, {"max_chars": max_chars})


async def test_the_article_is_kept_and_navigation_header_footer_aside_comments_share_and_cookie_banner_dropped(
    server, tab
):
    text = await reader_text(tab, server, "/reader_article.html")
    assert text.startswith("Harbour seals return to the estuary\n\n")
    for kept in (
        "For the first time in three decades",
        "Volunteers counted forty-two animals",
        "A cleaner river",
        "nobody expected it to happen so quickly",
        "- Keep dogs on a lead",
        "The trust plans a second count",
    ):
        assert kept in text
    for dropped in (
        "Coastal Times",
        "Sport",
        "Share on Facebook",
        "We use cookies",
        "First comment",
        "Most read",
        "Ferry timetable",
        "All rights reserved",
    ):
        assert dropped not in text


async def test_paragraphs_are_separated_by_blank_lines_and_list_items_by_newlines(server, tab):
    text = await reader_text(tab, server, "/reader_article.html")
    assert "\n\nA cleaner river\n\nWater quality" in text
    assert (
        "- Keep dogs on a lead near the mudflats.\n- Stay at least fifty metres from resting seals.\n"
        "- Report injured animals to the rescue hotline."
    ) in text
    assert "  " not in text and "\n\n\n" not in text


async def test_hidden_text_of_every_kind_is_left_out(server, tab):
    text = await reader_text(tab, server, "/reader_hidden.html")
    for visible in (
        "Visible heading of the page",
        "Visible paragraph one",
        "Visible paragraph two continues",
        "Visible paragraph three",
        "Revealed child paragraph",
        "Summary line shown",
    ):
        assert visible in text
    for hidden in (
        "Displaynone",
        "Visibilityhidden",
        "Opacityzero",
        "Hiddenattribute",
        "Ariahidden",
        "Sronly",
        "Collapsedcontent",
        "Noscript",
        "Template text",
    ):
        assert hidden not in text


async def test_a_page_whose_body_is_invisible_has_no_reader_text(server, tab):
    url = server.route(
        "/invisible",
        "<style>body{visibility:hidden}</style><article><h1>Title</h1>"
        + "<p>A long paragraph of article text, with commas, that nobody can see.</p>" * 20,
    )
    await navigate(tab, url)
    assert await PageWorld.of(tab).call(EXTRACT, {}) == ""


async def test_tables_lists_line_breaks_preformatted_and_shadow_text_keep_their_shape(server, tab):
    text = await reader_text(tab, server, "/reader_structure.html")
    assert "Tide tables list the times and heights of high and low water" in text
    assert "Time | Height | Tide\n06:12 | 4.8 m | High\n12:30 | 0.9 m | Low" in text
    assert "- Check the table before you set out.\n- Start back two hours before high water." in text
    assert "First line of an address\nSecond line of an address" in text
    assert "indented   code\n    keeps its spacing" in text
    assert "Shadowtext paragraph rendered inside an open shadow root" in text


async def test_extract_returns_the_whole_text_and_leaves_the_cap_to_the_caller(server, tab):
    text = await reader_text(tab, server, "/reader_article.html", max_chars=40)
    assert len(text) > 800 and text.endswith("towards the headland.")


async def test_extraction_never_changes_the_page(server, tab):
    await navigate(tab, server.url("/reader_article.html"))
    before = await tab.session.send(
        "Runtime.evaluate",
        {
            "expression": """
        window.__mutations = 0;
        new MutationObserver(r => { window.__mutations += r.length; })
          .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
        document.documentElement.outerHTML""",
            "returnByValue": True,
        },
    )
    await PageWorld.of(tab).call(EXTRACT, {})
    after = await tab.session.send(
        "Runtime.evaluate",
        {
            "expression": "new Promise(r => setTimeout(() => r([window.__mutations, document.documentElement.outerHTML])))",
            "awaitPromise": True,
            "returnByValue": True,
        },
    )
    mutations, html = after["result"]["value"]
    assert mutations == 0 and html == before["result"]["value"]


async def test_evaluating_the_bootstrap_twice_keeps_the_first_definitions(server, tab):
    await navigate(tab, server.route("/p", "<p>Some words here.</p>"))
    world = PageWorld.of(tab)
    await world.call("function () { globalThis.__first = [globalThis.__browserxReader, globalThis.__browserx]; }")
    await world.call(f"function () {{ return eval({json.dumps(bootstrap_source())}); }}")
    assert await world.call(
        "function () { const [r, b] = globalThis.__first;"
        " return r === globalThis.__browserxReader && b === globalThis.__browserx; }"
    )


async def test_a_page_without_an_article_still_gives_its_visible_text(server, tab):
    url = server.route(
        "/form", "<form><label>Email <input></label><button>Send</button></form><p>Questions? Write to us.</p>"
    )
    await navigate(tab, url)
    text = await PageWorld.of(tab).call(EXTRACT, {})
    assert "Questions? Write to us." in text and "Send" not in text


async def test_an_empty_document_gives_empty_text(server, tab):
    await navigate(tab, server.route("/empty", "<!doctype html><title>t</title><body></body>"))
    assert await PageWorld.of(tab).call(EXTRACT, {}) == ""


async def test_boilerplate_words_in_layout_classes_and_heading_slug_ids_do_not_drop_the_article(server, tab):
    para = "<p>Paragraph {n} of the article, with enough words, commas, and clauses to read as prose text.</p>"
    html = (
        "<div class='panel-layout two-col-sidebar-right'><h1>Layout wrapper title</h1>"
        + "".join(para.format(n=n) for n in range(3))
        + "<div class='section' id='sharing-with-a-single-developer'><h2>Sharing</h2>"
        + "".join(para.format(n=n) for n in range(3, 6))
        + "</div></div>"
        + "<div class='sidebar'><p>Sidebar promo text that is long enough to be a paragraph, but is not.</p></div>"
    )
    await navigate(tab, server.route("/layout", html))
    text = await PageWorld.of(tab).call(EXTRACT, {})
    assert "Layout wrapper title" in text and "Paragraph 0 of" in text and "Paragraph 5 of" in text
    assert "Sidebar promo" not in text
