"""A hidden native <select> replaced by a drawn stand-in without ARIA (issue 31, kind 4).

"chosen"-like plugins hide the select (display: none) and draw a face beside it (a link showing the
current option, or a list of chosen items with a text input) and a list of options that opens under
it. A person reads one combobox named by the select's label and picks as the plugin lets them: open
it, click the option (again for each one of a multiple select). The native select, which the form
sends, ends with those options.
"""

from __future__ import annotations

# The plugin: a face beside the select that opens a clipped list of the select's options; a mouseup on
# an option selects it in the select (and records that the plugin did it, not someone else).
PLUGIN = """<script>
window.picks = [];
function standIn(select) {
  const box = document.createElement('div'); box.className = 'picker';
  const face = document.createElement(select.multiple ? 'ul' : 'a'); face.className = 'face';
  const drop = document.createElement('div'); drop.className = 'drop';
  const list = document.createElement('ul');
  let search;
  if (select.multiple) {
    const field = document.createElement('li'); search = document.createElement('input');
    search.type = 'text'; search.placeholder = 'Add more'; field.append(search); face.append(field);
  } else {
    face.append(document.createElement('span'));
    search = document.createElement('input'); search.type = 'text'; drop.append(search);
  }
  const draw = () => {
    if (select.multiple) {
      for (const chip of face.querySelectorAll('.chip')) chip.remove();
      for (const o of select.selectedOptions) {
        const chip = document.createElement('li'); chip.className = 'chip';
        const x = document.createElement('a'); x.className = 'x';
        x.addEventListener('mousedown', (e) => { e.stopPropagation(); o.selected = false; draw(); });
        chip.append(o.text, x); face.insertBefore(chip, face.lastChild);
      }
    } else face.firstChild.textContent = select.selectedOptions[0].text;
  };
  for (const o of select.options) {
    if (!o.value && !select.multiple) continue;
    const li = document.createElement('li'); li.textContent = o.text;
    li.addEventListener('mouseup', () => {
      if (select.multiple) o.selected = true; else select.value = o.value;
      select.dispatchEvent(new Event('change', {bubbles: true}));
      window.picks.push(o.text); box.classList.remove('open'); draw();
    });
    list.append(li);
  }
  drop.append(list);
  face.addEventListener('mousedown', (e) => { e.preventDefault(); box.classList.toggle('open'); search.focus(); });
  box.append(face, drop);
  select.after(box);
  draw();
}
for (const s of document.querySelectorAll('select')) standIn(s);
</script>"""
STYLE = """<style>
body { font: 14px sans-serif; }
.picker { position: relative; display: inline-block; width: 240px; margin: 4px 0 16px; }
.face { display: block; min-height: 24px; margin: 0; padding: 2px 6px; border: 1px solid #aaa; cursor: pointer;
  list-style: none; }
ul.face li { display: inline-block; margin-right: 4px; }
.chip { background: #eee; padding: 0 4px; }
.x { display: inline-block; width: 10px; height: 10px; background: #c66; margin-left: 4px; cursor: pointer; }
.drop { position: absolute; top: 100%; left: 0; right: 0; background: white; border: 1px solid #aaa; z-index: 10;
  clip-path: inset(100% 100%); }
.picker.open .drop { clip-path: none; }
.drop ul { margin: 0; padding: 0; list-style: none; max-height: 120px; overflow-y: auto; }
.drop li { padding: 4px 6px; cursor: pointer; }
</style>"""
PAGE = f"""<!doctype html><title>Order</title>{STYLE}
<form onsubmit="return false">
<label for=fruit>Fruit</label><br>
<select id=fruit name=fruit style="display: none"><option value="">Pick a fruit</option>
  <option value=apple>Apple</option><option value=pear>Pear</option><option value=plum>Plum</option>
  <option value=fig>Fig</option><option value=kiwi>Kiwi</option><option value=lime>Lime</option></select><br>
<label for=tags>Tags</label><br>
<select id=tags name=tags multiple style="display: none"><option>red</option><option>green</option>
  <option>blue</option></select><br>
<button>Save</button>
</form>{PLUGIN}"""

_SELECTED = "(id) => Array.from(document.getElementById(id).selectedOptions, o => o.text)"


async def _model(call):
    result = await call("browser_dom", action="snapshot", format="json", include_values=True)
    assert result.success, result.error
    return result.data


async def test_a_hidden_select_with_a_drawn_stand_in_is_a_combobox_named_by_its_label(tab, load, call):
    await load(tab, PAGE)
    model = await _model(call)
    shown = [(c["role"], c["name"], c.get("value")) for c in model["controls"]]
    assert shown == [("combobox", "Fruit", "Pick a fruit"), ("combobox", "Tags", ""), ("button", "Save", None)], shown
    fruit, tags = model["controls"][:2]
    assert tags["states"].get("multiselectable") is True and "multiselectable" not in fruit["states"]
    assert fruit["bbox"][2] > 200 and fruit["bbox"][3] > 20  # the stand-in's box, where a person points


async def test_select_picks_through_the_stand_in_and_the_native_select_holds_it(tab, load, call, js):
    await load(tab, PAGE)
    fruit = (await _model(call))["controls"][0]
    result = await call("browser_dom", action="select", element_id=fruit["id"], option="Pear")
    assert result.success, result.error
    assert await js(tab, f"({_SELECTED})('fruit')") == ["Pear"]
    assert await js(tab, "window.picks") == ["Pear"]  # by the plugin's own option, as a person picks
    assert (await _model(call))["controls"][0]["value"] == "Pear"
    missing = await call("browser_dom", action="select", element_id=fruit["id"], option="Mango")
    assert missing.error["code"] == "VALIDATION_ERROR"


async def test_fill_picks_one_option_and_a_list_for_a_multiple_select_through_the_stand_in(tab, load, call, js):
    await load(tab, PAGE)
    fruit, tags = (await _model(call))["controls"][:2]
    result = await call(
        "browser_dom",
        action="fill",
        fields=[{"element_id": fruit["id"], "value": "Lime"}, {"element_id": tags["id"], "value": ["red", "blue"]}],
    )
    assert result.success, result.error
    assert [f["done"] for f in result.data["fields"]] == ["selected", "selected"]
    assert await js(tab, f"[({_SELECTED})('fruit'), ({_SELECTED})('tags')]") == [["Lime"], ["red", "blue"]]
    assert await js(tab, "window.picks") == ["Lime", "red", "blue"]
    # A list is exactly those options: a chosen one left out is removed by its item's remove button.
    again = await call("browser_dom", action="fill", fields=[{"element_id": tags["id"], "value": ["blue", "green"]}])
    assert again.success, again.error
    assert await js(tab, f"({_SELECTED})('tags')") == ["green", "blue"]
    one = await call("browser_dom", action="fill", fields=[{"element_id": fruit["id"], "value": ["Fig", "Kiwi"]}])
    assert one.error["code"] == "VALIDATION_ERROR"
