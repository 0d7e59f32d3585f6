"""Reordering a sortable list by drag (issue 31 kind 7): the item's element_id from `find`, dropped onto
another item, moves it as a person's drag does (press, moves past the library's threshold in steps,
release), checked by the order after. A pointer-events list of our own with a 5 px threshold, an
HTML5 drag-and-drop list that becomes draggable only when pressed, and SortableJS from npm."""

from __future__ import annotations

from pathlib import Path

import pytest

# What sortable lists share: the item moves past the one under the pointer as the pointer crosses
# it, and after each move the list keeps still for 50 ms (SortableJS: 30 ms; others wait for their
# move's animation) while the items slide: moves sent all at once are one swap.
MOVE = """
const list = document.getElementById('list');
let still = 0;
function moveOver(held, x, y) {
  if (performance.now() < still) return;
  for (const li of list.children) {
    const r = li.getBoundingClientRect();
    if (li === held || y < r.top || y > r.bottom) continue;
    const after = held.compareDocumentPosition(li) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (after ? y > r.top : y < r.bottom) { list.insertBefore(held, after ? li.nextSibling : li); still = performance.now() + 50; }
  }
}"""
# Pointer events, and nothing moves until the pointer has travelled 5 px with the button held; the
# items are plain text (no cursor, no role): `find` gives their element ids.
POINTER = """<!doctype html><title>Tasks</title>
<style>li { height: 36px; user-select: none; touch-action: none; border: 1px solid #ccc }
ul { list-style: none; padding: 0; width: 300px }</style>
<ul id=list><li>Write report</li><li>Review code</li><li>Plan sprint</li><li>Call vendor</li></ul>
<script>MOVE
let held = null, startY = 0, dragging = false;
list.addEventListener('pointerdown', e => { held = e.target.closest('li'); startY = e.clientY; dragging = false; });
document.addEventListener('pointermove', e => {
  if (!held || (!dragging && Math.abs(e.clientY - startY) < 5)) return;
  dragging = true;
  moveOver(held, e.clientX, e.clientY);
});
document.addEventListener('pointerup', () => { held = null; });
</script>""".replace("MOVE", MOVE)
# HTML5 drag and drop: the dragged item moves over the list's items as dragover events come (the
# drop only ends the drag). Items draggable from the start, or made draggable on the press (as
# SortableJS does): before the press nothing on the page says they are.
HTML5 = """<!doctype html><title>Tasks</title>
<style>li { height: 36px; border: 1px solid #ccc } ul { list-style: none; padding: 0; width: 300px }</style>
<ul id=list><li DRAGGABLE>Write report</li><li DRAGGABLE>Review code</li><li DRAGGABLE>Plan sprint</li>
<li DRAGGABLE>Call vendor</li></ul>
<script>MOVE
let dragged = null;
list.addEventListener('mousedown', e => { const li = e.target.closest('li'); if (li) li.draggable = true; });
list.addEventListener('dragstart', e => { dragged = e.target; e.dataTransfer.setData('text/plain', 'x'); });
list.addEventListener('dragover', e => { e.preventDefault(); if (dragged) moveOver(dragged, e.clientX, e.clientY); });
list.addEventListener('drop', e => e.preventDefault());
list.addEventListener('dragend', () => { dragged = null; });
</script>""".replace("MOVE", MOVE)
HTML5_DRAGGABLE = HTML5.replace("DRAGGABLE", "draggable=true")
HTML5_ON_PRESS = HTML5.replace(" DRAGGABLE", "")
ORDER = "[...document.querySelectorAll('#list li')].map(li => li.textContent)"
NPM = Path(__file__).parent / "npm" / "node_modules"
SORTABLE_JS = NPM / "sortablejs/Sortable.min.js"
SORTABLE = """<!doctype html><title>Tasks</title><script src=/lib/sortable.js></script>
<style>li { height: 36px; border: 1px solid #ccc } ul { list-style: none; padding: 0; width: 300px }</style>
<ul id=list><li>Write report</li><li>Review code</li><li>Plan sprint</li><li>Call vendor</li></ul>
<script>window.ended = 0; Sortable.create(document.getElementById('list'), {OPTIONS onEnd: () => ended++});</script>"""


async def _found(call, text: str) -> str:
    result = await call("browser_dom", action="find", query=text)
    assert result.success, result.error
    ids = [m["element_id"] for m in result.data["matches"] if m.get("element_id")]
    assert ids, result.data
    return ids[0]


async def _drag(call, source: str, target: str) -> dict:
    result = await call(
        "browser_dom", action="drag", element_id=await _found(call, source), target_id=await _found(call, target)
    )
    assert result.success, result.error
    return result.data


@pytest.mark.parametrize(
    "page", [POINTER, HTML5_DRAGGABLE, HTML5_ON_PRESS], ids=["pointer_threshold", "html5", "html5_draggable_on_press"]
)
async def test_an_item_found_by_its_text_is_dragged_onto_another_and_the_list_reorders(page, open_page, call, js):
    await open_page(page)
    await _drag(call, "Write report", "Plan sprint")
    assert await js(ORDER) == ["Review code", "Plan sprint", "Write report", "Call vendor"]
    await _drag(call, "Call vendor", "Review code")
    assert await js(ORDER) == ["Call vendor", "Review code", "Plan sprint", "Write report"]


@pytest.mark.skipif(not SORTABLE_JS.is_file(), reason="sortablejs not installed (npm ci --prefix tests/widgets/npm)")
@pytest.mark.parametrize("options", ["", "forceFallback: true, fallbackTolerance: 5,"], ids=["html5", "fallback"])
async def test_sortablejs_list_reorders_by_drag(options, server, open_page, call, js):
    server.route("/lib/sortable.js", SORTABLE_JS.read_bytes(), content_type="application/javascript")
    await open_page(SORTABLE.replace("OPTIONS", options))
    await _drag(call, "Write report", "Plan sprint")
    assert await js(ORDER) == ["Review code", "Plan sprint", "Write report", "Call vendor"]
    assert await js("ended") == 1
