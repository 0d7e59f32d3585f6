"""An agent on a site behind HTTP authentication: browserx answers with the credentials it was given;
the model, the trace and the logs never see them (the fake model records every request it receives)."""

from __future__ import annotations

import base64
import json
import logging

from auth_server import BasicAuthServer
from fake_responses import call, message

from browserx.browser import BrowserConfig, BrowserManager
from browserx.llm import run_agent
from browserx.tools import TAB_SETUPS

USER, PASSWORD = "agent-user", "agent-pw-Vx9-never-shown"
SECRETS = (PASSWORD, base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode())


async def test_the_model_and_the_trace_never_see_the_credentials(fake, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    with BasicAuthServer(USER, PASSWORD, realm="Members") as site, BasicAuthServer(USER, "x", realm="Else") as other:
        config = BrowserConfig(http_credentials={site.origin: {"username": USER, "password": PASSWORD}})
        fake.script(
            call("browser_dom", action="snapshot"),
            call("browser_navigate", url=other.url("/elsewhere")),  # AUTH_REQUIRED: no credentials there
            message("Welcome; the other site needs a login."),
        )
        client = fake.client()
        async with BrowserManager(config, setups=TAB_SETUPS) as manager:
            try:
                result = await run_agent(
                    "Read the members page.",
                    manager=manager,
                    client=client,
                    url=site.url("/members"),
                    trace_dir=tmp_path,
                )
            finally:
                await client.close()
        assert result.status == "completed"
        assert site.headers_for("/members")[-1] == site.expected and other.headers_for("/elsewhere") == [None]
    sent = json.dumps(fake.requests)
    assert "Welcome" in sent and "AUTH_REQUIRED" in sent  # the page and the error reached the model
    recorded = "".join(p.read_text(errors="replace") for p in tmp_path.rglob("*") if p.is_file())
    assert "AUTH_REQUIRED" in recorded
    for text in (sent, recorded, caplog.text):
        for secret in SECRETS:
            assert secret not in text
