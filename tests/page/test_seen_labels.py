"""Seen labels (issue 31, kind 3): a field with no accessible name takes the caption a person reads for
it (page/seen.js), never over a declared name, and the model says so (`name_from: "seen"`)."""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page import DomService, SnapshotOptions
from browserx.page.render import llm_json, render_text

CAPTIONS = """<!doctype html><title>Trip</title><style>
  body { font: 16px/1.5 sans-serif } .f { margin: 12px 0 }
  .track { display: block; width: 200px; height: 8px; background: #ccc }
  .thumb { display: block; width: 12px; height: 12px; background: #333 }</style>
<main>
<div class=f><label>Passengers</label><input type=range id=pass min=1 max=9></div>
<div class=f><div>Country</div><div role=combobox tabindex=0 aria-expanded=false id=country>France</div></div>
<div class=f><label for=wrap>Departure</label><div id=wrap><input id=dep></div></div>
<div class=f><span>Budget</span> <span class=track><span class=thumb role=slider tabindex=0 aria-valuenow=3
  id=budget></span></span></div>
<div class=f><div>Cabin</div><button aria-haspopup=listbox id=cabin>Economy</button></div>
<div class=f><div>Meal</div><select id=meal><option>Vegetarian</option></select></div>
<table><tr><td>Seat</td><td><input id=seat></td></tr></table>
<div class=f><div>Ignored</div><input id=declared aria-label="Promo code"></div>
<div class=f><div>Event date</div><div><input id=ph placeholder="YYYY-MM-DD"> <button>Pick</button></div></div>
<div class=f><div>Due in</div><input id=titled title="Days until it is due" type=number></div>
<div class=f><label for=coupon>Coupon</label><input id=coupon placeholder="SAVE10"></div>
<div class=f><div>Bags</div><div role=combobox tabindex=0 id=bags aria-labelledby=bags>2 bags</div></div>
<div class=f><p style="margin: 0">Volume</p>
  <span style="display: block; position: relative; width: 300px; height: 20px">
  <span style="position: absolute; left: 0; right: 0; top: 8px; height: 4px; background: #ccc"></span>
  <span style="position: absolute; left: 70%; top: 2px; width: 16px; height: 16px; background: #333"><input type=range
  id=volume value=70 style="position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0.01">
  </span></span></div>
<div class=f><div>Flavour</div><div style="display: flex; border: 1px solid #999; width: 200px"><div
  id=flavour-ph>Select...</div><input id=flavour role=combobox aria-describedby=flavour-ph
  style="border: 0; width: 20px"></div></div>
<div class=f><div id=sizecap>Size</div><button aria-haspopup=listbox id=size aria-labelledby=sizecap>M</button></div>
</main>"""

NEGATIVES = """<!doctype html><title>Not captions</title><style>
  body { font: 16px/1.5 sans-serif } .f { margin: 12px 0 } .rev { display: flex; flex-direction: row-reverse;
  justify-content: flex-end; gap: 8px } .below { display: flex; flex-direction: column-reverse }</style>
<main>
<div class=f><label for=email>Email</label><input id=email><input id=other></div>
<div class=f><label>Name <input id=named></label><input type=range id=after></div>
<section><h2>Notifications</h2><div class=f><input type=range id=sec1></div><div class=f><input id=sec2
  aria-label="Quiet hours"></div></section>
<div class=f><div>Far away</div><div style="height: 200px"></div><input id=far></div>
<div class=f><div class=rev><span>Shown right</span><input id=right></div></div>
<div class=f><div class=below><span>Shown below</span><input id=below></div></div>
<div class=f><input id=first> <span>Trailing words</span></div>
<div class=f><input type=checkbox id=cb> Remember me<br><input id=afterbox></div>
<div class=f><span id=ref>Phone</span> <input id=tel aria-labelledby=ref><input id=tel2></div>
<section><h2>Find a store</h2><div class=f><input id=search placeholder="Town or postcode"></div></section>
</main>"""


async def _model(server, tab, path: str, html: str):
    await navigate(tab, server.route(path, html))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


def _by_dom_id(model, tab_ids: dict[str, str]):
    return {dom_id: model.control(element_id) for dom_id, element_id in tab_ids.items()}


async def _ids(tab, model) -> dict[str, str]:
    """dom id -> element_id, read from the page through the model's own id map."""
    ids = {}
    for control in model.controls:
        selector = model.aimap.get(control.id, "")
        if selector.startswith("#"):
            ids[selector[1:]] = control.id
    return ids


