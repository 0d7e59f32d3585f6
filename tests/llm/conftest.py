"""Fixtures of the agent tests: the scripted Responses and Chat Completions endpoints and a recording
tool registry."""

from __future__ import annotations

import pytest
from fake_chat import FakeChat
from fake_responses import FakeResponses, RecordingRegistry

from browserx.tools import default_registry


@pytest.fixture
def fake():
    server = FakeResponses()
    yield server
    server.stop()


@pytest.fixture
def fake_chat():
    server = FakeChat()
    yield server
    server.stop()


@pytest.fixture
def registry() -> RecordingRegistry:
    """The default registry, remembering the path of every image a call produced."""
    return RecordingRegistry(default_registry())
