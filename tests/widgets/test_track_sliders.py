"""A slider drawn in plain boxes, with no role, no value and no field (issue 31, kind 4), on pages of our own.

A slider plugin may draw the whole widget as divs: a thin track, a thumb positioned on it by `left: N%`, a scale
of numbers under it, perhaps a bubble on the thumb that shows the value only while it is dragged (scaled to 0
until then). The value lives only in the thumb's place. A person sees a slider named by the caption beside it,
reads its value off the scale (or off the bubble while dragging), and moves it by the arrow keys where the widget
is a tab stop, else by dragging the thumb. Text drawn at no size (the hidden bubble) names nothing.
"""

from __future__ import annotations

import pytest

_STYLE = """<style>
.field { margin: 24px 8px; }
.field > label, .field > .caption { display: block; margin-bottom: 8px; }
.slider { position: relative; width: 390px; padding: 14px 0 26px; }
.track { position: relative; height: 6px; background: #ddd; border-radius: 3px; }
.fill { position: absolute; left: 0; top: 0; height: 6px; background: #6ad; }
.thumb { position: absolute; top: -7px; width: 20px; height: 20px; margin-left: -10px; border-radius: 50%;
  background: #36c; }
.ticks span { position: absolute; top: 28px; transform: translateX(-50%); font-size: 12px; }
.range { position: relative; width: 390px; height: 20px; cursor: pointer; }
.bar { position: absolute; left: 0; right: 0; top: 8px; height: 4px; background: #ddd; }
.knob-wrap { position: absolute; top: 0; width: 4px; height: 20px; margin-left: -2px; }
.knob { position: absolute; left: 0; top: -12px; width: 4px; height: 44px; background: #36c; border-radius: 2px; }
.bubble { position: absolute; left: -12px; top: -40px; width: 28px; text-align: center; background: #333;
  color: #fff; transform: scale(0); }
.range.dragging .bubble { transform: scale(1); }
.ends { display: flex; justify-content: space-between; width: 390px; font-size: 12px; }
</style>"""
# The tab stop holds the track, the thumb and the scale; its keys move the value by 1 (Home and End to the ends).
_KEYS = """<script>
const MIN = 1, MAX = 14;
window.nights = 2;
const slider = document.querySelector('.slider'), thumb = slider.querySelector('.thumb');
const show = () => {
  const at = (nights - MIN) / (MAX - MIN) * 100 + '%';
  thumb.style.left = at; slider.querySelector('.fill').style.width = at;
};
for (const v of [1, 3, 5, 7, 9, 11, 13, 14]) {
  const s = document.createElement('span'); s.textContent = v; s.style.left = (v - MIN) / (MAX - MIN) * 100 + '%';
  slider.querySelector('.ticks').append(s);
}
slider.addEventListener('keydown', (e) => {
  const by = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
  if (e.key === 'Home') nights = MIN; else if (e.key === 'End') nights = MAX;
  else if (by) nights = Math.max(MIN, Math.min(MAX, nights + by)); else return;
  e.preventDefault(); show();
});
show();
</script>"""
KEYS = f"""<!doctype html><title>Trip</title>{_STYLE}
<h1>Trip</h1>
<div class=field><label>Nights</label>
  <div class=slider tabindex=0><div class=track><div class=fill></div><div class=thumb></div></div>
  <div class=ticks></div></div></div>
<button type=button>Save trip</button>{_KEYS}"""
# The thumb positioned in a box as tall as itself, which holds the track's thinner line and the filled bar.
KEYS_INNER = KEYS.replace(
    "<div class=track><div class=fill></div><div class=thumb></div></div>",
    "<div class=inner><div class=line></div><div class=fill></div><div class=thumb></div></div>",
).replace(
    ".ticks span {",
    ".inner { position: relative; height: 20px; } .inner .line { position: absolute; left: 0; right: 0; top: 7px;"
    " height: 6px; background: #ddd; } .inner .fill { top: 7px; } .inner .thumb { top: 0; }\n.ticks span {",
)
# Pointer events only: a press on the range moves the knob under the pointer, a move drags it, snapped to whole
# numbers 1..14 (no text selection starts: the press's default is prevented, as such plugins do); the bubble on
# the knob shows the value only while dragging.
_DRAG = """<script>
const MIN = 1, MAX = 14;
window.nights = 2;
const range = document.querySelector('.range'), wrap = range.querySelector('.knob-wrap');
const show = () => { wrap.style.left = (nights - MIN) / (MAX - MIN) * 100 + '%'; range.querySelector('.bubble').textContent = nights; };
const at = (e) => {
  const r = range.getBoundingClientRect();
  nights = Math.round(MIN + Math.max(0, Math.min(1, (e.clientX - r.left) / r.width)) * (MAX - MIN)); show();
};
range.addEventListener('pointerdown', (e) => { e.preventDefault(); range.setPointerCapture(e.pointerId); range.classList.add('dragging'); at(e); });
range.addEventListener('pointermove', (e) => { if (range.classList.contains('dragging')) at(e); });
range.addEventListener('pointerup', () => range.classList.remove('dragging'));
show();
</script>"""
DRAG = f"""<!doctype html><title>Trip</title>{_STYLE}
<h1>Trip</h1>
<div class=field><div class=caption>Nights</div>
  <div class=range><div class=bar></div><div class=knob-wrap><div class=knob></div><div class=bubble></div></div></div>
  ENDS</div>
<button type=button>Save trip</button>{_DRAG}"""
DRAG_BUBBLE = DRAG.replace("ENDS", "")
DRAG_ENDS = DRAG.replace("ENDS", "<div class=ends><span>1</span><span>14</span></div>")
DRAG_BLIND = DRAG_BUBBLE.replace("<div class=bubble></div>", "")
ZERO_BADGE = """<!doctype html><title>Mail</title>
<style>.badge { display: inline-block; transform: scale(0); }</style>
<div class=open tabindex=0 style="cursor: pointer; width: 120px" onclick="this.dataset.opened = 1">Inbox
  <span class=badge>2</span></div>"""


