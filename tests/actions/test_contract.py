"""browser_dom's contract: argument checks, result shape, and snapshot invalidation after every action."""

from __future__ import annotations

import pytest

from browserx.page.service import DomService

PAGE = """<!doctype html><button id=go onclick="window.n = (window.n || 0) + 1">Go</button>
<input id=field aria-label=Field><select id=s aria-label=S><option>One</option></select>"""


@pytest.mark.parametrize(
    "args,field",
    [
        ({"action": "click"}, "element_id"),
        ({"action": "hover"}, "element_id"),
        ({"action": "scroll"}, "element_id"),
        ({"action": "type", "element_id": "te_1"}, "text"),
        ({"action": "type", "text": "x"}, "element_id"),
        ({"action": "keypress"}, "key"),
        ({"action": "select", "element_id": "co_1"}, "option"),
    ],
)
async def test_missing_required_field_is_a_validation_error_naming_it(call, args, field):
    result = await call("browser_dom", **args)
    assert result.code == "VALIDATION_ERROR"
    assert field in result.error["message"]


@pytest.mark.parametrize(
    "args",
    [
        {"action": "dance", "element_id": "bu_1"},
        {"action": "click", "element_id": "bu_1", "button": "side"},
        {"action": "click", "element_id": "bu_1", "click_count": 0},
        {"action": "click", "element_id": "bu_1", "modifiers": {"hyper": True}},
        {"action": "click", "element_id": ""},
        {"action": "type", "element_id": "te_1", "text": "x" * 10_001},
        {"action": "scroll", "element_id": "bu_1", "block": "middle"},
        {"action": "click", "element_id": "bu_1", "strategy": "magic"},
        {"action": "click", "element_id": "bu_1", "colour": "red"},
        {"action": "keypress", "key": "Control+Nothing"},
    ],
)
async def test_bad_arguments_are_validation_errors(call, args):
    result = await call("browser_dom", **args)
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize(
    "args",
    [
        {"action": "click", "element_id": "GO"},
        {"action": "type", "element_id": "FIELD", "text": "x"},
        {"action": "keypress", "element_id": "FIELD", "key": "a"},
        {"action": "scroll", "element_id": "GO"},
        {"action": "select", "element_id": "S", "option": "One"},
        {"action": "hover", "element_id": "GO"},
    ],
)
async def test_every_action_invalidates_the_snapshot_on_success(tab, load, call, eid, args):
    await load(tab, PAGE)
    ids = {"GO": await eid(tab, "#go"), "FIELD": await eid(tab, "#field"), "S": await eid(tab, "#s")}
    service = DomService.of(tab)
    first = await service.snapshot()
    assert await service.snapshot() is first  # cached while nothing happens
    result = await call("browser_dom", **{**args, "element_id": ids[args["element_id"]]})
    assert result.success, result.error
    assert result.data["snapshotInvalidated"] is True
    assert await service.snapshot() is not first


async def test_a_failed_action_invalidates_the_snapshot_too(tab, load, call):
    await load(tab, PAGE)
    service = DomService.of(tab)
    first = await service.snapshot()
    result = await call("browser_dom", action="click", element_id="bu_4242")
    assert result.code == "NODE_NOT_FOUND"
    assert result.error["details"]["snapshotInvalidated"] is True
    assert await service.snapshot() is not first


async def test_result_carries_success_duration_invalidation_and_effects(tab, load, call, eid):
    await load(tab, PAGE)
    result = await call("browser_dom", action="click", element_id=await eid(tab, "#go"))
    assert result.success, result.error
    data = result.data
    assert data["success"] is True and data["snapshotInvalidated"] is True
    assert isinstance(data["duration_ms"], float) and isinstance(data["effects"], dict)
