"""Snapshots after animations (issue 18 item 2): actions and snapshots wait out finite animations
(bounded), and a control still fading when the bound runs out is marked `animating`."""

from __future__ import annotations

PANEL = """<!doctype html><title>Plan</title>
<style>#panel { height: 0; overflow: hidden; transition: height 300ms linear } #panel.open { height: 80px }</style>
<button onclick="document.getElementById('panel').classList.add('open')">Details</button>
<div id=panel><p>Includes 2 seats.</p><button>Buy plan</button></div>"""

ON_LOAD = """<!doctype html><title>Welcome</title>
<style>@keyframes rise { from { opacity: 0; transform: translateY(40px) } to { opacity: 1; transform: none } }
.hero { animation: rise 600ms linear }</style>
<div class=hero><h1>Welcome</h1><button>Start</button></div>"""

SLOW_TOAST = """<!doctype html><title>Saved</title>
<style>#toast { transition: opacity 4s linear } #toast.gone { opacity: 0 }</style>
<div id=toast role=status>Saved. <button onclick="document.getElementById('toast').classList.add('gone')">Dismiss</button></div>
<button>Other</button>
<div style="animation: spin 1s linear infinite">spinner</div>
<style>@keyframes spin { to { transform: rotate(360deg) } }</style>"""


async def test_a_button_revealed_by_an_expanding_panel_is_in_the_model_after_the_click(
    open_page, snapshot, call, named
):
    await open_page(PANEL)
    model = await snapshot()
    assert [c["name"] for c in model["controls"]] == ["Details"]
    result = await call("browser_dom", action="click", element_id=named(model, "Details")["id"])
    assert result.success, result.error
    model = await snapshot()
    assert "animating" not in named(model, "Buy plan")["states"]
    assert named(model, "Buy plan")["visible"] is True


async def test_a_snapshot_taken_during_a_finite_animation_waits_for_its_end(open_page, snapshot, js, named):
    await open_page(ON_LOAD)
    model = await snapshot()
    assert "animating" not in named(model, "Start")["states"]
    assert await js("document.getAnimations().filter(a => a.playState === 'running').length") == 0


async def test_a_fade_longer_than_the_bound_marks_its_controls_animating_and_ignores_infinite_ones(
    open_page, snapshot, call, named
):
    await open_page(SLOW_TOAST)
    model = await snapshot()
    assert all("animating" not in c["states"] for c in model["controls"])  # the spinner is infinite
    result = await call("browser_dom", action="click", element_id=named(model, "Dismiss")["id"])
    assert result.success, result.error
    model = await snapshot()
    assert named(model, "Dismiss")["states"]["animating"] is True
    assert "animating" not in named(model, "Other")["states"]
    assert "Dismiss [animating]" in await snapshot("text")


BANNER_AND_BUTTON = """<!doctype html><style>@keyframes slide { from { opacity: 0 } to { opacity: 1 } }
#banner { animation: slide 4s linear }</style>
<div id=banner>News</div><button onclick="window.clicked = true">Plain</button>"""


async def test_an_action_waits_only_for_the_animations_it_started(open_page, snapshot, call, js, named):
    await open_page(BANNER_AND_BUTTON)
    button = named(await snapshot(), "Plain")
    # A finite animation the page started earlier, 800 ms from its end: within the 1 s bound, not the click's.
    await js("document.getAnimations()[0].currentTime = 3200, true")
    result = await call("browser_dom", action="click", element_id=button["id"])
    assert result.success, result.error
    assert await js("window.clicked") is True
    assert await js("document.getAnimations()[0].playState") == "running"
