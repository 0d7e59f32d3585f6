"""A sortable list whose items drag only by a handle inside them (issue 31, kind 7).

Ionic's ion-reorder (the ≡ at an item's end), SortableJS's `handle` option, react-beautiful-dnd's drag
handles: the list listens on itself and starts a reorder only when the press lands on the item's
handle; a press elsewhere on the item does nothing. A person sees the handle (its grab cursor, its
grip) and drags by it. `drag` of the item, by the id `find` gives for its text, presses at the handle.
"""

from __future__ import annotations

# A pointer-driven reorder that starts only at a handle: `.knob` (a grab cursor, no other mark) in the
# first list; in the second, inside a shadow root, `<x-reorder>` whose press lands in its own shadow
# root (the list sees the host, as Ionic's ion-reorder-group does).
LISTS = """<!doctype html>
<style>
.list { width: 320px; list-style: none; padding: 0; margin: 0 0 24px; user-select: none; touch-action: none }
.list li { height: 40px; display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid #ccc }
.knob { cursor: grab; padding: 0 8px }
#panel { width: 320px; height: 60px; border: 1px solid; position: relative }
#panel .grip { position: absolute; right: 0; top: 0; width: 10px; height: 100%; cursor: grab }
</style>
<ul id=hotels class=list>
  <li data-hotel=Harbour><span>Harbour</span><span class=knob aria-hidden=true>&#8801;</span></li>
  <li data-hotel=Alpine><span>Alpine</span><span class=knob aria-hidden=true>&#8801;</span></li>
  <li data-hotel=Garden><span>Garden</span><span class=knob aria-hidden=true>&#8801;</span></li>
</ul>
<trip-rooms id=rooms></trip-rooms>
<div id=panel><span id=panel-text>Notes</span><div class=grip></div></div>
<script>
window.orders = [];
window.presses = [];
// Reorders `list`'s items while the pointer is held, once pressed on a handle (`isHandle(target)`).
function sortable(list, name, isHandle) {
  let held = null;
  list.addEventListener('pointerdown', (e) => {
    presses.push(name + ':' + (e.target.className || e.target.localName));
    if (!isHandle(e.target)) return;
    held = e.target.closest('[data-hotel]');
    list.setPointerCapture(e.pointerId);
  });
  list.addEventListener('pointermove', (e) => {
    if (!held) return;
    for (const item of list.children) {
      const r = item.getBoundingClientRect();
      if (item !== held && e.clientY > r.top && e.clientY < r.bottom) {
        list.insertBefore(held, e.clientY <= r.top + r.height / 2 ? item : item.nextSibling);
      }
    }
  });
  list.addEventListener('pointerup', () => {
    if (held) orders.push(name + ':' + [...list.children].map(i => i.dataset.hotel).join(','));
    held = null;
  });
}
sortable(document.getElementById('hotels'), 'hotels', (t) => t.classList.contains('knob'));
customElements.define('x-reorder', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({mode: 'open'}).innerHTML =
      '<style>:host { display: inline-block; cursor: grab; padding: 0 8px }</style><span part=icon>&#8801;</span>';
  }
});
customElements.define('trip-rooms', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({mode: 'open'});
    root.innerHTML = '<style>ul { width: 320px; list-style: none; padding: 0; user-select: none; touch-action: none }' +
      ' li { height: 40px; display: flex; justify-content: space-between; align-items: center }</style><ul>' +
      ['Single', 'Double', 'Suite'].map(r => `<li data-hotel=${r}><span>${r}</span><x-reorder></x-reorder></li>`).join('') + '</ul>';
    sortable(root.querySelector('ul'), 'rooms', (t) => t.localName === 'x-reorder');
  }
});
document.getElementById('panel').addEventListener('pointerdown', (e) => presses.push('panel:' + (e.target.id || e.target.className)));
</script>"""

IN_SHADOW = "document.getElementById('rooms').shadowRoot"


async def _found(call, text: str) -> str:
    found = await call("browser_dom", action="find", query=text)
    assert found.success, found.error
    return next(m["element_id"] for m in found.data["matches"] if m.get("element_id"))


async def test_an_item_that_drags_only_by_its_handle_is_dragged_from_its_handle(tab, load, call, js):
    await load(tab, LISTS)
    # The ids of the texts a person reads (what `find` gives): the item is found from them.
    alpine, harbour = await _found(call, "Alpine"), await _found(call, "Harbour")
    result = await call("browser_dom", action="drag", element_id=alpine, target_id=harbour)
    assert result.success, result.error
    assert result.data["handle"] is True and result.data["kind"] == "pointer"
    assert await js(tab, "presses") == ["hotels:knob"]
    assert await js(tab, "orders") == ["hotels:Alpine,Harbour,Garden"]


async def test_a_handle_with_a_shadow_root_in_a_list_in_a_shadow_root(tab, load, call, js):
    await load(tab, LISTS)
    # Inside a shadow root: found by their text, as the agent finds them.
    source, target = await _found(call, "Suite"), await _found(call, "Single")
    result = await call("browser_dom", action="drag", element_id=source, target_id=target)
    assert result.success, result.error
    assert result.data.get("handle") is True
    assert await js(tab, "orders") == ["rooms:Suite,Single,Double"]
    assert await js(tab, f"{IN_SHADOW}.querySelector('li').dataset.hotel") == "Suite"


async def test_a_lone_grip_is_no_sortable_item_and_a_list_without_handles_drags_as_before(tab, load, call, js):
    await load(tab, LISTS)
    # A panel with one grip, and no sibling that has one: no sortable item; pressed where its text is.
    result = await call(
        "browser_dom", action="drag", element_id=await _found(call, "Notes"), target_id=await _found(call, "Garden")
    )
    assert result.success, result.error
    assert "handle" not in result.data
    assert await js(tab, "presses") == ["panel:panel-text"]
