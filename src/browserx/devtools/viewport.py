"""Viewport size and device pixel ratio, set exactly and measured back."""

from __future__ import annotations

from typing import Any

from ..browser import Tab


async def resize(tab: Tab, width: int, height: int, *, device_scale_factor: float = 1.0) -> dict[str, Any]:
    await tab.set_viewport(width, height, device_scale_factor=device_scale_factor)
    return await viewport_metrics(tab)


async def viewport_metrics(tab: Tab) -> dict[str, Any]:
    """What the page really sees: CSS viewport size, scroll position and device pixel ratio."""
    metrics = await tab.session.send("Page.getLayoutMetrics")
    viewport = metrics.get("cssVisualViewport") or metrics.get("visualViewport", {})
    return {
        "width": round(viewport.get("clientWidth", 0)),
        "height": round(viewport.get("clientHeight", 0)),
        "scroll_x": round(viewport.get("pageX", 0)),
        "scroll_y": round(viewport.get("pageY", 0)),
        "device_scale_factor": tab.device_scale_factor,
    }
