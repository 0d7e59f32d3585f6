"""Dialogs the agent answers (policy "ask"): the action reports the dialog, browser_dialog answers it,
other calls get DIALOG_OPEN meanwhile, and one nobody answers gets the fallback after dialog_timeout."""

from __future__ import annotations

import pytest

PAGE = """<title>dialogs</title>
<button id=del onclick="window.answer = confirm('Delete it?')">Delete</button>
<button id=name onclick="window.answer = prompt('Your name?', 'nobody')">Name</button>
<button id=hi onclick="alert('Saved!'); window.after = true">Save</button>
<button id=plain onclick="window.clicked = true">Plain</button>"""

LEAVE = """<title>editor</title><textarea aria-label=Draft></textarea>
<button id=touch onclick="window.touched = true">Touch</button><a id=away href="/next">Leave</a>
<script>addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = ''; });</script>"""


@pytest.fixture
def ask(manager, monkeypatch):
    """The MCP server's and agent's policy, on the test session's browser."""
    monkeypatch.setattr(manager.config, "dialog_policy", "ask")
    return manager.config


async def _open(call, server, eid, tab, html=PAGE):
    assert (await call("browser_navigate", url=server.route("/dialogs", html))).success


async def _value(call, expression):
    result = await call("browser_eval", expression=expression)
    assert result.success, result.error
    return result.data["result"]


