"""--dialogs and --dialog-timeout on every command: "ask" where an agent answers (mcp, run, the MCP
server built without a config), accept_alerts elsewhere (a script has nobody to ask)."""

from __future__ import annotations

import pytest

from browserx.cli import build_parser
from browserx.cli.common import config_from_args
from browserx.errors import ValidationError
from browserx.mcp_server import build_server


def _config(*argv: str):
    return config_from_args(build_parser().parse_args(list(argv)))


@pytest.mark.parametrize(
    "argv, policy",
    [
        (["mcp"], "ask"),
        (["run", "a task"], "ask"),
        (["snapshot", "http://127.0.0.1/"], "accept_alerts"),
        (["mcp", "--dialogs", "dismiss"], "dismiss"),
        (["snapshot", "http://127.0.0.1/", "--dialogs", "ask"], "ask"),
    ],
)
def test_each_command_has_its_default_policy_and_the_option_overrides_it(argv, policy):
    assert _config(*argv).dialog_policy == policy


def test_dialog_timeout_is_an_option_and_is_bounded():
    assert _config("mcp", "--dialog-timeout", "5").dialog_timeout == 5.0
    assert _config("mcp").dialog_timeout == 60.0
    with pytest.raises(ValidationError):
        _config("mcp", "--dialog-timeout", "-1")


def test_an_unknown_policy_is_refused():
    with pytest.raises(ValidationError):  # coded, as every bad command line (tests/cli/test_cli_fuzz.py)
        build_parser().parse_args(["mcp", "--dialogs", "maybe"])


def test_the_mcp_server_asks_by_default():
    assert build_server().manager.config.dialog_policy == "ask"
