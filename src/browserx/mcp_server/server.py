"""The MCP server: every tool of the registry, one isolated browser context per MCP session.

Tools are not wired one by one: `tools/list` is the registry's declarations, verbatim, and
`tools/call` goes through `ToolRegistry.dispatch` (one behaviour for MCP, the CLI and the LLM loop).
Which session a call belongs to, and when a session ends: sessions.py. The browser itself starts
lazily on the first call that needs it. Built on the SDK's low-level `Server`, major 1 or 2 (sdk.py).
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from .. import __version__
from ..browser import BrowserConfig, BrowserManager
from ..screenshots.store import release_screenshot
from ..tools import TAB_SETUPS, Image, ToolContext, ToolRegistry, ToolResult, default_registry
from .instructions import INSTRUCTIONS
from .roots import give_client_roots
from .sdk import SDK_V1, check_has_sessions, sessionless_refusal
from .sessions import Sessions, close_session

log = logging.getLogger(__name__)

SERVER_NAME = "browserx"

CONTEXT_RESET = {
    "type": "browser_context_reset",
    "message": "This session's browser context was closed (idle timeout or browser restart); "
    "cookies, tabs and pages started fresh. Navigate again.",
}


class BrowserxServer(Server):  # unparameterized: 1.x is Server[L, R], 2.x Server[L]
    """A low-level MCP server over a ToolRegistry and one BrowserManager (shared by all sessions)."""

    def __init__(self, registry: ToolRegistry, manager: BrowserManager) -> None:
        handlers: dict[str, Any] = {}
        if not SDK_V1:
            handlers = {"on_list_tools": self._on_list_tools, "on_call_tool": self._on_call_tool}
        super().__init__(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS, lifespan=_lifespan, **handlers)
        self.registry = registry
        self.manager = manager
        # A client's roots/list_changed carries no session: every session asks again on its next call.
        self.roots_generation = 0
        self.lifespans: set[Sessions] = set()  # the sessions of each lifespan the SDK has entered
        if SDK_V1:
            self._register_sdk_v1()
        else:
            self._register_sdk_v2()

    def _register_sdk_v1(self) -> None:
        sdk: Any = self
        sdk.list_tools()(self._list_tools_v1)
        # The registry validates arguments itself (coded VALIDATION_ERROR, durations like "15s" that a
        # strict JSON-schema check would refuse), so the SDK's jsonschema pass is turned off (2.x has none).
        sdk.call_tool(validate_input=False)(self._call_tool_v1)
        sdk.notification_handlers[types.RootsListChangedNotification] = self._roots_changed

    def _register_sdk_v2(self) -> None:
        # Registered directly: the constructor's on_roots_list_changed warns that roots are deprecated
        # (2026-07-28), which the handshake versions browserx serves are not concerned by.
        self.add_notification_handler(
            "notifications/roots/list_changed",
            types.NotificationParams,
            self._on_roots_changed,
        )
        # A 2.x client first asks server/discover (2026-07-28, sessionless): refuse it, naming the
        # versions served, and the client falls back to initialize.
        self.add_request_handler("server/discover", types.RequestParams, self._on_discover)

    async def aclose(self) -> None:
        """Close every conversation and the browser (if one was started)."""
        started = self.manager.launches > 0
        await self.manager.close()
        if started:
            log.info("browser closed")

    def tool_list(self) -> list[types.Tool]:
        """What `tools/list` answers: the registry's declarations."""
        return [
            types.Tool(
                name=tool.name,
                description=tool.description,
                inputSchema=tool.json_schema(),
                annotations=types.ToolAnnotations(**tool.annotations.to_mcp()),
            )
            for tool in self.registry.tools.values()
        ]

    async def _call_tool(self, request: Any, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """One tools/call; `request` is the SDK's context of it (`lifespan_context`, `request`, `session`)."""
        sessions: Sessions = request.lifespan_context
        http_request = request.request
        session = sessions.of(http_request.headers.get("mcp-session-id") if http_request is not None else None)
        conversation_id = session.conversation_id
        lost = session.had_context and not self._has_context(conversation_id)
        await give_client_roots(self.manager, session, request.session, self.roots_generation)
        result = await self.registry.dispatch(name, arguments, ToolContext(self.manager, conversation_id))
        if self._has_context(conversation_id):
            if lost:  # tell the model its cookies and pages are gone, rather than let it guess
                result.metadata.setdefault("notices", []).append(dict(CONTEXT_RESET))
            session.had_context = True
        try:
            return to_call_result(result)
        finally:
            await self._release_images(conversation_id, result.images)

    async def end_session(self, mcp_session_id: str) -> None:
        """The HTTP session ended (its DELETE): close its conversation now."""
        for sessions in list(self.lifespans):
            if (session := sessions.pop(mcp_session_id)) is not None:
                await close_session(self.manager, session)

    async def forget_sessions_unused_for(self, seconds: float) -> None:
        """HTTP sessions with no request for `seconds` have been expired by the SDK: drop their state."""
        for sessions in list(self.lifespans):
            for session in sessions.pop_unused_for(seconds):
                await close_session(self.manager, session)

    # --- the SDK's handlers: 1.x (decorated) and 2.x (on_* with ctx, params) -----------------------

    async def _list_tools_v1(self) -> list[types.Tool]:
        return self.tool_list()

    async def _call_tool_v1(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        sdk: Any = self  # 1.x's request_context, which 2.x replaced by the handler's ctx
        return await self._call_tool(sdk.request_context, name, arguments)

    async def _on_list_tools(self, ctx: Any, _params: Any) -> types.ListToolsResult:
        check_has_sessions(ctx.protocol_version)
        return types.ListToolsResult(tools=self.tool_list())

    async def _on_call_tool(self, ctx: Any, params: Any) -> types.CallToolResult:
        check_has_sessions(ctx.protocol_version)
        return await self._call_tool(ctx, params.name, params.arguments or {})

    async def _on_discover(self, ctx: Any, _params: Any) -> Any:
        raise sessionless_refusal(ctx.protocol_version)  # discover is the sessionless era's first request

    async def _on_roots_changed(self, _ctx: Any, _params: Any) -> None:
        await self._roots_changed(None)

    async def _roots_changed(self, _notification: Any) -> None:
        self.roots_generation += 1

    def _has_context(self, conversation_id: str) -> bool:
        conversation = self.manager.conversations.get(conversation_id)
        return conversation is not None and not conversation.closed

    async def _release_images(self, conversation_id: str, images: list[Image]) -> None:
        """The response carrying these images is built: their files have done their job."""
        for image in images:
            if image.path:
                release_screenshot(self.manager.conversations.get(conversation_id), image.path)


def build_server(
    registry: ToolRegistry | None = None, config: BrowserConfig | None = None, manager: BrowserManager | None = None
) -> BrowserxServer:
    """The MCP server for `registry` (default: every browserx tool); the browser launches lazily."""
    # The client's model answers dialogs (browser_dialog): "ask" unless the caller's config says otherwise.
    manager = manager or BrowserManager(config or BrowserConfig(dialog_policy="ask"), setups=TAB_SETUPS)
    return BrowserxServer(registry or default_registry(), manager)


@contextlib.asynccontextmanager
async def _lifespan(server: Any) -> AsyncIterator[Sessions]:
    """Entered by the SDK for each run over a stream pair (stdio, in-memory), and per HTTP session
    (1.x) or once for the HTTP session manager (2.x); leaving it ends the sessions it served."""
    assert isinstance(server, BrowserxServer)
    sessions = Sessions()
    server.lifespans.add(sessions)
    try:
        yield sessions
    finally:
        server.lifespans.discard(sessions)
        for session in sessions.pop_all():
            await close_session(server.manager, session)


def to_call_result(result: ToolResult) -> types.CallToolResult:
    """ToolResult → MCP: compact JSON text, then each image as image content."""
    text = json.dumps(result.to_dict(), ensure_ascii=False, separators=(",", ":"), default=str)
    content: list[types.TextContent | types.ImageContent] = [types.TextContent(type="text", text=text)]
    for image in result.images:
        content.append(
            types.ImageContent(
                type="image", data=base64.b64encode(image.data).decode("ascii"), mimeType=image.mime_type
            )
        )
    return types.CallToolResult(content=content, isError=not result.success)


__all__ = ["SERVER_NAME", "BrowserxServer", "build_server", "to_call_result"]
