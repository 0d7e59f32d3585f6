"""Issue 32.5: capability groups. The default tool set stays as it is (within its token budget, see
tests/llm/test_token_budget.py); `--caps` / `default_registry(caps=...)` adds a group's tools."""

from __future__ import annotations

import json

import pytest

from browserx.cli import main
from browserx.errors import ValidationError
from browserx.llm import tokens
from browserx.tools import CAPS, default_registry, parse_caps


def test_the_default_set_has_no_capability_tools_and_each_group_adds_its_own():
    default = set(default_registry().names())
    every = set(default_registry(caps="all").names())
    assert default < every
    for group in CAPS:
        added = set(default_registry(caps=[group]).names()) - default
        assert added, group
        assert added <= every


def test_caps_are_named_by_comma_lists_or_all_and_unknown_ones_are_refused():
    assert parse_caps("pdf") == ["pdf"]
    assert parse_caps(" PDF , pdf ") == ["pdf"]
    assert parse_caps("all") == list(CAPS)
    assert parse_caps(None) == parse_caps("") == []
    with pytest.raises(ValidationError) as caught:
        parse_caps("pdf,telepathy")
    assert caught.value.code == "VALIDATION_ERROR" and caught.value.details["caps"] == ["telepathy"]


def test_browserx_tools_tokens_reports_the_total_with_every_group_on(capsys):
    assert main(["tools", "--tokens", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    every = tokens.declarations_cost(default_registry(caps="all").declarations())
    assert printed["total_all_caps"] == {
        "plain": sum(c["plain"] for c in every),
        "strict": sum(c["strict"] for c in every),
    }
    assert printed["total_all_caps"]["plain"] > printed["total"]["plain"]
    assert main(["tools", "--tokens", "--json", "--caps", "all"]) == 0
    with_all = json.loads(capsys.readouterr().out)
    assert with_all["total"] == printed["total_all_caps"] and with_all["caps"] == list(CAPS)


def test_an_unknown_cap_on_the_command_line_is_a_validation_error(capsys):
    assert main(["tools", "--caps", "telepathy"]) == 2
    assert "VALIDATION_ERROR" in capsys.readouterr().err


async def test_mcp_lists_a_groups_tools_only_when_the_server_was_given_its_cap():
    from browserx.cli import build_parser
    from browserx.mcp_server import build_server

    args = build_parser().parse_args(["mcp", "--caps", "pdf"])
    assert args.caps == ["pdf"]
    for caps, listed in ((args.caps, True), ([], False)):
        server = build_server(default_registry(caps=caps))
        try:
            names = [t.name for t in server.tool_list()]
        finally:
            await server.aclose()
        assert ("browser_pdf" in names) is listed
