"""Drawn selects whose ARIA is only what a person cannot see, or only their list's (issue 31, kind 4).

Pages of our own, each shaped by one rule (no library's code or class names):

- A hidden native <select> whose stand-in is a link (or a button) showing the current option. The link also carries
  ARIA parts a person never sees: a 1-px focus catcher `role=button` labelled by the shown value, and a
  closed drop (display: none) holding a `role=combobox` search box and an empty `role=listbox` that the
  widget fills when it opens (moved to the end of the body). Those hidden parts declare no control a
  person operates: the link is the face, and the select is one combobox named by its label.
"""

from __future__ import annotations

SIZES = ["Small", "Medium", "Large"]
COLOURS = ["Red", "Green", "Blue"]
# The plugin: on a press on the face, the drop moves to the body's end under the face, its list filled
# with the options; a mouseup on an option sets the select and the face, and closes the drop. Size's face
# is a link with a focus catcher and a search box beside it; Colour's is a plain button showing the value.
LINK_FACE = f"""<!doctype html><title>Rental</title>
<style>
body {{ font: 14px sans-serif; width: 500px }}
.box {{ position: relative; width: 260px; margin: 4px 0 16px }}
.face {{ display: block; width: 100%; text-align: left; border: 1px solid #aaa; padding: 4px 6px; color: #222;
  background: white; text-decoration: none; font: inherit }}
.offscreen {{ position: absolute; width: 1px; height: 1px; clip: rect(0 0 0 0); overflow: hidden; border: 0;
  padding: 0; margin: -1px }}
.drop {{ display: none; position: absolute; background: white; border: 1px solid #aaa; width: 260px; z-index: 9 }}
.drop.open {{ display: block }}
.drop li {{ padding: 3px 6px; cursor: pointer; list-style: none }}
.drop ul {{ margin: 0; padding: 0 }}
</style>
<form onsubmit="return false">
<p><label for=size>Size</label></p>
<select id=size name=size tabindex=-1 style="display: none">{"".join(f"<option>{s}</option>" for s in SIZES)}
</select>
<p><label for=colour>Colour</label></p>
<select id=colour name=colour tabindex=-1 style="display: none">{"".join(f"<option>{c}</option>" for c in COLOURS)}
</select>
<button>Save</button></form>
<script>
window.picks = [];
function standIn(select, n, faceTag) {{
  const box = document.createElement('div'); box.className = 'box';
  box.innerHTML = faceTag === 'a'
    ? `<a href="javascript:void(0)" class=face tabindex=-1><span id=shown-${{n}}></span></a>
       <input class=offscreen type=text role=button aria-haspopup=true aria-labelledby=shown-${{n}}>
       <div class=drop><input type=text role=combobox aria-owns=results-${{n}} aria-expanded=true>
       <ul role=listbox id=results-${{n}}></ul></div>`
    : `<button type=button class=face><span id=shown-${{n}}></span></button><div class=drop><ul></ul></div>`;
  const face = box.querySelector('.face'), drop = box.querySelector('.drop'), list = drop.querySelector('ul');
  const draw = () => {{ box.querySelector('#shown-' + n).textContent = select.selectedOptions[0].text; }};
  face.addEventListener('mousedown', (e) => {{
    e.preventDefault();
    list.innerHTML = '';
    for (const o of select.options) {{
      const li = document.createElement('li');
      const label = document.createElement('div'); label.textContent = o.text;
      if (faceTag === 'a') {{ li.setAttribute('role', 'presentation'); label.setAttribute('role', 'option'); }}
      li.append(label); list.append(li);
      li.addEventListener('mouseup', () => {{
        select.value = o.value; select.dispatchEvent(new Event('change', {{bubbles: true}}));
        window.picks.push(o.text); drop.classList.remove('open'); draw();
      }});
    }}
    const r = face.getBoundingClientRect();
    document.body.append(drop);
    drop.style.left = r.left + scrollX + 'px'; drop.style.top = r.bottom + scrollY + 'px';
    drop.classList.add('open');
    if (drop.querySelector('input')) drop.querySelector('input').focus();
  }});
  select.before(box);
  draw();
}}
document.getElementById('size').value = 'Medium';
standIn(document.getElementById('size'), 1, 'a');
standIn(document.getElementById('colour'), 2, 'button');
</script>"""
_SELECTED = "(id) => Array.from(document.getElementById(id).selectedOptions, o => o.text)"


async def test_a_select_whose_stand_in_is_a_link_showing_its_value_is_one_combobox(open_page, snapshot):
    await open_page(LINK_FACE)
    model = await snapshot(include_values=True)
    shown = [(c["role"], c["name"], c.get("value")) for c in model["controls"]]
    assert shown == [("combobox", "Size", "Medium"), ("combobox", "Colour", "Red"), ("button", "Save", None)], shown
    assert model["controls"][0]["bbox"][2] > 200  # the link's box, where a person points


async def test_select_picks_through_the_link_face_and_its_drop(open_page, snapshot, call, js):
    await open_page(LINK_FACE)
    size = (await snapshot())["controls"][0]
    result = await call("browser_dom", action="select", element_id=size["id"], option="Large")
    assert result.success, result.error
    assert await js(f"({_SELECTED})('size')") == ["Large"]
    assert await js("window.picks") == ["Large"]  # through the widget's own option, as a person picks
    assert await js("document.getElementById('shown-1').textContent") == "Large"
    colour = (await snapshot())["controls"][1]
    fields = [{"element_id": size["id"], "value": "Small"}, {"element_id": colour["id"], "value": "Blue"}]
    again = await call("browser_dom", action="fill", fields=fields)
    assert again.success, again.error
    assert await js("window.picks") == ["Large", "Small", "Blue"]
    assert await js(f"({_SELECTED})('colour')") == ["Blue"]
