"""Fixtures of the agent tests: the scripted Responses endpoint and a recording tool registry."""

from __future__ import annotations

import pytest
from fake_responses import FakeResponses, RecordingRegistry, StandInShotParams, stand_in_screenshot

from browserx.tools import Tool, default_registry


@pytest.fixture
def fake():
    server = FakeResponses()
    yield server
    server.stop()


@pytest.fixture
def registry() -> RecordingRegistry:
    """The default registry (with a stand-in page_screenshot until the real one exists), recording images."""
    base = default_registry()
    if "page_screenshot" not in base.tools:
        base.add(Tool("page_screenshot", "Screenshot of the viewport.", StandInShotParams, stand_in_screenshot))
    return RecordingRegistry(base)
