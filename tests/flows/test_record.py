"""Recording (issue 24.1): `browserx run --record` saves each successful acting step of the run, with
each element's target (role, name, region, heading, index, selector), typed values as parameters
(a password's never written) and what the step changed."""

from __future__ import annotations

import json

from order_agent import EXPECTED_ORDER, PASSWORD, TASK, record_order_flow

from browserx.tools.flows import FLOW_SCHEMA, FlowLog, load_flow


async def test_an_agent_run_is_recorded_as_a_flow_of_its_acting_steps(order_flow):
    flow = load_flow(order_flow)
    assert flow.task == TASK and flow.version == 1 and flow.format == "browserx-flow"
    calls = [(s.tool, s.action) for s in flow.steps]
    # the snapshots the agent read are not steps; its start navigation, typing, clicks and the dialog are
    assert calls == [
        ("browser_navigate", None),
        *[("browser_dom", "type")] * 2,
        ("browser_dom", "click"),
        ("browser_dom", "type"),
        *[("browser_dom", "click")] * 2,
        *[("browser_dom", "type")] * 3,
        ("browser_dom", "click"),
        ("browser_dialog", None),
    ]
    sign_in = flow.steps[3]
    assert sign_in.target is not None
    assert sign_in.target.model_dump(exclude={"selector", "id"}) == {
        "role": "button",
        "name": "Sign in",
        "region": "main",
        "heading": "Sign in",
        "index": 0,
        "frame": None,
    }
    assert sign_in.target.selector and sign_in.target.id and sign_in.target.id.startswith("bu_")
    assert sign_in.expect is not None and sign_in.expect.navigates_to == "/search" and sign_in.expect.new_document
    assert flow.steps[10].expect is not None and flow.steps[10].expect.dialog == "confirm"
    assert flow.steps[11].expect is not None and flow.steps[11].expect.navigates_to == "/orders/1"
    assert [s.arguments.get("text") for s in flow.steps if s.action == "type"] == [
        "{{username}}",
        "{{password}}",
        "{{search}}",
        "{{full_name}}",
        "{{email}}",
        "{{quantity}}",
    ]
    assert {name: (p.secret, p.default) for name, p in flow.params.items()} == {
        "username": (False, "alice"),
        "password": (True, None),
        "search": (False, "blue mug"),
        "full_name": (False, "Alice Example"),
        "email": (False, "alice@example.com"),
        "quantity": (False, "2"),
    }


async def test_the_flow_of_a_login_holds_no_password_and_no_cookie(order_flow, shop_app):
    text = order_flow.read_text(encoding="utf-8")
    assert PASSWORD not in text and "correct" not in text  # nor a part of it
    assert "{{password}}" in text
    for session_cookie in shop_app.sessions:  # the recorded run's own session: never read, never written
        assert session_cookie not in text
    assert "cookie" not in text.lower() and "sid=" not in text
    data = json.loads(text)
    assert data["params"]["password"] == {"secret": True, "field": "Password"}


async def test_a_secret_that_lands_in_a_url_is_written_as_its_parameter(ask, manager, server, call, conversation):
    page = """<title>Old login</title><main><form action=/next><label>PIN <input name=pin type=password></label>
    <button>Go</button></form></main>"""
    server.route("/next", "<h1>Next</h1>")
    assert (await call("browser_navigate", url=server.route("/pin", page))).success
    snapshot = (await call("browser_dom", action="snapshot", format="json")).data
    ids = {c["name"]: c["id"] for c in snapshot["controls"]}
    assert (await call("browser_dom", action="type", element_id=ids["PIN"], text="9 & 4/7")).success
    clicked = await call("browser_dom", action="click", element_id=ids["Go"])
    assert "pin=9+%26+4%2F7" in clicked.data["effects"]["url"]  # the form put the secret in the URL
    text = FlowLog.of(conversation).flow().to_json()
    assert "9 & 4/7" not in text and "9+%26+4%2F7" not in text and "9%20%26%204%2F7" not in text
    assert "/next?pin={{pin}}" in text


async def test_failed_and_reading_calls_are_not_steps(manager, server, call, conversation):
    assert (await call("browser_navigate", url=server.route("/plain", "<button>Go</button>"))).success
    assert (await call("browser_dom", action="snapshot")).success
    assert (await call("page_screenshot", action="screenshot")).success
    assert (await call("browser_dom", action="click", element_id="bu_999")).code == "NODE_NOT_FOUND"
    assert [s.tool for s in FlowLog.of(conversation).steps] == ["browser_navigate"]


async def test_an_id_from_find_is_described_from_what_find_said_without_a_new_model(server, call, conversation, tab):
    from browserx.page.service import DomService

    page = "<main><h1>Shop</h1><button>Add</button><section><h2>Other</h2><button>Add</button></section></main>"
    assert (await call("browser_navigate", url=server.route("/find", page))).success
    found = await call("browser_dom", action="find", query="Add")  # ids without a snapshot
    second = [m["element_id"] for m in found.data["matches"] if m.get("kind") == "control"][1]
    assert (await call("browser_dom", action="click", element_id=second)).success
    target = FlowLog.of(conversation).steps[-1].target
    assert target is not None and (target.role, target.name, target.region, target.heading) == (
        "button",
        "Add",
        "main",
        "Other",
    )
    assert DomService.of(tab).last is None  # no page model was taken for it


