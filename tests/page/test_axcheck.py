"""Accessibility check mode: the model's roles and names against Chromium's own accessibility tree."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.fidelity.axcheck import aria_role, compare_with_chromium, normalise_name, roles_agree

LABELLED = """<!doctype html><title>Form</title><main><h1>Checkout</h1>
<form>
  <label for=name>Full name</label> <input id=name>
  <label>Email <input type=email></label>
  <input aria-label="Coupon code">
  <span id=zip-label>Postcode</span> <input aria-labelledby=zip-label>
  <input type=search aria-label="Search products">
  <input type=number aria-label="Quantity">
  <input type=range aria-label="Tip">
  <textarea aria-label="Delivery notes"></textarea>
  <label for=country>Country</label>
  <select id=country><option>France</option><option>Spain</option></select>
  <select multiple aria-label="Extras"><option>Wrap</option><option>Card</option></select>
  <label><input type=checkbox> Gift wrap</label>
  <fieldset><legend>Speed</legend>
    <label><input type=radio name=s> Standard</label> <label><input type=radio name=s> Express</label></fieldset>
  <div role=switch aria-checked=false tabindex=0 aria-label="Save card" style="width:20px;height:10px"></div>
  <button type=submit>Pay now</button>
  <input type=submit value="Place order">
  <a href="/terms">Terms <b>and</b> conditions</a>
  <a href="/help"><img alt="Help" src="data:,"></a>
  <button aria-label="Close dialog">×</button>
</form></main>"""


async def _model(server, tab, html):
    await navigate(tab, server.route("/form", html))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


async def test_labelled_controls_agree_with_chromium_on_role_and_name(server, tab):
    model = await _model(server, tab, LABELLED)
    report = await compare_with_chromium(tab, model)
    assert report["controls"] == len(model.controls) == 19, [(c.role, c.name) for c in model.controls]
    assert report["errors"] == []
    assert report["role_agreement"] == 1.0, report["disagreements"]
    assert report["agreement"] >= 0.9, report["disagreements"]


async def test_a_wrong_name_or_role_in_the_model_is_reported_as_a_disagreement(server, tab):
    model = await _model(server, tab, LABELLED)
    pay = next(c for c in model.controls if c.name == "Pay now")
    terms = next(c for c in model.controls if c.role == "link" and c.name.startswith("Terms"))
    controls = [
        c.model_copy(update={"name": "Pay later"})
        if c.id == pay.id
        else c.model_copy(update={"role": "button"})
        if c.id == terms.id
        else c
        for c in model.controls
    ]
    report = await compare_with_chromium(tab, model.model_copy(update={"controls": controls}))
    wrong = {d["id"]: d for d in report["disagreements"]}
    assert wrong[pay.id]["what"] == "name" and wrong[pay.id]["chromium_name"] == "Pay now"
    assert wrong[terms.id]["what"] == "role" and wrong[terms.id]["chromium_role"] == "link"
    assert report["matches"] <= report["controls"] - 2


async def test_an_element_gone_from_the_page_is_counted_as_an_error_not_compared(server, tab):
    model = await _model(server, tab, LABELLED)
    await tab.session.send("Runtime.evaluate", {"expression": "document.querySelector('#name').remove()"})
    report = await compare_with_chromium(tab, model)
    assert [e["error"] for e in report["errors"]] == ["NODE_NOT_FOUND"]
    assert report["controls"] == len(model.controls) - 1


async def test_limit_bounds_the_number_of_controls_compared(server, tab):
    model = await _model(server, tab, LABELLED)
    report = await compare_with_chromium(tab, model, limit=3)
    assert report["controls"] == 3


def test_chromium_internal_roles_map_to_aria_and_textbox_equals_searchbox():
    assert aria_role("ComboBoxSelect") == "combobox" and aria_role("MenuListOption") == "option"
    assert aria_role("DisclosureTriangle") == "button" and aria_role("link") == "link"
    assert roles_agree("textbox", "searchbox") and roles_agree("searchbox", "textbox")
    assert roles_agree("combobox", "PopUpButton") and not roles_agree("button", "link")


def test_names_compare_after_whitespace_normalisation_and_the_model_cap():
    assert normalise_name("  Sign \n\t in\ufeff ") == "Sign in"
    long = "word " * 100
    assert normalise_name(long) == long.strip()[:159] + "…" and len(normalise_name(long)) == 160
