"""The history sent each step: it only grows at its end (a cacheable prefix) until a deliberate
compaction summarises older outputs and drops superseded page models and screenshots at once."""

from __future__ import annotations

import itertools
import json

from browserx.errors import ModelRequestFailedError
from browserx.llm.chat_client import to_messages
from browserx.llm.client import to_input
from browserx.llm.history import History, model_output
from browserx.tools import Image, ToolResult


def shot(n: int) -> ToolResult:
    return ToolResult(
        True, data={"n": n}, images=[Image(bytes([n]) * 10, "image/png", f"/nowhere/{n}.png")], action="screenshot"
    )


def snapshot(n: int) -> ToolResult:
    return ToolResult(True, data=f"# page {n}\n" + "te_1 Field\n" * 200, action="snapshot")


def act(n: int) -> ToolResult:
    return ToolResult(True, data={"effects": {"n": n}, "detail": "y" * 1000}, action="click")


def _turn(history: History, n: int, tool: str, result: ToolResult) -> None:
    history.add_replay([{"kind": "call", "call_id": f"c{n}", "name": tool, "arguments": "{}"}])
    history.add_tool_output(f"c{n}", tool, result)


def test_between_compactions_every_request_extends_the_previous_one():
    history = History(compact_every=100, compact_above=10**9)
    history.add_user("task")
    sent = [history.build()]
    for n, (tool, result) in enumerate(
        [
            ("browser_dom", snapshot(1)),
            ("page_screenshot", shot(2)),
            ("browser_dom", act(3)),
            ("browser_dom", snapshot(4)),
            ("page_screenshot", shot(5)),
        ]
    ):
        _turn(history, n, tool, result)
        sent.append(history.build())
    for before, after in itertools.pairwise(sent):
        assert after[: len(before)] == before and len(after) > len(before)
    assert history.compactions == 0


def test_a_compaction_summarises_old_outputs_and_keeps_only_the_latest_page_model_and_screenshot():
    history = History(compact_every=3, compact_above=10**9, keep_recent=1)
    history.add_user("task")
    _turn(history, 1, "browser_dom", snapshot(1))
    _turn(history, 2, "page_screenshot", shot(2))
    history.build()
    _turn(history, 3, "browser_dom", act(3))
    _turn(history, 4, "browser_dom", snapshot(4))
    history.build()
    _turn(history, 5, "page_screenshot", shot(5))
    _turn(history, 6, "browser_dom", act(6))
    history.build()
    before = list(history.items)
    built = history.build()  # the 4th request: a compaction point
    assert history.compactions == 1 and built != before[: len(built)]
    outputs = {i["call_id"]: i["output"] for i in built if i["kind"] == "output"}
    assert "page 4" in outputs["c4"] and "page 1" not in outputs["c1"]  # the latest page model stays whole
    summary = json.loads(outputs["c3"])
    assert len(outputs["c3"]) < 400 and summary["success"] is True and '"n":3' in summary["data"]
    assert outputs["c6"] == before[-1]["output"]  # the most recent output stays whole
    assert [i["call_id"] for i in built if i["kind"] == "image"] == ["c5"]
    assert [i["call_id"] for i in built if i["kind"] == "call"] == [f"c{n}" for n in range(1, 7)]
    _turn(history, 7, "browser_dom", act(7))
    again = history.build()
    assert again[: len(built)] == built  # stable again after the compaction


def test_a_history_past_its_token_budget_is_compacted_before_the_next_request():
    history = History(compact_every=100, compact_above=1500, keep_recent=1)
    history.add_user("task")
    for n in range(1, 4):
        _turn(history, n, "browser_dom", snapshot(n))
        history.build()
    assert history.compactions >= 1 and history.size() <= 1500


def test_nothing_to_compact_is_no_compaction():
    history = History(compact_every=1, compact_above=0)
    history.add_user("task")
    history.build()
    history.build()
    assert history.compactions == 0


def test_a_failed_upload_turns_the_call_output_into_upload_failed_and_drops_the_image():
    history = History()
    history.add_tool_output("c1", "page_screenshot", shot(1))
    uploads = history.pending()
    history.fail(uploads, ModelRequestFailedError("HTTP 500"))
    built = history.build()
    assert [i["kind"] for i in built] == ["output"]
    output = json.loads(built[0]["output"])
    assert output["success"] is False and output["error"]["code"] == "UPLOAD_FAILED"
    assert uploads[0].state == "failed" and history.pending() == []


def test_outputs_keep_what_the_model_uses_and_drop_timestamps_durations_and_versions():
    result = ToolResult(True, data={"success": True, "duration_ms": 2.9, "url": "u"}, action="click")
    result.metadata = {
        "duration_ms": 3.2,
        "tab_id": 2,
        "timestamp": "2026-01-01T00:00:00Z",
        "tool_version": "1",
        "notices": [{"kind": "dialog"}],
    }
    assert json.loads(model_output(result)) == {
        "success": True,
        "data": {"url": "u"},
        "metadata": {"tab_id": 2, "notices": [{"kind": "dialog"}]},
    }
    assert json.loads(model_output(result, known_tab_id=2)) == {
        "success": True,
        "data": {"url": "u"},
        "metadata": {"notices": [{"kind": "dialog"}]},
    }
    failed = ToolResult(False, error={"code": "NODE_NOT_FOUND", "message": "m", "hint": "h"}, action="click")
    assert json.loads(model_output(failed)) == {"success": False, "error": failed.error}


