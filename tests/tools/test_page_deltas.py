"""Issue 23 through the tools: numbered models, `since: "last"` on a snapshot and on actions, and when the
full model comes instead (saying why)."""

from __future__ import annotations

import re

from browserx.page.render import render_text
from browserx.page.service import DomService
from browserx.tools import ToolContext, default_registry

PAGE = """<!doctype html><title>Cart</title><main><h1>Cart</h1>
<button id=add onclick="add()">Add item</button> <button onclick="document.title = 'Cart (' + n + ')'">Count</button>
<p role=status id=st>Empty</p><ul id=list></ul><p id=words>Nothing here yet.</p>
<button onclick="confirm('Sure?')">Ask</button>
<button onclick="document.querySelectorAll('li').forEach(li => li.remove()); for (let i = 0; i < 40; i++) add()">Many</button>
<a href="#top" onclick="history.pushState(null, '', '?view=2'); document.getElementById('words').textContent = 'Second view'; return false">Second view</a>
<a href="/other">Elsewhere</a></main>
<script>let n = 0; function add() { n++; document.getElementById('st').textContent = n + ' items';
document.getElementById('list').insertAdjacentHTML('beforeend', '<li><button>Remove ' + n + '</button></li>'); }</script>"""


def _id(text: str, name: str) -> str:
    return re.search(r"([a-z]{2}_\d+) " + re.escape(name) + r"(?: |$)", text, re.M).group(1)


async def test_a_snapshot_is_numbered_and_since_last_gives_only_what_changed(call, server, tab):
    url = server.route("/cart", PAGE)
    await call("browser_navigate", url=url)
    first = await call("browser_dom", action="snapshot")
    assert first.data.splitlines()[0] == f"# Cart — {url} (snapshot 1)"
    assert first.data == render_text(DomService.of(tab).last, header=" (snapshot 1)")
    await call("browser_dom", action="click", element_id=_id(first.data, "Add item"))
    delta = await call("browser_dom", action="snapshot", since="last")
    lines = delta.data.splitlines()
    assert lines[0] == "(snapshot 2: changes since 1)"
    assert re.search(r"^\+ bu_\d+ Remove 1$", delta.data, re.M) and "+ status: 1 items" in lines
    assert "- status: Empty" in lines and "+ Remove 1" not in lines  # a button's name is not reader text
    assert not any(line.startswith("bu_") for line in lines)  # nothing unchanged is repeated
    again = await call("browser_dom", action="snapshot", since="last")
    assert again.data == "(snapshot 3: no changes since 2)"


async def test_the_json_form_is_the_delta_and_its_base(call, server):
    await call("browser_navigate", url=server.route("/cart", PAGE))
    first = await call("browser_dom", action="snapshot", format="json")
    assert first.data["snapshot"] == 1 and "full" not in first.data
    add = next(c["id"] for c in first.data["controls"] if c["name"] == "Add item")
    await call("browser_dom", action="click", element_id=add)
    delta = await call("browser_dom", action="snapshot", since="last", format="json")
    assert set(delta.data) == {"delta", "base", "snapshot"} and (delta.data["base"], delta.data["snapshot"]) == (1, 2)
    assert [c["name"] for c in delta.data["delta"]["added"]] == ["Remove 1"]
    assert "aimap" not in delta.data["delta"]


async def test_the_full_model_comes_instead_saying_why(call, server):
    url = server.route("/cart", PAGE)
    server.route("/other", "<title>Other</title><button>Elsewhere</button>")
    await call("browser_navigate", url=url)
    nothing = await call("browser_dom", action="snapshot", since="last")
    assert nothing.data.splitlines()[0].endswith("(snapshot 1, the full model: no earlier snapshot to compare with)")
    other = await call("browser_dom", action="snapshot", since="last", max_controls=3)
    assert other.data.splitlines()[0].endswith("(snapshot 2, the full model: other snapshot options than snapshot 1)")
    text = (await call("browser_dom", action="snapshot")).data
    await call("browser_dom", action="click", element_id=_id(text, "Many"))
    big = await call("browser_dom", action="snapshot", since="last")
    assert big.data.splitlines()[0].endswith("(snapshot 4, the full model: the changes are more than half of it)")
    await call("browser_navigate", url=server.url("/other"))
    new = await call("browser_dom", action="snapshot", since="last")
    assert new.data.splitlines()[0] == f"# Other — {server.url('/other')} (snapshot 5, the full model: a new document)"


