"""DomService: stable ids, id resolution, NODE_NOT_FOUND, caching and its invalidation, timeouts."""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.errors import NodeNotFoundError, TimeoutError
from browserx.page import DomService, SnapshotOptions, take_snapshot
from browserx.page import service as service_module
from browserx.page.world import PageWorld

LIST = "<ul id=list><li><button>A</button></li><li><button>B</button></li></ul><a href=/x>X</a>"


async def page_eval(tab, expression: str):
    result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"].get("value")


def ids(model):
    return {c.name: c.id for c in model.controls}


def number(element_id: str) -> int:
    return int(element_id.split("_")[1])


async def test_ids_are_stable_across_snapshots_and_new_elements_get_new_numbers(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    first = ids(await service.snapshot(fresh=True))
    assert ids(await service.snapshot(fresh=True)) == first
    await page_eval(tab, "list.insertAdjacentHTML('afterbegin', '<li><button>New</button></li>')")
    second = ids(await service.snapshot())
    assert {k: second[k] for k in first} == first
    assert number(second["New"]) > max(number(i) for i in first.values())
    await page_eval(
        tab, "list.firstElementChild.remove(); list.insertAdjacentHTML('beforeend', '<li><button>Newer</button></li>')"
    )
    third = ids(await service.snapshot())
    assert number(third["Newer"]) > number(second["New"])  # numbers are never reused


async def test_no_id_is_reused_when_the_world_is_rebuilt_in_the_same_document(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    first = await service.snapshot(fresh=True)
    PageWorld.of(tab)._contexts.clear()  # as if Chromium had dropped browserx's world
    second = await service.snapshot(fresh=True)
    # Chromium may hand back the same world (ids kept) or a new one (new numbers): never a reused id.
    before = {c.id: c.name for c in first.controls}
    top = max(number(i) for i in before)
    assert all(before.get(c.id) == c.name or number(c.id) > top for c in second.controls)


async def test_navigation_invalidates_the_cache_and_restarts_numbering(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    first = await service.snapshot()
    await navigate(tab, server.route("/other", "<button>Only</button>"))
    second = await service.snapshot()
    assert [(c.id, c.name) for c in second.controls] == [("bu_1", "Only")]
    with pytest.raises(NodeNotFoundError) as error:
        await service.element_object_id(first.controls[0].id if first.controls[0].id != "bu_1" else "bu_2")
    assert error.value.code == "NODE_NOT_FOUND"


async def test_removed_unknown_and_malformed_ids_raise_node_not_found(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    model = await service.snapshot()
    a = ids(model)["A"]
    assert await service.backend_node_id(a) > 0
    await page_eval(tab, "document.querySelector('button').remove()")
    for bad in (a, "bu_999", "not an id", ""):
        with pytest.raises(NodeNotFoundError) as error:
            await service.backend_node_id(bad)
        assert error.value.code == "NODE_NOT_FOUND"


async def test_element_ids_resolve_to_their_own_nodes(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    model = await service.snapshot()
    document = await tab.session.send("DOM.getDocument", {"depth": -1})
    found = await tab.session.send("DOM.querySelectorAll", {"nodeId": document["root"]["nodeId"], "selector": "button"})
    expected = []
    for node_id in found["nodeIds"]:
        described = await tab.session.send("DOM.describeNode", {"nodeId": node_id})
        expected.append(described["node"]["backendNodeId"])
    assert [await service.backend_node_id(ids(model)[name]) for name in ("A", "B")] == expected
    object_id = await service.element_object_id(ids(model)["B"])
    text = await tab.session.send(
        "Runtime.callFunctionOn",
        {
            "objectId": object_id,
            "functionDeclaration": "function () { return this.textContent; }",
            "returnByValue": True,
        },
    )
    assert text["result"]["value"] == "B"


async def test_the_cache_is_reused_until_invalidated_or_the_page_changes(server, tab):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    first = await take_snapshot(tab)
    assert await service.snapshot() is first and service.last is first
    assert await service.snapshot(SnapshotOptions(max_controls=1)) is not first  # other options
    again = await service.snapshot()
    assert await service.snapshot() is again
    service.invalidate()
    assert await service.snapshot() is not again
    current = service.last
    await page_eval(tab, "scrollBy(0, 1); document.body.style.height = '5000px'; scrollTo(0, 100)")
    assert await service.snapshot() is not current


async def test_a_cached_model_older_than_the_age_limit_is_rebuilt(server, tab, monkeypatch):
    await navigate(tab, server.route("/l", LIST))
    service = DomService.of(tab)
    first = await service.snapshot()
    monkeypatch.setattr(service_module, "MAX_AGE_S", -1.0)
    assert await service.snapshot() is not first


async def test_a_capture_that_runs_past_its_timeout_raises_timeout(server, tab, monkeypatch):
    await navigate(tab, server.route("/busy", "<button>Busy</button>"))
    monkeypatch.setattr(service_module, "CAPTURE_TIMEOUT_S", 0.3)
    # Keep the page's main thread busy for 1.5 s so the in-page capture cannot run in time.
    await page_eval(tab, "setTimeout(() => { const t = Date.now(); while (Date.now() - t < 1500); }, 0); 1")
    with pytest.raises(TimeoutError) as error:
        await DomService.of(tab).snapshot(fresh=True)
    assert error.value.code == "TIMEOUT"
    monkeypatch.setattr(service_module, "CAPTURE_TIMEOUT_S", 30.0)
    assert [c.name for c in (await DomService.of(tab).snapshot(fresh=True)).controls] == ["Busy"]


async def test_typing_into_a_field_invalidates_the_cached_model(server, tab):
    await navigate(tab, server.route("/t", "<input id=t aria-label=Name><input type=checkbox id=c aria-label=Box>"))
    service = DomService.of(tab)
    first = await service.snapshot()
    await page_eval(tab, "t.value = 'abc'; t.dispatchEvent(new Event('input', {bubbles: true})); c.click()")
    second = await service.snapshot()
    assert second is not first
    assert second.controls[0].value_len == 3 and second.controls[1].states == {"checked": True}
