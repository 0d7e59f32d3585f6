"""The Responses client alone: our retries (the SDK's are off), error translation, env at construction."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading

import openai
import pytest
from fake_responses import call, message

from browserx.errors import ModelRequestFailedError, ValidationError
from browserx.llm import ResponsesClient


async def test_a_timed_out_attempt_is_retried_and_the_next_answer_used(fake):
    release = threading.Event()

    def hang(body):
        release.wait(10)
        return message("late")

    fake.script(hang, message("on time"))
    client = fake.client(timeout=0.3)
    try:
        turn = await client.respond(instructions="i", input=[], tools=[])
    finally:
        release.set()
        await client.close()
    assert turn.text == "on time" and turn.attempts == 2 and len(fake.requests) == 2


async def test_connection_errors_are_retried_then_reported_as_model_request_failed():
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = ResponsesClient("m", base_url=f"http://127.0.0.1:{port}/v1", api_key="k", max_retries=2, base_delay=0.001)
    try:
        with pytest.raises(ModelRequestFailedError) as info:
            await client.respond(instructions="i", input=[], tools=[])
    finally:
        await client.close()
    assert info.value.code == "MODEL_REQUEST_FAILED"
    assert info.value.details["attempts"] == 3 and client.requests == 3


async def test_function_calls_and_usage_are_parsed_from_the_wire_format(fake):
    fake.script(call("browser_tabs", call_id="c9", action="list"))
    client = fake.client()
    try:
        turn = await client.respond(instructions="i", input=[{"role": "user", "content": "hi"}], tools=[])
    finally:
        await client.close()
    assert [(c.call_id, c.name, c.arguments) for c in turn.calls] == [("c9", "browser_tabs", '{"action": "list"}')]
    assert turn.replay == [{"kind": "call", "call_id": "c9", "name": "browser_tabs", "arguments": '{"action": "list"}'}]
    assert turn.usage == {"input_tokens": 100, "cached_tokens": 0, "output_tokens": 10, "total_tokens": 110}
    assert fake.requests[0]["model"] == "test-model" and fake.requests[0]["instructions"] == "i"


def test_from_env_reads_the_environment_when_constructed_not_at_import(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("BROWSERX_MODEL", "env-model")
    client = ResponsesClient.from_env()
    assert client.model == "env-model" and str(client.sdk.base_url) == "http://127.0.0.1:9/v1/"
    assert client.sdk.max_retries == 0 and client.sdk.api_key == "sk-test"
    assert ResponsesClient.from_env(model="flag-model").model == "flag-model"


def test_no_model_is_a_validation_error(monkeypatch):
    monkeypatch.delenv("BROWSERX_MODEL", raising=False)
    with pytest.raises(ValidationError):
        ResponsesClient.from_env()


def test_the_client_needs_no_http_library_but_openais_own():
    """mcp 2.x and openai 3 install httpx2 only: browserx.llm must import without httpx, and catch the
    transport errors of the library openai does use."""
    http = next(c for c in openai.DefaultAsyncHttpxClient.__mro__ if c.__name__ == "AsyncClient").__module__
    if http.partition(".")[0] == "httpx":
        pytest.skip("this openai is built on httpx")
    probe = (
        "import sys; sys.modules['httpx'] = None; import browserx.llm.client as c; print(c.TRANSPORT_ERROR.__module__)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().partition(".")[0] == http.partition(".")[0]
