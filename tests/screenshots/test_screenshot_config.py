"""Screenshot size limits from BrowserConfig (and the CLI's --screenshot-max-edge)."""

from __future__ import annotations

import dataclasses

import pytest

from browserx.browser import BrowserConfig
from browserx.cli import build_parser
from browserx.cli.common import config_from_args
from browserx.errors import ValidationError

from shot_helpers import image_of


async def test_config_limits_size_the_screenshot(call, conversation, server):
    # The conversation's own config (as a BrowserManager(BrowserConfig(...)) would give it).
    conversation.config = dataclasses.replace(conversation.config, screenshot_max_long_edge=640)
    assert (await call("browser_navigate", url=server.route("/c", "<h1>Sized</h1>"))).success
    result = await call("page_screenshot", action="screenshot")
    assert result.success, result.error
    assert image_of(result).size == (640, 360) == (result.data["width"], result.data["height"])
    assert result.data["scale"] == pytest.approx(0.5)


def test_cli_flag_sets_the_limit_and_bad_limits_are_refused():
    args = build_parser().parse_args(["screenshot", "http://127.0.0.1/", "-o", "x.png", "--screenshot-max-edge", "800"])
    assert config_from_args(args).screenshot_max_long_edge == 800
    for bad in ({"screenshot_max_long_edge": 4}, {"screenshot_max_pixels": 10}):
        with pytest.raises(ValidationError) as caught:
            BrowserConfig(**bad)
        assert caught.value.code == "VALIDATION_ERROR"
