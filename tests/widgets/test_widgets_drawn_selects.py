"""Drawn selects whose ARIA is only what a person cannot see, or only their list's (issue 31, kind 4).

Pages of our own, each shaped by one rule (no library's code or class names):

- A hidden native <select> whose stand-in is a link (or a button) showing the current option. The link also carries
  ARIA parts a person never sees: a 1-px focus catcher `role=button` labelled by the shown value, and a
  closed drop (display: none) holding a `role=combobox` search box and an empty `role=listbox` that the
  widget fills when it opens (moved to the end of the body). Those hidden parts declare no control a
  person operates: the link is the face, and the select is one combobox named by its label.
- A combobox that takes several options, two shapes: a container `role=combobox` whose listbox declares
  `aria-multiselectable` (its options' `aria-selected` marks the highlighted one, not the chosen), over a
  hidden <select multiple> that holds only the chosen options, with chips that have a remove button and a
  search field inside; and an input `role=combobox` that declares nothing, whose list (drawn only while
  open) stays open for more picks and whose chips are each a text and a remove control without text. `fill`
  with a list picks each as a person does (open, click the option, again), removes a chip left out by its
  control, and checks the chips (or the hidden select) after; a combobox that keeps one option refuses a list.
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.report import fidelity_report
from browserx.page import DomService, SnapshotOptions

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


EXTRAS = ["Gift wrap", "Card", "Express"]
# A container combobox over a hidden <select multiple> that holds only what is chosen; its listbox opens on a
# press and stays open while options are clicked; each chosen option is a chip with a remove button.
DECLARED_MULTI = f"""<!doctype html><title>Order</title>
<style>
body {{ font: 14px sans-serif; width: 500px }}
.multi {{ position: relative; width: 300px; border: 1px solid #aaa; margin: 4px 0 16px }}
.inner {{ display: flex; flex-wrap: wrap; gap: 4px; padding: 4px; min-height: 24px }}
.chip {{ background: #dde; padding: 0 4px }}
.chip button {{ font-size: 10px; margin-left: 4px }}
.inner input {{ border: 0; flex: 1; min-width: 60px }}
.dropdown {{ display: none; position: absolute; left: 0; right: 0; top: 100%; background: white; border: 1px solid #aaa;
  z-index: 5 }}
.multi.open .dropdown {{ display: block }}
[role=option] {{ padding: 3px 6px; cursor: pointer }}
</style>
<form onsubmit="return false">
<label for=extras>Extras</label>
<div class=multi role=combobox aria-haspopup=true aria-expanded=false>
  <div class=inner><select id=extras name=extras multiple hidden tabindex=-1></select>
    <span class=chips></span><input type=search role=textbox aria-label="null" aria-autocomplete=list></div>
  <div class=dropdown><div role=listbox aria-multiselectable=true>
    {"".join(f'<div role=option data-value="{e}">{e}</div>' for e in EXTRAS)}</div></div>
</div>
<p><button>Save order</button></p></form>
<script>
window.picks = [];
const multi = document.querySelector('.multi'), select = document.getElementById('extras');
const chips = multi.querySelector('.chips'), options = [...multi.querySelectorAll('[role=option]')];
const search = multi.querySelector('input');
const draw = () => {{
  chips.innerHTML = '';
  for (const o of select.options) {{
    const chip = document.createElement('span'); chip.className = 'chip'; chip.textContent = o.value;
    const x = document.createElement('button'); x.type = 'button'; x.textContent = 'Remove item';
    x.setAttribute('aria-label', `Remove item: '${{o.value}}'`);
    x.addEventListener('mousedown', (e) => {{ e.stopPropagation(); o.remove(); draw(); }});
    chip.append(x); chips.append(chip);
  }}
  const chosen = new Set([...select.options].map(o => o.value));
  for (const o of options) o.hidden = chosen.has(o.dataset.value);
  const first = options.find(o => !o.hidden);
  for (const o of options) o.setAttribute('aria-selected', String(o === first));  // the highlighted one
}};
const shut = () => {{ multi.classList.remove('open'); multi.setAttribute('aria-expanded', 'false'); }};
multi.addEventListener('mousedown', (e) => {{
  if (e.target.closest('[role=option]')) return;
  multi.classList.add('open'); multi.setAttribute('aria-expanded', 'true');
  if (e.target !== search) {{ e.preventDefault(); search.focus(); }}
}});
search.addEventListener('keydown', (e) => {{ if (e.key === 'Escape') shut(); }});
document.addEventListener('mousedown', (e) => {{
  if (!multi.contains(e.target)) shut();
}});
for (const o of options) o.addEventListener('mousedown', (e) => {{
  e.preventDefault();
  select.append(new Option(o.dataset.value, o.dataset.value, true, true));
  window.picks.push(o.dataset.value); draw();
}});
draw();
</script>"""


def _chips_of(selector: str) -> str:
    return f"[...document.querySelectorAll('{selector}')].map(c => c.firstChild.textContent)"


async def test_fill_picks_each_option_of_a_multiselectable_combobox_over_its_hidden_select(
    open_page, snapshot, call, js
):
    await open_page(DECLARED_MULTI)
    model = await snapshot()
    [extras] = [c for c in model["controls"] if c["role"] == "combobox"]
    assert extras["name"] == "Extras", model["controls"]
    assert extras["states"].get("multiselectable") is True  # its listbox says so: the agent may give a list
    result = await call("browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": EXTRAS[::2]}])
    assert result.success, result.error
    assert await js("window.picks") == ["Gift wrap", "Express"]  # each through its option, as a person picks
    assert await js("[...document.getElementById('extras').selectedOptions].map(o => o.value)") == EXTRAS[::2]
    assert await js(_chips_of(".chip")) == EXTRAS[::2]
    assert await js("document.querySelector('.multi.open')") is None  # its list closed when done, by Escape
    # Exactly these: a chip left out is removed by its own button; one already chosen is not clicked again.
    again = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Express", "Card"]}]
    )
    assert again.success, again.error
    assert await js("window.picks") == ["Gift wrap", "Express", "Card"]
    assert await js(_chips_of(".chip")) == ["Express", "Card"]


SEATS = ["Parking", "Drinks", "Programme"]
# An input combobox declaring nothing about several options: its list is drawn while it is open and stays
# open for more picks (a click on a chosen option takes it out again); each chip is a text and a remove
# control without text. `single` keeps one option: a pick closes the list and sets the text.
UNDECLARED = f"""<!doctype html><title>Tickets</title>
<style>
body {{ font: 14px sans-serif; width: 500px }}
.wrap {{ position: relative; width: 300px; border: 1px solid #aaa; margin: 4px 0 16px }}
.inner {{ display: flex; flex-wrap: wrap; gap: 4px; padding: 4px }}
.token {{ background: #dde; padding: 0 4px; display: flex; gap: 4px }}
.remove {{ width: 10px; height: 10px; background: #c66; cursor: pointer }}
.inner input {{ border: 0; flex: 1; min-width: 60px }}
ul {{ position: absolute; left: 0; right: 0; top: 100%; margin: 0; padding: 0; list-style: none; background: white;
  border: 1px solid #aaa; z-index: 5 }}
li {{ padding: 3px 6px; cursor: pointer }}
</style>
<span>Extras</span>
<div class=wrap id=many><div class=inner><div class=field>
  <input role=combobox aria-controls=opts-many aria-expanded=false aria-label=Extras autocomplete=off></div></div></div>
<span>Section</span>
<div class=wrap id=one><div class=inner><div class=field>
  <input role=combobox aria-controls=opts-one aria-expanded=false aria-label=Section autocomplete=off></div></div></div>
<button>Book tickets</button>
<script>
window.chosen = {{many: [], one: []}};
function dropdown(id, single) {{
  const wrap = document.getElementById(id), input = wrap.querySelector('input'), inner = wrap.querySelector('.inner');
  const chosen = window.chosen[id];
  let list = null;
  const close = () => {{ if (list) list.remove(); list = null; input.setAttribute('aria-expanded', 'false'); }};
  const drawChips = () => {{
    for (const t of inner.querySelectorAll('.token')) t.remove();
    if (single) return;
    for (const c of chosen) {{
      const token = document.createElement('div'); token.className = 'token';
      const text = document.createElement('span'); text.textContent = c;
      const x = document.createElement('div'); x.className = 'remove'; x.setAttribute('role', 'button');
      x.tabIndex = 0; x.title = 'Remove ' + c;
      x.addEventListener('mousedown', (e) => {{
        e.preventDefault(); chosen.splice(chosen.indexOf(c), 1); drawChips();
      }});
      token.append(text, x); inner.insertBefore(token, inner.lastElementChild);
    }}
  }};
  const open = () => {{
    if (list) return;
    list = document.createElement('ul'); list.id = 'opts-' + id; list.setAttribute('role', 'listbox');
    for (const s of {SEATS!r}) {{
      const li = document.createElement('li'); li.setAttribute('role', 'option'); li.setAttribute('aria-label', s);
      li.setAttribute('aria-selected', String(chosen.includes(s)));
      li.textContent = (chosen.includes(s) ? '✓ ' : '') + s;
      li.addEventListener('mousedown', (e) => {{
        e.preventDefault();
        if (single) {{ chosen.splice(0, chosen.length, s); input.value = s; close(); return; }}
        if (chosen.includes(s)) chosen.splice(chosen.indexOf(s), 1); else chosen.push(s);
        input.value = ''; drawChips(); close(); open();
      }});
      list.append(li);
    }}
    wrap.append(list); input.setAttribute('aria-expanded', 'true');
  }};
  input.addEventListener('focus', open);
  input.addEventListener('mousedown', open);
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (e) => {{ if (e.key === 'Escape') close(); }});
}}
dropdown('many', false);
dropdown('one', true);
</script>"""


async def test_fill_picks_each_option_of_a_combobox_whose_list_stays_open_and_shows_chips(
    open_page, snapshot, call, js
):
    await open_page(UNDECLARED)
    model = await snapshot()
    extras = next(c for c in model["controls"] if c["role"] == "combobox" and c["name"] == "Extras")
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Parking", "Drinks"]}]
    )
    assert result.success, result.error
    assert await js("window.chosen.many") == ["Parking", "Drinks"]
    assert await js(_chips_of(".token")) == ["Parking", "Drinks"]
    assert await js("document.querySelector('[role=listbox]')") is None  # closed when done
    again = await call("browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Drinks"]}])
    assert again.success, again.error
    assert await js("window.chosen.many") == ["Drinks"]  # Parking's chip removed by its control


async def test_a_list_for_a_combobox_that_keeps_one_option_is_refused(open_page, snapshot, call, js):
    await open_page(UNDECLARED)
    model = await snapshot()
    section = next(c for c in model["controls"] if c["role"] == "combobox" and c["name"] == "Section")
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": section["id"], "value": ["Parking", "Drinks"]}]
    )
    assert result.code == "VALIDATION_ERROR", result.error
    assert await js("window.chosen.one") == ["Parking"]  # its first pick, then the check that it kept no list


async def test_fidelity_counts_the_stand_in_as_its_select_entry(server, tab):
    """The checker (fidelity/report.py) sees the hidden select through its stand-in, and the stand-in's parts
    that Chromium lists (the link, the focus catcher `role=button`) are the select's entry: no miss, no extra."""
    await navigate(tab, server.route("/drawn-fidelity", LINK_FACE))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    report = await fidelity_report(tab, model)
    assert (report.recall, report.precision) == (1.0, 1.0), (report.misses, report.extras)
    assert {m["rule"] for m in report.merged} == {"standin_part"}


# A select laid transparent under a widget that declares its own combobox (a button `role=combobox` showing
# the value, or a prompt when a multiple select has nothing chosen), each option a `role=option` in a listbox
# the button owns. The select stays in the tab order. A person sees one dropdown each.
DECLARED_FACE = """<!doctype html><title>Trip</title>
<style>body { font: 14px sans-serif; width: 500px } .w { position: relative; width: 300px; margin: 4px 0 16px }
.w select { position: absolute; bottom: 0; left: 50%; width: 0.5px; height: 100%; opacity: 0; border: 0; padding: 0 }
.w button { width: 100%; text-align: left } [role=listbox] { display: none } .w.open [role=listbox] { display: block }
</style>
<label for=room>Room</label>
<div class=w><select id=room name=room><option>Single</option><option>Suite</option></select></div>
<label for=extras>Extras</label>
<div class=w><select id=extras name=extras multiple><option>Breakfast</option><option>Parking</option></select></div>
<button type=submit>Book</button>
<script>
for (const select of document.querySelectorAll('.w select')) {
  const box = select.parentElement, n = select.id;
  const face = document.createElement('button');
  face.type = 'button'; face.tabIndex = -1; face.setAttribute('role', 'combobox');
  face.setAttribute('aria-haspopup', 'listbox'); face.setAttribute('aria-owns', 'list-' + n);
  const shown = () => { const t = [...select.selectedOptions].map(o => o.text).join(', ') || 'Nothing selected';
    face.textContent = t; face.title = t; };
  const list = document.createElement('div');
  list.id = 'list-' + n; list.setAttribute('role', 'listbox');
  if (select.multiple) list.setAttribute('aria-multiselectable', 'true');
  for (const o of select.options) {
    const item = document.createElement('a'); item.setAttribute('role', 'option'); item.textContent = o.text;
    item.tabIndex = 0;
    item.onclick = () => { o.selected = select.multiple ? !o.selected : true; shown();
      item.setAttribute('aria-selected', String(o.selected)); if (!select.multiple) box.classList.remove('open'); };
    list.append(item);
  }
  face.onclick = () => box.classList.toggle('open');
  box.append(face, list); shown();
}
</script>"""


async def test_a_transparent_select_under_a_declared_combobox_is_listed_once(open_page, snapshot):
    await open_page(DECLARED_FACE)
    model = await snapshot()
    boxes = [(c["role"], c["name"]) for c in model["controls"] if c["role"] in ("combobox", "listbox")]
    assert boxes == [("combobox", "Room"), ("combobox", "Extras")], boxes


async def test_select_and_fill_go_through_the_declared_combobox_over_a_transparent_select(
    open_page, snapshot, call, js
):
    await open_page(DECLARED_FACE)
    room, extras = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"]
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    assert await js(f"({_SELECTED})('room')") == ["Suite"]
    fields = [{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    result = await call("browser_dom", action="fill", fields=fields)
    assert result.success, result.error
    assert await js(f"({_SELECTED})('extras')") == ["Breakfast", "Parking"]
