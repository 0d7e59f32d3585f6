"""browser_dom drag and page_screenshot drag: HTML5 drag and drop with a real DataTransfer, a
pointer-driven sortable list, a slider; effects reported like a click."""

from __future__ import annotations

import pytest

HTML5 = """<!doctype html>
<ul id=list style="width:300px">
  <li id=a draggable=true style="height:40px">Apples</li>
  <li id=b draggable=true style="height:40px">Bananas</li>
  <li id=c draggable=true style="height:40px">Cherries</li>
</ul>
<div id=bin style="width:300px;height:80px;border:1px solid;cursor:pointer">Bin</div>
<script>
window.log = [];
for (const li of document.querySelectorAll('li')) {
  li.addEventListener('dragstart', e => { e.dataTransfer.setData('text/plain', li.id); log.push('start:' + li.id); });
  li.addEventListener('dragover', e => e.preventDefault());
  li.addEventListener('drop', e => {
    e.preventDefault();
    const moved = document.getElementById(e.dataTransfer.getData('text/plain'));
    li.parentNode.insertBefore(moved, li);
    log.push('drop:' + moved.id + '>' + li.id);
  });
  li.addEventListener('dragend', () => log.push('end:' + li.id));
}
const bin = document.getElementById('bin');
bin.addEventListener('dragover', e => e.preventDefault());
bin.addEventListener('drop', e => { e.preventDefault(); document.getElementById(e.dataTransfer.getData('text/plain')).remove(); });
</script>"""
SORTABLE = """<!doctype html>
<style>li { height: 40px; cursor: pointer; user-select: none; touch-action: none }</style>
<ul id=list style="width:300px;list-style:none;padding:0">
  <li id=one>One</li><li id=two>Two</li><li id=three>Three</li><li id=four>Four</li>
</ul>
<script>
// A pointer-driven sortable: no HTML5 drag; the item follows the pointer while the button is held.
let held = null, moves = 0;
const list = document.getElementById('list');
list.addEventListener('pointerdown', e => { held = e.target.closest('li'); moves = 0; list.setPointerCapture(e.pointerId); });
list.addEventListener('pointermove', e => {
  if (!held) return;
  moves++;
  for (const li of list.children) {
    const r = li.getBoundingClientRect();
    if (li !== held && e.clientY > r.top && e.clientY < r.bottom) {
      list.insertBefore(held, e.clientY < r.top + r.height / 2 ? li : li.nextSibling);
    }
  }
});
list.addEventListener('pointerup', () => { window.result = {moves}; held = null; });
</script>"""
SLIDER = """<!doctype html>
<input type=range id=vol aria-label=Volume min=0 max=100 value=10 style="width:200px;margin:0">
<script>window.changes = 0; document.getElementById('vol').addEventListener('change', () => changes++);</script>"""


async def _order(js, tab) -> list[str]:
    return await js(tab, "Array.from(document.querySelectorAll('li')).map(li => li.id)")


async def test_html5_drag_moves_data_through_a_real_data_transfer(tab, load, call, eid, js):
    await load(tab, HTML5)
    result = await call("browser_dom", action="drag", element_id=await eid(tab, "#c"), target_id=await eid(tab, "#a"))
    assert result.success, result.error
    assert result.data["kind"] == "html5" and result.data["effects"].get("dom_changed")
    assert await _order(js, tab) == ["c", "a", "b"]
    assert await js(tab, "log") == ["start:c", "drop:c>a", "end:c"]


async def test_html5_drag_onto_a_drop_target_that_is_not_a_control(tab, load, call, eid, js):
    await load(tab, HTML5)
    result = await call("browser_dom", action="drag", element_id=await eid(tab, "#b"), target_id=await eid(tab, "#bin"))
    assert result.success, result.error
    assert await _order(js, tab) == ["a", "c"]


async def test_pointer_driven_sortable_list_is_reordered_with_intermediate_moves(tab, load, call, eid, js):
    await load(tab, SORTABLE)
    result = await call(
        "browser_dom",
        action="drag",
        element_id=await eid(tab, "#one"),
        target_id=await eid(tab, "#three"),
        offset={"x": 10, "y": 35},
    )
    assert result.success, result.error
    assert result.data["kind"] == "pointer"
    assert await _order(js, tab) == ["two", "three", "one", "four"]
    assert (await js(tab, "window.result"))["moves"] >= 5


async def test_slider_thumb_is_dragged_to_a_point_inside_it(tab, load, call, eid, js):
    await load(tab, SLIDER)
    slider = await eid(tab, "#vol")
    result = await call("browser_dom", action="drag", element_id=slider, target_id=slider, offset={"x": 180, "y": 8})
    assert result.success, result.error
    assert 80 <= int(await js(tab, "document.getElementById('vol').value")) <= 95
    assert await js(tab, "changes") >= 1


async def test_offset_outside_the_target_and_missing_ids_are_coded(tab, load, call, eid):
    await load(tab, SLIDER)
    slider = await eid(tab, "#vol")
    outside = await call("browser_dom", action="drag", element_id=slider, target_id=slider, offset={"x": 900, "y": 1})
    assert outside.error["code"] == "VALIDATION_ERROR"
    gone = await call("browser_dom", action="drag", element_id=slider, target_id="bu_999")
    assert gone.error["code"] == "NODE_NOT_FOUND"
    neither = await call("browser_dom", action="drag", target_id=slider)
    assert neither.error["code"] == "VALIDATION_ERROR"


async def test_page_screenshot_drag_maps_screenshot_pixels_and_reorders(tab, load, call, js):
    await load(tab, SORTABLE)
    shot = await call("page_screenshot", action="screenshot")
    scale = shot.data["scale"]
    box = await js(
        tab,
        "(() => { const r = i => document.getElementById(i).getBoundingClientRect(); "
        "return [r('one').left + 20, r('one').top + 20, r('four').top + 30]; })()",
    )
    start = {"x": round(box[0] * scale), "y": round(box[1] * scale)}
    result = await call(
        "page_screenshot", action="drag", coordinates=start, to={"x": start["x"], "y": round(box[2] * scale)}
    )
    assert result.success, result.error
    assert result.data["effects"].get("dom_changed")
    assert await _order(js, tab) == ["two", "three", "four", "one"]


async def test_page_screenshot_drag_needs_to_and_stays_inside_the_image(tab, load, call):
    await load(tab, SORTABLE)
    shot = await call("page_screenshot", action="screenshot")
    missing = await call("page_screenshot", action="drag", coordinates={"x": 5, "y": 5})
    assert missing.error["code"] == "VALIDATION_ERROR"
    outside = await call(
        "page_screenshot", action="drag", coordinates={"x": 5, "y": 5}, to={"x": shot.data["width"] + 50, "y": 5}
    )
    assert outside.error["code"] == "INVALID_COORDINATES"
