"""The user's --network-secrets (BrowserConfig.network_secrets): Cookie, Set-Cookie and Authorization
values come in browser_network results only when it is given; by default they are redacted."""

from __future__ import annotations

import dataclasses

import pytest
from test_har import SECRET_COOKIE, SECRET_TOKEN, _load, shop  # noqa: F401 - shop is the page's fixture

from browserx.cli import build_parser
from browserx.cli.common import config_from_args


@pytest.mark.parametrize("argv, shown", [(["mcp"], False), (["mcp", "--network-secrets"], True)])
async def test_secret_header_values_are_shown_only_with_the_option(
    argv,
    shown,
    caps_call,
    shop,  # noqa: F811
    tab,
    js,
    conversation,
    monkeypatch,
):
    monkeypatch.delenv("BROWSERX_NETWORK_SECRETS", raising=False)
    chosen = config_from_args(build_parser().parse_args(argv)).network_secrets
    assert chosen is shown
    monkeypatch.setattr(conversation, "config", dataclasses.replace(conversation.config, network_secrets=chosen))
    await _load(caps_call, tab, js, shop)
    listed = (await caps_call("browser_network", action="list", filter="/net/api")).data["requests"]
    detail = (await caps_call("browser_network", action="get", request_id=listed[-1]["request_id"])).data
    sent = {k.lower(): v for k, v in detail["request_headers"].items()}
    received = {k.lower(): v for k, v in detail["response_headers"].items()}
    if shown:
        assert sent["authorization"] == f"Bearer {SECRET_TOKEN}" and SECRET_COOKIE in sent["cookie"]
        assert SECRET_COOKIE in received["set-cookie"]
    else:
        assert sent["authorization"] == sent["cookie"] == received["set-cookie"] == "[redacted]"
