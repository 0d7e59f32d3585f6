"""TiddlyWiki (npm tiddlywiki 5.4.1, BSD-3-Clause) on Node.js: a wiki whose every page (a tiddler) is a
file of the server's wiki folder (`tiddlers/<title>.tid`), written by the server once the browser
syncs a change; the server says so on its output, which the test waits for before reading the file.
"""

from __future__ import annotations

from npm_apps import agent_session, pick


async def test_tiddlywiki_new_tiddler_is_saved_as_a_tid_file(manager, tiddlywiki):
    url, app, tiddlers = tiddlywiki
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        wiki = await agent.snapshot("wiki", expect="My TiddlyWiki")
        await agent.click(pick(wiki, "button", "new tiddler"))
        editor = await agent.snapshot("tiddler editor")
        # The title field has no label (Chromium names it nothing); the model describes it by the draft's title.
        await agent.type(pick(editor, "textbox", "Draft of 'New Tiddler'"), "Shopping list")
        await agent.type(pick(editor, "textbox", "Type the text for this tiddler"), "eggs and milk")
        saved_from = len(app.lines)
        await agent.click(pick(editor, "button", "Confirm changes to this tiddler"))
        after = await agent.snapshot("saved tiddler")
        offsite = await agent.offsite_requests()
        app.wait_for_line(r"Dispatching 'save' task: Shopping list", after=saved_from)
    text = (tiddlers / "Shopping list.tid").read_text()
    head, body = text.split("\n\n", 1)
    assert "title: Shopping list" in head.splitlines()
    assert body.strip() == "eggs and milk"
    assert any(h == "Shopping list" for h in [h["text"] for h in after["headings"]]), after["headings"]
    assert offsite == [], "the app must render from 127.0.0.1 alone"
