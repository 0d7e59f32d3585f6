"""What may cover a control is a positioned layer (inpage/overlays.js): the snapshot hit-tests only the
controls in view that such a layer lies over, so the layers the walk does not walk itself, and what a
layer holds beyond its own box, must count: a shade inside an aria-hidden wrapper (the walk skips
aria-hidden subtrees) and a panel that overflows a positioned bar of no height still hide what they
paint over."""

from __future__ import annotations

HEADER = """<header><a href="#login">Log in</a> <a href="#world">World</a>
<input type=search aria-label="Search news"> <button>Subscribe</button></header>
<main><h1>Today</h1><p>The news of the day.</p></main>"""
SEEN = ["Log in", "World", "Search news", "Subscribe"]
# A modal's backdrop as many libraries render it: hidden from the accessibility tree, drawn all the same.
HIDDEN_SHADE = """<div aria-hidden="true"><div class=backdrop
  style="position: fixed; inset: 0; background: rgba(0,0,0,.5); z-index: 10"></div></div>"""
# A positioned bar of no height whose static panel hangs over the page (a menu opened below a bar).
HANGING_PANEL = """<div style="position: absolute; top: 0; left: 0; width: 100%; height: 0; z-index: 5">
  <div style="height: 300px; background: white">Menu</div></div>"""


def _names(model: dict) -> list[str]:
    return [c["name"] for c in model["controls"]]


async def test_a_shade_inside_an_aria_hidden_wrapper_hides_what_it_dims(open_page, snapshot):
    await open_page(f"<!doctype html><title>News</title>{HEADER}{HIDDEN_SHADE}")
    model = await snapshot()
    assert not [name for name in SEEN if name in _names(model)], _names(model)
    assert model["omitted"]["blocked"] >= len(SEEN)


async def test_what_a_layer_holds_past_its_own_box_covers_too(open_page, snapshot):
    await open_page(f"<!doctype html><title>News</title><style>body {{ margin: 0 }}</style>{HEADER}{HANGING_PANEL}")
    model = await snapshot()
    assert not [name for name in SEEN if name in _names(model)], _names(model)
    assert model["omitted"]["blocked"] >= len(SEEN)


async def test_controls_no_layer_lies_over_are_listed(open_page, snapshot):
    await open_page(f"<!doctype html><title>News</title>{HEADER}")
    model = await snapshot()
    assert all(name in _names(model) for name in SEEN), _names(model)
    assert "blocked" not in model["omitted"]
