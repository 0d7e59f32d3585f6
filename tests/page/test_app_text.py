"""An application's text (no article to pick: the page is read whole) says what the controls do not:
a control's own words are its name, listed with it, and are not read again after `---`."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions

APP = """<!doctype html><title>Shop</title>
<header><a href="/">ShopCo</a><nav><ul><li><a href="#l">Laptops</a></li><li><a href="#p">Phones</a></li></ul></nav>
<p>3 items <a href="#cart">View cart</a></p></header>
<main><h2>Filters</h2>
<label><input type=checkbox> Echo</label>
<label for=q>Qty</label> <input id=q type=number>
<div role=button tabindex=0>Apply</div>
<div class=card><h3>Trail tent</h3><p>$994.99</p><p>Two doors, one pole.</p><button>Add to cart</button></div>
<table><tr><th>Size</th><th>Weight</th><th></th></tr><tr><td>1P</td><td>1.2 kg</td><td><button>Pick</button></td></tr></table>
</main>"""

ARTICLE = (
    """<!doctype html><title>Post</title><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<article><h1>Walking the ridge</h1>"""
    + "".join(
        f"<p>Paragraph {i} of the story tells how the walk went, with a <a href='#n{i}'>link in the middle</a> of it.</p>"
        for i in range(6)
    )
    + "</article>"
)


async def _text(server, tab, html: str, path: str) -> str:
    await navigate(tab, server.route(path, html))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    return model.text


async def test_an_apps_text_leaves_out_blocks_that_are_only_control_names(server, tab):
    text = await _text(server, tab, APP, "/app-text")
    lines = text.splitlines()
    for name in ("ShopCo", "- Laptops", "- Phones", "Echo", "Qty", "Apply", "Add to cart"):
        assert name not in lines, (name, text)
    # Words that are no control's name stay, and a line mixing both keeps its control where it stands.
    for kept in ("3 items View cart", "Filters", "Trail tent", "$994.99", "Two doors, one pole."):
        assert kept in lines, (kept, text)
    assert "Size | Weight |" in text and "1P | 1.2 kg |" in text  # a row keeps its columns


async def test_an_articles_text_keeps_the_links_inside_its_sentences(server, tab):
    text = await _text(server, tab, ARTICLE, "/article-text")
    assert "with a link in the middle of it." in text
