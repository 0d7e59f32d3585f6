"""Elements in same-origin iframes and shadow roots; scrolling; ARIA listboxes and comboboxes."""

from __future__ import annotations

import pytest

INNER = """<!doctype html><body style="margin:0">
<button id=ib onclick="parent.framed = (parent.framed || 0) + 1">In frame</button>
<input id=ii aria-label="Frame field" value="old"></body>"""
OUTER = """<!doctype html><body style="margin:0">
<div style="height:40px">top</div>
<iframe id=f src="/inner" style="border:7px solid #000;padding:5px;width:300px;height:120px"></iframe>
<div id=host></div>
<script>
const root = document.getElementById('host').attachShadow({mode: 'open'});
root.innerHTML = '<button id=sb>Shadow</button><input id=si aria-label="Shadow field" value="old">';
root.getElementById('sb').addEventListener('click', () => window.shadowed = (window.shadowed || 0) + 1);
</script>"""


@pytest.mark.parametrize("strategy", ["cdp", "script"])
async def test_button_in_a_same_origin_iframe_is_clicked(tab, load, server, call, eid, js, strategy):
    server.route("/inner", INNER)
    await load(tab, OUTER)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#f >>> #ib"), strategy=strategy)
    assert result.success, result.error
    assert await js(tab, "window.framed") == 1


async def test_field_in_a_same_origin_iframe_is_typed_into(tab, load, server, call, eid, js):
    server.route("/inner", INNER)
    await load(tab, OUTER)
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#f >>> #ii"), text="framed text")
    assert result.success, result.error
    assert await js(tab, "document.getElementById('f').contentDocument.getElementById('ii').value") == "framed text"


@pytest.mark.parametrize("strategy", ["cdp", "script"])
async def test_shadow_root_elements_are_clicked_and_typed_into(tab, load, call, eid, js, strategy):
    await load(tab, OUTER)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#host >>> #sb"), strategy=strategy)
    assert result.success, result.error
    assert await js(tab, "window.shadowed") == 1
    result = await call(
        "browser_dom", action="type", element_id=await eid(tab, "#host >>> #si"), text="shadow text", strategy=strategy
    )
    assert result.success, result.error
    assert await js(tab, "document.getElementById('host').shadowRoot.getElementById('si').value") == "shadow text"


LONG = """<!doctype html><body style="margin:0;height:5000px">
<button id=far style="position:absolute;top:3000px">Far away</button>"""


@pytest.mark.parametrize("block", ["start", "center", "end"])
async def test_scroll_brings_an_off_screen_element_into_the_viewport(tab, load, call, eid, js, block):
    await load(tab, LONG)
    result = await call("browser_dom", action="scroll", element_id=await eid(tab, "#far"), block=block)
    assert result.success, result.error
    top = await js(tab, "document.getElementById('far').getBoundingClientRect().top")
    assert 0 <= top < await js(tab, "innerHeight")
    assert result.data["scroll_y"] == await js(tab, "scrollY") > 2000
    assert result.data["scroll_x"] == 0 and result.data["in_viewport"] is True


LISTBOX = """<!doctype html>
<ul id=lb role=listbox aria-label=Fruit>
  <li role=option id=o1 onclick="window.picked = 'apple'">Apple</li>
  <li role=option id=o2 data-value=ban onclick="window.picked = 'banana'">Banana</li>
</ul>
<div id=cb role=combobox aria-label=Colour aria-controls=colours aria-expanded=false tabindex=0
     onclick="document.getElementById('colours').hidden = false; this.setAttribute('aria-expanded', 'true')">Pick</div>
<ul id=colours role=listbox hidden>
  <li role=option onclick="window.colour = 'red'">Red</li>
  <li role=option onclick="window.colour = 'green'">Green</li>
</ul>"""


@pytest.mark.parametrize("strategy", ["cdp", "script"])
@pytest.mark.parametrize("option,expected", [("Banana", "banana"), ("ban", "banana"), ("apple", "apple")])
async def test_select_in_an_aria_listbox_clicks_the_option(tab, load, call, eid, js, option, expected, strategy):
    await load(tab, LISTBOX)
    result = await call(
        "browser_dom", action="select", element_id=await eid(tab, "#lb"), option=option, strategy=strategy
    )
    assert result.success, result.error
    assert await js(tab, "window.picked") == expected


@pytest.mark.parametrize("strategy", ["cdp", "script"])
async def test_select_in_a_closed_combobox_opens_it_first(tab, load, call, eid, js, strategy):
    await load(tab, LISTBOX)
    result = await call(
        "browser_dom", action="select", element_id=await eid(tab, "#cb"), option="Green", strategy=strategy
    )
    assert result.success, result.error
    assert result.data["selected"] == "Green"
    assert await js(tab, "window.colour") == "green"
