"""What the page is made to believe about its device and its user, each part set and reset on its own.

    await emulate(tab, device="Pixel 7", cpu_rate=4, network="slow_4g")
    await reset(tab, ["cpu"])          # or reset(tab) for all
    emulation_of(tab).line()           # "Pixel 7 412x915 dpr 2.625 mobile touch; CPU 4x slower; network slow_4g"

Device figures (viewport, device pixel ratio, mobile, touch, user agent) are those of Chrome DevTools'
device list, front_end/models/emulation/EmulatedDevices.ts in ChromeDevTools/devtools-frontend (the
list chromedriver embeds too); the iPads Air and Pro are touch without "mobile" there, with a desktop
Safari user agent, as real iPadOS sends. Network profiles are DevTools' throttling presets
(devtools/offline.py: slow 3G 2 s / 400 kbps, fast 3G 562.5 ms / 1.44 Mbps, slow 4G 165 ms /
8.1 Mbps, the latency and throughput after DevTools' own adjustment factors).

CDP: Emulation.setDeviceMetricsOverride / setTouchEmulationEnabled / setUserAgentOverride (device;
locale also sets Accept-Language and navigator.language through it), setCPUThrottlingRate,
setGeolocationOverride (with Browser.grantPermissions for the conversation's context),
setTimezoneOverride, setLocaleOverride, setEmulatedMedia (prefers-color-scheme,
prefers-reduced-motion); network conditions reach the tab's workers and iframes (offline.py). The
overrides live on the tab's target: they hold across its navigations, not in other tabs.
While anything differs from the default, `line()` says what, for the page model's header and for
every performance trace's conditions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..browser import Tab
from ..errors import CDPError, ValidationError
from .offline import PRESETS, apply_conditions

Part = Literal["device", "cpu", "network", "geolocation", "timezone", "locale", "color_scheme", "reduced_motion"]
PARTS: tuple[str, ...] = Part.__args__  # type: ignore[attr-defined]
NetworkProfile = Literal["offline", "slow_3g", "fast_3g", "slow_4g", "custom"]
EMULATION_KEY = "emulation"  # tab.state.get(str, EMULATION_KEY): the header line, read by the page layer

_IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"  # noqa: E501
_IPAD = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"  # noqa: E501
_IPADOS = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Safari/605.1.15"  # noqa: E501
_ANDROID = (
    "Mozilla/5.0 (Linux; Android {v}; {m}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36"
)
_WINDOWS = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Safari/537.36"
)


@dataclass(frozen=True)
class Device:
    name: str
    width: int
    height: int
    dpr: float
    mobile: bool
    touch: bool
    user_agent: str
    platform: str  # navigator.platform / userAgentMetadata.platform


DEVICES: dict[str, Device] = {
    d.name.lower(): d
    for d in (
        Device("iPhone SE", 375, 667, 2, True, True, _IOS, "iPhone"),
        Device("iPhone XR", 414, 896, 2, True, True, _IOS, "iPhone"),
        Device("iPhone 12 Pro", 390, 844, 3, True, True, _IOS, "iPhone"),
        Device("iPhone 14 Pro Max", 430, 932, 3, True, True, _IOS, "iPhone"),
        Device("Pixel 7", 412, 915, 2.625, True, True, _ANDROID.format(v="13", m="Pixel 7"), "Android"),
        Device("Samsung Galaxy S8+", 360, 740, 4, True, True, _ANDROID.format(v="8.0.0", m="SM-G955U"), "Android"),
        Device("Samsung Galaxy S20 Ultra", 412, 915, 3.5, True, True, _ANDROID.format(v="13", m="SM-G981B"), "Android"),
        Device("iPad Mini", 768, 1024, 2, True, True, _IPAD, "iPad"),
        Device("iPad Air", 820, 1180, 2, False, True, _IPADOS, "MacIntel"),
        Device("iPad Pro", 1024, 1366, 2, False, True, _IPADOS, "MacIntel"),
        Device("Surface Pro 7", 912, 1368, 2, True, True, _WINDOWS, "Win32"),
    )
}
NETWORK: dict[str, str] = {"slow_3g": "slow_3g", "fast_3g": "3g", "slow_4g": "4g"}  # → offline.PRESETS


def device_named(name: str) -> Device:
    found = DEVICES.get(" ".join(name.lower().replace("_", " ").split()))
    if found is None:
        raise ValidationError(
            f"no device preset named {name!r}",
            hint="Devices: " + ", ".join(d.name for d in DEVICES.values()) + ".",
            details={"fields": ["device"]},
        )
    return found


@dataclass
class Emulation:
    """What the tab emulates now, by part (absent = the default)."""

    parts: dict[str, Any] = field(default_factory=dict)
    base_viewport: tuple[tuple[int, int], float] | None = None  # the tab's own, while a device is emulated

    def line(self) -> str:
        """What differs from the default, for the page model's header and a trace's conditions ("" when nothing)."""
        said = []
        device: Device | None = self.parts.get("device")
        if device is not None:
            kinds = " ".join(k for k, on in (("mobile", device.mobile), ("touch", device.touch)) if on)
            said.append(f"{device.name} {device.width}x{device.height} dpr {device.dpr:g} {kinds}".strip())
        if "cpu" in self.parts:
            said.append(f"CPU {self.parts['cpu']:g}x slower")
        if "network" in self.parts:
            said.append("network " + self.network_name())
        if "geolocation" in self.parts:
            geo = self.parts["geolocation"]
            said.append(f"geolocation {geo['latitude']:g},{geo['longitude']:g}")
        for part, label in (("timezone", "timezone"), ("locale", "locale")):
            if part in self.parts:
                said.append(f"{label} {self.parts[part]}")
        if "color_scheme" in self.parts:
            said.append(f"prefers-color-scheme {self.parts['color_scheme']}")
        if "reduced_motion" in self.parts:
            said.append(f"prefers-reduced-motion {self.parts['reduced_motion']}")
        return "; ".join(said)

    def network_name(self) -> str:
        network = self.parts.get("network")
        if network is None:
            return "none"
        if network["profile"] != "custom":
            return str(network["profile"])
        p = network["params"]
        down = "∞" if p["downloadThroughput"] < 0 else f"{p['downloadThroughput'] * 8 / 1000:g}"
        up = "∞" if p["uploadThroughput"] < 0 else f"{p['uploadThroughput'] * 8 / 1000:g}"
        return f"custom {p['latency']:g} ms {down}/{up} kbps"

    def conditions(self) -> dict[str, Any]:
        """The conditions a trace states, always (defaults said as such)."""
        device: Device | None = self.parts.get("device")
        return {
            "cpu_throttling": f"{self.parts.get('cpu', 1):g}x",
            "network": self.network_name(),
            "device": device.name if device else "desktop (no device emulation)",
            **({"emulation": self.line()} if self.parts else {}),
        }


def emulation_of(tab: Tab) -> Emulation:
    return tab.state.setdefault(Emulation, Emulation)


async def emulate(
    tab: Tab,
    *,
    device: str | None = None,
    cpu_rate: float | None = None,
    network: NetworkProfile | None = None,
    latency_ms: float | None = None,
    download_kbps: float | None = None,
    upload_kbps: float | None = None,
    geolocation: dict[str, float] | None = None,
    timezone: str | None = None,
    locale: str | None = None,
    color_scheme: Literal["light", "dark"] | None = None,
    reduced_motion: Literal["reduce", "no-preference"] | None = None,
) -> dict[str, Any]:
    """Set the parts given (the others stay as they are); what the tab emulates after."""
    state = emulation_of(tab)
    send = tab.session.send
    if device is not None:
        preset = device_named(device)
        if state.base_viewport is None:
            state.base_viewport = (tab.viewport, tab.device_scale_factor)
        state.parts["device"] = preset
        await _apply_device(tab, preset)
    if locale is not None:
        await send("Emulation.setLocaleOverride", {"locale": locale}, timeout=5)
        state.parts["locale"] = locale
    if device is not None or locale is not None:
        await _apply_user_agent(tab, state)
    if cpu_rate is not None:
        await send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate}, timeout=5)
        if cpu_rate == 1:
            state.parts.pop("cpu", None)
        else:
            state.parts["cpu"] = cpu_rate
    if network is not None:
        params = _network_params(network, latency_ms, download_kbps, upload_kbps)
        await apply_conditions(tab, params)
        state.parts["network"] = {"profile": network, "params": params}
    elif latency_ms is not None or download_kbps is not None or upload_kbps is not None:
        raise ValidationError(
            "latency_ms, download_kbps and upload_kbps go with network=custom",
            hint="Give network=custom with them.",
            details={"fields": ["network"]},
        )
    if geolocation is not None:
        await tab.conversation.connection.send(
            "Browser.grantPermissions",
            {"permissions": ["geolocation"], "browserContextId": tab.conversation.browser_context_id},
            timeout=5,
        )
        geo = {"accuracy": 10.0, **geolocation}
        await send("Emulation.setGeolocationOverride", geo, timeout=5)
        state.parts["geolocation"] = geo
    if timezone is not None:
        try:
            await send("Emulation.setTimezoneOverride", {"timezoneId": timezone}, timeout=5)
        except CDPError as exc:  # CDP refuses an unknown IANA id: the caller's mistake
            raise ValidationError(
                f"timezone {timezone!r} is not an IANA time zone id",
                hint="Give an id such as Europe/Paris, America/New_York, Asia/Tokyo.",
                details={"fields": ["timezone"]},
            ) from exc
        state.parts["timezone"] = timezone
    if color_scheme is not None:
        state.parts["color_scheme"] = color_scheme
    if reduced_motion is not None:
        state.parts["reduced_motion"] = reduced_motion
    if color_scheme is not None or reduced_motion is not None:
        await _apply_media(tab, state)
    return _said(tab, state)


async def reset(tab: Tab, parts: list[str] | None = None) -> dict[str, Any]:
    """Back to the default for each part named (every part when None)."""
    state = emulation_of(tab)
    names = list(PARTS) if parts is None else parts
    send = tab.session.send
    if "device" in names and "device" in state.parts:
        state.parts.pop("device")
        (width, height), dpr = state.base_viewport or (tab.viewport, 1.0)
        state.base_viewport = None
        await send("Emulation.setTouchEmulationEnabled", {"enabled": False}, timeout=5)
        await tab.set_viewport(width, height, device_scale_factor=dpr)
    if "locale" in names and "locale" in state.parts:
        state.parts.pop("locale")
        await send("Emulation.setLocaleOverride", {}, timeout=5)
    if {"device", "locale"} & set(names):
        await _apply_user_agent(tab, state)
    if "cpu" in names:
        state.parts.pop("cpu", None)
        await send("Emulation.setCPUThrottlingRate", {"rate": 1}, timeout=5)
    if "network" in names and "network" in state.parts:
        state.parts.pop("network")
        await apply_conditions(tab, {"offline": False, **PRESETS["none"]})
    if "geolocation" in names and "geolocation" in state.parts:
        state.parts.pop("geolocation")
        await send("Emulation.clearGeolocationOverride", {}, timeout=5)
    if "timezone" in names and "timezone" in state.parts:
        state.parts.pop("timezone")
        await send("Emulation.setTimezoneOverride", {"timezoneId": ""}, timeout=5)
    if {"color_scheme", "reduced_motion"} & set(names):
        for part in ("color_scheme", "reduced_motion"):
            if part in names:
                state.parts.pop(part, None)
        await _apply_media(tab, state)
    return _said(tab, state)


def _said(tab: Tab, state: Emulation) -> dict[str, Any]:
    line = state.line()
    if line:
        tab.state.put(line, key=EMULATION_KEY)
    else:
        tab.state.discard(str, key=EMULATION_KEY)
    return {"emulating": line or "nothing (defaults)", **state.conditions()}


async def _apply_device(tab: Tab, device: Device) -> None:
    send = tab.session.send
    await send(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": device.width,
            "height": device.height,
            "deviceScaleFactor": device.dpr,
            "mobile": device.mobile,
            "screenWidth": device.width,
            "screenHeight": device.height,
        },
        timeout=5,
    )
    await send("Emulation.setTouchEmulationEnabled", {"enabled": device.touch, "maxTouchPoints": 5}, timeout=5)
    # What the rest of browserx reads of the viewport (screenshots' scale, the page model's viewport).
    tab.viewport = (device.width, device.height)
    tab.device_scale_factor = device.dpr


async def _apply_user_agent(tab: Tab, state: Emulation) -> None:
    device: Device | None = state.parts.get("device")
    locale: str | None = state.parts.get("locale")
    if device is None and locale is None:
        await tab.session.send("Emulation.setUserAgentOverride", {"userAgent": ""}, timeout=5)
        return
    params: dict[str, Any] = {"userAgent": device.user_agent if device else await _own_user_agent(tab)}
    if device is not None:
        params["platform"] = device.platform
    if locale is not None:
        params["acceptLanguage"] = locale
    await tab.session.send("Emulation.setUserAgentOverride", params, timeout=5)


async def _own_user_agent(tab: Tab) -> str:
    version = await tab.conversation.connection.send("Browser.getVersion", {}, timeout=5)
    return str(version.get("userAgent", ""))


async def _apply_media(tab: Tab, state: Emulation) -> None:
    features = [
        {"name": "prefers-color-scheme", "value": state.parts.get("color_scheme", "")},
        {"name": "prefers-reduced-motion", "value": state.parts.get("reduced_motion", "")},
    ]
    await tab.session.send("Emulation.setEmulatedMedia", {"features": features}, timeout=5)


def _network_params(
    profile: str, latency_ms: float | None, download_kbps: float | None, upload_kbps: float | None
) -> dict[str, Any]:
    if profile == "offline":
        return {"offline": True, **PRESETS["none"]}
    if profile != "custom":
        if latency_ms is not None or download_kbps is not None or upload_kbps is not None:
            raise ValidationError(
                f"network={profile} is a preset: latency_ms, download_kbps and upload_kbps go with network=custom",
                details={"fields": ["latency_ms", "download_kbps", "upload_kbps"]},
            )
        return {"offline": False, **PRESETS[NETWORK[profile]]}
    if latency_ms is None and download_kbps is None and upload_kbps is None:
        raise ValidationError(
            "network=custom needs latency_ms, download_kbps or upload_kbps",
            hint="Give latency_ms (ms) and download_kbps / upload_kbps (kilobits per second).",
            details={"fields": ["latency_ms", "download_kbps", "upload_kbps"]},
        )

    def rate(kbps: float | None) -> float:
        return -1 if kbps is None else kbps * 1000 / 8  # bytes per second; -1: not throttled

    return {
        "offline": False,
        "latency": latency_ms or 0,
        "downloadThroughput": rate(download_kbps),
        "uploadThroughput": rate(upload_kbps),
    }
