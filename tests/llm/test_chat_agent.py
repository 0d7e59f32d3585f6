"""The agent over Chat Completions: a real Chromium, the real openai SDK, a scripted /v1/chat/completions."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import fake_chat as chat_wire
import pytest
from agent_run import run_scripted
from fake_chat import call, calls, images_in, message, text_outside_calls, tool_output
from fake_responses import cut
from login import LOGIN, PASSWORD, USER, script_login

from browserx.llm import load_prompt
from browserx.screenshots.store import ScreenshotStore
from cli_process import browserx


async def _run(fake, manager, conversation, registry, task="Look at the page.", stream=False, **kwargs):
    options = {"stream": stream, **{k: kwargs.pop(k) for k in ("max_retries",) if k in kwargs}}
    return await run_scripted(fake, manager, conversation, registry, task, client_options=options, **kwargs)


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streamed"])
async def test_chat_agent_submits_a_login_form_without_leaking_typed_values(
    fake_chat, manager, conversation, registry, server, call, stream
):
    url = server.route("/login", LOGIN)
    script_login(fake_chat, chat_wire)
    result = await _run(
        fake_chat, manager, conversation, registry, task="Sign in with the demo account.", url=url, stream=stream
    )
    assert result.status == "completed", result.error
    assert result.answer == "Signed in."
    assert [(r.tool, r.action, r.code) for r in result.records] == [
        ("browser_navigate", None, None),
        ("browser_dom", "snapshot", None),
        ("browser_dom", "type", None),
        ("browser_dom", "type", None),
        ("browser_dom", "click", None),
    ]
    submits = await call("browser_eval", expression="window.__submits")
    assert submits.data["result"] == [{"user": USER, "pw": PASSWORD}]
    first, last = fake_chat.requests[0], fake_chat.requests[-1]
    assert first["messages"][0] == {"role": "system", "content": load_prompt()}
    assert {t["function"]["name"] for t in first["tools"]} == set(registry.tools)
    assert all(t["type"] == "function" and "strict" not in t for t in first["tools"])
    assert bool(first.get("stream")) is stream
    assert [m["role"] for m in last["messages"]] == ["system", "user"] + ["assistant", "tool"] * 4
    assert all(len(m["tool_calls"]) == 1 for m in last["messages"] if m["role"] == "assistant")
    for body in fake_chat.requests:
        sent = text_outside_calls(body)
        assert USER not in sent and PASSWORD not in sent
    assert result.usage == {"input_tokens": 500, "cached_tokens": 0, "output_tokens": 50, "total_tokens": 550}


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streamed"])
async def test_after_a_screenshot_exactly_one_image_part_is_sent_and_the_file_deleted(
    fake_chat, manager, conversation, registry, server, stream
):
    url = server.route("/shot", "<h1 style='color:red'>Look</h1>")
    seen = {}

    def while_uploading(body):
        seen["exists"] = [Path(p).exists() for p in registry.image_paths]
        return calls(("browser_tabs", {"action": "list"}, None))

    fake_chat.script(call("page_screenshot", call_id="shot1", action="screenshot"), while_uploading, message("Red."))
    result = await _run(fake_chat, manager, conversation, registry, url=url, stream=stream)
    assert result.status == "completed" and result.screenshots == 1
    assert seen["exists"] == [True]
    assert images_in(fake_chat.requests[0]) == []
    sent = images_in(fake_chat.requests[1])
    assert len(sent) == 1 and sent[0].startswith("data:image/png;base64,")
    assert base64.b64decode(sent[0].split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    roles = [m["role"] for m in fake_chat.requests[1]["messages"]]
    assert roles[-3:] == ["assistant", "tool", "user"]  # the image follows its tool message
    assert tool_output(fake_chat.requests[1], "shot1")["success"] is True
    assert registry.image_paths and not any(Path(p).exists() for p in registry.image_paths)
    assert ScreenshotStore.of(conversation).files() == []


async def test_server_errors_are_retried_with_the_same_image_then_a_final_failure_reports_upload_failed(
    fake_chat, manager, conversation, registry, server
):
    url = server.route("/shot", "<h1>Unlucky</h1>")
    seen = {}

    def after_failure(body):
        seen["output"] = tool_output(body, "shot1")
        seen["images"] = images_in(body)
        return message("Could not see it.")

    fake_chat.script(call("page_screenshot", call_id="shot1", action="screenshot"), 500, 503, 429, after_failure)
    result = await _run(fake_chat, manager, conversation, registry, url=url, max_retries=2)
    assert result.status == "completed"
    sent = [images_in(body) for body in fake_chat.requests[1:4]]
    assert [len(images) for images in sent] == [1, 1, 1] and sent[0] == sent[1] == sent[2]
    assert seen["images"] == [] and seen["output"]["error"]["code"] == "UPLOAD_FAILED"
    assert not any(Path(p).exists() for p in registry.image_paths)


async def test_a_refused_request_fails_the_run_with_model_request_failed(fake_chat, manager, conversation, registry):
    fake_chat.script(400)
    result = await _run(fake_chat, manager, conversation, registry)
    assert result.status == "failed" and result.error["code"] == "MODEL_REQUEST_FAILED"
    assert len(fake_chat.requests) == 1


async def test_browserx_run_api_chat_end_to_end(fake_chat, server):
    url = server.route("/e2e", "<h1>Hello from chat</h1>")
    fake_chat.script(call("browser_tabs", action="list"), message("It says hello."))
    env = {**os.environ, "OPENAI_BASE_URL": fake_chat.base_url, "OPENAI_API_KEY": "test"}
    code, out, err = await browserx(
        "run", "What does it say?", "--url", url, "--model", "local", "--api", "chat", "--stream", env=env
    )
    assert code == 0, err
    assert out == "It says hello.\n"
    assert [(body["model"], body["stream"]) for body in fake_chat.requests] == [("local", True), ("local", True)]
    assert "tokens per step (in/cached/out): 1: 100/0/10, 2: 100/0/10" in err


async def test_tool_calls_without_an_id_get_one_their_tool_message_points_at(fake_chat):
    anonymous = call("browser_tabs", action="list")
    anonymous["choices"][0]["message"]["tool_calls"][0]["id"] = ""
    fake_chat.script(anonymous)
    client = fake_chat.client()
    try:
        turn = await client.turn(instructions="i", items=[{"kind": "user", "text": "hi"}], declarations=[])
    finally:
        await client.close()
    assert turn.calls[0].call_id and turn.replay[0]["call_id"] == turn.calls[0].call_id


def test_stream_without_api_chat_is_a_validation_error(capsys):
    from browserx.cli import main

    assert main(["run", "task", "--stream", "--model", "m"]) == 2  # a usage error, like argparse's
    assert json.loads(capsys.readouterr().err.splitlines()[-1])["error"]["code"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streamed"])
async def test_an_answer_cut_off_by_a_dropped_connection_is_retried(fake_chat, stream):
    fake_chat.script(cut(message("first try")), 502, message("whole"))
    client = fake_chat.client(stream=stream)
    try:
        turn = await client.turn(instructions="i", items=[{"kind": "user", "text": "hi"}], declarations=[])
    finally:
        await client.close()
    assert turn.text == "whole" and turn.attempts == 3 and len(fake_chat.requests) == 3