def _shown(model):
    return [(c["role"], c["name"], c.get("value")) for c in model["controls"]]


async def _slider(snapshot):
    [slider] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    return slider


@pytest.mark.parametrize("page", [KEYS, KEYS_INNER], ids=["on-track", "in-its-box"])
async def test_a_tab_stop_holding_a_thumb_on_a_track_is_a_slider_valued_by_its_scale(open_page, snapshot, page):
    await open_page(page)
    assert _shown(await snapshot(include_values=True)) == [("slider", "Nights", "2"), ("button", "Save trip", None)]


@pytest.mark.parametrize("page", [KEYS, KEYS_INNER], ids=["on-track", "in-its-box"])
async def test_fill_moves_a_role_less_slider_by_its_keys_to_the_number_on_its_scale(
    open_page, snapshot, call, js, page
):
    await open_page(page)
    slider = await _slider(snapshot)
    for value in (7, 14, 1, 3):
        result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": value}])
        assert result.success, result.error
        assert result.data["fields"] == [{"element_id": slider["id"], "done": "set"}]
        assert await js("window.nights") == value
    assert (await _slider(snapshot))["value"] == "3"
    off = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 20}])
    assert off.error["code"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("page", [DRAG_BUBBLE, DRAG_ENDS], ids=["bubble", "end-numbers"])
async def test_a_track_with_a_thumb_only_a_pointer_moves_is_a_slider(open_page, snapshot, page):
    await open_page(page)
    [(role, name, _), button] = _shown(await snapshot(include_values=True))
    assert (role, name, button) == ("slider", "Nights", ("button", "Save trip", None))


@pytest.mark.parametrize("page", [DRAG_BUBBLE, DRAG_ENDS], ids=["bubble", "end-numbers"])
async def test_fill_drags_the_thumb_to_the_number(open_page, snapshot, call, js, page):
    await open_page(page)
    slider = await _slider(snapshot)
    for value in (7, 12, 3):
        result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": value}])
        assert result.success, result.error
        assert await js("window.nights") == value
        assert await js("document.querySelector('.range').classList.contains('dragging')") is False


async def test_fill_on_a_dragged_slider_that_shows_no_value_says_so(open_page, snapshot, call, js):
    await open_page(DRAG_BLIND)
    slider = await _slider(snapshot)
    result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 7}])
    assert result.error["code"] == "VALIDATION_ERROR"
    assert await js("window.nights") == 2
    assert await js("document.querySelector('.range').classList.contains('dragging')") is False


async def test_text_drawn_at_zero_size_names_nothing(open_page, snapshot):
    await open_page(ZERO_BADGE)
    [(role, name, _)] = _shown(await snapshot())
    assert (role, name) == ("clickable", "Inbox")


# A declared slider (role=slider on its thumb, a tab stop) whose track, a sibling of the box moving the thumb,
# shows the pointer (a click there moves the thumb) and holds the bar filled up to the thumb, scaled by a
# transform: the track and its bar are parts of that slider, not a second slider nor a clickable of their own.
DECLARED_PARTS = """<!doctype html><title>Trip</title>
<style>
.target { position: relative; width: 300px; height: 5px; margin: 40px 8px; background: #ddd; }
.base, .connects { position: absolute; inset: 0; }
.connects { overflow: hidden; cursor: pointer; }
.connect { position: absolute; inset: 0; background: #6ad; transform-origin: 0 0; transform: scale(0.25, 1); }
.origin { position: absolute; inset: 0; transform: translate(-75%, 0); }
.handle { position: absolute; right: -8px; top: -5px; width: 15px; height: 15px; background: #36c;
  border-radius: 50%; cursor: grab; }
</style>
<div class=title>Nights: <span class=value>5</span></div>
<div class=target><div class=base><div class=connects><div class=connect></div></div>
  <div class=origin><div class=handle tabindex=0 role=slider aria-valuemin=1 aria-valuemax=20 aria-valuenow=5></div>
  </div></div></div>
<button>Save trip</button>"""


async def test_the_track_and_filled_bar_of_a_declared_slider_are_its_parts(open_page, snapshot):
    await open_page(DECLARED_PARTS)
    shown = [(role, value) for role, _, value in _shown(await snapshot(include_values=True))]
    assert shown == [("slider", "5"), ("button", None)]
