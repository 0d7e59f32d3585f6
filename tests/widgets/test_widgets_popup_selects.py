"""Selects drawn as a button that opens a listbox (issue 31, kind 4), on a page of our own.

A component library's select, single and multiple, as such libraries draw it: a `role=button` box that says it
opens a listbox (`aria-haspopup=listbox`, `aria-owns` the list it renders on first opening at the end of the body)
and holds the caption (a `<label for>` of the read-only text input inside it), the chosen options' text, that
read-only input (the part that takes focus and the keys) and a hidden input with the value. Its options are
`role=option` items; a single one closes on a pick, a multiple one stays open and ticks each (`aria-selected`),
showing the choice as "A, B". Nothing declares a combobox. A person sees one dropdown named by its caption and
picks from the list it opens: the model lists one combobox each, and `select` / `fill` (a list for the multiple
one) pick through them as a person does, checked by what the field shows after.
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.report import fidelity_report
from browserx.page import DomService, SnapshotOptions

POPUP_SELECTS = """<!doctype html><title>Booking</title>
<style>
body { font: 14px sans-serif; margin: 16px; width: 480px }
.slot { position: relative; display: flex; align-items: center; border-bottom: 1px solid #888; min-height: 40px;
  padding-top: 12px; margin: 8px 0 20px; cursor: pointer }
