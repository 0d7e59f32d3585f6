"""browser_dom action=snapshot: the page model as text or JSON, and its ids work for actions."""

from __future__ import annotations

import re

PAGE = """<!doctype html><title>Shop</title><h1>Basket</h1>
<label>Coupon <input name=coupon value="SECRET-CODE"></label>
<button onclick="window.paid = true">Pay now</button>"""


async def test_text_snapshot_lists_controls_with_ids_that_actions_accept(tab, load, call, js):
    await load(tab, PAGE)
    result = await call("browser_dom", action="snapshot")
    assert result.success, result.error
    text = result.data if isinstance(result.data, str) else str(result.data)
    assert "Pay now" in text and "SECRET-CODE" not in text
    line = next(line for line in text.splitlines() if "Pay now" in line)
    element_id = re.search(r"\b[a-z]{2}_\d+\b", line).group(0)
    clicked = await call("browser_dom", action="click", element_id=element_id)
    assert clicked.success, clicked.error
    assert await js(tab, "window.paid") is True


async def test_json_snapshot_includes_values_only_when_asked(tab, load, call):
    await load(tab, PAGE)
    hidden = await call("browser_dom", action="snapshot", format="json")
    shown = await call("browser_dom", action="snapshot", format="json", include_values=True)
    assert hidden.success and shown.success, (hidden.error, shown.error)
    assert "SECRET-CODE" not in str(hidden.data) and "SECRET-CODE" in str(shown.data)
    assert "Pay now" in str(hidden.data)


async def test_snapshot_caps_are_validated(call):
    result = await call("browser_dom", action="snapshot", max_controls=0)
    assert result.code == "VALIDATION_ERROR"
