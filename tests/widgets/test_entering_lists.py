"""Lists still entering, and comboboxes that take no typing (issue 31, kind 5), on a page of our own.

A select drawn by a component library opens its list with an entry animation (a scale and a fade from its corner,
started a frame after the list is put in the page) and keeps the list from taking the pointer until it ends
(`pointer-events: none` on the list, lifted when the animation finishes). Its field is a combobox of its own, an
`<input role=combobox inputmode=none>` that shows the choice and takes no text; the face around it carries the
combobox role too. A person waits for the list to settle and clicks the option: `select` and `fill` do the same.
They do not take options that do not take the pointer yet for options absent (and type the option's text into a
search box meanwhile), and they type a search only into a combobox that says it filters its list by what is typed:
text written into a select's own field closes its list here, as such selects do. A combobox that does filter
(`aria-autocomplete=list`) is searched only once its list has settled without the option.
"""

from __future__ import annotations

PAGE = """<!doctype html><title>Trip</title>
<style>
body { font: 14px sans-serif; margin: 16px; width: 480px }
label { display: block }
.field { display: flex; align-items: center; gap: 6px; height: 36px; padding: 0 10px; margin: 4px 0 14px;
  border: 1px solid #bbb; border-radius: 4px; cursor: pointer }
.field input { flex: 1; min-width: 0; border: 0; outline: 0; font: inherit; background: none; cursor: pointer }
.menu { position: absolute; background: white; box-shadow: 0 2px 8px #0005; z-index: 5; transform-origin: left top }
[role=option] { padding: 8px 12px; cursor: pointer } [aria-selected=true] { background: #def }
</style>
<main>
<label for=room>Room</label>
<div class=field role=combobox aria-haspopup=listbox aria-expanded=false aria-controls=menu-0
  data-options="Single,Double,Suite">
  <input id=room role=combobox inputmode=none aria-expanded=false aria-controls=menu-0 autocomplete=off>
  <span aria-hidden=true>&#9662;</span></div>
<label for=extras>Extras</label>
<div class=field role=combobox aria-haspopup=listbox aria-expanded=false aria-controls=menu-1
  data-options="Breakfast,Parking,Late checkout" data-multiple>
  <input id=extras role=combobox inputmode=none aria-expanded=false aria-controls=menu-1 autocomplete=off>
  <span aria-hidden=true>&#9662;</span></div>
<label for=city>City</label>
<div class=field data-options="Lisbon,Zurich,Kyoto" data-filters>
  <input id=city role=combobox aria-autocomplete=list aria-expanded=false aria-controls=menu-2 autocomplete=off>
  <span aria-hidden=true>&#9662;</span></div>
<button type=button>Save</button>
</main>
<script>
// /slow: the options come from a round trip (drawn 400 ms after the list opens), with no entry animation.
const slow = location.pathname.endsWith('/slow');
window.fields = []; window.typed = [];
document.querySelectorAll('.field').forEach((face, n) => {
  const multiple = face.hasAttribute('data-multiple'), filters = face.hasAttribute('data-filters');
  const options = face.dataset.options.split(','), input = face.querySelector('input');
  const state = {value: multiple ? [] : (filters ? '' : 'Single'), menu: null};
  fields.push(state);
  const text = () => (multiple ? state.value.join(', ') : state.value);
  const chosen = (o) => (multiple ? state.value.includes(o) : state.value === o);
  const draw = (list, shown) => {
    list.innerHTML = shown.map(o => `<div role=option aria-selected=${chosen(o)}>${o}</div>`).join('');
  };
  const expanded = (open) => { for (const e of [face, input]) if (e.hasAttribute('aria-expanded')) e.setAttribute('aria-expanded', String(open)); };
  const close = () => { if (state.menu) { state.menu.remove(); state.menu = null; } expanded(false); };
  const open = () => {
    if (state.menu) return;
    const menu = state.menu = document.createElement('div');
    menu.className = 'menu'; menu.id = 'menu-' + n;
    menu.innerHTML = `<div role=listbox${multiple ? ' aria-multiselectable=true' : ''}></div>`;
    const list = menu.firstChild, r = face.getBoundingClientRect();
    Object.assign(menu.style, {left: r.left + 'px', top: (r.bottom + scrollY) + 'px', width: r.width + 'px'});
    document.body.append(menu);
    expanded(true);
    menu.addEventListener('mousedown', (e) => e.preventDefault());  // the field keeps focus
    menu.addEventListener('click', (e) => {
      const item = e.target.closest('[role=option]');
      if (!item) return;
      const o = item.textContent;
      if (multiple) state.value = chosen(o) ? state.value.filter(x => x !== o) : [...state.value, o];
      else state.value = o;
      input.value = text();
      for (const it of list.children) it.setAttribute('aria-selected', String(chosen(it.textContent)));
      if (!multiple) close();
    });
    if (slow) { setTimeout(() => state.menu === menu && draw(list, options), 400); return; }
    draw(list, options);
    // Entering: no pointer until its animation ends; the animation starts on the next frame, as transitions do.
    menu.style.pointerEvents = 'none';
    requestAnimationFrame(() => {
      const entry = menu.animate([{opacity: 0, transform: 'scale(.7)'}, {opacity: 1, transform: 'none'}],
        {duration: 600, easing: 'ease-out'});
      entry.finished.then(() => { menu.style.pointerEvents = ''; });
    });
  };
  face.addEventListener('mousedown', (e) => {
    if (e.target !== input || !filters) e.preventDefault();
    input.focus();
    if (state.menu && !filters) close(); else open();
  });
  input.addEventListener('input', () => {
    typed.push([input.id, input.value]);
    if (!filters) { input.value = text(); close(); return; }  // its field takes no text: put back, list closed
    open();
    draw(state.menu.firstChild, options.filter(o => o.toLowerCase().includes(input.value.toLowerCase())));
  });
  input.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
  document.addEventListener('mousedown', (e) => {
    if (!face.contains(e.target) && !(state.menu && state.menu.contains(e.target))) close();
  });
  input.value = text();
});
</script>"""