.slot label { position: absolute; top: 0; left: 0; font-size: 11px; color: #666 }
.choice { display: flex; flex: 1; gap: 4px } .choice input { flex: 1; min-width: 16px; border: 0; outline: none }
.menu { position: absolute; background: white; box-shadow: 0 2px 6px #0004; z-index: 5 }
[role=option] { padding: 8px 12px; cursor: pointer } [role=option][aria-selected=true] { background: #def }
</style>
<main>
<div class=field data-options="Single,Double,Suite" data-value="Single"></div>
<div class=field data-options="Breakfast,Parking,Late checkout" data-multiple data-value=""></div>
<button type=button onclick="window.saved = fields.map(f => f.value)">Save</button>
</main>
<script>
const captions = ['Room', 'Extras'];
window.fields = [];
document.querySelectorAll('.field').forEach((host, n) => {
  const multiple = host.hasAttribute('data-multiple'), options = host.dataset.options.split(',');
  const state = {value: multiple ? [] : host.dataset.value, menu: null};
  fields.push(state);
  host.innerHTML = `<div role=button aria-haspopup=listbox aria-expanded=false aria-owns=list-${n} class=slot>
    <label for=field-${n}>${captions[n]}</label><div class=choice><span class=shown></span>
    <input id=field-${n} readonly type=text autocomplete=off></div><i class="icon icon-down" aria-hidden=true></i>
    <input type=hidden></div>`;
  const slot = host.firstElementChild, shown = slot.querySelector('.shown'), input = slot.querySelector('input');
  const show = () => {
    const v = multiple ? state.value.join(', ') : state.value;
    shown.textContent = v; slot.querySelector('[type=hidden]').value = v;
  };
  const close = () => { if (state.menu) state.menu.style.display = 'none'; slot.setAttribute('aria-expanded', 'false'); };
  const open = () => {
    if (!state.menu) {  // rendered on first opening, at the end of the body
      state.menu = document.createElement('div'); state.menu.className = 'menu';
      state.menu.innerHTML = `<div role=listbox tabindex=-1 id=list-${n}>` +
        options.map(o => `<div role=option tabindex=0 aria-selected=false>${o}</div>`).join('') + '</div>';
      document.body.append(state.menu);
      state.menu.addEventListener('click', (e) => {
        const item = e.target.closest('[role=option]');
        if (!item) return;
        const o = item.textContent;
        if (multiple) state.value = state.value.includes(o) ? state.value.filter(x => x !== o) : [...state.value, o];
        else state.value = o;
        show(); input.focus();
        for (const it of state.menu.querySelectorAll('[role=option]')) {
          it.setAttribute('aria-selected', String(multiple ? state.value.includes(it.textContent) : it.textContent === state.value));
        }
        if (!multiple) close();
      });
    }
    const r = slot.getBoundingClientRect();
    Object.assign(state.menu.style, {display: 'block', left: r.left + 'px', top: (r.bottom + scrollY) + 'px', width: r.width + 'px'});
    slot.setAttribute('aria-expanded', 'true');
  };
  slot.addEventListener('click', (e) => { input.focus(); open(); });
  input.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
  document.addEventListener('mousedown', (e) => {
    if (!slot.contains(e.target) && !(state.menu && state.menu.contains(e.target))) close();
  });
  show();
});
</script>"""


async def test_a_button_that_opens_a_listbox_holding_a_read_only_field_is_one_combobox(open_page, snapshot):
    await open_page(POPUP_SELECTS)
    model = await snapshot()
    listed = [(c["role"], c["name"]) for c in model["controls"]]
    assert listed == [("combobox", "Room"), ("combobox", "Extras"), ("button", "Save")], listed


async def test_find_gives_the_popup_select_as_the_snapshot_lists_it(open_page, snapshot, call):
    await open_page(POPUP_SELECTS)
    found = await call("browser_dom", action="find", query="Room")
    assert found.success, found.error
    controls = [(m["role"], m["name"], m["element_id"]) for m in found.data["matches"] if m["kind"] == "control"]
    [room] = [c for c in (await snapshot())["controls"] if c["name"] == "Room"]
    assert controls == [("combobox", "Room", room["id"])], controls


async def test_select_and_fill_pick_through_a_button_that_opens_a_listbox(open_page, snapshot, call, js):
    await open_page(POPUP_SELECTS)
    room, extras = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"]
    result = await call("browser_dom", action="select", element_id=room["id"], option="Suite")
    assert result.success, result.error
    fields = [{"element_id": extras["id"], "value": ["Breakfast", "Parking"]}]
    result = await call("browser_dom", action="fill", fields=fields)
    assert result.success, result.error
    assert await js("fields.map(f => f.value)") == ["Suite", ["Breakfast", "Parking"]]
    assert await js("document.querySelectorAll('.menu')[1].style.display") == "none"  # closed when done
    again = await call("browser_dom", action="select", element_id=extras["id"], option="Parking")
    assert again.success, again.error
    assert await js("fields[1].value") == ["Breakfast", "Parking"]  # already chosen: not clicked (untick) again
    fewer = await call("browser_dom", action="fill", fields=[{"element_id": extras["id"], "value": ["Parking"]}])
    assert fewer.success, fewer.error
    assert await js("fields[1].value") == ["Parking"]  # exactly these: Breakfast ticked off in its list
    assert await js("document.querySelectorAll('.menu')[1].style.display") == "none"


async def test_a_list_on_a_single_popup_select_is_refused_after_its_first_pick(open_page, snapshot, call, js):
    await open_page(POPUP_SELECTS)
    room = [c for c in (await snapshot())["controls"] if c["role"] == "combobox"][0]
    result = await call("browser_dom", action="fill", fields=[{"element_id": room["id"], "value": ["Double", "Suite"]}])
    assert result.code == "VALIDATION_ERROR", result.error
    assert await js("fields[0].value") == "Suite"  # its picks, then the check: it shows one only


async def test_fidelity_counts_the_read_only_field_as_part_of_its_popup_select(server, tab):
    """The checker (fidelity/report.py): Chromium's button (with its popup) is the combobox, and its read-only
    textbox is a part of it (merged): no miss, no extra."""
    await navigate(tab, server.route("/popup-select-fidelity", POPUP_SELECTS))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    report = await fidelity_report(tab, model)
    assert (report.recall, report.precision) == (1.0, 1.0), (report.misses, report.extras)
    assert {m["rule"] for m in report.merged} == {"standin_part"}
