"""An element of no size whose parts are drawn (issue 31, kind 4), on a page of our own.

A slider a component library draws as a `role=slider` thumb container that takes the keys (tabindex 0, its
arrow keys move it) but has a box of 0x0 px: positioned at the value's place along the track, it holds the
12x12 px thumb a person sees (absolute, centred on that point) and a label shown only while dragging
(display: none). Beside it the library keeps a hidden read-only input (display: none) holding the value, which
the visible caption labels. A person sees the thumb and moves it: the model lists one slider, where its thumb
is drawn, named "Nights", and `fill` moves it by its keys. The page's bar has an icon button with no name; the
slider's hidden input is in the same part of the page, and its caption is no description of that button.
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.report import fidelity_report
from browserx.page import DomService, SnapshotOptions

SLIDER = """<!doctype html><title>Stay</title>
<style>
body { font: 14px sans-serif; margin: 0 }
header { display: flex; align-items: center; gap: 12px; height: 48px; background: #345; color: white; padding: 0 8px }
header button { width: 36px; height: 36px; border: 0; background: transparent; color: white }
main { padding: 16px; width: 420px }
.field { display: flex; align-items: center; gap: 12px; margin: 16px 0 }
.slider { position: relative; flex: 1; height: 32px }
.slider input { display: none }
.track { position: absolute; left: 0; right: 0; top: 15px; height: 2px; background: #99a }
.knob { position: absolute; top: 16px; outline: none }
.thumb { position: absolute; width: 12px; height: 12px; border-radius: 50%; background: #357; left: -6px; top: -6px }
.bubble { display: none; position: absolute; top: -40px; left: -16px; width: 32px; height: 32px; background: #357 }
</style>
<header><button type=button id=menu><i class="icon icon-menu" aria-hidden=true></i></button><div>Stays</div></header>
<main>
<div class=field><label for=nights-value>Nights</label><div class=slider>
  <input id=nights-value value=2 readonly tabindex=-1>
  <div class=track></div>
  <div class=knob role=slider tabindex=0 aria-label=Nights aria-valuemin=1 aria-valuemax=14 aria-valuenow=2>
    <div class=thumb></div><div class=bubble><span>2</span></div></div>
</div></div>
<button type=button onclick="window.saved = +document.getElementById('nights-value').value">Save</button>
</main>
<script>
const knob = document.querySelector('.knob'), field = document.getElementById('nights-value');
const place = (v) => {
  v = Math.max(1, Math.min(14, v));
  field.value = String(v); knob.setAttribute('aria-valuenow', String(v));
  knob.style.left = ((v - 1) / 13 * 100) + '%'; knob.querySelector('span').textContent = String(v);
};
knob.addEventListener('keydown', (e) => {
  const v = +field.value;
  const to = {ArrowRight: v + 1, ArrowUp: v + 1, ArrowLeft: v - 1, ArrowDown: v - 1, Home: 1, End: 14}[e.key];
  if (to === undefined) return;
  e.preventDefault(); place(to);
});
place(2);
</script>"""


async def test_a_slider_of_no_size_is_listed_where_its_thumb_is_drawn(open_page, snapshot, js):
    await open_page(SLIDER)
    model = await snapshot()
    sliders = [c for c in model["controls"] if c["role"] == "slider"]
    assert [c["name"] for c in sliders] == ["Nights"], model["controls"]
    thumb = await js(
        "(() => { const r = document.querySelector('.thumb').getBoundingClientRect(); "
        "return [r.left, r.top, r.width, r.height].map(Math.round); })()"
    )
    assert sliders[0]["bbox"] == thumb
    # its hidden value field is no entry of its own
    assert [c for c in model["controls"] if c["name"] == "Nights" and c["role"] != "slider"] == []


# The same slider whose hidden value field is no display: none but a read-only input of no size left in the tab
# order: listed by itself it would be a read-only textbox "Nights" seen through its caption; it is the slider's.
TABBED_FIELD = SLIDER.replace(
    ".slider input { display: none }", ".slider input { width: 0; height: 0; border: 0; padding: 0 }"
)
TABBED_FIELD = TABBED_FIELD.replace(
    "<input id=nights-value value=2 readonly tabindex=-1>", "<input id=nights-value value=2 readonly>"
)


async def test_a_slider_and_its_hidden_value_field_in_the_tab_order_are_one_entry(open_page, snapshot):
    await open_page(TABBED_FIELD)
    model = await snapshot()
    assert [(c["role"], c["name"]) for c in model["controls"] if c["name"] == "Nights"] == [("slider", "Nights")]


async def test_fill_moves_a_slider_of_no_size_by_its_keys(open_page, snapshot, call, js):
    await open_page(SLIDER)
    [slider] = [c for c in (await snapshot())["controls"] if c["role"] == "slider"]
    result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 7}])
    assert result.success, result.error
    assert await js("document.getElementById('nights-value').value") == "7"


async def test_an_icon_button_is_not_described_by_a_hidden_field_elsewhere(open_page, snapshot):
    await open_page(SLIDER)
    [menu] = [c for c in (await snapshot())["controls"] if c["role"] == "button" and not c["name"]]
    assert menu.get("description") == "menu", menu  # its icon's words, not the slider's caption


async def test_fidelity_sees_the_slider_where_its_thumb_is(server, tab):
    """The checker (fidelity/report.py) judges the slider on screen by the same rule: found, no extra."""
    await navigate(tab, server.route("/empty-box-fidelity", SLIDER))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    report = await fidelity_report(tab, model)
    assert (report.recall, report.precision) == (1.0, 1.0), (report.misses, report.extras, report.unseen)
    assert not [u for u in report.unseen if u["role"] == "slider"], report.unseen
