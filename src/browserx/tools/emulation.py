"""browser_emulate (capability group `emulation`): device presets, CPU and network throttling,
geolocation, timezone, locale, color scheme and reduced motion; each part reset on its own.
The lower layer is devtools/emulation.py (where the device figures come from)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ..devtools import emulation
from ..page.handout import HandedOut
from .base import Hints, Needs, Tool, ToolContext, ToolOutput
from .params import Params, TabParams

DeviceName = Literal[
    "iPhone SE",
    "iPhone XR",
    "iPhone 12 Pro",
    "iPhone 14 Pro Max",
    "Pixel 7",
    "Samsung Galaxy S8+",
    "Samsung Galaxy S20 Ultra",
    "iPad Mini",
    "iPad Air",
    "iPad Pro",
    "Surface Pro 7",
]
assert {d.lower() for d in DeviceName.__args__} == set(emulation.DEVICES)  # type: ignore[attr-defined]


class Geolocation(Params):
    latitude: float = Field(ge=-90, le=90)
    longitude: float = Field(ge=-180, le=180)
    accuracy: float = Field(default=10, ge=0, le=100_000, description="m")


class EmulateParams(TabParams):
    action: Literal["set", "reset"]
    device: DeviceName | None = None
    cpu_rate: float | None = Field(default=None, ge=1, le=20, description="slowdown, 4 = 4x")
    network: emulation.NetworkProfile | None = None
    latency_ms: float | None = Field(default=None, ge=0, le=60_000)
    download_kbps: float | None = Field(default=None, gt=0, le=10_000_000)
    upload_kbps: float | None = Field(default=None, gt=0, le=10_000_000)
    geolocation: Geolocation | None = None
    timezone: str | None = Field(default=None, min_length=1, max_length=64, description="IANA id")
    locale: str | None = Field(default=None, min_length=2, max_length=35, description="BCP 47")
    color_scheme: Literal["light", "dark"] | None = None
    reduced_motion: Literal["reduce", "no-preference"] | None = None
    parts: list[emulation.Part] | None = Field(default=None, max_length=8, description="reset these; omit: all")


_SET = (
    "device",
    "cpu_rate",
    "network",
    "latency_ms",
    "download_kbps",
    "upload_kbps",
    "geolocation",
    "timezone",
    "locale",
    "color_scheme",
    "reduced_motion",
)


async def emulate(ctx: ToolContext, params: EmulateParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    if params.action == "reset":
        data = await emulation.reset(tab, list(params.parts) if params.parts else None)
    else:
        given: dict[str, Any] = {name: getattr(params, name) for name in _SET}
        if params.geolocation is not None:
            given["geolocation"] = params.geolocation.model_dump()
        data = await emulation.emulate(tab, **given)
    # The next page model is a whole one: its header says what the page is emulated as.
    tab.state.discard(HandedOut)
    return ToolOutput(data, tab_id=tab.tab_id)


TOOLS = [
    Tool(
        "browser_emulate",
        "set: device preset (viewport, DPR, mobile, touch, UA), CPU slowdown, network profile, geolocation, "
        "timezone, locale, color scheme, reduced motion; reset: parts (or all). Holds across reloads.",
        EmulateParams,
        emulate,
        timeout_field=None,
        actions={"set": Needs(takes=_SET), "reset": Needs(takes=("parts",))},
        hints={"latency_ms": "Give network=custom with latency_ms, download_kbps, upload_kbps."},
        annotations=Hints(idempotent=True, open_world=False),
    ),
]
