"""Closed shadow roots reach the page model through CDP (page/shadow.py): their controls get ids,
names and selectors, actions work on them, and each host is looked up once per document."""

from __future__ import annotations

import pytest

from browserx.actions import element, keyboard
from browserx.actions.navigation import navigate
from browserx.errors import NodeNotFoundError
from browserx.page import DomService
from browserx.page import shadow as shadow_module

# <my-widget> keeps its button and input in a closed root; the page keeps a handle on the root
# (window.widgetRoot) only so the test can read what happened inside.
WIDGET = """<h1>Closed</h1>
<my-widget></my-widget>
<button id=outer><icon-label></icon-label></button>
<script>
window.clicks = 0;
customElements.define('my-widget', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({mode: 'closed'});
    root.innerHTML = '<button id=inside>Inside</button><input id=field aria-label="Inner field">';
    root.getElementById('inside').addEventListener('click', () => { window.clicks++; });
    window.widgetRoot = root;
  }
});
customElements.define('icon-label', class extends HTMLElement {
  constructor() { super(); this.attachShadow({mode: 'closed'}).innerHTML = '<span>Save draft</span>'; }
});
</script>"""


async def page_value(tab, expression):
    result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"].get("value")


def by_name(model, name):
    [control] = [c for c in model.controls if c.name == name]
    return control


async def test_controls_inside_a_closed_root_are_in_the_model_with_a_selector_through_the_host(tab, server):
    await navigate(tab, server.route("/closed/widget.html", WIDGET))
    model = await DomService.of(tab).snapshot(fresh=True)
    inside, field = by_name(model, "Inside"), by_name(model, "Inner field")
    assert (inside.role, field.role) == ("button", "textbox")
    assert model.aimap[inside.id].endswith("my-widget >> #inside")
    assert model.aimap[field.id].endswith("my-widget >> #field")
    assert inside.visible and inside.bbox[2] > 0


async def test_a_control_named_by_text_inside_a_closed_root_gets_that_name(tab, server):
    await navigate(tab, server.route("/closed/name.html", WIDGET))
    model = await DomService.of(tab).snapshot(fresh=True)
    outer = next(c for c in model.controls if model.aimap.get(c.id, "").endswith("#outer"))
    assert outer.name == "Save draft"


async def test_click_by_id_reaches_a_button_inside_a_closed_root(tab, server):
    await navigate(tab, server.route("/closed/click.html", WIDGET))
    model = await DomService.of(tab).snapshot(fresh=True)
    result = await element.click(tab, by_name(model, "Inside").id)
    assert result["success"] is True
    assert await page_value(tab, "window.clicks") == 1


async def test_type_by_id_fills_an_input_inside_a_closed_root(tab, server):
    await navigate(tab, server.route("/closed/type.html", WIDGET))
    model = await DomService.of(tab).snapshot(fresh=True)
    field_id = by_name(model, "Inner field").id
    await keyboard.type_text(tab, field_id, "hello there")
    assert await page_value(tab, "window.widgetRoot.getElementById('field').value") == "hello there"
    again = await DomService.of(tab).snapshot(fresh=True)
    assert again.control(field_id).value_len == len("hello there")


async def test_ids_in_closed_roots_are_stable_across_snapshots(tab, server):
    await navigate(tab, server.route("/closed/stable.html", WIDGET))
    first = await DomService.of(tab).snapshot(fresh=True)
    second = await DomService.of(tab).snapshot(fresh=True)
    assert [(c.id, c.name) for c in first.controls] == [(c.id, c.name) for c in second.controls]


@pytest.fixture
def describe_calls(monkeypatch):
    """Counts DOM.describeNode messages a tab's session sends (shadow.py's per-host lookup)."""

    def watch(tab):
        calls = []
        send = tab.session.send

        async def counting(method, params=None, **kwargs):
            if method == "DOM.describeNode":
                calls.append(params)
            return await send(method, params, **kwargs)

        monkeypatch.setattr(tab.session, "send", counting)
        return calls

    return watch


async def test_custom_elements_without_shadow_roots_are_looked_up_once(tab, server, describe_calls):
    body = "".join(f"<x-item-{i % 3}>item {i}</x-item-{i % 3}>" for i in range(5)) + "<button>Go</button>"
    await navigate(tab, server.route("/closed/plain.html", body))
    calls = describe_calls(tab)
    service = DomService.of(tab)
    await service.snapshot(fresh=True)
    assert len(calls) == 5
    await service.snapshot(fresh=True)
    assert len(calls) == 5  # marked as rootless: not asked again
    raw = await service.world.call(
        "function () { return globalThis.__browserx.snapshot({max_text_chars: 0}).pending_hosts; }"
    )
    assert raw == 0


async def test_hosts_are_looked_up_at_most_a_batch_per_snapshot(tab, server, describe_calls):
    count = shadow_module.MAX_HOSTS + 50
    await navigate(tab, server.route("/closed/many.html", "<x-cell>c</x-cell>" * count))
    calls = describe_calls(tab)
    service = DomService.of(tab)
    await service.snapshot(fresh=True)
    assert len(calls) == shadow_module.MAX_HOSTS
    await service.snapshot(fresh=True)
    assert len(calls) == count
    await service.snapshot(fresh=True)
    assert len(calls) == count


async def test_a_closed_root_added_later_is_found_by_the_next_snapshot(tab, server):
    definitions = WIDGET[WIDGET.index("<script>") :]
    await navigate(tab, server.route("/closed/later.html", "<button>First</button>" + definitions))
    service = DomService.of(tab)
    first = await service.snapshot(fresh=True)
    assert [c.name for c in first.controls] == ["First"]
    await page_value(tab, "document.body.appendChild(document.createElement('my-widget')), true")
    second = await service.snapshot(fresh=True)
    assert {"First", "Inside", "Inner field"} <= {c.name for c in second.controls}


async def test_an_id_inside_a_removed_closed_root_is_not_found(tab, server):
    await navigate(tab, server.route("/closed/removed.html", WIDGET))
    model = await DomService.of(tab).snapshot(fresh=True)
    inside = by_name(model, "Inside").id
    await page_value(tab, "document.querySelector('my-widget').remove(), true")
    with pytest.raises(NodeNotFoundError):
        await element.click(tab, inside)