async def test_confirm_accepted_the_page_sees_true(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#del"))
    assert clicked.success, clicked.error
    assert clicked.data["effects"]["dialog"] == {"type": "confirm", "message": "Delete it?"}
    assert clicked.data["settled"] is False
    answered = await call("browser_dialog", accept=True)
    assert answered.success, answered.error
    assert answered.data["answered"] == {"type": "confirm", "message": "Delete it?", "accepted": True}
    assert await _value(call, "window.answer") is True


async def test_confirm_dismissed_the_page_sees_false(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    await call("browser_dom", action="click", element_id=await eid(tab, "#del"))
    assert (await call("browser_dialog", accept=False)).success
    assert await _value(call, "window.answer") is False


async def test_prompt_answered_the_page_sees_the_text(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#name"))
    assert clicked.data["effects"]["dialog"] == {"type": "prompt", "message": "Your name?", "default_prompt": "nobody"}
    assert (await call("browser_dialog", accept=True, prompt_text="Ada Lovelace")).success
    assert await _value(call, "window.answer") == "Ada Lovelace"


async def test_other_tools_answer_dialog_open_while_one_is_pending(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    plain = await eid(tab, "#plain")
    await call("browser_dom", action="click", element_id=await eid(tab, "#hi"))
    for name, args in [
        ("browser_dom", {"action": "snapshot"}),
        ("browser_dom", {"action": "click", "element_id": plain}),
        ("browser_eval", {"expression": "1"}),
        ("page_screenshot", {"action": "screenshot"}),
        ("browser_navigate", {"url": server.url("/elsewhere")}),
        ("browser_wait", {"text": "x"}),
    ]:
        result = await call(name, **args)
        assert result.code == "DIALOG_OPEN", (name, result.to_dict())
        assert result.error["details"]["dialog"]["type"] == "alert"
    assert (await call("browser_tabs")).success  # listing tabs does not need the page
    assert (await call("browser_dialog", accept=True)).success
    assert await _value(call, "window.after") is True
    assert (await call("browser_dom", action="click", element_id=plain)).success


async def test_answering_when_no_dialog_is_open_is_not_found(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    assert (await call("browser_dialog", accept=True)).code == "NOT_FOUND"


async def test_a_script_that_opens_a_dialog_returns_dialog_open_instead_of_hanging(ask, call, server, eid, tab):
    await _open(call, server, eid, tab)
    result = await call("browser_eval", expression="confirm('From a script?')")
    assert result.code == "DIALOG_OPEN"
    assert result.error["details"]["dialog"] == {"type": "confirm", "message": "From a script?"}
    assert (await call("browser_dialog", accept=True)).success


async def test_an_unanswered_dialog_gets_the_fallback_after_the_dialog_timeout(
    ask, monkeypatch, call, server, eid, tab
):
    monkeypatch.setattr(ask, "dialog_timeout", 0.3)
    await _open(call, server, eid, tab)
    async with tab.session.wait_for("Page.javascriptDialogClosed", timeout=10):
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#del"))
        assert clicked.data["effects"]["dialog"]["type"] == "confirm"
    after = await call("browser_eval", expression="window.answer")
    assert after.success and after.data["result"] is False  # confirm: dismissed
    notice = after.metadata["notices"][0]
    assert (notice["type"], notice["dialog_type"], notice["action"], notice["by"]) == (
        "dialog",
        "confirm",
        "dismissed",
        "timeout",
    )


async def test_beforeunload_on_navigation_waits_for_the_answer(ask, call, server, eid, tab):
    await _open(call, server, eid, tab, LEAVE)
    assert (await call("browser_dom", action="click", element_id=await eid(tab, "#touch"))).success  # user activation
    target = server.route("/next", "<title>next</title>")
    leaving = await call("browser_navigate", url=target)
    assert leaving.code == "DIALOG_OPEN"
    assert leaving.error["details"]["dialog"]["type"] == "beforeunload"
    stay = await call("browser_dialog", accept=False)
    assert stay.success and "url" not in stay.data["effects"]
    assert tab.url == server.url("/dialogs")
    # Chromium shows beforeunload again only after a new user activation
    assert (await call("browser_dom", action="click", element_id=await eid(tab, "#touch"))).success
    assert (await call("browser_navigate", url=target)).code == "DIALOG_OPEN"
    leave = await call("browser_dialog", accept=True)
    assert leave.success, leave.error
    assert leave.data["effects"]["url"] == target and tab.url == target


async def test_a_link_click_reports_beforeunload_and_accepting_follows_the_link(ask, call, server, eid, tab):
    await _open(call, server, eid, tab, LEAVE)
    target = server.route("/next", "<title>next</title>")
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#away"))
    assert clicked.success, clicked.error
    assert clicked.data["effects"]["dialog"]["type"] == "beforeunload"
    leave = await call("browser_dialog", accept=True)
    assert leave.success and leave.data["effects"]["url"] == target


async def test_automatic_policies_still_answer_at_once(manager, monkeypatch, call, server, eid, tab):
    monkeypatch.setattr(manager.config, "dialog_policy", "accept")
    await _open(call, server, eid, tab)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#del"))
    assert clicked.success and clicked.data["effects"]["dialogs"][0]["action"] == "accepted"
    assert await _value(call, "window.answer") is True


async def test_a_page_that_alerts_while_loading_gives_dialog_open_then_loads_once_answered(ask, call, server, tab):
    url = server.route("/greeting", "<title>hello</title><script>alert('Welcome!')</script><button>Start</button>")
    loading = await call("browser_navigate", url=url)
    assert loading.code == "DIALOG_OPEN"
    assert loading.error["details"]["dialog"] == {"type": "alert", "message": "Welcome!"}
    assert (await call("browser_dialog", accept=True)).success
    assert (await call("browser_wait", text="start")).success
    assert "Start" in (await call("browser_dom", action="snapshot")).data


async def test_a_dialog_from_a_cross_site_iframe_is_reported_and_answered(ask, call, server, tab):
    inner = server.route(
        "/inner", "<button onclick=\"window.top.postMessage(confirm('From the frame?'), '*')\">Ask</button>"
    )
    outer = f"""<iframe src="{inner.replace("127.0.0.1", "localhost")}"></iframe>
<script>addEventListener('message', e => {{ window.answer = e.data; }});</script>"""
    assert (await call("browser_navigate", url=server.route("/outer", outer))).success
    model = (await call("browser_dom", action="snapshot", format="json", include_cross_origin_iframes=True)).data
    button = next(c["id"] for c in model["controls"] if c["name"] == "Ask")
    clicked = await call("browser_dom", action="click", element_id=button)
    assert clicked.data["effects"]["dialog"] == {"type": "confirm", "message": "From the frame?"}
    assert (await call("browser_dialog", accept=True)).success
    assert (await call("browser_wait", element_id=button, state="visible")).success
    assert await _value(call, "window.answer") is True


# The submit handler works on for 100 ms after the dialog closes (a slow page): the POST starts only then.
SUBMIT = """<title>order</title><form action=/dialogs-done method=post
  onsubmit="const ok = confirm('Order it?'), t = performance.now(); while (performance.now() - t < 100); return ok">
<button id=order>Order</button></form>
<button id=chain onclick="if (confirm('First?')) alert('Second!')">Chain</button>
<button id=fetch onclick="if (confirm('Load?')) fetch('/dialogs-slow').then(() => window.loaded = true)">Fetch</button>"""


async def test_a_confirm_that_lets_a_submit_go_on_reports_the_page_it_loads(ask, call, server, eid, tab):
    server.route("/dialogs-done", "<title>done</title><h1>Ordered</h1>")
    await _open(call, server, eid, tab, SUBMIT)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#order"))
    assert clicked.data["effects"]["dialog"]["type"] == "confirm"
    answered = await call("browser_dialog", accept=True)
    # the form's POST starts once the page has run on past the dialog: the answer follows it
    assert answered.data["effects"]["url"] == server.url("/dialogs-done")
    assert answered.data["effects"]["load"] == "complete"
    assert server.posts["/dialogs-done"]


async def test_an_answer_that_opens_the_next_dialog_reports_it_at_once(ask, call, server, eid, tab):
    await _open(call, server, eid, tab, SUBMIT)
    await call("browser_dom", action="click", element_id=await eid(tab, "#chain"))
    answered = await call("browser_dialog", accept=True)
    assert answered.success and answered.data["effects"]["dialog"]["message"] == "Second!"
    assert (await call("browser_dialog", accept=True)).data["answered"]["message"] == "Second!"


async def test_an_answer_waits_for_the_requests_it_started(ask, call, server, eid, tab):
    server.route("/dialogs-slow", "ok", content_type="text/plain")
    await _open(call, server, eid, tab, SUBMIT)
    await call("browser_dom", action="click", element_id=await eid(tab, "#fetch"))
    assert (await call("browser_dialog", accept=True)).success
    assert await _value(call, "window.loaded") is True
