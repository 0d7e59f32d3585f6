"""browser_dom click and hover: real pointer input at the element's visible centre, or refusal."""

from __future__ import annotations

import pytest

from browserx.actions import visual

PAGE = """<!doctype html><body style="margin:0;height:3000px">
<button id=go>Go</button>
<button id=off style="position:absolute;top:2500px">Far</button>
<button id=dis disabled>Off</button>
<button id=gone>Hidden</button>
<button id=under style="position:absolute;top:300px;left:10px">Under</button>
<div id=banner role=dialog aria-label="Cookie banner" hidden
     style="position:absolute;top:280px;left:0;width:400px;height:80px;background:#eee">We use cookies</div>
<div id=menu role=button style="position:absolute;top:150px;left:10px" onmouseenter="window.hovered=true">Menu</div>
<script>
window.log = [];
for (const type of ['mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'auxclick'])
  document.addEventListener(type, e => log.push([type, e.target.id, e.button, e.detail,
                                               e.ctrlKey, e.shiftKey, e.altKey, e.metaKey, e.isTrusted]));
</script>"""


@pytest.fixture
async def page(tab, load):
    await load(tab, PAGE)
    return tab


def _types(log):
    return [entry[0] for entry in log]


async def test_click_sends_trusted_press_release_click(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#go"))
    assert result.success, result.error
    assert result.data["success"] is True and result.data["snapshotInvalidated"] is True
    log = await js(page, "log")
    assert _types(log) == ["mousedown", "mouseup", "click"]
    assert all(entry[1] == "go" and entry[8] is True for entry in log)


async def test_double_click_fires_dblclick_with_detail_two(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#go"), click_count=2)
    assert result.success, result.error
    log = await js(page, "log")
    assert _types(log) == ["mousedown", "mouseup", "click", "mousedown", "mouseup", "click", "dblclick"]
    assert log[-1][3] == 2


async def test_right_click_opens_contextmenu_not_click(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#go"), button="right")
    assert result.success, result.error
    log = await js(page, "log")
    assert "contextmenu" in _types(log) and "click" not in _types(log)
    assert log[0][2] == 2


async def test_modifiers_reach_the_click_event(page, call, eid, js):
    result = await call(
        "browser_dom", action="click", element_id=await eid(page, "#go"), modifiers={"ctrl": True, "shift": True}
    )
    assert result.success, result.error
    click = [e for e in await js(page, "log") if e[0] == "click"][0]
    assert click[4:8] == [True, True, False, False]


async def test_off_screen_element_is_scrolled_into_view_and_clicked(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#off"))
    assert result.success, result.error
    assert ["click", "off"] in [e[:2] for e in await js(page, "log")]
    assert await js(page, "window.scrollY") > 1000


async def test_covered_element_is_refused_naming_the_cover(page, call, eid, js):
    # The banner comes after the agent read the page: a model taken under it leaves #under out as covered.
    element_id = await eid(page, "#under")
    await js(page, "document.getElementById('banner').hidden = false")
    result = await call("browser_dom", action="click", element_id=element_id)
    assert result.code == "ELEMENT_COVERED"
    cover = result.error["details"]["cover"]
    assert (cover["role"], cover["name"], cover["dom_id"]) == ("dialog", "Cookie banner", "banner")
    assert result.error["details"]["recoverable"] is True
    assert await js(page, "log") == []


async def test_disabled_element_is_refused(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#dis"))
    assert result.code == "ELEMENT_DISABLED"
    assert await js(page, "log") == []


async def test_hidden_element_is_refused(page, call, eid, js):
    element_id = await eid(page, "#gone")
    await js(page, "document.getElementById('gone').style.display = 'none'")
    result = await call("browser_dom", action="click", element_id=element_id)
    assert result.code == "ELEMENT_NOT_VISIBLE"


async def test_removed_element_is_node_not_found(page, call, eid, js):
    element_id = await eid(page, "#go")
    await js(page, "document.getElementById('go').remove()")
    result = await call("browser_dom", action="click", element_id=element_id)
    assert result.code == "NODE_NOT_FOUND"


async def test_unknown_id_is_node_not_found(page, call):
    result = await call("browser_dom", action="click", element_id="bu_999999")
    assert result.code == "NODE_NOT_FOUND"


async def test_hover_enters_the_element(page, call, eid, js):
    result = await call("browser_dom", action="hover", element_id=await eid(page, "#menu"))
    assert result.success, result.error
    assert await js(page, "window.hovered") is True


@pytest.mark.parametrize("button,expected", [("left", "click"), ("right", "contextmenu")])
async def test_script_strategy_reaches_the_same_outcome(page, call, eid, js, button, expected):
    result = await call(
        "browser_dom", action="click", element_id=await eid(page, "#go"), button=button, strategy="script"
    )
    assert result.success, result.error
    assert set(result.data) == {"success", "duration_ms", "snapshotInvalidated", "settled", "effects"}
    assert [expected, "go"] in [e[:2] for e in await js(page, "log")]


async def test_script_strategy_double_click_and_modifiers(page, call, eid, js):
    result = await call(
        "browser_dom",
        action="click",
        element_id=await eid(page, "#go"),
        click_count=2,
        modifiers={"alt": True},
        strategy="script",
    )
    assert result.success, result.error
    log = await js(page, "log")
    assert _types(log)[-1] == "dblclick" and log[-1][6] is True


async def test_script_strategy_still_refuses_disabled(page, call, eid):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#dis"), strategy="script")
    assert result.code == "ELEMENT_DISABLED"


OVERLAY = "!!document.querySelector('[data-browserx-overlay]')"
# Resolves true when the overlay is (or appears) in the page, false after 2 s: a bounded event wait.
OVERLAY_APPEARS = """new Promise(resolve => {
  const seen = () => !!document.querySelector('[data-browserx-overlay]');
  if (seen()) return resolve(true);
  new MutationObserver(() => seen() && resolve(true)).observe(document.documentElement, {childList: true, subtree: true});
  setTimeout(() => resolve(false), 2000);
})"""


async def test_no_ripple_by_default(page, call, eid, js):
    result = await call("browser_dom", action="click", element_id=await eid(page, "#go"))
    assert result.success, result.error
    assert not visual._tasks  # nothing was even scheduled
    assert await js(page, OVERLAY) is False


@pytest.mark.parametrize("button", ["left", "right"])
async def test_ripple_is_drawn_when_asked_and_counts_as_no_page_change(page, call, eid, js, button):
    element_id = await eid(page, "#go")
    await call("browser_dom", action="click", element_id=element_id, button=button)  # focus moves once
    result = await call("browser_dom", action="click", element_id=element_id, button=button, visual_effect=True)
    assert result.success, result.error
    assert "dom_changed" not in result.data["effects"]
    assert await js(page, OVERLAY_APPEARS) is True
    assert ["mousedown", "go"] in [e[:2] for e in await js(page, "log")]


async def test_ripple_on_a_page_whose_csp_forbids_styles_and_scripts_never_fails_the_click(
    tab, load, server, call, eid, js
):
    url = server.route(
        "/csp",
        "<button id=b onclick=\"document.title='clicked'\">B</button>",
        headers={"Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'"},
    )
    async with tab.session.wait_for("Page.loadEventFired"):
        await tab.session.send("Page.navigate", {"url": url})
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#b"), visual_effect=True)
    assert result.success, result.error
    assert await js(tab, "document.title") == "clicked"


PARTLY = """<!doctype html><body style="margin:0">
<button id=wide style="position:absolute;top:10px;left:10px;width:300px;height:40px"
        onclick="window.hit = true">Wide button</button>
<div id=badge style="position:absolute;top:10px;left:130px;width:60px;height:40px;background:red">New</div>
<p style="position:absolute;top:200px">quirks</p>"""


async def test_partly_covered_element_is_clicked_where_it_shows(tab, load, call, eid, js):
    await load(tab, PARTLY)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#wide"))
    assert result.success, result.error
    assert await js(tab, "window.hit") is True


async def test_quirks_mode_page_clicks_inside_the_viewport(tab, load, call, eid, js):
    await load(tab, "<div style='height:3000px'></div><a id=far href='#far' onclick='window.far = true'>Far link</a>")
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#far"))
    assert result.success, result.error
    assert await js(tab, "[window.far, document.compatMode]") == [True, "BackCompat"]


# A label that does not take the pointer (pointer-events: none) drawn over the shape a person clicks, its
# sibling: a node of a flow editor. The same kind of label under a translucent shade is covered by the shade.
THROUGH = """<!doctype html><body style="margin:0">
<div style="position:relative;height:100px">
  <div style="position:absolute;top:10px;left:10px;width:160px;height:40px;background:#ddd"
       onmousedown="window.pressed = 'node'"></div>
  <span style="position:absolute;top:20px;left:30px;pointer-events:none">timestamp tick</span></div>
<div style="position:absolute;top:150px;left:10px;width:200px;height:40px" onmousedown="window.pressed = 'card'">
  <span style="pointer-events:none">Quarterly card</span></div>
<div id=shade style="position:absolute;top:120px;left:0;width:400px;height:200px;background:rgba(0,0,0,.3)"
     onmousedown="window.pressed = 'shade'"></div>"""


async def _found_id(call, query: str) -> str:
    found = await call("browser_dom", action="find", query=query)
    assert found.success, found.error
    return next(m["element_id"] for m in found.data["matches"] if m.get("element_id"))


async def test_click_on_a_label_that_takes_no_pointer_reaches_the_shape_under_it(tab, load, call, js):
    await load(tab, THROUGH)
    result = await call("browser_dom", action="click", element_id=await _found_id(call, "timestamp tick"))
    assert result.success, result.error
    assert await js(tab, "window.pressed") == "node"


async def test_label_that_takes_no_pointer_under_a_shade_is_covered_by_the_shade(tab, load, call, js):
    await load(tab, THROUGH)
    result = await call("browser_dom", action="click", element_id=await _found_id(call, "Quarterly card"))
    assert result.code == "ELEMENT_COVERED"
    assert result.error["details"]["cover"]["dom_id"] == "shade"
    assert await js(tab, "window.pressed") is None
