"""The agent against a real Chromium, the real openai SDK, and a scripted Responses endpoint."""

from __future__ import annotations

import asyncio
import base64
import json
import threading
from pathlib import Path

import fake_responses
import pytest
from agent_run import run_scripted
from fake_responses import call as fn_call, calls, images_in, message, text_outside_calls, tool_output
from login import LOGIN, PASSWORD, USER, script_login

from browserx.llm import load_prompt
from browserx.screenshots.store import ScreenshotStore


async def _run(fake, manager, conversation, registry, task="Look at the page.", **kwargs):
    options = {k: kwargs.pop(k) for k in ("max_retries", "strict_tools") if k in kwargs}
    return await run_scripted(fake, manager, conversation, registry, task, client_options=options, **kwargs)


async def test_prompt_resource_is_sent_as_instructions_with_plain_tools_marked_not_strict(
    fake, manager, conversation, registry
):
    fake.script(message("Nothing to do."))
    result = await _run(fake, manager, conversation, registry, task="Say hello.")
    assert result.status == "completed" and result.answer == "Nothing to do."
    body = fake.requests[0]
    prompt = load_prompt()
    assert body["instructions"] == prompt
    assert "browser_dom" in prompt and "page_screenshot" in prompt
    assert body["store"] is False and "previous_response_id" not in body
    schemas = {d["name"]: d["input_schema"] for d in registry.declarations()}
    assert {tool["name"] for tool in body["tools"]} == set(registry.tools) == set(schemas)
    # the API's default is strict, so `strict: false` is sent; the schema is the declared one
    assert all(tool["strict"] is False and tool["parameters"] == schemas[tool["name"]] for tool in body["tools"])
    assert result.usage == {"input_tokens": 100, "cached_tokens": 0, "output_tokens": 10, "total_tokens": 110}


async def test_strict_tools_on_request_send_strict_schemas_and_the_nulls_are_dropped_before_dispatch(
    fake, manager, conversation, registry, server
):
    url = server.route("/strict", "<h1>Strict</h1>")
    dom = next(d for d in registry.declarations() if d["name"] == "browser_dom")["input_schema"]
    fake.script(fn_call("browser_dom", **{**dict.fromkeys(dom["properties"]), "action": "snapshot"}), message("Done."))
    result = await _run(fake, manager, conversation, registry, task="Look.", url=url, strict_tools=True)
    assert result.status == "completed", result.error
    tools = fake.requests[0]["tools"]
    assert all(
        tool["strict"] is True
        and tool["parameters"]["additionalProperties"] is False
        and set(tool["parameters"]["required"]) == set(tool["parameters"]["properties"])
        for tool in tools
    )
    assert [r.success for r in result.records if r.tool == "browser_dom"] == [True]  # nulls dropped, defaults applied


async def test_agent_fills_and_submits_login_form_without_leaking_typed_values(
    fake, manager, conversation, registry, server, call
):
    user, password = USER, PASSWORD
    url = server.route("/login", LOGIN)
    script_login(fake, fake_responses)

    lines = []
    result = await _run(
        fake,
        manager,
        conversation,
        registry,
        task="Sign in with the demo account.",
        url=url,
        on_step=lambda record: lines.append(record),
    )
    assert result.status == "completed", result.error
    assert result.answer == "Signed in."
    assert [r.code for r in result.records] == [None] * 5  # navigate, snapshot, type, type, click
    submits = await call("browser_eval", expression="window.__submits")
    assert submits.data["result"] == [{"user": user, "pw": password}]
    for body in fake.requests:
        sent = text_outside_calls(body)
        assert user not in sent and password not in sent
    typed = [r for r in result.records if r.action == "type"]
    assert len(typed) == 2 and all(r.arguments["text"] == "[redacted]" for r in typed)
    assert all(user not in r.line() and password not in r.line() for r in lines)


