"""Monaco, the editor of VS Code (npm monaco-editor 0.57.0, MIT), in a scratchpad of ours: a list of
files from our backend, each opened in Monaco; Save writes it back (/api/files/<name> → files.json).

Monaco 0.57 on Chromium edits through an EditContext: its textbox ("Editor content") is a div 0 px
wide at the caret, so the model drops it (issue 22: 1 px visually hidden controls, and unnamed code
editors); neither the editor nor the code it shows is in the model today.
"""

from __future__ import annotations

from npm_apps import agent_session, pick, read_json


def content_of(data, name: str) -> str:
    return next(f["content"] for f in read_json(data / "files.json") if f["id"] == name)


async def test_monaco_file_opened_from_the_list_is_saved_back_unchanged(manager, code_editor):
    url, data = code_editor
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        page = await agent.snapshot("file list", expect="greet.py")
        await agent.click(pick(page, "button", "greet.py"))
        opened = await agent.snapshot("file open")
        await agent.click(pick(opened, "button", "Save"))
        offsite = await agent.offsite_requests()
    assert "greet.py" in [h["text"] for h in opened["headings"]], opened["headings"]
    assert content_of(data, "greet.py") == 'def greet(name):\n    return "Hello, " + name\n'
    assert offsite == [], "the app must render from 127.0.0.1 alone"


async def test_monaco_file_rewritten_in_the_editor_is_saved(manager, code_editor):
    url, data = code_editor
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        page = await agent.snapshot("file list", expect="notes.txt")
        await agent.click(pick(page, "button", "notes.txt"))
        opened = await agent.snapshot("file open")
        editors = [c for c in opened["controls"] if c["role"] == "textbox"]
        assert len(editors) == 1, f"the editor a person types in must be listed: {opened['controls']}"
        await agent.type(editors[0]["id"], "buy milk and eggs")
        await agent.click(pick(opened, "button", "Save"))
    assert content_of(data, "notes.txt") == "buy milk and eggs"
