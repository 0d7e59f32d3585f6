"""Dropdowns and sliders a component draws around a hidden native control (issue 31, kind 4), on pages of our own.

A range input kept visually hidden (clipped to nothing, no name of its own) inside the thumb a slider draws, with
a value label beside it: the thumb is what a person sees and moves, the input what takes the keys. A custom
element whose shadow root draws a caption, the current value and an arrow, over a native button that says it
opens a dialog (`aria-haspopup`, `aria-expanded`) kept transparent and clipped: one popover of radios for a
single choice, an alert dialog of checkboxes with Cancel and OK for several. A person sees a slider and two
dropdowns showing their values, moves and picks: the model lists them so, and `fill` / `select` reach the page
through the hidden controls' own events and the popups they open.
"""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.fidelity.report import fidelity_report
from browserx.page import DomService, SnapshotOptions

HIDDEN_RANGE = """<!doctype html><title>Stay</title>
<style>
body { font: 14px sans-serif; margin: 24px }
.slider { position: relative; display: inline-block; width: 300px; height: 4px; margin: 24px 12px; background: #ccc;
  cursor: pointer }
.thumb { position: absolute; top: -8px; width: 20px; height: 20px; margin-left: -10px; border-radius: 50%;
  background: #17f }
.thumb input { border: 0; clip: rect(0 0 0 0); height: 100%; margin: -1px; overflow: hidden; padding: 0;
  position: absolute; white-space: nowrap; width: 100% }
.bubble { position: absolute; bottom: 24px; left: -4px; width: 28px; text-align: center; transform: scale(0) }
</style>
<p>Nights</p>
<span class=slider><span class=thumb><input type=range aria-label="" min=1 max=14 step=1 value=2>
<span class=bubble aria-hidden=true>2</span></span></span>
<button type=button onclick="window.saved = window.nights">Save</button>
<script>
window.nights = 2;
const input = document.querySelector('.thumb input');
const place = () => {
  document.querySelector('.thumb').style.left = ((input.value - 1) / 13 * 100) + '%';
  document.querySelector('.bubble').textContent = input.value;
};
input.addEventListener('input', () => { window.nights = +input.value; place(); });
place();
</script>"""


async def test_a_hidden_range_inside_a_drawn_thumb_is_the_slider(open_page, snapshot):
    await open_page(HIDDEN_RANGE)
    model = await snapshot(include_values=True)
    listed = [(c["role"], c.get("value")) for c in model["controls"]]
    assert listed == [("slider", "2"), ("button", None)], model["controls"]


async def test_fill_moves_a_hidden_range_by_its_keys(open_page, snapshot, call, js):
    await open_page(HIDDEN_RANGE)
    [slider] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    result = await call("browser_dom", action="fill", fields=[{"element_id": slider["id"], "value": 7}])
    assert result.success, result.error
    assert await js("[window.nights, document.querySelector('.bubble').textContent]") == [7, "7"]
    [after] = [c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "slider"]
    assert after["value"] == "7"


