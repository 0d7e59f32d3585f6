"""Replay (issue 24.2): a recorded flow again without a model, on the app as recorded and as another
day brings it; REPLAY_DIVERGED naming the step when it differs; the agent finishing on request."""

from __future__ import annotations

import io
import json

import pytest
from fake_responses import text_outside_calls
from order_agent import EXPECTED_ORDER, PASSWORD, script_finish_order

from browserx.cli import build_parser, replay as replay_cli
from browserx.tools.flows import load_flow, parse_params


async def _replay(manager, flow_path, *argv, client=None):
    """`browserx replay FLOW ...` on the test session's browser: (exit code, stdout, stderr lines)."""
    args = build_parser("replay").parse_args(["replay", str(flow_path), *argv])
    flow = load_flow(args.flow)
    values = flow.resolve(parse_params(args.param))
    out, err = io.StringIO(), io.StringIO()
    code = await replay_cli.execute(args, flow, values, manager=manager, client=client, out=out, err=err)
    return code, out.getvalue(), err.getvalue().splitlines()


async def test_replay_reaches_the_same_outcome_at_the_server_with_no_model_calls(ask, manager, shop, order_flow, fake):
    code, out, err = await _replay(manager, order_flow, "--param", f"password={PASSWORD}", "--url", shop.url("/login"))
    assert code == replay_cli.EXIT_OK, err
    assert shop.orders == [EXPECTED_ORDER]
    assert fake.requests == []  # no model endpoint was even asked
    assert out.strip() == shop.url("/orders/1")
    steps = [line for line in err if line.startswith("step ")]
    assert len(steps) == 12 and steps[0].startswith("step 1/12: browser_navigate") and all("-> ok" in s for s in steps)
    assert err[-1].startswith("replayed 12/12 steps in ") and err[-1].endswith(" s, 0 model calls, 0 tokens")


async def test_replay_on_the_changed_app_finds_every_control_again(ask, manager, shop, order_flow):
    """Inserted elements renumber every id, a cookie banner covers the moved order button, the form's
    fields come in another order: the replay still places the same order."""
    shop.reset("changed")
    code, _out, err = await _replay(manager, order_flow, "--param", f"password={PASSWORD}")
    assert code == replay_cli.EXIT_OK, err
    assert shop.orders == [EXPECTED_ORDER]
    steps = [line for line in err if line.startswith("step ")]
    renumbered = [line for line in steps if ", was " in line]
    assert len(renumbered) == 10  # every element the flow acts on has another id today
    order = next(line for line in steps if 'button "Place order"' in line)
    assert 'dismissed the cookie banner ("Accept cookies")' in order


async def test_a_control_that_no_longer_exists_stops_the_replay_naming_the_step(ask, manager, shop, order_flow):
    shop.reset("renamed")
    code, _out, err = await _replay(manager, order_flow, "--param", f"password={PASSWORD}")
    assert code == replay_cli.EXIT_FAILED
    error = json.loads(err[-1])["error"]
    assert error["code"] == "REPLAY_DIVERGED"
    assert "step 11" in error["message"] and 'button "Buy now" (main)' in error["message"]
    assert shop.orders == []
    assert err[-2] == "stopped after 10/12 steps in " + err[-2].split(" in ")[1]


async def test_a_step_whose_effect_differs_stops_the_replay_with_what_was_expected(ask, manager, shop, order_flow):
    from browserx.errors import ReplayDivergedError
    from browserx.tools import default_registry
    from browserx.tools.flows import Replay

    shop.reset("no_confirm")
    flow = load_flow(order_flow)
    conversation_id = manager.new_conversation_id()
    replay = Replay(flow, default_registry(), manager, conversation_id, values=flow.resolve({"password": PASSWORD}))
    try:
        with pytest.raises(ReplayDivergedError) as raised:
            await replay.run()
    finally:
        await manager.close_conversation(conversation_id)
    details = raised.value.details
    assert raised.value.code == "REPLAY_DIVERGED"
    assert details["step"] == 11 and details["call"] == 'browser_dom click button "Place order" (main)'
    assert details["expected"] == {"dialog": "confirm"}
    assert details["got"] == {"navigates_to": "/orders/1", "new_document": True}
    assert replay.report.replayed == 10


async def test_with_agent_on_divergence_the_scripted_agent_finishes_the_task(
    ask, manager, shop, order_flow, fake, tmp_path
):
    shop.reset("renamed")
    script_finish_order(fake, "Buy now")
    client = fake.client()
    healed = tmp_path / "healed.json"
    try:
        code, out, err = await _replay(
            manager,
            order_flow,
            "--param",
            f"password={PASSWORD}",
            "--agent-on-divergence",
            "--record",
            str(healed),
            client=client,
        )
    finally:
        await client.close()
    assert code == replay_cli.EXIT_OK, err
    assert shop.orders == [EXPECTED_ORDER]
    assert out == "Ordered.\n"
    assert len(fake.requests) == 4  # snapshot, click, answer the dialog, final answer
    handoff = fake.requests[0]["input"][0]["content"]
    handoff = handoff if isinstance(handoff, str) else json.dumps(handoff)
    assert "10 of 12 steps went through" in handoff and "Place order" in handoff and "{{password}}" in handoff
    for body in fake.requests:
        assert PASSWORD not in text_outside_calls(body)
    summary = next(line for line in err if line.startswith("replayed 10/12 steps, then the agent: completed"))
    assert "440 tokens" in summary
    # what the replay and the agent did, as a new flow: today's button in place of the old one
    steps = load_flow(healed).steps
    assert [s.target.name for s in steps if s.action == "click"][-1] == "Buy now" and len(steps) == 12
    assert PASSWORD not in healed.read_text(encoding="utf-8")


