"""The scripted agent of the flow tests: it signs in to the shop, searches, opens the blue mug,
fills and submits the order form and accepts the confirm dialog, reading each element id from the
latest snapshot it was shown, as a model would.

    await record_order_flow(fake, manager, app, path)     # `browserx run ... --record path`
    script_finish_order(fake)                             # the agent that takes over a diverged replay
"""

from __future__ import annotations

import argparse
import io
import json
import re
from typing import Any

from fake_responses import call, calls, message
from shop_app import ACCOUNTS

from browserx.cli import run as run_cli

USER = "alice"
PASSWORD = ACCOUNTS[USER]
TASK = "Sign in as alice, find the blue mug and order 2 for Alice Example (alice@example.com)."
EXPECTED_ORDER = {
    "user": "alice",
    "item": "Blue mug",
    "name": "Alice Example",
    "email": "alice@example.com",
    "quantity": 2,
}
PREFIX = {"textbox": "te", "searchbox": "se", "spinbutton": "sp", "button": "bu", "link": "li"}


def latest_snapshot(body: dict[str, Any]) -> str:
    """What the tool outputs the request carries say of the page now, as a model reads them: the
    latest full model (a snapshot's, or the page an action left) and the deltas that came after it."""
    seen: list[str] = []
    for item in body.get("input", []):
        if item.get("type") != "function_call_output":
            continue
        data = json.loads(item["output"]).get("data")
        page = data if isinstance(data, str) else data.get("page") if isinstance(data, dict) else None
        if not isinstance(page, str) or page.startswith("(an older page model"):
            continue
        seen = [*seen, page] if re.match(r"^\(snapshot \d+: (no )?changes since", page) else [page]
    if not seen:
        raise AssertionError("no snapshot in the request")
    return "\n".join(seen)


def control_id(snapshot: str, role: str, name: str) -> str:
    match = re.search(rf"^\s*({PREFIX[role]}_\d+) {re.escape(name)}(\s|$)", snapshot, re.M)
    assert match, f"no {role} {name!r} in the snapshot:\n{snapshot}"
    return match.group(1)


def act(action: str, role: str, name: str, **arguments: Any):
    """A model turn acting on the control the latest snapshot names."""

    def entry(body: dict[str, Any]) -> dict[str, Any]:
        element_id = control_id(latest_snapshot(body), role, name)
        return calls(("browser_dom", {"action": action, "element_id": element_id, **arguments}, None))

    return entry


def snapshot() -> dict[str, Any]:
    return call("browser_dom", action="snapshot")


def script_order(fake: Any) -> None:
    fake.script(
        snapshot(),
        act("type", "textbox", "Username", text=USER),
        act("type", "textbox", "Password", text=PASSWORD),
        act("click", "button", "Sign in"),
        snapshot(),
        act("type", "searchbox", "Search", text="blue mug"),
        act("click", "button", "Search"),
        snapshot(),
        act("click", "link", "Blue mug"),
        snapshot(),
        act("type", "textbox", "Full name", text="Alice Example"),
        act("type", "textbox", "Email", text="alice@example.com"),
        act("type", "spinbutton", "Quantity", text="2"),
        act("click", "button", "Place order"),
        call("browser_dialog", accept=True),
        message("Ordered two blue mugs."),
    )


def script_finish_order(fake: Any, button: str = "Buy now") -> None:
    """The agent taking over where a replay stopped before the order button (renamed `button`)."""
    fake.script(
        snapshot(),
        act("click", "button", button),
        call("browser_dialog", accept=True),
        message("Ordered."),
    )


async def record_order_flow(fake: Any, manager: Any, app: Any, path: Any) -> str:
    """`browserx run TASK --url … --record path` on a started manager; returns its stderr."""
    script_order(fake)
    parser = argparse.ArgumentParser()
    run_cli.add_run_arguments(parser)
    args = parser.parse_args([TASK, "--url", app.url("/login"), "--record", str(path), "--max-steps", "30"])
    out, err = io.StringIO(), io.StringIO()
    client = fake.client()
    try:
        code = await run_cli.execute(args, manager=manager, client=client, out=out, err=err)
    finally:
        await client.close()
    assert code == run_cli.EXIT_OK, err.getvalue()
    return err.getvalue()
