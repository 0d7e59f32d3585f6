"""MCP sessions: the conversation (isolated browser context) each one drives, and when it ends.

Sessions are implicit (spec "Session Model"): no session id travels in tool arguments. Each MCP
session is one conversation of the server's single `BrowserManager`, created by the first tool call
that needs the browser, kept across calls, closed by the manager's reaper after `idle_timeout` or
when the MCP session ends.

How a session is told apart and when it ends, by transport. stdio and in-memory: one session per
run of the server over a stream pair; the SDK enters the server's lifespan for each run (both
majors), and leaving it ends the session. Streamable HTTP: the `mcp-session-id` header. SDK 1.x
enters the lifespan per HTTP session; 2.x once for all of them, so the HTTP edge also ends a session
on its DELETE (`BrowserxServer.end_session`) and forgets sessions the SDK has expired.
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass, field

import anyio

from ..browser import BrowserManager

log = logging.getLogger(__name__)

CLOSE_TIMEOUT = 10.0  # closing a conversation at session end never holds the server longer than this


@dataclass
class McpSession:
    """One MCP session's state."""

    conversation_id: str
    had_context: bool = False  # a browser context existed for it after some call
    client_roots: list[str] | None = None  # the client's roots (roots/list); None: not asked yet
    roots_generation: int = -1  # the server's roots_generation when they were asked
    last_used: float = field(default_factory=time.monotonic)


class Sessions:
    """The MCP sessions served under one lifespan of the SDK, by `mcp-session-id` (None on stdio)."""

    def __init__(self) -> None:
        self._by_id: dict[str | None, McpSession] = {}

    def of(self, mcp_session_id: str | None) -> McpSession:
        """The session (created on its first request); the conversation id names the HTTP session."""
        session = self._by_id.get(mcp_session_id)
        if session is None:
            session = McpSession(f"mcp-{mcp_session_id or uuid.uuid4().hex[:16]}")
            self._by_id[mcp_session_id] = session
        session.last_used = time.monotonic()
        return session

    def pop(self, mcp_session_id: str | None) -> McpSession | None:
        return self._by_id.pop(mcp_session_id, None)

    def pop_unused_for(self, seconds: float) -> list[McpSession]:
        """Sessions with no request for `seconds`: the SDK has expired them (its idle timeout)."""
        stale = time.monotonic() - seconds
        gone = [key for key, session in self._by_id.items() if session.last_used < stale]
        return [self._by_id.pop(key) for key in gone]

    def pop_all(self) -> list[McpSession]:
        sessions = list(self._by_id.values())
        self._by_id.clear()
        return sessions


async def close_session(manager: BrowserManager, session: McpSession) -> None:
    """The session ended: close its conversation (and so its browser context)."""
    # The session may be ending because its task is cancelled (HTTP expiry, shutdown): shield the
    # close, but bound it.
    with anyio.move_on_after(CLOSE_TIMEOUT, shield=True):
        try:
            if await manager.close_conversation(session.conversation_id):
                log.info("MCP session ended: closed conversation %s", session.conversation_id)
        except Exception:
            log.warning("closing conversation %s failed", session.conversation_id, exc_info=True)


__all__ = ["CLOSE_TIMEOUT", "McpSession", "Sessions", "close_session"]
