"""Declared comboboxes drawn transparent beneath their face (issue 31, kinds 4 and 8), on a page of our own.

Component libraries draw a select as a face of their own (a box with a border, the chosen value and an arrow) and
keep its declared combobox, a read-only `<input role=combobox aria-haspopup=listbox>` that takes focus and the keys,
transparent inside it: either in a wrapper that is `opacity: 0` and stacked behind the face (`z-index: -1`), or with
`opacity: 0` itself under the text of the value the face shows. A person sees the face, named by the caption above,
and presses it to open the list. The model lists one combobox with the face's box, and `select` / `fill` press the
face: what the pointer meets there (the value's text) is a part of the same drawn widget, not a cover. A face in a
layer that paints over it (a backdrop) stays covered, and a transparent panel holding a combobox beside other
controls (a drop faded out) is no face. A listbox drawn with no room (a copy for screen readers) leaves the pick to the
list drawn beside it, picked by the option's text.
"""

from __future__ import annotations

PAGE = """<!doctype html><title>Trip</title>
<style>
body { font: 14px sans-serif; margin: 16px; width: 480px }
label { display: block; margin-top: 12px }
.face { position: relative; display: flex; align-items: center; height: 32px; padding: 0 10px; background: white;
  border: 1px solid #bbb; border-radius: 4px; cursor: pointer }
.row { position: relative; flex: 1; display: flex; align-items: center; height: 24px }
.behind { position: absolute; opacity: 0; z-index: -1 } .behind input { width: 160px }
.shown { position: absolute; left: 0; right: 0; z-index: -1 }
.search { position: absolute; inset: 0 } .search input { opacity: 0; width: 100%; height: 100%; margin: 0; padding: 0;
  border: 0 }
.item { position: relative }
.menu { position: absolute; background: white; box-shadow: 0 2px 6px #0004; z-index: 5 }
[role=option], .opt { padding: 8px 12px; cursor: pointer } [aria-selected=true] { background: #def }
.faded { position: absolute; opacity: 0; top: 0 }
.shade { position: fixed; inset: 0; background: rgba(0, 0, 0, .4); z-index: 9; display: none }
</style>
<main>
<label for=room>Room</label>
<div class=face data-options="Single,Double,Suite" tabindex=-1><div class=row>
  <div class=behind><input id=room role=combobox readonly aria-haspopup=listbox aria-expanded=false
    aria-controls=list-0 autocomplete=off></div>
  <div class=shown><span class=value>Single</span></div></div><i aria-hidden=true>&#9662;</i></div>
<label for=extras>Extras</label>
<div class=face data-options="Breakfast,Parking,Late checkout" data-multiple><span class=row>
  <span class=search><input id=extras type=search role=combobox readonly aria-haspopup=listbox aria-expanded=false
    aria-controls=list-1 autocomplete=off></span>
  <span class="item value">None</span></span><i aria-hidden=true>&#9662;</i></div>
<div class=panel style="position: relative; background: #eee; padding: 8px; margin-top: 12px">
  <button type=button>Filter</button>
  <div class=faded><input role=combobox aria-label=Sort readonly aria-haspopup=listbox aria-expanded=false></div>
</div>
<button type=button onclick="window.saved = fields.map(f => f.value)">Save</button>
</main>
<div class=shade></div>
<script>
window.fields = [];
const copy = location.pathname.endsWith('/copy');
document.querySelectorAll('.face').forEach((face, n) => {
  const multiple = face.hasAttribute('data-multiple'), options = face.dataset.options.split(',');
  const input = face.querySelector('input'), value = face.querySelector('.value');
  const state = {value: multiple ? [] : 'Single', menu: null};
  fields.push(state);
  const show = () => (value.textContent = multiple ? (state.value.join(', ') || 'None') : state.value);
  const close = () => { if (state.menu) state.menu.style.display = 'none'; input.setAttribute('aria-expanded', 'false'); };
  const open = () => {
    if (!state.menu) {  // rendered on first opening, at the end of the body
      state.menu = document.createElement('div'); state.menu.className = 'menu';
      const attrs = `id=list-${n}` + (multiple ? ' aria-multiselectable=true' : '');
      // At /copy, as some libraries draw it: a listbox for screen readers with no room on screen, holding the
      // chosen option only, beside the list drawn for the pointer (role-less items).
      state.menu.innerHTML = copy
        ? `<div role=listbox ${attrs} style="width: 0; height: 0; overflow: hidden"><div role=option>${show()}</div></div>` +
          '<div>' + options.map(o => `<div class=opt aria-selected=false>${o}</div>`).join('') + '</div>'
        : `<div role=listbox ${attrs}>` + options.map(o => `<div role=option aria-selected=false>${o}</div>`).join('') + '</div>';
      document.body.append(state.menu);
      state.menu.addEventListener('mousedown', (e) => e.preventDefault());  // the field keeps focus
      state.menu.addEventListener('click', (e) => {
        const item = e.target.closest('[role=option], .opt');
        if (!item) return;
        const o = item.textContent;
        if (multiple) state.value = state.value.includes(o) ? state.value.filter(x => x !== o) : [...state.value, o];
        else state.value = o;
        show();
        for (const it of state.menu.querySelectorAll('[role=option], .opt')) {
          it.setAttribute('aria-selected', String(multiple ? state.value.includes(it.textContent) : it.textContent === state.value));
        }
        if (!multiple) close();
      });
    }
    const r = face.getBoundingClientRect();
    Object.assign(state.menu.style, {display: 'block', left: r.left + 'px', top: (r.bottom + scrollY) + 'px', width: r.width + 'px'});
    input.setAttribute('aria-expanded', 'true');
  };
  // The face opens on a press, as such selects do: wherever on it the pointer lands (the value, the arrow).
  face.addEventListener('mousedown', (e) => {
    e.preventDefault(); input.focus();
    if (input.getAttribute('aria-expanded') === 'true' && !multiple) close(); else open();
  });
  input.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
  document.addEventListener('mousedown', (e) => {
    if (!face.contains(e.target) && !(state.menu && state.menu.contains(e.target))) close();
  });
  show();
});
</script>"""


