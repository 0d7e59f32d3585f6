"""Helpers for the screenshot tests: open a page, decode a result's image, read page globals."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from browserx.screenshots import ImageLimits


async def open_page(tab, url: str) -> None:
    async with tab.session.wait_for("Page.loadEventFired", timeout=15):
        await tab.session.send("Page.navigate", {"url": url})


async def evaluate(tab, expression: str) -> Any:
    result = await tab.session.send(
        "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
    )
    return result["result"].get("value")


def image_of(result) -> Image.Image:
    assert result.success, result.to_dict()
    assert len(result.images) == 1 and result.images[0].mime_type == "image/png"
    return Image.open(io.BytesIO(result.images[0].data)).convert("RGB")


def set_limits(conversation, limits: ImageLimits) -> None:
    conversation.state.put(limits)