def combobox(model: dict, name: str) -> str:
    found = [c["id"] for c in model["controls"] if c["role"] == "combobox" and c["name"] == name]
    assert len(found) == 1, (name, [(c["role"], c["name"]) for c in model["controls"]])
    return found[0]


async def test_a_list_still_entering_is_waited_for_not_searched(open_page, snapshot, call, js):
    await open_page(PAGE)
    city = combobox(await snapshot(), "City")
    result = await call("browser_dom", action="select", element_id=city, option="Zurich")
    assert result.success, result.error
    assert await js("[fields[2].value, typed]") == ["Zurich", []]


async def test_a_select_whose_field_takes_no_typing_is_not_searched_while_its_options_load(
    open_page, snapshot, call, js
):
    await open_page(PAGE, "/slow")
    room = combobox(await snapshot(), "Room")
    result = await call("browser_dom", action="select", element_id=room, option="Suite")
    assert result.success, result.error
    assert await js("[fields[0].value, typed]") == ["Suite", []]


async def test_select_and_fill_pick_from_lists_that_enter_before_they_take_the_pointer(open_page, snapshot, call, js):
    await open_page(PAGE)
    room = combobox(await snapshot(), "Room")
    result = await call("browser_dom", action="select", element_id=room, option="Suite")
    assert result.success, result.error
    extras = combobox(await snapshot(), "Extras")
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras, "value": ["Breakfast", "Parking"]}]
    )
    assert result.success, result.error
    assert await js("[fields[0].value, fields[1].value, typed]") == ["Suite", ["Breakfast", "Parking"], []]
    assert await js("document.querySelectorAll('[role=listbox]').length") == 0  # the list left open is closed


async def test_fill_picks_one_option_of_a_select_whose_field_takes_no_typing(open_page, snapshot, call, js):
    await open_page(PAGE)
    room = combobox(await snapshot(), "Room")
    result = await call("browser_dom", action="fill", fields=[{"element_id": room, "value": "Suite"}])
    assert result.success, result.error
    assert result.data["fields"][0]["done"] == "selected", result.data
    assert await js("[fields[0].value, typed]") == ["Suite", []]
