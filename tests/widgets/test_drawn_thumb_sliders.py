"""A slider's thumb drawn without ARIA beside the read-only field it writes (issue 31, kind 4), on pages of our own.

A slider plugin draws a thin track and on it a small handle, a tab stop with no role, name or value, placed by
`left: N%` (or `top: N%` on a tall track), that takes the arrow keys; it writes the value into a read-only text
field the caption labels, left in sight to show the number. A person sees one slider named by the caption with
that number, and moves it by keys on the handle: one entry, filled by keys and checked by the field. A small
positioned tab stop in a line of text beside such a field (a help badge) is no thumb: both stay as they are.
"""

from __future__ import annotations

import pytest

# Keys on the handle move the value by 1 (Home/End to the ends) and write it into the field, as such plugins do.
_PLUGIN = """<script>
for (const field of document.querySelectorAll('.field')) {
  const input = field.querySelector('input'), track = field.querySelector('.track');
  const thumb = track.querySelector('.thumb'), tall = track.classList.contains('tall');
  const min = 1, max = 14;
  let v = +input.value;
  const show = () => {
    thumb.style[tall ? 'top' : 'left'] = (v - min) / (max - min) * 100 + '%';
    input.value = v;
  };
  thumb.addEventListener('keydown', (e) => {
    const by = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
    if (e.key === 'Home') v = min; else if (e.key === 'End') v = max;
    else if (by) v = Math.max(min, Math.min(max, v + by)); else return;
    e.preventDefault(); show();
  });
  show();
}
</script>"""
_STYLE = """<style>
.field { margin: 16px 8px; }
.field > label { display: block; }
.track { position: relative; width: 320px; height: 10px; margin: 8px; background: #ddd; border-radius: 4px; }
.track.tall { width: 10px; height: 200px; }
.thumb { position: absolute; top: -5px; margin-left: -10px; width: 20px; height: 20px; background: #36c; }
.tall .thumb { left: -5px; margin: -10px 0 0; }
</style>"""
SLIDER = f"""<!doctype html><title>Trip</title>{_STYLE}
<h1>Trip</h1>
<form>
<div class=field><label for=nights>Nights</label><input id=nights type=text size=2 readonly value=2>
  <div class=track><span class=thumb tabindex=0></span></div></div>
<button type=button>Save trip</button>
</form>{_PLUGIN}"""
TALL_SLIDER = SLIDER.replace("class=track", "class='track tall'")
# A help badge positioned in the field's row, beside a read-only number: no track, no slider.
BADGE = """<!doctype html><title>Order</title>
<style>.row { position: relative; width: 400px; padding-right: 24px; }
.help { position: absolute; right: 0; top: 0; width: 18px; height: 18px; background: #ccc; }</style>
<div class=row><label for=total>Total</label> <input id=total readonly value=40>
  <span class=help tabindex=0 onclick="this.title = 'Taxes included'">?</span></div>"""


def _shown(model):
    return [(c["role"], c["name"], c.get("value")) for c in model["controls"]]


@pytest.mark.parametrize("page", [SLIDER, TALL_SLIDER], ids=["wide-track", "tall-track"])
async def test_a_drawn_thumb_and_the_read_only_field_it_writes_are_one_slider(open_page, snapshot, page):
    await open_page(page)
    assert _shown(await snapshot(include_values=True)) == [("slider", "Nights", "2"), ("button", "Save trip", None)]


@pytest.mark.parametrize("page", [SLIDER, TALL_SLIDER], ids=["wide-track", "tall-track"])
async def test_fill_moves_the_drawn_thumb_by_its_keys_until_the_field_reads_the_number(
    open_page, snapshot, call, js, page
):
    await open_page(page)
    [slider] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    for value in (7, 14, 1, 3):
        result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": value}])
        assert result.success, result.error
        assert result.data["fields"] == [{"element_id": slider["id"], "done": "set"}]
        assert await js("document.getElementById('nights').value") == str(value)
    [after] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    assert (after["name"], after["value"]) == ("Nights", "3")
    # Past the end of its keys: said, not left half-way unsaid.
    off = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 20}])
    assert off.error["code"] == "VALIDATION_ERROR"


async def test_a_keypress_on_the_drawn_thumb_moves_the_slider(open_page, snapshot, call, js):
    await open_page(SLIDER)
    [slider] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    result = await call("browser_dom", action="keypress", key="ArrowRight", element_id=slider["id"])
    assert result.success, result.error
    assert await js("document.getElementById('nights').value") == "3"


async def test_a_positioned_tab_stop_in_a_line_of_text_beside_a_read_only_number_is_no_slider(open_page, snapshot):
    await open_page(BADGE)
    roles = [c["role"] for c in (await snapshot(include_values=True))["controls"]]
    assert "slider" not in roles, roles
    assert "textbox" in roles, roles
