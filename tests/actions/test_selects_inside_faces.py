"""A hidden native <select> kept INSIDE the face a page drew for it (issue 31, kind 4).

Dropdown plugins often wrap the select instead of drawing beside it: a role-less tab stop (`div tabindex=0`)
holding the select (display: none), the current value, an arrow and a menu of drawn items; a list row that is
a link holding the select, its caption and the current value, which opens a panel of the options when pressed.
A person reads one combobox (several options for a multiple select), named by the caption over the face, or by
the caption the row holds itself (not the text above the row), and picks as the face lets them: the native
select, which the form sends, ends with those options.
"""

from __future__ import annotations

# The plugin: each select is wrapped in a face; a press on the face toggles its menu (a list drawn in the face, or
# a panel at the end of the body whose rows are labels of hidden radios); a pick sets the select.
PLUGIN = """<script>
window.picks = [];
function face(select) {
  const row = select.dataset.row !== undefined;
  const box = document.createElement(row ? 'a' : 'div');
  box.className = row ? 'row' : 'face';
  if (!row) box.tabIndex = 0;
  select.before(box); box.append(select);
  const caption = document.createElement('span'); caption.className = 'caption';
  if (row) { caption.textContent = select.dataset.row; box.append(caption); }
  const value = document.createElement('span'); value.className = 'value';
  const arrow = document.createElement('i'); arrow.className = 'arrow';
  box.append(value, arrow);
  const menu = document.createElement('div'); menu.className = row ? 'panel' : 'menu';
  // A row's panel lies over a backdrop that closes it when pressed (it takes no Escape).
  const backdrop = document.createElement('div'); backdrop.className = 'backdrop';
  const close = () => { menu.classList.remove('open'); backdrop.remove(); };
  backdrop.addEventListener('click', close);
  const draw = () => {
    const chosen = Array.from(select.selectedOptions, o => o.text).filter(Boolean);
    value.textContent = chosen.join(', ') || select.options[0].text;
  };
  for (const o of select.options) {
    if (!o.value) continue;
    let item;
    if (row) {
      item = document.createElement('label');
      const radio = document.createElement('input'); radio.name = select.name + '-panel';
      radio.type = select.multiple ? 'checkbox' : 'radio'; radio.style.display = 'none'; radio.checked = o.selected;
      radio.addEventListener('change', () => {
        if (select.multiple) o.selected = radio.checked; else { select.value = o.value; close(); }
        window.picks.push(o.text); draw();
      });
      const text = document.createElement('span'); text.textContent = o.text;
      item.append(radio, text);
    } else {
      item = document.createElement('div'); item.className = 'item'; item.textContent = o.text;
      item.addEventListener('click', (e) => {
        e.stopPropagation();
        if (select.multiple) o.selected = !o.selected; else { select.value = o.value; menu.classList.remove('open'); }
        select.dispatchEvent(new Event('change', {bubbles: true}));
        window.picks.push(o.text); draw();
      });
    }
    menu.append(item);
  }
  (row ? document.body : box).append(menu);
  box.addEventListener('click', () => {
    const r = box.getBoundingClientRect();
    if (row) { menu.style.left = r.left + 'px'; menu.style.top = r.bottom + 'px'; document.body.append(backdrop); }
    menu.classList.toggle('open');
  });
  draw();
}
for (const s of document.querySelectorAll('select')) face(s);
</script>"""
STYLE = """<style>
body { font: 14px sans-serif; }
select { display: none !important; }
.face { position: relative; display: block; width: 240px; min-height: 24px; margin: 4px 0 16px; padding: 2px 6px;
  border: 1px solid #aaa; cursor: pointer; }
.arrow { position: absolute; right: 6px; top: 8px; border: 5px solid transparent; border-top-color: #444; }
.menu { display: none; position: absolute; top: 100%; left: 0; right: 0; background: white; border: 1px solid #aaa;
  z-index: 10; }
.menu.open, .panel.open { display: block; }
.item { padding: 4px 6px; }
.row { display: flex; justify-content: space-between; width: 300px; padding: 8px; border-bottom: 1px solid #ddd;
  cursor: pointer; }
.backdrop { position: fixed; inset: 0; background: rgba(0, 0, 0, 0.2); z-index: 15; }
.panel { display: none; position: fixed; width: 200px; background: white; border: 1px solid #aaa; z-index: 20; }
.panel label { display: block; padding: 6px; cursor: pointer; }
</style>"""
PAGE = f"""<!doctype html><title>Trip</title>{STYLE}
<form onsubmit="return false">
<div><label>Room</label>
<select name=room><option value=single>Single</option><option value=double>Double</option>
  <option value=suite>Suite</option></select></div>
<div><label>Extras</label>
<select name=extras multiple><option value="">None</option><option>Breakfast</option><option>Parking</option>
  <option>Late checkout</option></select></div>
<div>Guests</div><div class=count>2</div>
<select name=meal data-row="Meal"><option value=soup>Soup</option><option value=pasta>Pasta</option>
  <option value=salad>Salad</option></select>
<select name=sides data-row="Sides" multiple><option>Bread</option><option>Fries</option><option>Rice</option></select>
<button>Save</button>
</form>{PLUGIN}"""

_SELECTED = "(name) => Array.from(document.querySelector(`select[name=${name}]`).selectedOptions, o => o.text)"


async def _model(call):
    result = await call("browser_dom", action="snapshot", format="json", include_values=True)
    assert result.success, result.error
    return result.data


async def test_a_select_hidden_inside_its_face_is_one_combobox_named_by_its_caption(tab, load, call):
    await load(tab, PAGE)
    model = await _model(call)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    # The row's own caption ("Meal") names it, not the text above the row ("2").
    want = [
        ("combobox", "Room"),
        ("combobox", "Extras"),
        ("combobox", "Meal"),
        ("combobox", "Sides"),
        ("button", "Save"),
    ]
    assert shown == want, shown
    room, extras, meal, sides = model["controls"][:4]
    assert extras["states"].get("multiselectable") is True and "multiselectable" not in room["states"]
    assert sides["states"].get("multiselectable") is True
    assert room["bbox"][2] > 200 and meal["bbox"][2] > 250  # the face's box, where a person points


async def test_select_and_fill_pick_through_the_face_and_the_native_select_holds_them(tab, load, call, js):
    await load(tab, PAGE)
    room, extras, meal, sides = (await _model(call))["controls"][:4]
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    )
    assert result.success, result.error
    result = await call("browser_dom", action="select", element_id=meal["id"], option="Pasta")
    assert result.success, result.error
    # A list of several picked in the panel; its backdrop pressed after, as a person done picking closes it.
    result = await call("browser_dom", action="fill", fields=[{"element_id": sides["id"], "value": ["Bread", "Rice"]}])
    assert result.success, result.error
    got = await js(tab, f"[{', '.join(f'({_SELECTED})({n!r})' for n in ('room', 'extras', 'meal', 'sides'))}]")
    assert got == [["Suite"], ["Breakfast", "Parking"], ["Pasta"], ["Bread", "Rice"]]
    assert await js(tab, "window.picks") == ["Suite", "Breakfast", "Parking", "Pasta", "Bread", "Rice"]  # by the faces
    assert await js(tab, "document.querySelector('.backdrop') === null")
    save = (await _model(call))["controls"][-1]
    assert save["role"] == "button"
    result = await call("browser_dom", action="click", element_id=save["id"])
    assert result.success, result.error
