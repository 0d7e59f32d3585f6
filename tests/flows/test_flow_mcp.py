"""From MCP (issue 24.4): a client saves its conversation's successful steps as a flow
(browser_storage_state action=save_flow) and replays one (action=run_flow), within the file roots."""

from __future__ import annotations

from pathlib import Path

from mcp_client import call, memory_session
from order_agent import EXPECTED_ORDER, PASSWORD

from browserx.browser import BrowserConfig
from browserx.mcp_server import build_server


async def _call(client, name: str, **arguments) -> dict:
    _result, body = await call(client, name, **arguments)
    return body


def _id(model: dict, role: str, name: str) -> str:
    return next(c["id"] for c in model["controls"] if c["role"] == role and c["name"] == name)


async def _order_by_hand(client, shop) -> None:
    """What an MCP client's model does: snapshots, then acts on the ids it read there."""
    assert (await _call(client, "browser_navigate", url=shop.url("/login")))["success"]
    page = (await _call(client, "browser_dom", action="snapshot", format="json"))["data"]
    for name, text in (("Username", "alice"), ("Password", PASSWORD)):
        assert (await _call(client, "browser_dom", action="type", element_id=_id(page, "textbox", name), text=text))[
            "success"
        ]
    assert (await _call(client, "browser_dom", action="click", element_id=_id(page, "button", "Sign in")))["success"]
    page = (await _call(client, "browser_dom", action="snapshot", format="json"))["data"]
    await _call(client, "browser_dom", action="type", element_id=_id(page, "searchbox", "Search"), text="blue mug")
    await _call(client, "browser_dom", action="click", element_id=_id(page, "button", "Search"))
    page = (await _call(client, "browser_dom", action="snapshot", format="json"))["data"]
    await _call(client, "browser_dom", action="click", element_id=_id(page, "link", "Blue mug"))
    page = (await _call(client, "browser_dom", action="snapshot", format="json"))["data"]
    fields = [
        {"element_id": _id(page, "textbox", "Full name"), "value": "Alice Example"},
        {"element_id": _id(page, "textbox", "Email"), "value": "alice@example.com"},
        {"element_id": _id(page, "spinbutton", "Quantity"), "value": "2"},
    ]
    assert (await _call(client, "browser_dom", action="fill", fields=fields))["success"]
    clicked = await _call(client, "browser_dom", action="click", element_id=_id(page, "button", "Place order"))
    assert clicked["data"]["effects"]["dialog"]["type"] == "confirm"
    assert (await _call(client, "browser_dialog", accept=True))["success"]


async def test_an_mcp_client_saves_its_steps_as_a_flow_and_replays_it_in_another_session(shop, tmp_path: Path):
    path = tmp_path / "order.json"
    server = build_server(config=BrowserConfig(dialog_policy="ask", file_roots=[str(tmp_path)]))
    try:
        async with memory_session(server) as first:
            await _order_by_hand(first, shop)
            saved = await _call(first, "browser_storage_state", action="save_flow", path=str(path))
            outside = await _call(first, "browser_storage_state", action="save_flow", path="/etc/order.json")
        assert saved["success"], saved
        assert saved["data"]["steps"] == 10  # navigate, type ×2, click, type, click ×2, fill, click, dialog
        assert saved["data"]["params"] == ["username", "password", "search", "full_name", "email", "quantity"]
        assert outside["error"]["code"] == "FILE_NOT_ALLOWED"
        assert PASSWORD not in path.read_text(encoding="utf-8")
        assert shop.orders == [EXPECTED_ORDER]

        shop.reset("changed")
        async with memory_session(server) as second:
            missing = await _call(second, "browser_storage_state", action="run_flow", path=str(path))
            requests_before_the_run = shop.requests
            ran = await _call(
                second, "browser_storage_state", action="run_flow", path=str(path), params=f"password={PASSWORD}"
            )
            # the replayed steps are this conversation's own: saved again, they make the same flow
            again = await _call(second, "browser_storage_state", action="save_flow", path=str(tmp_path / "again.json"))
        assert missing["error"]["code"] == "VALIDATION_ERROR" and requests_before_the_run == 0
        assert ran["success"], ran
        assert ran["data"]["replayed"] == 10 and ran["data"]["model_calls"] == 0 and len(ran["data"]["lines"]) == 10
        assert shop.orders == [EXPECTED_ORDER]
        assert again["data"]["steps"] == 10

        shop.reset("renamed")
        async with memory_session(server) as third:
            diverged = await _call(
                third, "browser_storage_state", action="run_flow", path=str(path), params=f"password={PASSWORD}"
            )
            # the conversation goes on: the client's model can finish by hand
            listed = await _call(third, "browser_tabs", action="list")
        assert diverged["error"]["code"] == "REPLAY_DIVERGED" and diverged["error"]["details"]["step"] == 9
        assert listed["success"] and listed["data"]["tabs"][0]["url"].endswith("/item/3")
        assert shop.orders == []
    finally:
        await server.aclose()
