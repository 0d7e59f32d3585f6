"""Deep Chat (npm deep-chat 2.4.2, MIT) in a support chat of ours: a chat front end as a web component
(shadow DOM, a contenteditable message box), talking to our backend's /api/chat, which records each
message it receives (messages.json) and answers it.
"""

from __future__ import annotations

from npm_apps import agent_session, pick, read_json


async def test_chat_message_sent_with_enter_is_recorded_and_its_answer_is_read(manager, chat):
    url, data = chat
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        page = await agent.snapshot("chat", expect="Hi! How can we help?")
        await agent.type(pick(page, "textbox", "Type a message"), "Where is my order 42?", submit=True)
        answered = await agent.text()
        offsite = await agent.offsite_requests()
    assert read_json(data / "messages.json") == [
        {"id": "1", "role": "user", "text": "Where is my order 42?"},
        {"id": "2", "role": "ai", "text": "Noted: Where is my order 42?"},
    ]
    assert "Noted: Where is my order 42?" in answered, "the answer is read in the first snapshot after sending"
    assert offsite == [], "the app must render from 127.0.0.1 alone"


async def test_chat_answer_shown_in_the_components_shadow_root_is_awaited_by_its_text(manager, chat):
    """The snapshot reads Deep Chat's messages (drawn in its open shadow root); browser_wait's text
    condition must see the same text, or an agent waiting for an answer waits out its timeout (it did, an
    xfail, until browser_wait read open shadow roots: actions/waiting.js)."""
    url, _ = chat
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        page = await agent.snapshot(expect="Hi! How can we help?")
        await agent.type(pick(page, "textbox", "Type a message"), "Hello", submit=True)
        answered = await agent.text()
        waited = await agent.call("browser_wait", text="Noted: Hello", timeout="3s")
    assert "Noted: Hello" in answered  # the snapshot reads it
    assert waited["success"], waited.get("error")
