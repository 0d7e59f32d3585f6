"""The tools an LLM or MCP client calls, and the registry that declares and dispatches them.

    registry = default_registry()
    registry.declarations()                      # name, description, JSON schema of each tool
    result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, "chat-1"))

The tools read what tabs collect from the moment they attach (network log, logs of iframes and
workers, file choosers): the manager they run on is made with `BrowserManager(config, setups=TAB_SETUPS)`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from .. import devtools
from ..actions.timers import ACTION_TIMERS
from ..actions.upload import FILE_CHOOSERS
from ..errors import ValidationError
from ..page.listeners import SERVED_HANDLERS
from .base import TOOL_VERSION, Image, Tool, ToolContext, ToolOutput, ToolRegistry, ToolResult, data_of
from .params import Duration, Params, TabParams, parse_duration

# What every tab of a manager the tools run on sets up when it attaches (browser/tab.py TabSetup).
# ACTION_TIMERS: the page's world counts the timers an action's handlers start (the look after it waits);
# SERVED_HANDLERS: it answers which grid cells carry a click handler a framework's root listener calls.
TAB_SETUPS = (*devtools.SETUPS, FILE_CHOOSERS, ACTION_TIMERS, SERVED_HANDLERS)

# Each module declares `TOOLS: list[Tool]`; a tool added there appears everywhere (LLM, MCP, CLI).
TOOL_MODULES = ["browser", "dom", "screenshot", "devtools", "image", "output", "storage", "wait", "dialog"]

# Capability groups a user turns on (`--caps perf,emulation`, `default_registry(caps=...)`): every
# declaration is paid in every request, so what most agents never call stays out of the default set
# (within 3,500 tokens, tests/llm/test_token_budget.py). Each group is tool modules of its own.
CAPS: dict[str, list[str]] = {
    "perf": ["perf"],
    "emulation": ["emulation"],
    "network": ["network"],
    "pdf": ["pdf"],
}


def parse_caps(caps: str | Iterable[str] | None) -> list[str]:
    """Group names from "perf,pdf", a list, "all" (every group) or None/"" (none).

    VALIDATION_ERROR names an unknown one."""
    if caps is None:
        return []
    names = [c.strip().lower() for c in (caps.split(",") if isinstance(caps, str) else caps)]
    names = [n for n in names if n]
    if "all" in names:
        return list(CAPS)
    unknown = [n for n in names if n not in CAPS]
    if unknown:
        raise ValidationError(
            f"unknown capability group {', '.join(repr(u) for u in unknown)}",
            hint=f"Groups: {', '.join(CAPS)} or all, joined by commas.",
            details={"caps": unknown},
        )
    return list(dict.fromkeys(names))


def default_registry(caps: str | Iterable[str] | None = None) -> ToolRegistry:
    """The default tools plus those of the capability groups `caps` turns on (parse_caps), and the flow
    recorder: each conversation keeps its successful steps (tools/flows)."""
    from .flows import FlowRecorder  # noqa: PLC0415 - flows imports the page and browser layers, read at first use

    registry = ToolRegistry()
    modules = TOOL_MODULES + [m for group in parse_caps(caps) for m in CAPS[group]]
    for name in modules:
        module = importlib.import_module(f"{__name__}.{name}")
        for tool in module.TOOLS:
            registry.add(tool)
    registry.observers.append(FlowRecorder())
    return registry


__all__ = [
    "CAPS",
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
    "parse_caps",
    "parse_duration",
]
