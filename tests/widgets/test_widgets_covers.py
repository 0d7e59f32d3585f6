"""A cover is what a person sees covering (issue 31 kind 8): a layer hides the controls under it only
where it paints over them. A layer that paints nothing (glass: a loading layer a page's scripts never
removed) hides nothing: the controls are listed, a click reaches a button or a link as a keyboard
would, and a pointer action that cannot says ELEMENT_COVERED naming the layer. A backdrop hides what
it dims; a cookie banner hides only what its panel paints over."""

from __future__ import annotations

HEADER = """<header><a href="#login">Log in</a> <a href="#world">World</a> <a href="#sport">Sport</a>
<input type=search aria-label="Search news"> <button id=subscribe onclick="window.clicked = 'subscribe'">Subscribe</button>
<label><input type=checkbox id=dark> Dark mode</label></header>
<main><h1>Today</h1><p>The news of the day, in a few lines of text.</p></main>"""
# Absolute, full page, high z-index, pointer-events auto, nothing painted: glass.
GLASS = f"""<!doctype html><title>News</title>{HEADER}
<div id=loading style="position: absolute; inset: 0; z-index: 1001"><div class=spinner-slot></div></div>"""
# A shade over the page: rgba(0,0,0,.5), fixed, full viewport (and nothing else in it).
SHADE = '<div id=shade style="position: fixed; inset: 0; background: rgba(0,0,0,.5); z-index: 10"></div>'
# A consent layer: a transparent fixed wrapper over the whole viewport (it catches the pointer
# everywhere) with a painted panel at the bottom, over the page's footer link.
COOKIES = f"""<!doctype html><title>News</title><style>body {{ margin: 0 }} footer {{ position: absolute; top: 640px }}</style>
{HEADER}<footer><a href="#imprint">Imprint</a></footer>
<div id=consent style="position: fixed; inset: 0; z-index: 100">
  <div id=panel role=region aria-label="Cookies" style="position: absolute; left: 0; right: 0; bottom: 0; height: 120px;
    background: white; box-shadow: 0 -2px 8px rgba(0,0,0,.3)">We use cookies.
    <button onclick="document.getElementById('consent').remove()">Accept</button></div>
</div>"""
SEEN = ["Log in", "World", "Sport", "Search news", "Subscribe", "Dark mode"]


def _names(model: dict) -> list[str]:
    return [c["name"] for c in model["controls"]]


async def test_a_layer_that_paints_nothing_hides_nothing(open_page, snapshot):
    await open_page(GLASS)
    model = await snapshot()
    assert all(name in _names(model) for name in SEEN), _names(model)
    assert "blocked" not in model["omitted"]
    assert "under a cover" not in await snapshot("text")


async def test_a_click_under_glass_reaches_a_button_and_a_link_as_a_keyboard_does(open_page, snapshot, named, call, js):
    await open_page(GLASS)
    model = await snapshot()
    result = await call("browser_dom", action="click", element_id=named(model, "Subscribe")["id"])
    assert result.success, result.error
    assert result.data["via"] == "keyboard"
    assert await js("window.clicked") == "subscribe"
    result = await call("browser_dom", action="click", element_id=named(model, "Dark mode")["id"])
    assert result.success, result.error
    assert await js("document.getElementById('dark').checked") is True
    result = await call("browser_dom", action="click", element_id=named(model, "World")["id"])
    assert result.success, result.error
    assert await js("location.hash") == "#world"


async def test_a_pointer_action_under_glass_is_covered_naming_the_layer(open_page, snapshot, named, call):
    await open_page(GLASS)
    model = await snapshot()
    for action, name in (("click", "Search news"), ("hover", "Subscribe")):
        result = await call("browser_dom", action=action, element_id=named(model, name)["id"])
        assert result.error["code"] == "ELEMENT_COVERED", (action, result.error)
        assert result.error["details"]["cover"]["dom_id"] == "loading"


async def test_a_backdrop_hides_what_it_dims(open_page, snapshot, call, js):
    await open_page("<!doctype html><title>News</title>" + HEADER)
    subscribe = next(c for c in (await snapshot())["controls"] if c["name"] == "Subscribe")  # read before the shade
    await js(f"document.body.insertAdjacentHTML('beforeend', {SHADE!r})")
    model = await snapshot()
    assert not [name for name in SEEN if name in _names(model)], _names(model)
    assert model["omitted"]["blocked"] >= len(SEEN)
    result = await call("browser_dom", action="click", element_id=subscribe["id"])
    assert result.error["code"] == "ELEMENT_COVERED"
    assert result.error["details"]["cover"]["dom_id"] == "shade"
    assert await js("window.clicked") is None


async def test_a_cookie_banner_hides_only_where_its_panel_paints(open_page, snapshot, named, call, js):
    await open_page(COOKIES)
    model = await snapshot()
    assert all(name in _names(model) for name in SEEN + ["Accept"]), _names(model)
    assert "Imprint" not in _names(model)  # under the panel
    assert model["omitted"]["blocked"] == 1
    result = await call("browser_dom", action="click", element_id=named(model, "Subscribe")["id"])
    assert result.success, result.error
    assert await js("window.clicked") == "subscribe"
    assert (await call("browser_dom", action="click", element_id=named(model, "Accept")["id"])).success
    assert "Imprint" in _names(await snapshot())