async def test_deltas_add_up_to_a_full_model_at_most_then_the_full_model_comes(call, server):
    await call("browser_navigate", url=server.route("/cart", PAGE))
    add = _id((await call("browser_dom", action="snapshot")).data, "Add item")
    firsts = [
        (await call("browser_dom", action="click", element_id=add, since="last")).data["page"].splitlines()[0]
        for _ in range(12)
    ]
    full = next(n for n, line in enumerate(firsts) if "full model" in line)
    assert full > 1 and all(line.startswith("(snapshot") for line in firsts[:full])  # deltas, then
    assert firsts[full].endswith("the full model: the changes since the last full model add up to more than it)")


async def test_an_action_with_since_answers_with_the_page_it_leaves_and_without_it_does_not(call, server):
    await call("browser_navigate", url=server.route("/cart", PAGE))
    text = (await call("browser_dom", action="snapshot")).data
    plain = await call("browser_dom", action="click", element_id=_id(text, "Add item"))
    assert "page" not in plain.data  # an MCP client that did not ask gets the action's result as before
    clicked = await call("browser_dom", action="click", element_id=_id(text, "Add item"), since="last")
    page = clicked.data["page"]
    assert page.splitlines()[0] == "(snapshot 2: changes since 1)"  # the plain click's change is in it too
    assert re.search(r"^\+ bu_\d+ Remove 1$", page, re.M) and re.search(r"^\+ bu_\d+ Remove 2$", page, re.M)
    typed = await call("browser_dom", action="click", element_id=_id(text, "Second view"), since="last")
    lines = typed.data["page"].splitlines()
    assert lines[1] == f"# Cart — {typed.data['effects']['url']}" and "+ Second view" in lines  # same document


async def test_the_agents_context_makes_every_action_answer_with_its_page(manager, conversation, server):
    ctx = ToolContext(manager, conversation.conversation_id)
    ctx.page_deltas = True
    registry = default_registry()
    await registry.dispatch("browser_navigate", {"url": server.route("/cart", PAGE)}, ctx)
    text = (await registry.dispatch("browser_dom", {"action": "snapshot"}, ctx)).data
    clicked = await registry.dispatch("browser_dom", {"action": "click", "element_id": _id(text, "Count")}, ctx)
    assert clicked.data["page"].splitlines()[:2] == [
        "(snapshot 2: changes since 1)",
        f"# Cart (0) — {server.url('/cart')}",
    ]
    # for the agent's history: the numbers, and the full model the delta adds up to (a compaction keeps that)
    assert {k: v for k, v in clicked.page.items() if k != "full"} == {"snapshot": 2, "base": 1, "key": [1, None]}
    assert clicked.page["full"].startswith(f"# Cart (0) — {server.url('/cart')} (snapshot 2)")
    found = await registry.dispatch("browser_dom", {"action": "find", "query": "Count"}, ctx)
    assert found.success and "page" not in found.data and found.page is None  # find reads, it does not act
    moved = await registry.dispatch("browser_dom", {"action": "click", "element_id": _id(text, "Elsewhere")}, ctx)
    assert moved.data["page"].splitlines()[0].endswith("(snapshot 3, the full model: a new document)")
    assert moved.page == {"snapshot": 3, "base": None, "key": [1, None], "new_document": True}


