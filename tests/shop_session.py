"""The long shopping session of the delta tests (issue 23), for the agent (scripted model) and over MCP.

The shop is tests/pages/shop/ (a catalogue, an item page and a checkout; the order is POSTed to
/shop/order). The session: search, filter, sort, open an item, choose a colour and a quantity, read
the reviews, add it to the cart, open the cart, fill the delivery form, choose express shipping,
apply a coupon, accept the terms, place the order and confirm the dialog. 18 actions and a dialog.

Two ways to look at the page after an action:
- "today": the loop the issue describes, act then look: a full snapshot after every action;
- "deltas": the action's own result carries the page it leaves (`since: "last"`, the built-in
  agent's default), and one look after the dialog, also only what changed.

    for tool, arguments in session_calls("deltas", texts): ...   # arguments resolved from what was seen
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

CUSTOMER = {
    "Full name": "Ada Lovelace",
    "Email": "ada@example.com",
    "Address": "1 Clay Street",
    "City": "London",
    "Postcode": "N1 9GU",
    "Country": "Ireland",
}
# (tool, arguments): "@Name" is the element id of the control named Name in what was seen last.
ACTIONS: list[tuple[str, dict[str, Any]]] = [
    ("browser_dom", {"action": "type", "element_id": "@Search products", "text": "mug"}),
    ("browser_dom", {"action": "click", "element_id": "@Mugs"}),
    ("browser_dom", {"action": "click", "element_id": "@In stock only"}),
    ("browser_dom", {"action": "select", "element_id": "@Price", "option": "Under $20"}),
    ("browser_dom", {"action": "select", "element_id": "@Sort by", "option": "Price: low to high"}),
    ("browser_dom", {"action": "click", "element_id": "@Blue mug"}),
    ("browser_dom", {"action": "click", "element_id": "@Navy"}),
    ("browser_dom", {"action": "type", "element_id": "@Quantity", "text": "2"}),
    ("browser_dom", {"action": "click", "element_id": "@Reviews"}),
    ("browser_dom", {"action": "click", "element_id": "@Add to cart"}),
    ("browser_dom", {"action": "click", "element_id": "@Cart (2)"}),
    (
        "browser_dom",
        {"action": "fill", "fields": [{"element_id": "@" + name, "value": value} for name, value in CUSTOMER.items()]},
    ),
    ("browser_dom", {"action": "click", "element_id": "@Express (next day, $7)"}),
    ("browser_dom", {"action": "type", "element_id": "@Coupon code", "text": "SAVE10"}),
    ("browser_dom", {"action": "click", "element_id": "@Apply coupon"}),
    ("browser_dom", {"action": "click", "element_id": "@I agree to the terms of sale"}),
    ("browser_dom", {"action": "click", "element_id": "@Place order"}),  # opens the confirm dialog
    ("browser_dialog", {"accept": True}),
]
ORDER = {
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "address": "1 Clay Street",
    "city": "London",
    "postcode": "N1 9GU",
    "country": "Ireland",
    "shipping": "express",
    "terms": "on",
    "items": [{"id": 0, "qty": 2, "colour": "Navy"}],
    "total": 28.6,  # 2 × $12, 10% off, $7 express
}


def session_calls(mode: str, since: bool = False) -> Iterator[tuple[str, dict[str, Any]]]:
    """The calls of the session in `mode` ("today" or "deltas"), arguments still with "@Name" refs.
    `since`: actions ask for their page themselves (an MCP client; the agent has it by default)."""
    yield "browser_dom", {"action": "snapshot"}
    for tool, arguments in ACTIONS:
        asks = mode == "deltas" and since and tool == "browser_dom"
        yield tool, ({**arguments, "since": "last"} if asks else arguments)
        if mode == "today" and arguments.get("element_id") != "@Place order":
            yield "browser_dom", {"action": "snapshot"}
    if mode == "deltas":
        yield "browser_dom", {"action": "snapshot", "since": "last"}


def resolve(arguments: Any, seen: list[str]) -> Any:
    """The arguments with each "@Name" replaced by the id the newest text in `seen` gives Name."""
    if isinstance(arguments, dict):
        return {k: resolve(v, seen) for k, v in arguments.items()}
    if isinstance(arguments, list):
        return [resolve(v, seen) for v in arguments]
    if isinstance(arguments, str) and arguments.startswith("@"):
        return element_id(seen, arguments[1:])
    return arguments


def element_id(seen: list[str], name: str) -> str:
    """The id of the control named `name` in the newest text that lists it (a model or a delta line)."""
    pattern = re.compile(
        r"^(?:[+~] )?([a-z]{2}_\d+) (?:\([a-z]+\) )?(?:"
        + re.escape(name)
        + "|"
        + re.escape(json.dumps(name))
        + r")(?: |$)"
    )
    for text in reversed(seen):
        for line in text.splitlines():
            match = pattern.match(line)
            if match:
                return match.group(1)
    raise AssertionError(f"no control named {name!r} in what was seen")


def page_texts(result: Any) -> list[str]:
    """The page text(s) a tool result's JSON carries: a snapshot's, or an action's `page`."""
    data = result.get("data") if isinstance(result, dict) else None
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict) and isinstance(data.get("page"), str):
        return [data["page"]]
    return []