async def test_screenshot_step_sends_exactly_one_image_and_deletes_the_file(
    fake, manager, conversation, registry, server
):
    url = server.route("/shot", "<h1 style='color:red'>Look</h1>")
    seen = {}

    def while_uploading(body):
        seen["exists"] = [Path(p).exists() for p in registry.image_paths]
        return calls(("browser_tabs", {"action": "list"}, None))

    fake.script(fn_call("page_screenshot", call_id="shot1", action="screenshot"), while_uploading, message("Red."))
    result = await _run(fake, manager, conversation, registry, url=url)
    assert result.status == "completed" and result.screenshots == 1
    assert seen["exists"] == [True]  # Uploading: the file exists while its request is in flight
    assert len(images_in(fake.requests[0])) == 0
    sent = images_in(fake.requests[1])
    assert len(sent) == 1 and sent[0].startswith("data:image/png;base64,")
    assert base64.b64decode(sent[0].split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    assert tool_output(fake.requests[1], "shot1")["success"] is True
    assert len(images_in(fake.requests[2])) <= 1  # only the latest image is ever sent
    assert registry.image_paths and not any(Path(p).exists() for p in registry.image_paths)
    assert ScreenshotStore.of(conversation).files() == []  # Deleted: the store holds nothing


async def test_server_error_then_success_retries_the_same_image_then_deletes_it(
    fake, manager, conversation, registry, server
):
    url = server.route("/shot", "<h1>Retry me</h1>")
    seen = []

    def fail_once(body):
        seen.append(all(Path(p).exists() for p in registry.image_paths))
        return 500

    fake.script(fn_call("page_screenshot", call_id="shot1", action="screenshot"), fail_once, message("Seen."))
    result = await _run(fake, manager, conversation, registry, url=url)
    assert result.status == "completed"
    assert fake.statuses == [200, 500, 200]
    first, retry = images_in(fake.requests[1]), images_in(fake.requests[2])
    assert len(first) == 1 and first == retry  # the same bytes on the retry
    assert seen == [True]
    assert not any(Path(p).exists() for p in registry.image_paths)


async def test_final_upload_failure_deletes_the_file_and_reports_upload_failed(
    fake, manager, conversation, registry, server
):
    url = server.route("/shot", "<h1>Unlucky</h1>")
    seen = {}

    def after_failure(body):
        seen["exists"] = [Path(p).exists() for p in registry.image_paths]
        seen["output"] = tool_output(body, "shot1")
        seen["images"] = images_in(body)
        return message("Could not see it; giving up.")

    fake.script(fn_call("page_screenshot", call_id="shot1", action="screenshot"), 500, 503, 429, after_failure)
    result = await _run(fake, manager, conversation, registry, url=url, max_retries=2)
    assert result.status == "completed"
    assert [len(images_in(body)) for body in fake.requests[1:4]] == [1, 1, 1]
    assert seen["images"] == []
    assert seen["output"]["error"]["code"] == "UPLOAD_FAILED"
    assert seen["exists"] == [False]
    assert ScreenshotStore.of(conversation).files() == []
    assert result.steps == 2  # the failed upload is not counted as a step of its own


async def test_endpoint_refusal_without_images_fails_with_model_request_failed(fake, manager, conversation, registry):
    fake.script(400)
    result = await _run(fake, manager, conversation, registry)
    assert result.status == "failed" and result.error["code"] == "MODEL_REQUEST_FAILED"
    assert len(fake.requests) == 1  # a 400 is not retried


async def test_step_limit_ends_the_run_with_step_limit(fake, manager, conversation, registry):
    fake.script(*[fn_call("browser_tabs", action="list") for _ in range(3)])
    result = await _run(fake, manager, conversation, registry, max_steps=2)
    assert result.status == "step_limit" and result.error["code"] == "STEP_LIMIT"
    assert result.steps == 2 and result.tool_calls == 2 and len(fake.requests) == 2


async def test_null_arguments_for_optional_fields_are_dropped_before_dispatch(fake, manager, conversation, registry):
    fake.script(fn_call("browser_tabs", call_id="c1", action=None, tab_id=None, url=None, timeout=None), message("ok"))
    result = await _run(fake, manager, conversation, registry)
    assert result.records[0].success, result.records[0].code
    assert "tabs" in tool_output(fake.requests[1], "c1")["data"]  # action=null would be a VALIDATION_ERROR


async def test_invalid_json_arguments_come_back_as_validation_error(fake, manager, conversation, registry):
    broken = fn_call("browser_tabs", call_id="c1")
    broken["output"][0]["arguments"] = "{not json"
    fake.script(broken, message("ok"))
    result = await _run(fake, manager, conversation, registry)
    assert result.records[0].code == "VALIDATION_ERROR"
    assert tool_output(fake.requests[1], "c1")["error"]["code"] == "VALIDATION_ERROR"


async def test_cancelling_the_run_deletes_the_screenshot_in_flight(fake, manager, conversation, registry, server):
    url = server.route("/shot", "<h1>Cancel me</h1>")
    loop = asyncio.get_running_loop()
    in_flight = loop.create_future()
    release = threading.Event()

    def hang(body):
        loop.call_soon_threadsafe(in_flight.set_result, None)
        release.wait(10)
        return message("too late")

    fake.script(fn_call("page_screenshot", action="screenshot"), hang)
    task = asyncio.ensure_future(_run(fake, manager, conversation, registry, url=url))
    try:
        await asyncio.wait_for(in_flight, 20)
        assert registry.image_paths and Path(registry.image_paths[0]).exists()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    finally:
        release.set()
    assert not Path(registry.image_paths[0]).exists()


async def test_navigation_failure_at_start_fails_the_run_with_its_code(fake, manager, conversation, registry):
    result = await _run(fake, manager, conversation, registry, url="http://127.0.0.1:9/unreachable")
    assert result.status == "failed" and result.error["code"] == "NAVIGATION_FAILED"
    assert fake.requests == []
    assert json.dumps(result.summary())


async def test_the_agents_actions_answer_with_the_page_they_leave_and_without_deltas_they_do_not(
    fake, manager, conversation, registry, server
):
    url = server.route("/login", LOGIN)
    for page_deltas in (True, False):
        script_login(fake, fake_responses)
        result = await _run(fake, manager, conversation, registry, task="Sign in.", url=url, page_deltas=page_deltas)
        assert result.status == "completed", result.error
        clicked = json.loads(fake_responses.last_output(fake.requests[-1]))["data"]
        if page_deltas:  # the click's result says what it changed: the status line's text
            assert clicked["page"].splitlines()[0].endswith("changes since 3)") and "+ Welcome back" in clicked["page"]
            assert "x" not in clicked and clicked["effects"]["focus"].startswith("bu_")
        else:
            assert "page" not in clicked and "x" in clicked
