"""Issue 32.2: emulation. A phone preset gives the page its width, DPR, touch, a mobile user agent and
a coarse pointer; geolocation, timezone, locale and color scheme reach the page's own APIs; each part
resets on its own; the page model's header says what is emulated while anything is."""

from __future__ import annotations

# A page made for phones says so (without it a mobile browser lays the page out 980 px wide).
PAGE = '<meta name="viewport" content="width=device-width"><title>Device</title><h1>Hello</h1><button>Go</button>'


PROBE = """({
  width: innerWidth, screen: screen.width, dpr: devicePixelRatio, touch: navigator.maxTouchPoints, ua: navigator.userAgent,
  coarse: matchMedia('(pointer: coarse)').matches, ontouch: 'ontouchstart' in window,
})"""


async def test_a_phone_preset_gives_the_page_its_width_dpr_touch_and_mobile_user_agent(caps_call, server, tab, js):
    url = server.route("/emulation/device", PAGE)
    await caps_call("browser_navigate", url=url)
    before = await js(tab, PROBE)
    result = await caps_call("browser_emulate", action="set", device="Pixel 7")
    assert result.success, result.error
    assert result.data["device"] == "Pixel 7"
    await caps_call("browser_navigate", url=url)  # touch events and the UA are read at load
    seen = await js(tab, PROBE)
    assert seen["width"] == seen["screen"] == 412 and seen["dpr"] == 2.625
    assert seen["touch"] > 0 and seen["coarse"] is True and seen["ontouch"] is True
    assert "Android 13; Pixel 7" in seen["ua"] and "Mobile" in seen["ua"]
    await caps_call("browser_emulate", action="reset", parts=["device"])
    await caps_call("browser_navigate", url=url)
    assert await js(tab, PROBE) == before


async def test_geolocation_timezone_locale_and_color_scheme_reach_the_pages_apis_and_reset(caps_call, server, tab, js):
    url = server.route("/emulation/user", PAGE)
    await caps_call("browser_navigate", url=url)
    probe = """(async () => ({
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      locale: Intl.DateTimeFormat().resolvedOptions().locale, language: navigator.language,
      dark: matchMedia('(prefers-color-scheme: dark)').matches,
      reduce: matchMedia('(prefers-reduced-motion: reduce)').matches,
    }))()"""
    before = await js(tab, probe)
    result = await caps_call(
        "browser_emulate",
        action="set",
        geolocation={"latitude": 48.8584, "longitude": 2.2945},
        timezone="Asia/Tokyo",
        locale="de-DE",
        color_scheme="dark",
        reduced_motion="reduce",
    )
    assert result.success, result.error
    await caps_call("browser_navigate", url=url)
    seen = await js(tab, probe)
    assert seen == {"tz": "Asia/Tokyo", "locale": "de-DE", "language": "de-DE", "dark": True, "reduce": True}
    where = await js(
        tab,
        "new Promise((ok, ko) => navigator.geolocation.getCurrentPosition("
        "p => ok([p.coords.latitude, p.coords.longitude]), e => ko(e.message)))",
    )
    assert where == [48.8584, 2.2945]
    await caps_call("browser_emulate", action="reset")
    await caps_call("browser_navigate", url=url)
    assert await js(tab, probe) == before


async def test_the_page_models_header_says_what_is_emulated_until_it_is_reset(caps_call, server):
    await caps_call("browser_navigate", url=server.route("/emulation/header", PAGE))
    plain = (await caps_call("browser_dom", action="snapshot")).data
    assert "emulating" not in plain
    await caps_call("browser_emulate", action="set", device="iPhone 12 Pro", cpu_rate=4, network="slow_4g")
    text = (await caps_call("browser_dom", action="snapshot")).data
    header = text.splitlines()[1]
    assert header.startswith("emulating: iPhone 12 Pro 390x844 dpr 3 mobile touch")
    assert "CPU 4x slower" in header and "network slow_4g" in header
    await caps_call("browser_emulate", action="reset", parts=["cpu", "network"])
    header = (await caps_call("browser_dom", action="snapshot")).data.splitlines()[1]
    assert header == "emulating: iPhone 12 Pro 390x844 dpr 3 mobile touch"
    await caps_call("browser_emulate", action="reset")
    assert "emulating" not in (await caps_call("browser_dom", action="snapshot")).data


async def test_the_network_profile_throttles_and_offline_fails_the_pages_requests(caps_call, server, tab, js):
    await caps_call("browser_navigate", url=server.route("/emulation/net", PAGE))
    result = await caps_call("browser_emulate", action="set", network="custom", latency_ms=300)
    assert result.success and result.data["network"] == "custom 300 ms ∞/∞ kbps"
    took = await js(
        tab,
        "(async () => { const t = performance.now(); await fetch(location.href + '?x'); "
        "return performance.now() - t; })()",
    )
    assert took >= 300
    await caps_call("browser_emulate", action="set", network="offline")
    failed = await js(tab, "fetch(location.href + '?y').then(() => 'ok', e => e.name)")
    assert failed == "TypeError"
    await caps_call("browser_emulate", action="reset", parts=["network"])
    assert await js(tab, "fetch(location.href + '?z').then(() => 'ok', e => e.name)") == "ok"


async def test_bad_emulation_values_are_coded_errors(caps_call, server):
    await caps_call("browser_navigate", url=server.route("/emulation/bad", PAGE))
    assert (await caps_call("browser_emulate", action="set", timezone="Mars/Olympus")).code == "VALIDATION_ERROR"
    assert (await caps_call("browser_emulate", action="set", latency_ms=100)).code == "VALIDATION_ERROR"
    assert (await caps_call("browser_emulate", action="set", device="Nokia 3310")).code == "VALIDATION_ERROR"
    assert (await caps_call("browser_emulate", action="reset", device="Pixel 7")).code == "VALIDATION_ERROR"