async def test_an_id_no_model_or_find_named_is_described_from_a_new_model(server, call, conversation, tab):
    from browserx.page.world import PageWorld

    page = "<main><h1>Shop</h1><button>Add</button><section><h2>Other</h2><button id=b>Add</button></section></main>"
    assert (await call("browser_navigate", url=server.route("/elsewhere", page))).success
    # an id the page program gave without DomService (as a cover's or the focus's id in a result)
    element_id = await PageWorld.of(tab).call(
        "function() { const B = globalThis.__browserx; B.snapshot({}); return B.idOf(document.getElementById('b')); }"
    )
    assert (await call("browser_dom", action="click", element_id=element_id)).success
    target = FlowLog.of(conversation).steps[-1].target
    assert target is not None and (target.role, target.name, target.heading, target.index) == (
        "button",
        "Add",
        "Other",
        1,
    )


async def test_clicks_are_described_from_the_model_the_caller_read_last(server, call, conversation):
    # The button renames itself on each click: the step after a new look names it as that look did, the
    # step before it as the look before did (targets are kept per model, never across models).
    renames = "this.textContent = 'Pressed ' + (++window.n)"
    page = f'<main><button id=b onclick="{renames}">Start</button></main><script>n = 0</script>'

    assert (await call("browser_navigate", url=server.route("/renames", page))).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    element_id = next(c["id"] for c in model["controls"] if c["name"] == "Start")
    for _ in range(2):
        assert (await call("browser_dom", action="click", element_id=element_id, since="last")).success
    assert (await call("browser_dom", action="snapshot", format="json")).success
    assert (await call("browser_dom", action="click", element_id=element_id)).success
    names = [s.target.name for s in FlowLog.of(conversation).steps[1:] if s.target is not None]
    assert names == ["Start", "Pressed 1", "Pressed 2"]


async def test_a_typed_value_typed_again_reuses_its_parameter(server, call, conversation):
    page = "<label>Password <input type=password id=a></label><label>Repeat <input type=password id=b></label>"
    assert (await call("browser_navigate", url=server.route("/twice", page))).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    for control in model["controls"]:
        assert (await call("browser_dom", action="type", element_id=control["id"], text="s3cret!")).success
    flow = FlowLog.of(conversation).flow()
    assert [s.arguments["text"] for s in flow.steps[1:]] == ["{{password}}", "{{password}}"]
    assert "s3cret!" not in flow.to_json()


async def test_the_same_value_in_another_field_is_a_parameter_of_its_own(server, call, conversation):
    page = "<label>Adults <input id=a></label><label>Rooms <input id=b></label>"
    assert (await call("browser_navigate", url=server.route("/rooms", page))).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    for control in model["controls"]:
        assert (await call("browser_dom", action="type", element_id=control["id"], text="2")).success
    flow = FlowLog.of(conversation).flow()
    assert [s.arguments["text"] for s in flow.steps[1:]] == ["{{adults}}", "{{rooms}}"]


def test_the_flow_schema_file_is_the_models():
    from pathlib import Path

    written = json.loads((Path(__file__).resolve().parents[2] / "docs" / "flow.schema.json").read_text())
    assert written == FLOW_SCHEMA, "regenerate: python scripts/gen_flow_schema.py"


async def test_recording_again_on_the_same_app_gives_the_same_steps(manager, shop, tmp_path, fake):
    """Ids renumber from run to run; the targets do not."""
    shop.reset("original")
    policy, manager.config.dialog_policy = manager.config.dialog_policy, "ask"
    try:
        err = await record_order_flow(fake, manager, shop, tmp_path / "again.json")
        assert f"flow of 12 steps written to {tmp_path / 'again.json'}" in err
    finally:
        manager.config.dialog_policy = policy
    assert shop.orders == [EXPECTED_ORDER]
    flow = load_flow(tmp_path / "again.json")
    assert [s.target.label() for s in flow.steps if s.target] == [
        'textbox "Username" (main)',
        'textbox "Password" (main)',
        'button "Sign in" (main)',
        'searchbox "Search" (search)',
        'button "Search" (search)',
        'link "Blue mug" (main)',
        'textbox "Full name" (main)',
        'textbox "Email" (main)',
        'spinbutton "Quantity" (main)',
        'button "Place order" (main)',
    ]


def test_a_file_that_is_not_a_flow_of_this_version_is_a_validation_error(tmp_path):
    import pytest

    from browserx.errors import ValidationError
    from browserx.tools.flows import parse_flow

    good = {"format": "browserx-flow", "version": 1, "steps": [{"tool": "browser_navigate", "arguments": {"url": "x"}}]}
    assert parse_flow(json.dumps(good)).steps[0].tool == "browser_navigate"
    for text in (
        "{",
        "[]",
        json.dumps({"a": 1}),
        json.dumps({**good, "version": 2}),
        json.dumps({**good, "steps": [{}]}),
    ):
        with pytest.raises(ValidationError):
            parse_flow(text)
    with pytest.raises(ValidationError):
        load_flow(tmp_path / "missing.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(ValidationError):
        load_flow(tmp_path / "binary.json")
