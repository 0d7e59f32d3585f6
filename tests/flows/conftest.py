"""Fixtures of the flow tests: the shop app (tests/flows/shop_app.py, judged at its server), the
scripted model endpoint of the agent tests, and one recorded flow of the agent ordering a mug."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))  # the scripted model endpoint
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))  # the MCP client helpers (either SDK major)

from fake_responses import FakeResponses
from order_agent import EXPECTED_ORDER, record_order_flow
from shop_app import ShopApp


@pytest.fixture(scope="session")
def shop_app():
    app = ShopApp()
    yield app
    app.stop()


@pytest.fixture
def shop(shop_app):
    """The shop as recorded ("original"), no sessions, no orders; a test may set another variant."""
    shop_app.reset("original")
    return shop_app


@pytest.fixture
def fake():
    server = FakeResponses()
    yield server
    server.stop()


@pytest.fixture
def ask(manager, monkeypatch):
    """Dialogs left open for browser_dialog, as `browserx run` and `browserx replay` have them."""
    monkeypatch.setattr(manager.config, "dialog_policy", "ask")


@pytest.fixture(scope="session")
async def order_flow(manager, shop_app, tmp_path_factory):
    """The flow file of one scripted agent run on the shop (`browserx run ... --record`)."""
    path = tmp_path_factory.mktemp("flows") / "order.json"
    shop_app.reset("original")
    fake = FakeResponses()
    policy, manager.config.dialog_policy = manager.config.dialog_policy, "ask"
    try:
        await record_order_flow(fake, manager, shop_app, path)
    finally:
        manager.config.dialog_policy = policy
        fake.stop()
    assert shop_app.orders == [EXPECTED_ORDER], shop_app.orders
    return path
