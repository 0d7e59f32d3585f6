"""Offline mode and network throttling for a tab: `Network.emulateNetworkConditions`.

A service worker (and any other worker or OOPIF) is a target of its own: conditions set on the page
session do not touch its fetches, so a page would look "online" through its worker. The conditions
are applied to the page and to every child target of the tab, and to each child that attaches later.

Presets are Chrome DevTools' throttling profiles (bytes per second; latency in ms):

    preset    latency   download          upload
    slow_3g   2000      50 000 (400 kbps) 50 000
    3g         562.5   180 000 (1.44 Mbps) 84 375 (675 kbps)
    4g         165   1 012 500 (8.1 Mbps) 168 750 (1.35 Mbps)
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Literal

from ..browser import Tab, TabSetup
from ..browser.children import ChildTarget
from ..cdp import CDPSession
from .contexts import contexts_of

Preset = Literal["none", "slow_3g", "3g", "4g"]
PRESETS: dict[str, dict[str, Any]] = {
    "none": {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    "slow_3g": {
        "latency": 2000,
        "downloadThroughput": 50_000,
        "uploadThroughput": 50_000,
        "connectionType": "cellular3g",
    },
    "3g": {"latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375, "connectionType": "cellular3g"},
    "4g": {
        "latency": 165,
        "downloadThroughput": 1_012_500,
        "uploadThroughput": 168_750,
        "connectionType": "cellular4g",
    },
}


@dataclass
class NetworkConditions:
    """The tab's `Network.emulateNetworkConditions` params; None when it runs unthrottled and online."""

    params: dict[str, Any] | None = None


def conditions_of(tab: Tab) -> dict[str, Any] | None:
    """The conditions in force on the tab, or None when it runs unthrottled and online."""
    conditions = tab.state.get(NetworkConditions)
    return conditions.params if conditions is not None else None


async def set_offline(tab: Tab, offline: bool, preset: Preset = "none") -> dict[str, Any]:
    """Take the tab (and its workers and iframes) offline or online, optionally throttled by a preset."""
    params = {"offline": offline, **PRESETS[preset]}
    applied = await apply_conditions(tab, params)
    return {"offline": offline, "preset": preset, **describe(params), "applied_to": applied}


async def apply_conditions(tab: Tab, params: dict[str, Any]) -> list[str]:
    """`Network.emulateNetworkConditions` params on the page and every child target (and those that attach
    later); the contexts that took them. Online and unthrottled params leave the tab's conditions None."""
    offline = bool(params.get("offline"))
    conditions = tab.state.need(NetworkConditions)  # its setup also gives them to children that attach later
    contexts = contexts_of(tab)
    await contexts.settle()  # a child still being set up would miss the new conditions
    targets: list[tuple[str, CDPSession]] = [("page", tab.session)]
    targets += [(child.context, child.session) for child in list(contexts.children.values())]
    # The page must take them; a child that went away meanwhile simply does not count.
    await tab.session.send("Network.emulateNetworkConditions", params, timeout=10)
    results = await asyncio.gather(
        *(session.send("Network.emulateNetworkConditions", params, timeout=10) for _name, session in targets[1:]),
        return_exceptions=True,
    )
    applied = ["page"] + [
        name for (name, _s), result in zip(targets[1:], results, strict=True) if not isinstance(result, BaseException)
    ]
    conditions.params = params if (offline or params["downloadThroughput"] >= 0 or params["latency"] > 0) else None
    return applied


def describe(params: dict[str, Any]) -> dict[str, Any]:
    if params["downloadThroughput"] < 0 and params["uploadThroughput"] < 0 and not params["latency"]:
        return {"throttled": False}
    out: dict[str, Any] = {"throttled": True, "latency_ms": params["latency"]}
    for side in ("download", "upload"):
        if params[f"{side}Throughput"] >= 0:
            out[f"{side}_kbps"] = round(params[f"{side}Throughput"] * 8 / 1000, 1)
    return out


async def _attach(tab: Tab) -> None:
    tab.state.put(NetworkConditions())


async def _child_setup(tab: Tab, child: ChildTarget) -> None:
    params = conditions_of(tab)
    if params is not None:
        await child.session.send("Network.emulateNetworkConditions", params, timeout=5)


# Conditions set on a tab reach the workers and iframes that attach after (needs CONTEXTS for the others).
OFFLINE = TabSetup("offline", attach=_attach, child_setup=_child_setup)