SHADOW_SELECTS = """<!doctype html><title>Booking</title>
<style>
body { font: 14px sans-serif; margin: 24px; width: 480px }
.backdrop { position: fixed; inset: 0; background: #0003; z-index: 10 }
.layer { position: fixed; z-index: 11; background: white; box-shadow: 0 2px 8px #0005; padding: 8px; min-width: 200px }
.layer [role=radio], .layer [role=checkbox] { display: block; width: 100%; padding: 8px; cursor: pointer; text-align: left;
  background: none; border: 0; font: inherit }
[aria-checked=true]::before { content: "\\2713  " }
</style>
<main>
<trip-select caption="Room" value="Single" options="Single,Double,Suite"></trip-select>
<trip-select caption="Extras" multiple placeholder="None" options="Breakfast,Parking,Late checkout"></trip-select>
<button type=button onclick="window.saved = true">Save</button>
</main>
<script>
window.chosen = {};
class TripSelect extends HTMLElement {
  connectedCallback() {
    const caption = this.getAttribute('caption'), root = this.attachShadow({mode: 'open'});
    this.value = this.hasAttribute('multiple') ? [] : this.getAttribute('value');
    root.innerHTML = `<style>
      :host { display: block; position: relative; cursor: pointer; padding: 12px 0; border-bottom: 1px solid #999 }
      label { display: flex; gap: 16px; cursor: pointer } .face { flex: 1; display: flex }
      .text { flex: 1 } .placeholder { color: #888 }
      button { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; padding: 0; border: 0; opacity: 0;
        clip: rect(0 0 0 0); overflow: hidden }
      </style><label><div class=caption>${caption}</div><div class=face><div class=text aria-hidden=true></div>
      <button type=button aria-haspopup=dialog aria-expanded=false></button>
      <svg width=12 height=12 aria-hidden=true viewBox="0 0 12 12"><path d="M1 4l5 5 5-5"/></svg></div></label>`;
    this.button = root.querySelector('button');
    this.show();
    this.addEventListener('click', (e) => { if (!this.layer) this.open(); });
  }
  show() {
    const v = Array.isArray(this.value) ? this.value.join(', ') : this.value;
    const text = this.shadowRoot.querySelector('.text');
    text.textContent = v || this.getAttribute('placeholder');
    text.classList.toggle('placeholder', !v);
    this.button.setAttribute('aria-label', `${this.getAttribute('caption')}, ${text.textContent}`);
    chosen[this.getAttribute('caption')] = this.value;
  }
  close() {
    this.layer.remove(); this.backdrop.remove(); this.layer = null;
    this.button.setAttribute('aria-expanded', 'false'); this.button.focus();
  }
  open() {
    const many = this.hasAttribute('multiple'), options = this.getAttribute('options').split(',');
    const r = this.getBoundingClientRect();
    this.backdrop = document.createElement('div'); this.backdrop.className = 'backdrop';
    this.backdrop.addEventListener('click', () => this.close());
    this.layer = document.createElement('div'); this.layer.className = 'layer';
    this.layer.setAttribute('aria-modal', 'true');
    const picked = new Set(many ? this.value : []);
    if (many) {  // an alert of checkboxes: nothing is kept until OK
      this.layer.setAttribute('role', 'alertdialog');
      this.layer.innerHTML = `<h2>${this.getAttribute('caption')}</h2>` +
        options.map(o => `<button type=button role=checkbox aria-checked=${picked.has(o)}>${o}</button>`).join('') +
        '<div><button type=button class=cancel>Cancel</button><button type=button class=ok>OK</button></div>';
      Object.assign(this.layer.style, {left: '140px', top: '80px'});
      this.layer.addEventListener('click', (e) => {
        const box = e.target.closest('[role=checkbox]');
        if (box) {
          const o = box.textContent, on = !picked.has(o);
          on ? picked.add(o) : picked.delete(o);
          box.setAttribute('aria-checked', String(on));
        } else if (e.target.closest('.ok')) {
          this.value = options.filter(o => picked.has(o)); this.show(); this.close();
        } else if (e.target.closest('.cancel')) this.close();
      });
    } else {  // a popover of radios: a pick closes it
      this.layer.setAttribute('role', 'dialog');
      this.layer.innerHTML = '<div role=radiogroup>' + options.map(o =>
        `<div role=radio tabindex=0 aria-checked=${o === this.value}>${o}</div>`).join('') + '</div>';
      Object.assign(this.layer.style, {left: r.left + 'px', top: r.bottom + 'px', width: r.width + 'px'});
      this.layer.addEventListener('click', (e) => {
        const radio = e.target.closest('[role=radio]');
        if (radio) { this.value = radio.textContent; this.show(); this.close(); }
      });
    }
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this.layer) this.close(); });
    document.body.append(this.backdrop, this.layer);
    this.button.setAttribute('aria-expanded', 'true');
    this.layer.querySelector('[role=radio], [role=checkbox]').focus();
  }
}
customElements.define('trip-select', TripSelect);
</script>"""


async def test_a_hidden_popup_button_in_a_shadow_root_is_one_combobox_showing_its_value(open_page, snapshot):
    await open_page(SHADOW_SELECTS)
    model = await snapshot(include_values=True)
    listed = [(c["role"], c["name"], c.get("value")) for c in model["controls"]]
    assert listed == [
        ("combobox", "Room", "Single"),
        ("combobox", "Extras", "None"),
        ("button", "Save", None),
    ], model["controls"]


