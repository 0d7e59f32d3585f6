"""fill on a dropdown drawn as a button: a button that opens a list of options (ARIA's collapsible listbox,
`aria-haspopup=listbox`, or a popover holding a listbox, `aria-haspopup=dialog`). Its options are picked from
the popup it opens, as a person picks; a list of options picks each, checked by what the widget shows after
each pick (its face lists the chosen ones; a highlight is no choice). A popup drawn at the end of the
document's body for a trigger inside a shadow root is the trigger's popup all the same."""

from __future__ import annotations

import pytest

from browserx.actions.fill import fill
from browserx.actions.navigation import navigate
from browserx.errors import BrowserxError
from browserx.page.model import SnapshotOptions
from browserx.page.service import DomService

PAGE = """<!doctype html><title>Stay</title><style>body { font: 16px/1.5 sans-serif }
[role=option] { padding: 2px 8px; cursor: pointer } [role=option][aria-selected=true] { background: #eef }</style>
<main>
<x-extras></x-extras>
<p><label for=size>Size</label> <button id=size aria-haspopup=listbox aria-expanded=false aria-controls=sizes>Medium</button></p>
<ul id=sizes role=listbox hidden><li role=option>Small</li><li role=option>Medium</li><li role=option>Large</li></ul>
<p id=after>Next field</p>
</main>
<script>
window.chosen = [];
window.size = "Medium";
// A multiselect of a popover library: the trigger in a shadow root, its popover (a dialog holding a search
// field and a listbox) drawn at the end of the body. aria-selected marks the option under the pointer (a
// command menu's highlight); a chosen one shows a tick, and the trigger lists the chosen ones.
customElements.define("x-extras", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = `<label for=extras>Extras</label>
      <button id=extras aria-haspopup=dialog aria-expanded=false aria-controls=extras-pop>Select...</button>`;
    this.button = this.shadowRoot.getElementById("extras");
    this.button.addEventListener("click", () => (this.pop ? this.close() : this.open()));
  }
  open() {
    const r = this.button.getBoundingClientRect();
    this.pop = document.createElement("div");
    Object.assign(this.pop, { id: "extras-pop", role: "dialog" });
    this.pop.style.cssText = `position: absolute; left: ${r.left}px; top: ${r.bottom + 4}px; background: white; border: 1px solid #888`;
    this.pop.innerHTML = `<input role=combobox aria-expanded=true aria-controls=extras-list aria-label=Search placeholder=Search...>
      <div id=extras-list role=listbox aria-label=Suggestions></div>`;
    const list = this.pop.querySelector("[role=listbox]");
    for (const label of ["Breakfast", "Parking", "Late checkout"]) {
      const o = document.createElement("div");
      o.setAttribute("role", "option");
      o.setAttribute("aria-selected", "false");
      o.dataset.value = label;
      o.addEventListener("pointerenter", () => this.highlight(o));
      o.addEventListener("click", () => this.toggle(label, o));
      list.append(o);
    }
    document.body.append(this.pop);
    this.button.setAttribute("aria-expanded", "true");
    this.draw();
    this.pop.querySelector("input").focus();
    this.onKey = (e) => { if (e.key === "Escape") this.close(); };
    document.addEventListener("keydown", this.onKey);
  }
  close() {
    this.pop.remove();
    this.pop = null;
    this.button.setAttribute("aria-expanded", "false");
    document.removeEventListener("keydown", this.onKey);
  }
  highlight(o) {
    for (const x of this.pop.querySelectorAll("[role=option]")) x.setAttribute("aria-selected", String(x === o));
  }
  toggle(label, o) {
    window.chosen = window.chosen.includes(label) ? window.chosen.filter(x => x !== label) : [...window.chosen, label];
    this.highlight(o);
    this.draw();
  }
  draw() {
    for (const o of this.pop.querySelectorAll("[role=option]")) {
      const tick = window.chosen.includes(o.dataset.value) ? '<svg aria-hidden=true width=10 height=10><path d="M1 5l3 3 5-7"/></svg>' : "";
      o.innerHTML = tick + o.dataset.value;
    }
    this.button.innerHTML = window.chosen.length
      ? window.chosen.map(c => `<span>${c}</span>`).join("<span>,</span>") : "<span>Select...</span>";
  }
});
// A single-choice dropdown: a button opening a listbox (ARIA's collapsible listbox); a pick closes it.
const size = document.getElementById("size"), sizes = document.getElementById("sizes");
size.addEventListener("click", () => { sizes.hidden = !sizes.hidden; size.setAttribute("aria-expanded", String(!sizes.hidden)); });
for (const o of sizes.children) o.addEventListener("click", () => {
  window.size = size.textContent = o.textContent;
  sizes.hidden = true;
  size.setAttribute("aria-expanded", "false");
});
</script>"""


async def _ids(tab, server, path):
    await navigate(tab, server.route(path, PAGE))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    return {c.name: c.id for c in model.controls if c.role == "button"}


async def _page(tab, expression):
    result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"]["value"]


async def test_fill_picks_each_option_of_a_button_whose_popover_holds_the_list(tab, server):
    ids = await _ids(tab, server, "/fill/popup-many")
    result = await fill(tab, [{"element_id": ids["Extras"], "value": ["Breakfast", "Parking"]}])
    assert result["fields"] == [{"element_id": ids["Extras"], "done": "selected"}]
    assert await _page(tab, "window.chosen") == ["Breakfast", "Parking"]
    # Done picking, the popover it left open is closed, as a person closes it.
    assert await _page(tab, "document.getElementById('extras-pop') === null") is True


async def test_fill_leaves_exactly_the_options_given_taking_out_those_chosen_before(tab, server):
    ids = await _ids(tab, server, "/fill/popup-exact")
    await fill(tab, [{"element_id": ids["Extras"], "value": ["Breakfast", "Late checkout"]}])
    # One kept, one taken out (clicked again in the list the pick opened), one added.
    await fill(tab, [{"element_id": ids["Extras"], "value": ["Parking", "Breakfast"]}])
    assert await _page(tab, "window.chosen") == ["Breakfast", "Parking"]
    # Nothing to pick, one to take out: its list opened for it (only the list tells options from a prompt).
    await fill(tab, [{"element_id": ids["Extras"], "value": ["Parking"]}])
    assert await _page(tab, "window.chosen") == ["Parking"]
    assert await _page(tab, "document.getElementById('extras-pop') === null") is True
    # An option chosen already is left chosen (a click on it would take it out).
    await fill(tab, [{"element_id": ids["Extras"], "value": "Parking"}])
    assert await _page(tab, "window.chosen") == ["Parking"]


async def test_fill_picks_the_option_of_a_button_that_opens_a_listbox(tab, server):
    ids = await _ids(tab, server, "/fill/popup-one")
    result = await fill(tab, [{"element_id": ids["Size"], "value": "Large"}])
    assert result["fields"] == [{"element_id": ids["Size"], "done": "selected"}]
    assert await _page(tab, "window.size") == "Large"


async def test_a_list_for_a_button_dropdown_that_keeps_one_option_is_refused(tab, server):
    ids = await _ids(tab, server, "/fill/popup-refused")
    with pytest.raises(BrowserxError) as err:
        await fill(tab, [{"element_id": ids["Size"], "value": ["Small", "Large"]}])
    # Each was picked as a person would (it was operated, not refused unopened); its face then showed one.
    assert err.value.code == "VALIDATION_ERROR"
    assert await _page(tab, "window.size") in ("Small", "Large")
