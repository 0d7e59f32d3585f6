"""The client's roots (MCP `roots/list`): the local directories it offers become file roots of the
session's own conversation (uploads, read_image). Asked on a session's first call, and again after
the client says its roots changed (`notifications/roots/list_changed`)."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import unquote, urlparse

import anyio

from ..browser import BrowserManager
from .sdk import list_roots
from .sessions import McpSession

log = logging.getLogger(__name__)

ROOTS_TIMEOUT = 5.0


async def give_client_roots(manager: BrowserManager, session: McpSession, client: Any, roots_generation: int) -> None:
    """The client's roots become file roots of this session's conversation.

    `client` is the SDK's ServerSession of the request; `roots_generation` counts the server's
    roots/list_changed notifications (they carry no session, so every session asks again).
    """
    if session.client_roots is None or session.roots_generation != roots_generation:
        session.roots_generation = roots_generation
        session.client_roots = await list_client_roots(client)
    if not session.client_roots:
        return
    conversation = manager.conversations.get(session.conversation_id)
    if conversation is None or conversation.closed:
        try:  # created now so that this very call already reads under the client's roots
            conversation = await manager.conversation(session.conversation_id)
        except Exception:
            log.debug("no conversation %s for the client's roots", session.conversation_id, exc_info=True)
            return
    conversation.client_roots = list(session.client_roots)


async def list_client_roots(client: Any) -> list[str]:
    """The local directories (file:// roots) the client offers; none if it offers no roots."""
    params = client.client_params
    if params is None or params.capabilities.roots is None:
        return []
    try:
        with anyio.fail_after(ROOTS_TIMEOUT):
            listed = await list_roots(client)
    except Exception as exc:  # noqa: BLE001 - a client that cannot answer just offers no roots
        log.warning("roots/list failed: %s", exc)
        return []
    roots = []
    for root in listed.roots:
        uri = urlparse(str(root.uri))
        if uri.scheme == "file" and uri.netloc in ("", "localhost"):
            roots.append(unquote(uri.path))
    return roots


__all__ = ["ROOTS_TIMEOUT", "give_client_roots", "list_client_roots"]