def test_both_wire_forms_keep_calls_outputs_and_images_in_order():
    history = History()
    history.add_user("task")
    history.add_replay(
        [
            {"kind": "assistant", "text": "Looking."},
            {"kind": "call", "call_id": "a", "name": "page_screenshot", "arguments": "{}"},
            {"kind": "call", "call_id": "b", "name": "browser_tabs", "arguments": "{}"},
        ]
    )
    history.add_tool_output("a", "page_screenshot", shot(1))
    history.add_tool_output("b", "browser_tabs", ToolResult(True, data={"tabs": []}))
    items = history.build()
    chat = to_messages("sys", items)
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert [c["id"] for c in chat[2]["tool_calls"]] == ["a", "b"] and chat[2]["content"] == "Looking."
    assert chat[5]["content"][1]["type"] == "image_url"  # after the turn's tool messages
    wire = to_input(items)
    assert [i.get("type") or i["role"] for i in wire] == [
        "user",
        "assistant",
        "function_call",
        "function_call",
        "function_call_output",
        "user",
        "function_call_output",
    ]


# --- issue 23: models and deltas (a ToolResult's `page`) ------------------------------------------------------------


def model(n: int, *, tab: int = 1, new_document: bool = False) -> ToolResult:
    page = {"snapshot": n, "base": None, "key": [tab, None]}
    if new_document:
        page["new_document"] = True
    return ToolResult(True, data=f"# page {n} (snapshot {n})\n" + "te_1 Field\n" * 200, action="snapshot", page=page)


def acted(n: int, base: int, *, tab: int = 1) -> ToolResult:
    data = {
        "x": 10,
        "y": 20,
        "effects": {"focus": {"role": "button", "name": "Go", "tag": "button", "element_id": "bu_1"}},
        "page": f"(snapshot {n}: changes since {base})\n~ bu_1 Go [pressed]",
    }
    return ToolResult(True, data=data, action="click", page={"snapshot": n, "base": base, "key": [tab, None]})


def _outputs(items):
    return [json.loads(i["output"]) for i in items if i["kind"] == "output"]


def test_a_compaction_keeps_the_latest_full_model_and_its_deltas_whole_and_summarises_what_they_replaced():
    history = History(compact_every=100, compact_above=10**9, keep_recent=1)
    history.add_user("task")
    _turn(history, 1, "browser_dom", model(1))
    _turn(history, 2, "browser_dom", acted(2, 1))
    _turn(history, 3, "browser_dom", model(3))
    for n in range(4, 9):
        _turn(history, n, "browser_dom", acted(n, n - 1))
    history.compact()
    outputs = _outputs(history.items)
    assert outputs[0] == {"success": True, "data": "(an older page model; a newer snapshot replaced it)"}
    assert outputs[1] == {
        "success": True,
        "data": {"effects": {"focus": "bu_1"}, "page": "(replaced by a newer model)"},
    }
    assert outputs[2]["data"].startswith("# page 3")  # the latest full model, whole
    assert [o["data"]["page"].splitlines()[0] for o in outputs[3:]] == [
        f"(snapshot {n}: changes since {n - 1})" for n in range(4, 9)
    ]  # every delta after it, whole, however old


def test_a_new_documents_full_model_is_a_compaction_point_the_old_document_is_not_sent_again():
    history = History(compact_every=100, compact_above=10**9)
    history.add_user("task")
    _turn(history, 1, "browser_dom", model(1))
    history.build()
    _turn(history, 2, "browser_dom", model(2, new_document=True))
    history.build()
    assert history.compactions == 0  # the last compaction (none: the start) is too close: two requests back
    _turn(history, 3, "browser_dom", acted(3, 2))
    history.build()
    _turn(history, 4, "browser_dom", model(4, new_document=True))
    sent = history.build()
    assert history.compactions == 1
    assert sum("te_1 Field" in i.get("output", "") for i in sent) == 1


def test_another_tabs_full_model_does_not_replace_this_tabs_model_and_deltas():
    history = History(compact_every=100, compact_above=10**9)
    history.add_user("task")
    _turn(history, 1, "browser_dom", model(1, tab=1))
    _turn(history, 2, "browser_dom", acted(2, 1, tab=1))
    _turn(history, 3, "browser_dom", model(3, tab=2))
    history.compact()
    outputs = _outputs(history.items)
    assert outputs[0]["data"].startswith("# page 1") and outputs[1]["data"]["page"].startswith("(snapshot 2")


def test_beside_the_page_an_action_left_its_point_and_the_focus_description_are_left_out():
    out = json.loads(model_output(acted(2, 1)))
    assert out["data"] == {"effects": {"focus": "bu_1"}, "page": "(snapshot 2: changes since 1)\n~ bu_1 Go [pressed]"}
    plain = json.loads(model_output(ToolResult(True, data={"x": 1, "y": 2, "effects": {}}, action="click")))
    assert plain["data"] == {"x": 1, "y": 2, "effects": {}}  # without a page nothing else says where it acted


def test_a_chain_heavier_than_the_model_it_adds_up_to_becomes_that_model_at_a_compaction():
    history = History(compact_every=100, compact_above=10**9)
    history.add_user("task")
    _turn(history, 1, "browser_dom", model(1))
    for n in (2, 3):
        result = acted(n, n - 1)
        result.page["full"] = f"# page {n} (snapshot {n})\nbu_1 Go [pressed]"
        _turn(history, n, "browser_dom", result)
    history.compact()
    outputs = _outputs(history.items)
    assert outputs[0]["data"] == "(an older page model; a newer snapshot replaced it)"
    assert outputs[1]["data"]["page"] == "(replaced by a newer model)"
    assert outputs[2]["data"]["page"] == "# page 3 (snapshot 3)\nbu_1 Go [pressed]"  # the model as it is now
    assert history.items[-1]["page"]["base"] is None  # the next chain starts from it