async def test_select_opens_the_popover_of_a_hidden_popup_button_and_picks(open_page, snapshot, call, js):
    await open_page(SHADOW_SELECTS)
    room = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"][0]
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    assert await js("[chosen.Room, document.querySelectorAll('.layer').length]") == ["Suite", 0]
    [after] = [
        c for c in (await snapshot(include_values=True))["controls"] if c["role"] == "combobox" and c["name"] == "Room"
    ]
    assert after["value"] == "Suite"


async def test_fill_ticks_an_alert_of_checkboxes_and_accepts_it(open_page, snapshot, call, js):
    await open_page(SHADOW_SELECTS)
    extras = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"][1]
    fields = [{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    result = await call("browser_dom", action="fill", fields=fields)
    assert result.success, result.error
    # Kept by its OK (Escape would have cancelled the ticks), and the alert closed.
    assert await js("[chosen.Extras, document.querySelectorAll('.layer').length]") == [["Breakfast", "Parking"], 0]


# A select a component library draws with no ARIA at all: a `role=button` face showing the value (or, for several,
# a chip per chosen option with its remove button) ending in a chevron icon, under a `<label>` that labels nothing;
# pressed, it opens a menu beside it with a search box and the options: buttons for one, labels over hidden
# checkboxes for several.
FACE_SELECTS = """<!doctype html><title>Booking</title>
<style>
body { font: 14px sans-serif; margin: 24px; width: 420px }
.field { margin: 12px 0 } .field > label { display: block; font-size: 12px; color: #555 }
.select { position: relative }
.face { display: flex; align-items: center; min-height: 32px; border: 1px solid #999; padding: 0 8px; cursor: pointer }
.value { flex: 1; display: flex; gap: 4px } .chip { background: #eef; padding: 2px 6px }
.chip button { border: 0; background: none; cursor: pointer; width: 16px; height: 16px }
.menu { position: absolute; top: 36px; left: 0; right: 0; background: white; box-shadow: 0 2px 6px #0005; z-index: 2 }
.menu .item { display: block; width: 100%; padding: 6px 8px; text-align: left; background: none; border: 0; cursor: pointer;
  font: inherit }
.menu input[type=checkbox] { display: none }
</style>
<main>
<div class=field data-caption="Room" data-options="Single,Double,Suite" data-value="Single"></div>
<div class=field data-caption="Extras" data-options="Breakfast,Parking,Late checkout" data-multiple></div>
<button type=button onclick="window.saved = true">Save</button>
</main>
<script>
window.chosen = {};
const CHEVRON = '<svg class="icon icon-chevron-down" width=12 height=12 viewBox="0 0 12 12"><path d="M1 4l5 5 5-5"/></svg>';
document.querySelectorAll('.field').forEach((field, n) => {
  const caption = field.dataset.caption, many = field.hasAttribute('data-multiple');
  const options = field.dataset.options.split(',');
  let value = many ? [] : field.dataset.value, menu = null;
  field.innerHTML = `<label>${caption}</label><div class=select><div class=face role=button tabindex=0>
    <div class=value></div><div class=arrow><span>${CHEVRON}</span></div></div></div>`;
  const select = field.querySelector('.select'), face = field.querySelector('.face');
  const show = () => {
    const shown = face.querySelector('.value');
    shown.innerHTML = many ? value.map(v => `<div class=chip><span>${v}</span><button type=button data-remove="${v}">${CHEVRON.replace('chevron-down', 'x')}</button></div>`).join('') : value;
    chosen[caption] = value;
  };
  const turn = (way) => face.querySelector('.arrow svg').setAttribute('class', 'icon icon-chevron-' + way);
  const close = () => { if (menu) { menu.remove(); menu = null; turn('down'); } };
  const open = () => {
    menu = document.createElement('div'); menu.className = 'menu';
    menu.innerHTML = '<input type=text placeholder=Search>' + options.map((o, i) => many
      ? `<label class=item for=x-${n}-${i}><span>${o}</span><input type=checkbox id=x-${n}-${i} ${value.includes(o) ? 'checked' : ''}></label>`
      : `<button type=button class=item>${o}</button>`).join('');
    menu.addEventListener('click', (e) => {
      if (many) {
        const box = e.target.closest('input[type=checkbox]');
        if (!box) return;
        const o = box.previousElementSibling.textContent;
        value = box.checked ? [...value, o] : value.filter(v => v !== o);
        show();
      } else if (e.target.closest('.item')) { value = e.target.closest('.item').textContent; show(); close(); }
    });
    select.append(menu);
    turn('up');  // the arrow turns while its menu is open
  };
  face.addEventListener('click', (e) => {
    const remove = e.target.closest('[data-remove]');
    if (remove) { value = value.filter(v => v !== remove.dataset.remove); show(); return; }
    menu ? close() : open();
  });
  show();  // no Escape: such a menu closes by its face, or a press outside
});
</script>"""


async def test_a_face_with_an_arrow_under_a_caption_is_one_combobox(open_page, snapshot):
    await open_page(FACE_SELECTS)
    model = await snapshot(include_values=True)
    listed = [(c["role"], c["name"], c.get("value")) for c in model["controls"]]
    assert listed == [("combobox", "Room", "Single"), ("combobox", "Extras", ""), ("button", "Save", None)], listed


async def test_select_and_fill_pick_from_the_menu_a_face_opens(open_page, snapshot, call, js):
    await open_page(FACE_SELECTS)
    room, extras = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"]
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    assert await js("[chosen.Room, document.querySelectorAll('.menu').length]") == ["Suite", 0]
    fields = [{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    result = await call("browser_dom", action="fill", fields=fields)
    assert result.success, result.error
    assert await js("[chosen.Extras, document.querySelectorAll('.menu').length]") == [["Breakfast", "Parking"], 0]
    model = await snapshot(include_values=True)
    [after] = [c for c in model["controls"] if c["role"] == "combobox" and c["name"] == "Extras"]
    assert after["value"] == "Breakfast Parking"


async def test_a_button_with_an_arrow_and_no_caption_stays_a_button(open_page, snapshot):
    """A menu button ("Actions" and a chevron) has no field caption: no select."""
    page = FACE_SELECTS.replace(
        '<button type=button onclick="window.saved = true">Save</button>',
        "<div><div role=button tabindex=0 class=face>Actions<span class=arrow>"
        '<i class="fa fa-caret-down"></i></span></div></div>',
    )
    await open_page(page)
    model = await snapshot()
    assert [(c["role"], c["name"]) for c in model["controls"]][-1] == ("button", "Actions"), model["controls"]


@pytest.mark.parametrize("page", [HIDDEN_RANGE, SHADOW_SELECTS, FACE_SELECTS], ids=["range", "shadow", "face"])
async def test_fidelity_judges_each_drawn_control_as_the_native_one_it_stands_for(server, tab, page):
    """The checker (fidelity/report.py): the hidden range is seen through its thumb, the hidden popup button through
    the dropdown drawn for it (a combobox agrees with Core-AAM's popup button), the face as the button it is,
    judged by its own accessible name: no miss, no extra."""
    await navigate(tab, server.route("/drawn-fidelity", page))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    report = await fidelity_report(tab, model)
    assert (report.recall, report.precision) == (1.0, 1.0), (report.misses, report.extras)


@pytest.mark.parametrize("page", [SHADOW_SELECTS, FACE_SELECTS], ids=["shadow", "face"])
async def test_find_gives_a_drawn_dropdown_as_the_snapshot_lists_it(open_page, snapshot, call, page):
    await open_page(page)
    found = await call("browser_dom", action="find", query="Room")
    assert found.success, found.error
    controls = [(m["role"], m["name"], m["element_id"]) for m in found.data["matches"] if m["kind"] == "control"]
    [room] = [c for c in (await snapshot())["controls"] if c["name"] == "Room"]
    assert controls == [("combobox", "Room", room["id"])], controls


async def test_a_select_only_combobox_shows_its_value(open_page, snapshot):
    """ARIA 1.2's select-only combobox (an element of role combobox holding no field): its text is its value; a
    blank face (a zero-width space, as some libraries draw an empty multiple select) shows none."""
    await open_page(
        "<!doctype html><label id=r>Room</label><div role=combobox tabindex=0 aria-labelledby=r aria-expanded=false"
        " aria-haspopup=listbox>Single</div><label id=e>Extras</label><div role=combobox tabindex=0"
        " aria-labelledby=e aria-expanded=false aria-haspopup=listbox><span>&#8203;</span></div>"
    )
    model = await snapshot(include_values=True)
    assert [(c["name"], c.get("value")) for c in model["controls"]] == [("Room", "Single"), ("Extras", None)]
