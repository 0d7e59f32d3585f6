"""browserx: eyes and hands for LLM agents in a real Chromium, over the Chrome DevTools Protocol.

import browserx

async with browserx.launch() as browser:
    session = await browser.session()
    await session.navigate("https://example.com/")
    print(await session.snapshot_text())
"""

from ._version import __version__
from .api import Browser, Session, connect, launch
from .browser import BrowserConfig, BrowserManager, Conversation, Tab
from .errors import (
    BrowserClosedError,
    BrowserxError,
    ElementCoveredError,
    ElementDisabledError,
    ElementNotVisibleError,
    JSExceptionError,
    NavigationFailedError,
    NodeNotFoundError,
    TabNotFoundError,
    TimeoutError,
    ValidationError,
)
from .tools import Tool, ToolContext, ToolRegistry, ToolResult, default_registry

__all__ = [
    "Browser",
    "BrowserClosedError",
    "BrowserConfig",
    "BrowserManager",
    "BrowserxError",
    "Conversation",
    "ElementCoveredError",
    "ElementDisabledError",
    "ElementNotVisibleError",
    "JSExceptionError",
    "NavigationFailedError",
    "NodeNotFoundError",
    "Session",
    "Tab",
    "TabNotFoundError",
    "TimeoutError",
    "Tool",
    "ToolContext",
    "ToolRegistry",
    "ToolResult",
    "ValidationError",
    "__version__",
    "connect",
    "default_registry",
    "launch",
]