async def test_an_element_in_a_same_origin_frame_is_found_again_after_the_page_changed(
    ask, manager, server, call, conversation
):
    from browserx.tools import default_registry
    from browserx.tools.flows import FlowLog, Replay

    server.route("/frame-inner", '<h2>Payment</h2><button onclick="parent.paid = true">Pay</button>')
    outer = server.route("/frame-outer", "<h1>Checkout</h1><iframe src=/frame-inner></iframe>")
    assert (await call("browser_navigate", url=outer)).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    pay = next(c["id"] for c in model["controls"] if c["name"] == "Pay")
    assert (await call("browser_dom", action="click", element_id=pay)).success
    flow = FlowLog.of(conversation).flow()
    assert " >> " in (flow.steps[1].target.selector or "")  # the hop into the frame
    server.route(
        "/frame-outer", "<h1>Checkout</h1><button>Back</button><button>Help</button><iframe src=/frame-inner></iframe>"
    )
    conversation_id = manager.new_conversation_id()
    try:
        report = await Replay(flow, default_registry(), manager, conversation_id, values={}).run()
        tab = await (await manager.conversation(conversation_id)).tab()
        paid = await tab.session.send("Runtime.evaluate", {"expression": "window.paid === true", "returnByValue": True})
    finally:
        await manager.close_conversation(conversation_id)
    assert report.replayed == 2 and ", was " in report.outcomes[1].found[0]
    assert paid["result"]["value"] is True


async def test_an_unknown_or_missing_parameter_is_refused_before_any_step(order_flow):
    from browserx.errors import ValidationError

    flow = load_flow(order_flow)
    with pytest.raises(ValidationError) as raised:
        flow.resolve({"password": PASSWORD, "pasword": "typo"})
    assert raised.value.details == {"fields": ["pasword"]}
    with pytest.raises(ValidationError) as raised:
        flow.resolve({"search": "teapot"})
    assert raised.value.details == {"fields": ["password"]}
    assert flow.resolve({"password": PASSWORD, "search": "teapot"})["search"] == "teapot"


async def test_url_moves_the_whole_flow_to_another_origin(ask, manager, shop, order_flow):
    from shop_app import ShopApp

    other = ShopApp()  # the same app at another address (another port: another origin)
    try:
        code, out, err = await _replay(
            manager, order_flow, "--param", f"password={PASSWORD}", "--url", other.url("/login")
        )
        assert code == replay_cli.EXIT_OK, err
        assert other.orders == [EXPECTED_ORDER] and shop.orders == [] and shop.requests == 0
        assert err[0].startswith(f"step 1/12: browser_navigate {other.url('/login')} -> ok")
        assert out.strip() == other.url("/orders/1")
    finally:
        other.stop()


def test_rebase_url_moves_same_origin_urls_only():
    from browserx.tools.flows import rebase_url

    recorded, start = "http://a.test:8000/login", "https://b.test/app/login"
    assert rebase_url(recorded, recorded, start) == start
    assert rebase_url("http://a.test:8000/search?q=x#r", recorded, start) == "https://b.test/search?q=x#r"
    assert rebase_url("http://cdn.test/x", recorded, start) == "http://cdn.test/x"
    assert rebase_url("http://a.test:8000/search", recorded, None) == "http://a.test:8000/search"


async def test_a_page_still_building_its_controls_is_waited_for_only_when_the_element_is_not_there(
    ask, manager, server, call, conversation
):
    from browserx.tools import default_registry
    from browserx.tools.flows import FlowLog, Replay

    # The button comes 200 ms after the page is usable: a replay's first look sees "Loading...".
    page = """<main id=app>Loading...</main><script>setTimeout(() => { app.innerHTML =
      '<button onclick="window.started = true">Start</button>'; }, 200)</script>"""
    assert (await call("browser_navigate", url=server.route("/building", page))).success
    # The recorded run sees the button (on a loaded machine the first look's wait for the page's timers may
    # end before this one fires): waited for in the page, outside the tools, so the flow holds only its steps.
    tab = await conversation.tab()
    await tab.session.send(
        "Runtime.evaluate",
        {
            "expression": "new Promise(done => { const seen = () => document.querySelector('button') ? done(true) "
            ": requestAnimationFrame(seen); seen(); })",
            "awaitPromise": True,
        },
        timeout=10,
    )
    model = (await call("browser_dom", action="snapshot", format="json")).data
    start = next(c["id"] for c in model["controls"] if c["name"] == "Start")
    assert (await call("browser_dom", action="click", element_id=start)).success
    flow = FlowLog.of(conversation).flow()
    conversation_id = manager.new_conversation_id()
    try:
        report = await Replay(flow, default_registry(), manager, conversation_id, values={}).run()
        tab = await (await manager.conversation(conversation_id)).tab()
        started = await tab.session.send("Runtime.evaluate", {"expression": "window.started", "returnByValue": True})
    finally:
        await manager.close_conversation(conversation_id)
    assert report.replayed == 2 and started["result"]["value"] is True
