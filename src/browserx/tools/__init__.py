"""The tools an LLM or MCP client calls, and the registry that declares and dispatches them.

    registry = default_registry()
    registry.declarations()                      # name, description, JSON schema of each tool
    result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "chat-1"))
"""

from __future__ import annotations

import importlib

from .base import (
    TOOL_VERSION,
    Duration,
    Image,
    Params,
    TabParams,
    Tool,
    ToolContext,
    ToolOutput,
    ToolRegistry,
    ToolResult,
    data_of,
    parse_duration,
)

# Each module declares `TOOLS: list[Tool]`; a tool added there appears everywhere (LLM, MCP, CLI).
TOOL_MODULES = ["browser", "dom", "screenshot", "devtools", "image", "output", "storage", "wait", "dialog"]


def default_registry() -> ToolRegistry:
    registry = ToolRegistry()
    for name in TOOL_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        for tool in module.TOOLS:
            registry.add(tool)
    return registry


__all__ = ["TOOL_VERSION", "Duration", "Image", "Params", "TabParams", "Tool", "ToolContext", "ToolOutput",
           "ToolRegistry", "ToolResult", "data_of", "default_registry", "parse_duration"]
