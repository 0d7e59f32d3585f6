"""The input list sent each step stays bounded: one image at most, stale outputs cut short."""

from __future__ import annotations

import json

from fake_responses import images_in

from browserx.errors import ModelRequestFailedError
from browserx.llm.history import OLD_OUTPUT_CHARS, History
from browserx.tools import Image, ToolResult


def shot(n: int) -> ToolResult:
    return ToolResult(True, data={"n": n}, images=[Image(bytes([n]) * 10, "image/png", f"/nowhere/{n}.png")])


def test_only_the_latest_screenshot_is_attached_and_older_ones_become_a_note():
    history = History()
    history.add_user("task")
    history.add_tool_output("c1", "page_screenshot", shot(1))
    history.add_tool_output("c2", "page_screenshot", shot(2))
    built = history.build()
    images = images_in({"input": built})
    assert len(images) == 1 and images[0] == "data:image/png;base64," + "AgICAgICAgICAg=="
    assert "c1" in json.dumps(built) and "no longer attached" in json.dumps(built)
    assert [u.state for u in history.pending()] == ["stored", "stored"]


def test_a_failed_upload_turns_the_call_output_into_upload_failed_and_drops_the_image():
    history = History()
    history.add_tool_output("c1", "page_screenshot", shot(1))
    uploads = history.pending()
    history.fail(uploads, ModelRequestFailedError("HTTP 500"))
    built = history.build()
    assert images_in({"input": built}) == []
    output = json.loads(next(i for i in built if i.get("type") == "function_call_output")["output"])
    assert output["success"] is False and output["error"]["code"] == "UPLOAD_FAILED"
    assert uploads[0].state == "failed" and history.pending() == []


def test_outputs_older_than_the_last_few_are_cut_short_but_the_stored_items_stay_whole():
    history = History(keep_full_outputs=2)
    for n in range(4):
        history.add_tool_output(f"c{n}", "browser_dom", ToolResult(True, data="x" * 5000))
    outputs = [i["output"] for i in history.build() if i.get("type") == "function_call_output"]
    assert [len(o) < OLD_OUTPUT_CHARS + 100 for o in outputs] == [True, True, False, False]
    assert all(len(i["output"]) > 5000 for i in history.items)