async def test_an_action_that_opens_a_dialog_leaves_no_page_the_dialog_blocks_it(manager, server):
    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.tools import TAB_SETUPS

    async with BrowserManager(BrowserConfig(dialog_policy="ask"), setups=TAB_SETUPS) as asking:
        ctx = ToolContext(asking, "ask")
        registry = default_registry()
        await registry.dispatch("browser_navigate", {"url": server.route("/cart", PAGE)}, ctx)
        text = (await registry.dispatch("browser_dom", {"action": "snapshot"}, ctx)).data
        asked = await registry.dispatch(
            "browser_dom", {"action": "click", "element_id": _id(text, "Ask"), "since": "last"}, ctx
        )
        assert asked.data["effects"]["dialog"]["type"] == "confirm" and "page" not in asked.data
        assert (await registry.dispatch("browser_dialog", {"accept": True}, ctx)).success
        after = await registry.dispatch("browser_dom", {"action": "snapshot", "since": "last"}, ctx)
        assert after.data == "(snapshot 2: no changes since 1)"


async def test_history_within_one_document_answers_with_a_delta_and_into_another_with_the_full_model(call, server):
    url = server.route("/cart", PAGE)
    server.route("/other", "<title>Other</title><button>Elsewhere</button>")
    await call("browser_navigate", url=url)
    text = (await call("browser_dom", action="snapshot")).data
    second = await call("browser_dom", action="click", element_id=_id(text, "Second view"), since="last")
    assert second.data["page"].splitlines()[1] == f"# Cart — {url}?view=2"
    back = await call("browser_history", action="back", since="last")
    assert back.success, back.error
    assert back.data["page"].splitlines()[:2] == ["(snapshot 3: changes since 2)", f"# Cart — {url}"]
    await call("browser_navigate", url=server.url("/other"))
    await call("browser_dom", action="snapshot")
    back = await call("browser_history", action="back", since="last")
    assert back.data["page"].splitlines()[0].endswith("the full model: a new document)")


async def test_since_takes_only_last_and_never_a_piece_of_the_reader_text(call, server):
    await call("browser_navigate", url=server.route("/cart", PAGE))
    wrong = await call("browser_dom", action="snapshot", since="first")
    assert wrong.code == "VALIDATION_ERROR" and wrong.error["details"]["fields"] == ["since"]
    piece = await call("browser_dom", action="snapshot", since="last", text_offset=10)
    assert piece.code == "VALIDATION_ERROR" and set(piece.error["details"]["fields"]) == {"since", "text_offset"}


async def test_each_tab_and_each_within_keeps_its_own_last_model(call, server):
    url = server.route("/cart", PAGE)
    await call("browser_navigate", url=url)
    await call("browser_dom", action="snapshot")
    part = await call("browser_dom", action="snapshot", within="main", since="last")
    assert "the full model: no earlier snapshot to compare with" in part.data.splitlines()[0]
    await call("browser_tabs", action="open", url=url)
    other_tab = await call("browser_dom", action="snapshot", since="last")
    assert "(snapshot 3, the full model: no earlier snapshot" in other_tab.data
    await call("browser_tabs", action="select", tab_id=1)
    assert (await call("browser_dom", action="snapshot", since="last")).data == "(snapshot 4: no changes since 1)"
    within = await call("browser_dom", action="snapshot", within="main", since="last")
    assert within.data == "(snapshot 5: no changes since 2)"


async def test_an_action_whose_look_fails_still_reports_the_action_and_says_why_there_is_no_page(
    call, server, monkeypatch
):
    from browserx.errors import SnapshotFailedError

    await call("browser_navigate", url=server.route("/cart", PAGE))
    add = _id((await call("browser_dom", action="snapshot")).data, "Add item")

    async def failing(self, options=None, **_flags):
        raise SnapshotFailedError("the document is closing")

    monkeypatch.setattr(DomService, "snapshot", failing)  # the look after the click, not the click
    clicked = await call("browser_dom", action="click", element_id=add, since="last")
    assert clicked.success and "page" not in clicked.data
    assert clicked.data["page_error"]["code"] == "SNAPSHOT_FAILED"
