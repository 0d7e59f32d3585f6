"""The page model of an HTML string (FR-025): scripts off, isolated and throwaway, links by base_url."""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.errors import ValidationError
from browserx.page import DomService, SnapshotOptions
from browserx.page.static import snapshot_html, with_prefix

LOGIN = """<!doctype html><html><head><title>Login</title>
<style>.gone { display: none }</style></head><body>
<nav><a href="/">Home</a> <a href="help.html">Help</a></nav>
<main><h1>Sign in</h1>
<form><label for=email>Email</label><input id=email type=email required placeholder="you@example.com">
<label>Password <input type=password required></label>
<label><input type=checkbox checked> Remember me</label>
<select aria-label="Language"><option>English</option><option>Deutsch</option></select>
<button type=submit disabled>Sign In</button><button class=gone>Hidden by CSS</button></form>
<p>Welcome back. Please enter your details to continue to your account.</p></main></body></html>"""


def shape(model):
    return [(c.id, c.role, c.name, c.states, c.region, c.placeholder, c.href) for c in model.controls]


async def test_a_static_login_form_gives_the_same_controls_as_the_live_page(manager, server, tab):
    url = server.route("/login", LOGIN)
    await navigate(tab, url)
    live = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    static = await snapshot_html(manager, LOGIN, base_url=url)
    assert shape(static) == shape(live)
    assert [c.role for c in static.controls] == ["link", "link", "textbox", "textbox", "checkbox", "combobox", "button"]
    assert static.headings == live.headings and static.regions == live.regions
    assert static.title == "Login" and static.url == url
    assert "Welcome back" in static.text


async def test_an_inline_script_that_would_add_a_button_does_not_run(manager):
    html = """<h1>Shop</h1><button>Existing</button>
    <script>const b = document.createElement('button'); b.textContent = 'Injected';
    document.body.appendChild(b); document.title = 'ran';</script>"""
    model = await snapshot_html(manager, html)
    assert [c.name for c in model.controls] == ["Existing"]
    assert model.title != "ran"
    assert model.url == "about:blank"


async def test_links_resolve_against_base_url_and_same_origin_ones_are_relative(manager):
    html = """<a href="cart?step=2">Cart</a> <a href="/help">Help</a> <a href="#top">Top</a>
    <a href="https://other.example/x">Elsewhere</a> <a href="//cdn.example/y">CDN</a>"""
    model = await snapshot_html(manager, html, base_url="https://shop.example/store/index.html")
    hrefs = {c.name: c.href for c in model.controls}
    assert hrefs == {
        "Cart": "/store/cart?step=2",
        "Help": "/help",
        "Top": "#top",
        "Elsewhere": "https://other.example/x",
        "CDN": "https://cdn.example/y",
    }


async def test_base_url_wins_over_a_base_element_in_the_html(manager):
    html = '<!DOCTYPE html><head><base href="https://wrong.example/"></head><a href="a">A</a>'
    model = await snapshot_html(manager, html, base_url="https://right.example/dir/")
    assert model.controls[0].href == "/dir/a"


async def test_the_throwaway_conversation_is_closed_afterwards_even_on_bad_input(manager):
    before = set(manager.conversations)
    await snapshot_html(manager, "<button>x</button>")
    assert set(manager.conversations) == before
    with pytest.raises(ValidationError) as info:
        await snapshot_html(manager, "<p>x</p>", base_url="relative/path")
    assert info.value.code == "VALIDATION_ERROR"
    assert set(manager.conversations) == before


async def test_no_request_leaves_for_a_static_snapshot(manager, server):
    html = f"""<link rel=stylesheet href="{server.url("/style.css")}"><img src="{server.url("/pic.png")}">
    <iframe src="{server.url("/frame")}"></iframe><button>Go</button>"""
    model = await snapshot_html(manager, html)
    assert [c.name for c in model.controls] == ["Go"]
    assert server.requests == {}


def test_the_prefix_goes_after_the_doctype_and_escapes_the_base_url():
    out = with_prefix("<!DOCTYPE html><p>x", "https://a.example/?q=1&r=2")
    assert out.startswith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy"')
    assert out.endswith('<base href="https://a.example/?q=1&amp;r=2"><p>x')
    assert "<base" not in with_prefix("<p>x", None)