def comboboxes(model: dict) -> list[dict]:
    return [c for c in model["controls"] if c["role"] == "combobox"]


async def test_a_combobox_drawn_transparent_under_its_face_is_listed_with_the_faces_box(open_page, snapshot, js):
    await open_page(PAGE)
    model = await snapshot()
    listed = [c["name"] for c in comboboxes(model)]
    assert listed == ["Room", "Extras"], [(c["role"], c["name"]) for c in model["controls"]]
    faces = await js(
        "[...document.querySelectorAll('.face')].map(f => { const r = f.getBoundingClientRect(); "
        "return [r.left, r.top, r.width, r.height].map(Math.round); })"
    )
    for combobox, face in zip(comboboxes(model), faces):
        assert [round(v) for v in combobox["bbox"]] == face, (combobox, face)


async def test_select_and_fill_press_the_face_of_a_transparent_combobox(open_page, snapshot, call, js):
    await open_page(PAGE)
    room, extras = comboboxes(await snapshot())
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    )
    assert result.success, result.error
    assert await js("fields.map(f => f.value)") == ["Suite", ["Breakfast", "Parking"]]


async def test_options_are_picked_from_the_list_drawn_beside_a_listbox_no_person_sees(open_page, snapshot, call, js):
    await open_page(PAGE, "/copy")
    room, extras = comboboxes(await snapshot())
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    )
    assert result.success, result.error
    assert await js("fields.map(f => f.value)") == ["Suite", ["Breakfast", "Parking"]]
    # Its list left open: the pick goes to the drawn item as well; one the face shows already is not unticked.
    result = await call("browser_dom", action="select", element_id=room["id"], option="Double")
    assert result.success, result.error
    result = await call("browser_dom", action="select", element_id=extras["id"], option="Parking")
    assert result.success, result.error
    assert await js("fields.map(f => f.value)") == ["Double", ["Breakfast", "Parking"]]


async def test_a_face_under_a_shade_stays_covered(open_page, snapshot, call, js):
    await open_page(PAGE)
    room = comboboxes(await snapshot())[0]
    await js("document.querySelector('.shade').style.display = 'block'")
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.code == "ELEMENT_COVERED", result.error
    assert await js("fields[0].value") == "Single"
