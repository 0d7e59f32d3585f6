"""`<label>` names its control in the control's own tree (html-aam, accname 1.2 step 2E).

A label's `for` is an id, and ids are looked up in the label's tree: the document, or the shadow root
both live in. A label in the document never names a control inside a shadow root by id, nor a label in
a shadow root one outside it. A button is a labelable element like an input: a label pointing at it or
holding it names it, and that name outranks its content (a dropdown's current choice, "Select...").
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page import DomService, SnapshotOptions

SHADOW_FORM = """<!doctype html><title>Booking</title><style>body { font: 16px/1.5 sans-serif }</style>
<main>
<x-booking></x-booking>
<label for=code>Document caption</label>
<button id=doc-pick aria-haspopup=listbox>Choose...</button> <label for=doc-pick>Dessert</label>
<label>Size <button id=doc-size>Medium</button></label>
<label for=stars>Stars</label> <x-stars id=stars role=slider tabindex=0 aria-valuenow=3>3</x-stars>
<label>Mood <x-stars role=spinbutton tabindex=0 aria-valuenow=2>2</x-stars></label>
<label for=plain>Plain</label> <x-plain id=plain role=slider tabindex=0 aria-valuenow=1>1</x-plain>
</main>
<script>
// A form-associated custom element is labelable; one that is not is no label's control.
customElements.define("x-stars", class extends HTMLElement {
  static formAssociated = true;
  constructor() { super(); this.attachInternals(); }
});
customElements.define("x-booking", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = `
      <label for=extras>Extras</label> <button id=extras aria-haspopup=listbox>Select...</button>
      <label for=guest>Guest name</label> <input id=guest>
      <input id=code placeholder="Promo">
      <label><span>Wing</span> <button id=wing>North</button></label>
      <label for=doc-pick>Not the document's</label>
      <label for=rooms>Rooms</label> <x-stars id=rooms role=spinbutton tabindex=0 aria-valuenow=1>1</x-stars>
      <label for=stars>Not the document's stars</label>`;
  }
});
</script>"""


async def _named(server, tab):
    await navigate(tab, server.route("/shadow-labels", SHADOW_FORM))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    return model, {c.name: c for c in model.controls}


async def test_a_label_for_in_a_shadow_root_names_its_button_and_input_there(server, tab):
    _model, named = await _named(server, tab)
    assert named["Extras"].role == "button" and named["Extras"].name_from is None
    assert named["Guest name"].role == "textbox"
    # A label holding a button names it by its text around the button (the button itself is the one named).
    assert named["Wing"].role == "button"
    assert "Select..." not in named and "North" not in named


async def test_a_label_in_the_document_does_not_name_a_control_in_a_shadow_root_by_id(server, tab):
    _model, named = await _named(server, tab)
    assert "Document caption" not in named and "Not the document's" not in named
    assert named["Promo"].role == "textbox"  # its placeholder, html-aam's last resort
    # In the document, a button a label points at or holds takes that label too.
    assert named["Dessert"].role == "button" and named["Size"].role == "button"


async def test_a_form_associated_custom_element_takes_its_labels_in_its_own_tree(server, tab):
    _model, named = await _named(server, tab)
    assert named["Stars"].role == "slider" and named["Stars"].name_from is None
    assert named["Mood"].role == "spinbutton" and named["Mood"].name_from is None
    assert named["Rooms"].role == "spinbutton" and named["Rooms"].name_from is None
    assert "Not the document's stars" not in named and "Stars Not the document's stars" not in named
    # An element that is not form-associated is no label's control: its caption is only what a person sees.
    assert named["Plain"].name_from == "seen"


async def test_names_of_labelled_buttons_and_shadow_fields_agree_with_chromium(server, tab):
    model, _named_controls = await _named(server, tab)
    report = await compare_with_chromium(tab, model)
    assert report["errors"] == []
    assert report["disagreements"] == [], [(d["name"], d["chromium_name"]) for d in report["disagreements"]]
