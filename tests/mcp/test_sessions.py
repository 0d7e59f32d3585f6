"""MCP sessions of one SDK lifespan (SDK 2.x enters it once for every HTTP session): each keyed by its
`mcp-session-id`, ended by its DELETE, and forgotten once the SDK has expired it."""

from __future__ import annotations

from browserx.mcp_server import build_server


async def test_a_session_unused_past_the_http_expiry_is_forgotten_and_its_context_closed(manager):
    server = build_server(manager=manager)  # the shared test browser: not closed here
    async with server.lifespan(server) as sessions:
        stale, fresh = sessions.of("stale-session"), sessions.of("fresh-session")
        assert stale.conversation_id != fresh.conversation_id
        for session in (stale, fresh):
            await manager.conversation(session.conversation_id)
            session.had_context = True
        stale.last_used -= 3600  # an hour without a request: the SDK (30 min by default) dropped it
        await server.forget_sessions_unused_for(1800)
        assert stale.conversation_id not in manager.conversations
        assert fresh.conversation_id in manager.conversations
        assert sessions.of("stale-session").had_context is False, "the expired session's state is gone"
        assert sessions.of("fresh-session") is fresh
        await server.end_session("fresh-session")  # its DELETE
        assert fresh.conversation_id not in manager.conversations