async def test_a_nameless_field_takes_the_caption_a_person_reads_above_or_left_of_it(server, tab):
    model = await _model(server, tab, "/seen/captions", CAPTIONS)
    controls = _by_dom_id(model, await _ids(tab, model))
    seen = {dom_id: c.name for dom_id, c in controls.items() if c.name_from == "seen"}
    assert seen == {
        "pass": "Passengers",  # a <label> without `for` beside the range, not holding it
        "country": "Country",  # a <div> above a combobox
        "dep": "Departure",  # <label for> naming a wrapper that cannot be labelled: its field inside
        "budget": "Budget",  # a drawn slider, to the right of its caption
        "cabin": "Cabin",  # a dropdown whose only name was its current value
        "meal": "Meal",
        "seat": "Seat",  # the cell to its left
        "bags": "Bags",  # named by itself (aria-labelledby its own id): its value again
        "volume": "Volume",  # above the track, left of the thumb the value moved
        "flavour": "Flavour",  # its own placeholder beside it is its description, not its caption
        "ph": "Event date",  # named only by its placeholder (html-aam's last resort): the caption outranks it
        "titled": "Due in",  # named only by its title (a tooltip, html-aam's fallback): the caption outranks it
    }
    # Declared names stay, whatever text stands before the field.
    assert controls["declared"].name == "Promo code" and controls["declared"].name_from is None
    assert controls["coupon"].name == "Coupon" and controls["coupon"].name_from is None
    # The fallback a caption outranks stays what html-aam makes of it then: the placeholder a hint, the
    # title the description.
    assert controls["ph"].placeholder == "YYYY-MM-DD" and controls["titled"].description == "Days until it is due"
    assert controls["size"].name == "Size" and controls["size"].name_from is None
    # The caption now is the name: no description any more (but a title the caption outranked).
    assert all(
        c.description is None for c in controls.values() if c.name_from == "seen" and c.id != controls["titled"].id
    )


async def test_the_json_says_where_a_seen_name_came_from_and_the_text_stays_lean(server, tab):
    model = await _model(server, tab, "/seen/captions", CAPTIONS)
    controls = {c["name"]: c for c in llm_json(model)["controls"]}
    assert controls["Passengers"]["name_from"] == "seen"
    assert "name_from" not in controls["Promo code"]
    text = render_text(model)
    assert "sl_1 Passengers" in text and "seen" not in text.split("\n", 1)[1]  # the URL holds "seen"


async def test_text_that_is_not_the_fields_caption_is_never_taken(server, tab):
    model = await _model(server, tab, "/seen/negatives", NEGATIVES)
    controls = _by_dom_id(model, await _ids(tab, model))
    for dom_id in ("other", "after", "sec1", "far", "right", "below", "first", "afterbox", "tel2"):
        assert controls[dom_id].name == "", (dom_id, controls[dom_id].name)
        assert controls[dom_id].name_from is None
    assert controls["email"].name == "Email" and controls["tel"].name == "Phone"
    # A heading titles its region: a field there named by its own placeholder keeps that name.
    assert controls["search"].name == "Town or postcode" and controls["search"].name_from is None


async def test_chromium_agreement_judges_the_accessible_name_not_the_seen_one(server, tab):
    model = await _model(server, tab, "/seen/captions", CAPTIONS)
    report = await compare_with_chromium(tab, model)
    assert report["disagreements"] == [], report["disagreements"]


@pytest.mark.parametrize(
    ("query", "role", "name"), [("passengers", "slider", "Passengers"), ("event date", "textbox", "Event date")]
)
async def test_find_finds_a_field_by_its_seen_caption_with_the_snapshots_name(server, tab, call, query, role, name):
    await navigate(tab, server.route("/seen/find", CAPTIONS))
    result = await call("browser_dom", action="find", query=query)
    assert result.success, result.error
    (control,) = [m for m in result.data["matches"] if m["kind"] == "control"]
    assert control["role"] == role and control["name"] == name
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert model.control(control["element_id"]).name == name


# A dialog's title atop its field (with a hint of its own), a checkbox and buttons: the title names the
# dialog's region, the field keeps its placeholder ("File name"), as a heading would leave it.
TITLED_DIALOG = """<!doctype html><title>Files</title><style>body { font: 16px/1.5 sans-serif }</style>
<dialog open><div>Rename file</div><div><input id=file placeholder="File name"></div>
<label><input type=checkbox>Do not ask again</label> <button>Cancel</button> <button>Rename</button></dialog>"""


async def test_a_dialogs_title_is_not_the_caption_of_its_hinted_field(server, tab):
    model = await _model(server, tab, "/seen/dialog.html", TITLED_DIALOG)
    ids = await _ids(tab, model)
    field = _by_dom_id(model, ids)["file"]
    assert field.name == "File name" and field.name_from != "seen"


# A select kept 1 px across (not transparent) beside the combobox a widget drew for it, named only by its
# value: no person sees the select, so its label is the combobox's caption (seen.js replacedSelect).
REPLACED = """<!doctype html><title>Trip</title><style>body { font: 16px/1.5 sans-serif }
  .w select { width: 1px; height: 1px; border: 0; padding: 0 }</style>
<label for=room>Room</label>
<div class=w><select id=room tabindex=-1><option>Single</option><option>Suite</option></select><div role=combobox
  tabindex=0 aria-expanded=false id=face>Single</div></div>"""


async def test_a_select_no_person_sees_leaves_its_label_to_the_combobox_drawn_for_it(server, tab):
    model = await _model(server, tab, "/seen/replaced.html", REPLACED)
    face = _by_dom_id(model, await _ids(tab, model))["face"]
    assert (face.name, face.name_from) == ("Room", "seen")
