"""The tools an LLM or MCP client calls, and the registry that declares and dispatches them.

    registry = default_registry()
    registry.declarations()                      # name, description, JSON schema of each tool
    result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "chat-1"))

The tools read what tabs collect from the moment they attach (network log, logs of iframes and
workers, file choosers): the manager they run on is made with `BrowserManager(config, setups=TAB_SETUPS)`.
"""

from __future__ import annotations

import importlib

from .. import devtools
from ..actions.timers import ACTION_TIMERS
from ..actions.upload import FILE_CHOOSERS
from .base import TOOL_VERSION, Image, Tool, ToolContext, ToolOutput, ToolRegistry, ToolResult, data_of
from .params import Duration, Params, TabParams, parse_duration

# What every tab of a manager the tools run on sets up when it attaches (browser/tab.py TabSetup).
# ACTION_TIMERS: the page's world counts the timers an action's handlers start (the look after it waits).
TAB_SETUPS = (*devtools.SETUPS, FILE_CHOOSERS, ACTION_TIMERS)

# Each module declares `TOOLS: list[Tool]`; a tool added there appears everywhere (LLM, MCP, CLI).
TOOL_MODULES = ["browser", "dom", "screenshot", "devtools", "image", "output", "storage", "wait", "dialog"]


def default_registry() -> ToolRegistry:
    """Every tool, and the flow recorder: each conversation keeps its successful steps (tools/flows)."""
    from .flows import FlowRecorder  # noqa: PLC0415 - flows imports the page and browser layers, read at first use

    registry = ToolRegistry()
    for name in TOOL_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        for tool in module.TOOLS:
            registry.add(tool)
    registry.observers.append(FlowRecorder())
    return registry


__all__ = [
    "TAB_SETUPS",
    "TOOL_VERSION",
    "Duration",
    "Image",
    "Params",
    "TabParams",
    "Tool",
    "ToolContext",
    "ToolOutput",
    "ToolRegistry",
    "ToolResult",
    "data_of",
    "default_registry",
    "parse_duration",
]
