"""Sliders drawn without ARIA on the part that holds the value (issue 31, kind 4).

A slider plugin keeps its value in a hidden read-only input (it writes the value there; the label
names that input) and draws a track, a focusable span, that takes the arrow keys. A person reads
one slider named by the label, showing the value, and moves it by keys on the track. And a
`role=slider` that is not focusable itself, whose thumb inside is: one slider, with its value.
"""

from __future__ import annotations

import pytest

# The plugin's script: keys on the track move the value by its step (PageUp/PageDown by 4 steps,
# Home/End to the ends) and write it into the hidden input, as such plugins do.
_PLUGIN = """<script>
for (const wrap of document.querySelectorAll('.wrap')) {
  const input = wrap.querySelector('input'), track = wrap.querySelector('.track');
  const thumb = wrap.querySelector('.thumb'), bubble = wrap.querySelector('.bubble');
  const min = 0, max = 100, step = 5;
  let v = +input.value;
  const show = () => {
    thumb.style.left = (v - min) / (max - min) * 284 + 'px'; bubble.textContent = v;
    input.value = v; input.dispatchEvent(new Event('change', {bubbles: true}));
  };
  track.addEventListener('keydown', (e) => {
    const by = {ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step,
      PageUp: 4 * step, PageDown: -4 * step}[e.key];
    if (e.key === 'Home') v = min; else if (e.key === 'End') v = max;
    else if (by) v = Math.max(min, Math.min(max, v + by)); else return;
    e.preventDefault(); show();
  });
  track.addEventListener('mousedown', (e) => {
    const r = track.getBoundingClientRect();
    v = Math.round((e.clientX - r.left) / r.width * (max - min) / step) * step + min; show();
  });
  show();
}
</script>"""
_STYLE = """<style>
.wrap { position: relative; width: 300px; margin: 24px 8px; }
.track { display: block; position: relative; height: 8px; background: #ccc; border-radius: 4px; outline: none; }
.thumb { position: absolute; top: -4px; width: 16px; height: 16px; border-radius: 8px; background: #36c; }
.bubble { display: block; font: 12px sans-serif; margin-top: 8px; }
.offscreen { position: absolute; width: 0; height: 0; overflow: hidden; padding: 0; border: 0; z-index: -1; }
</style>"""
# The input visually hidden (a 0-px box), as ion.rangeSlider-like plugins keep it.
HIDDEN_INPUT = f"""<!doctype html><title>Filters</title>{_STYLE}
<h1>Filters</h1>
<label for=price>Price</label>
<div class=wrap><span class=slider><span class=track tabindex=0><span class=thumb></span></span>
  <span class=bubble></span></span><input id=price class=offscreen readonly tabindex=-1 value=40></div>
<button>Apply</button>{_PLUGIN}"""
# The input out of the rendering altogether (display: none).
NONE_INPUT = HIDDEN_INPUT.replace("class=offscreen", 'style="display: none"')

# A role=slider that does not take focus itself: its thumb does (and takes the keys).
THUMB_SLIDER = """<!doctype html><title>Volume</title>
<style>.slider { position: relative; width: 300px; height: 8px; background: #ccc; margin: 24px 8px; }
.thumb { position: absolute; top: -4px; width: 16px; height: 16px; background: #36c; }</style>
<span id=caption>Volume</span>
<div class=slider id=volume role=slider aria-labelledby=caption aria-valuemin=0 aria-valuemax=10 aria-valuenow=3>
  <div class=thumb tabindex=0></div></div>
<script>
const slider = document.getElementById('volume'), thumb = slider.querySelector('.thumb');
const show = () => { thumb.style.left = slider.getAttribute('aria-valuenow') * 28 + 'px'; };
thumb.addEventListener('keydown', (e) => {
  const by = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
  if (!by) return;
  e.preventDefault();
  slider.setAttribute('aria-valuenow', Math.max(0, Math.min(10, +slider.getAttribute('aria-valuenow') + by)));
  show();
});
show();
</script>"""


async def _model(call):
    result = await call("browser_dom", action="snapshot", format="json", include_values=True)
    assert result.success, result.error
    return result.data


@pytest.mark.parametrize("page", [HIDDEN_INPUT, NONE_INPUT], ids=["visually-hidden", "display-none"])
async def test_a_hidden_input_a_drawn_track_writes_into_is_one_slider_with_its_name_and_value(tab, load, call, page):
    await load(tab, page)
    model = await _model(call)
    shown = [(c["role"], c["name"], c.get("value")) for c in model["controls"]]
    assert shown == [("slider", "Price", "40"), ("button", "Apply", None)], shown


@pytest.mark.parametrize("page", [HIDDEN_INPUT, NONE_INPUT], ids=["visually-hidden", "display-none"])
async def test_fill_moves_the_drawn_slider_by_its_keys_to_the_number(tab, load, call, js, page):
    await load(tab, page)
    slider = next(c for c in (await _model(call))["controls"] if c["role"] == "slider")
    for value, wanted in ((85, "85"), (0, "0"), (15, "15")):
        result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": value}])
        assert result.success, result.error
        assert result.data["fields"] == [{"element_id": slider["id"], "done": "set"}]
        assert await js(tab, "document.getElementById('price').value") == wanted
    # A number between the steps cannot be reached by keys: said, not left half-way unsaid.
    off = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 42}])
    assert off.error["code"] == "VALIDATION_ERROR"


async def test_a_keypress_on_the_drawn_slider_moves_it(tab, load, call, js):
    await load(tab, HIDDEN_INPUT)
    slider = next(c for c in (await _model(call))["controls"] if c["role"] == "slider")
    result = await call("browser_dom", action="keypress", key="ArrowRight", element_id=slider["id"])
    assert result.success, result.error
    assert await js(tab, "document.getElementById('price').value") == "45"
    assert next(c for c in (await _model(call))["controls"] if c["role"] == "slider")["value"] == "45"


async def test_a_slider_whose_thumb_takes_focus_is_listed_once_and_filled_by_keys(tab, load, call, js):
    await load(tab, THUMB_SLIDER)
    model = await _model(call)
    assert [(c["role"], c["name"], c.get("value")) for c in model["controls"]] == [("slider", "Volume", "3")]
    slider = model["controls"][0]
    result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 7}])
    assert result.success, result.error
    assert await js(tab, "document.getElementById('volume').getAttribute('aria-valuenow')") == "7"
