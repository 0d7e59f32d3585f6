"""Every action says what it did: new tabs, dialogs, URL changes, focus and DOM changes."""

from __future__ import annotations

import asyncio

PAGE = """<!doctype html>
<a id=blank href="/other" target=_blank>Open in new tab</a>
<button id=alert onclick="alert('Saved!')">Save</button>
<a id=nav href="/other">Go to other</a>
<button id=hash onclick="history.pushState({}, '', '#step2')">Next step</button>
<button id=add onclick="const b = document.createElement('button'); b.textContent = 'New'; document.body.append(b)">Add</button>
<button id=quiet onclick="window.x = 1">Quiet</button>
<input id=field aria-label="Field">"""


async def _page(tab, load, server):
    server.route("/other", "<title>Other</title><h1>Other page</h1>")
    await load(tab, PAGE)
    return tab


async def test_click_opening_a_new_tab_reports_it(tab, load, server, call, eid, conversation):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#blank"))
    assert result.success, result.error
    new_tabs = result.data["effects"]["new_tabs"]
    assert len(new_tabs) == 1 and new_tabs[0]["tab_id"] != tab.tab_id
    assert new_tabs[0]["tab_id"] in conversation.tabs


async def test_click_opening_a_dialog_reports_it(tab, load, server, call, eid):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#alert"))
    assert result.success, result.error
    dialogs = result.data["effects"]["dialogs"]
    assert dialogs[0]["dialog_type"] == "alert" and dialogs[0]["message"] == "Saved!"


async def test_click_on_a_link_waits_for_the_new_document_and_reports_the_url(tab, load, server, call, eid):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#nav"))
    assert result.success, result.error
    assert result.data["effects"]["url"] == server.url("/other")
    assert tab.url == server.url("/other")


async def test_same_document_navigation_reports_the_url(tab, load, server, call, eid):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#hash"))
    assert result.success, result.error
    assert result.data["effects"]["url"].endswith("#step2")


async def test_new_controls_are_counted(tab, load, server, call, eid):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#add"))
    assert result.success, result.error
    assert result.data["effects"]["dom_changed"] is True
    assert result.data["effects"]["controls_added"] == 1


async def test_detailed_effects_diff_visible_controls(tab, load, server, call, eid):
    await _page(tab, load, server)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#add"), effects=True)
    assert result.success, result.error
    assert result.data["effects"]["controls_added"] == 1
    assert "controls_removed" not in result.data["effects"]


async def test_focus_change_is_reported_without_values(tab, load, server, call, eid):
    await _page(tab, load, server)
    field = await eid(tab, "#field")
    result = await call("browser_dom", action="type", element_id=field, text="private words")
    assert result.success, result.error
    # The focused element is named by its model id too, so the agent can act on it directly.
    assert result.data["effects"]["focus"] == {
        "role": "textbox",
        "name": "Field",
        "tag": "input",
        "dom_id": "field",
        "element_id": field,
    }
    assert "private" not in str(result.to_dict())


async def test_an_action_without_visible_effect_reports_none(tab, load, server, call, eid):
    await _page(tab, load, server)
    element_id = await eid(tab, "#quiet")
    await call("browser_dom", action="click", element_id=element_id)  # focus moves to the button once
    result = await call("browser_dom", action="click", element_id=element_id)
    assert result.success, result.error
    assert result.data["effects"] == {}


CHANGING = """<!doctype html>
<button id=stop onclick="event.stopPropagation(); document.getElementById('out').append(Object.assign(
  document.createElement('a'), {href: '#x', textContent: 'Result'}))">Search</button>
<label id=lab for=name>Name</label> <input id=name>
<div id=out></div>"""


async def test_click_reports_focus_moving_to_the_clicked_control(tab, load, call, eid):
    await load(tab, CHANGING)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#name"))
    assert result.success, result.error
    assert result.data["effects"]["focus"]["dom_id"] == "name"


async def test_click_whose_handler_stops_propagation_still_reports_new_controls(tab, load, call, eid):
    await load(tab, CHANGING)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#stop"))
    assert result.success, result.error
    assert result.data["effects"]["dom_changed"] is True and result.data["effects"]["controls_added"] == 1
    assert result.data["effects"]["focus"]["dom_id"] == "stop"


async def test_click_on_plain_text_reports_focus_leaving_the_field(tab, load, call, eid, js):
    await load(tab, CHANGING + "<p id=plain role=button style='height:40px'>Plain area</p>")
    await js(tab, "document.getElementById('name').focus()")
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#plain"))
    assert result.success, result.error
    assert "focus" in result.data["effects"] and result.data["effects"]["focus"] is None


async def test_a_link_that_stops_its_click_propagation_still_waits_for_its_navigation(tab, load, server, call, eid):
    # The page's handler stops the click at the link, so no bubbling listener sees it: the click
    # must still notice that the link's default action starts loading another document.
    slow = server.route("/slow", "<title>Slow</title><h1>Arrived</h1>")
    arrived, release = server.hold("/slow")
    await load(tab, "<a id=go href='/slow' onclick='event.stopPropagation()'>Go slowly</a>")
    click = asyncio.ensure_future(call("browser_dom", action="click", element_id=await eid(tab, "#go")))
    assert await asyncio.to_thread(arrived.wait, 10)
    release.set()
    result = await asyncio.wait_for(click, 20)
    assert result.success, result.error
    assert result.data["effects"]["url"] == slow and tab.url == slow


async def test_the_page_cannot_see_or_forge_the_click_report(tab, load, call, eid):
    # The click's record comes back through a binding that only browserx's isolated world has: a
    # page script that tries to call it, or to answer for it, changes nothing in the result.
    await load(
        tab,
        CHANGING
        + """<script>
window.seen = typeof window.__browserxClick;
document.addEventListener('click', () => { try { window.__browserxClick('{"token": 1, "dom_changed": false}'); }
                                            catch (e) { window.seen += ' threw'; } }, true);
</script>""",
    )
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#stop"))
    assert result.success, result.error
    assert result.data["effects"]["dom_changed"] is True and result.data["effects"]["controls_added"] == 1
    seen = await tab.session.send("Runtime.evaluate", {"expression": "window.seen", "returnByValue": True})
    assert seen["result"]["value"] == "undefined threw"
