"""The actions and the page model are one in-page program: installed together, naming elements alike."""

from __future__ import annotations

PAGE = """<!doctype html><body style="margin:0">
<button id=under style="position:absolute;top:100px;left:10px;width:120px;height:40px">Under</button>
<button id=over hidden style="position:absolute;top:90px;left:0;width:300px;height:60px;opacity:.9">Accept all cookies</button>
<button id=go style="position:absolute;top:300px;left:10px">Go</button>
</body>"""


async def test_the_first_click_in_a_document_sends_one_call_before_the_mouse_events(tab, load, eid, monkeypatch):
    from browserx.actions import element

    await load(tab, PAGE)
    go = await eid(tab, "#go")  # the snapshot creates browserx's world in this document
    sent: list[str] = []
    send = tab.session.send

    async def counting(method, params=None, **kwargs):
        sent.append(method)
        return await send(method, params, **kwargs)

    monkeypatch.setattr(tab.session, "send", counting)
    result = await element.click(tab, go)
    assert result["success"] is True
    before_input = sent[: sent.index("Input.dispatchMouseEvent")]
    # The action's one call; the click's record comes back through the world's binding, so nothing
    # else is sent, before or after. The actions came with the page model's world: no install probe,
    # no second evaluation.
    assert before_input == ["Runtime.callFunctionOn"]
    assert set(sent[1:]) == {"Input.dispatchMouseEvent"}, sent  # move, press, release
    assert "Runtime.evaluate" not in sent and "Page.createIsolatedWorld" not in sent


async def test_a_covered_click_names_its_cover_as_the_snapshot_does(tab, load, eid, call):
    await load(tab, PAGE)
    # The cover comes after the agent read the page (a model taken under it leaves #under out as covered).
    under = await eid(tab, "#under")
    await tab.session.send("Runtime.evaluate", {"expression": "document.getElementById('over').hidden = false"})
    over = await eid(tab, "#over")
    snapshot = await call("browser_dom", action="snapshot", format="json")
    assert snapshot.success, snapshot.error
    listed = {c["id"]: c for c in snapshot.data["controls"]}
    assert under not in listed
    result = await call("browser_dom", action="click", element_id=under)
    assert result.error["code"] == "ELEMENT_COVERED"
    cover = result.error["details"]["cover"]
    assert cover["element_id"] == over
    assert (cover["role"], cover["name"]) == (listed[over]["role"], listed[over]["name"])


async def test_a_click_reaches_cdp_through_the_documented_walk(tab, load, eid, call):
    """docs/CONTRIBUTING.md "A click, end to end": the files on the stack of each CDP message the click sends
    (below the MCP edge, which `call` stands in for). A new file on the walk is a deliberate change: update both."""
    import contextvars
    import sys
    from pathlib import Path

    import browserx

    package = Path(browserx.__file__).parent
    from browserx.page.service import DomService

    await load(tab, PAGE)
    go = await eid(tab, "#go")
    # The page model a client reads before it clicks: the flow recorder describes the element from it
    # (tools/flows/record.py) and sends nothing. An id no model listed would cost a snapshot first.
    assert (await DomService.of(tab).snapshot()).control(go) is not None
    on_stack: set[str] = set()
    clicking = contextvars.ContextVar("clicking", default=False)  # the click's tasks, not the CDP reader's

    def profile(frame, event, _arg):
        code = frame.f_code
        if (
            event == "call"
            and clicking.get()
            and code.co_name == "send"
            and code.co_filename == str(package / "cdp" / "session.py")
        ):
            walker = frame
            while walker is not None:
                if walker.f_code.co_filename.startswith(str(package)):
                    on_stack.add(Path(walker.f_code.co_filename).relative_to(package).as_posix())
                walker = walker.f_back

    clicking.set(True)
    sys.setprofile(profile)
    try:
        result = await call("browser_dom", action="click", element_id=go)
    finally:
        sys.setprofile(None)
    assert result.success, result.error
    assert on_stack == {"tools/base.py", "tools/dom.py", "actions/element.py", "page/world.py", "cdp/session.py"}


async def test_a_click_answers_with_the_pages_record_without_waiting_for_the_releases_ack(
    tab, load, eid, js, monkeypatch
):
    """The record is taken in the click's own dispatch, inside the task that handles the release: once it
    came, the click has been handled, and the next call reaches the page only after that task ended."""
    import asyncio

    from browserx.actions import element

    # The page's own window listener, added during the click (after browserx's): it runs after the record.
    await load(
        tab,
        """<button id=go onclick="window.addEventListener('click', () => { window.after = 'ran'; }, {once: true});
      this.textContent = 'Done'">Go</button>""",
    )
    go = await eid(tab, "#go")
    held = asyncio.Event()  # the release's ack reaches the click only once the test lets it
    send = tab.session.send

    async def holding(method, params=None, **kwargs):
        out = await send(method, params, **kwargs)
        if method == "Input.dispatchMouseEvent" and (params or {}).get("type") == "mouseReleased":
            await held.wait()
        return out

    monkeypatch.setattr(tab.session, "send", holding)
    try:
        async with asyncio.timeout(5):
            result = await element.click(tab, go)
    finally:
        held.set()
    assert result["success"] is True
    assert result["effects"]["dom_changed"] is True
    assert await js(tab, "window.after") == "ran"
