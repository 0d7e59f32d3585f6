"""browser_dom fill: a whole form in one call, each field by its kind; the server receives the
values; the result names each field's outcome and never a value; the first failure stops it."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

FORM = """<!doctype html>
<form method=post action=/signup>
  <label>Name <input name=name value="old"></label>
  <label>Bio <textarea name=bio></textarea></label>
  <label><input type=checkbox name=agree value=yes> I agree</label>
  <label><input type=radio name=plan value=free checked> Free</label>
  <label><input type=radio name=plan value=pro> Pro</label>
  <label>Country <select name=country><option value=no>Norway</option><option value=se>Sweden</option></select></label>
  <label>Tags <select name=tags multiple><option>red</option><option>green</option><option>blue</option></select></label>
  <label>Volume <input type=range name=volume min=0 max=100 value=10></label>
  <label>Quantity <input type=number name=qty></label>
  <label>Day <input type=date name=day></label>
  <label>At <input type=time name=at></label>
  <label>Colour <input type=color name=colour></label>
  <button>Sign up</button>
</form>"""
WIDGETS = """<!doctype html>
<button role=switch id=wifi aria-checked=false aria-label=Wifi
  onclick="this.setAttribute('aria-checked', this.getAttribute('aria-checked') === 'true' ? 'false' : 'true')">Wifi</button>
<div role=slider id=temp tabindex=0 aria-label=Temperature aria-valuemin=10 aria-valuemax=30 aria-valuenow=20
  onkeydown="const v = +this.getAttribute('aria-valuenow') + (event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0);
             this.setAttribute('aria-valuenow', Math.max(10, Math.min(30, v)))">20</div>
<div role=listbox id=fruit aria-label=Fruit>
  <div role=option id=o1 aria-selected=false onclick="pick(this)">Apple</div>
  <div role=option id=o2 aria-selected=false onclick="pick(this)">Pear</div>
</div>
<script>function pick(o) { for (const x of o.parentNode.children) x.setAttribute('aria-selected', x === o); }</script>"""


async def _ids(eid, tab, selectors):
    return [await eid(tab, s) for s in selectors]


async def test_a_form_of_every_kind_is_filled_in_one_call_and_submitted(tab, load, call, eid, server):
    server.route("/signup", "<p>welcome</p>")
    await load(tab, FORM)
    selectors = [
        "[name=name]",
        "[name=bio]",
        "[name=agree]",
        "[value=pro]",
        "[name=country]",
        "[name=tags]",
        "[name=volume]",
        "[name=qty]",
        "[name=day]",
        "[name=at]",
        "[name=colour]",
    ]
    values = [
        "Ada Lovelace",
        "Counts\nthings",
        True,
        True,
        "Sweden",
        ["red", "blue"],
        70,
        3,
        "2031-02-03",
        "09:30",
        "#336699",
    ]
    ids = await _ids(eid, tab, selectors)
    result = await call(
        "browser_dom", action="fill", fields=[{"element_id": i, "value": v} for i, v in zip(ids, values)]
    )
    assert result.success, result.error
    assert [f["element_id"] for f in result.data["fields"]] == ids
    assert [f["done"] for f in result.data["fields"]] == [
        "typed",
        "typed",
        "checked",
        "checked",
        "selected",
        "selected",
        "set",
        "typed",
        "set",
        "set",
        "set",
    ]
    text = json.dumps(result.data)
    assert "Ada" not in text and "Sweden" not in text and "2031-02-03" not in text and "#336699" not in text
    sent = await call("browser_dom", action="click", element_id=await eid(tab, "button"))
    assert sent.success, sent.error
    got = parse_qs(server.posts["/signup"][0][1].decode())
    assert got == {
        "name": ["Ada Lovelace"],
        "bio": ["Counts\r\nthings"],
        "agree": ["yes"],
        "plan": ["pro"],
        "country": ["se"],
        "tags": ["red", "blue"],
        "volume": ["70"],
        "qty": ["3"],
        "day": ["2031-02-03"],
        "at": ["09:30"],
        "colour": ["#336699"],
    }


async def test_aria_switch_slider_and_listbox_are_filled(tab, load, call, eid, js):
    await load(tab, WIDGETS)
    ids = await _ids(eid, tab, ["#wifi", "#temp", "#fruit"])
    result = await call(
        "browser_dom",
        action="fill",
        fields=[
            {"element_id": ids[0], "value": True},
            {"element_id": ids[1], "value": 23},
            {"element_id": ids[2], "value": "Pear"},
        ],
    )
    assert result.success, result.error
    assert await js(
        tab, "[wifi.getAttribute('aria-checked'), temp.getAttribute('aria-valuenow'), o2.getAttribute('aria-selected')]"
    ) == ["true", "23", "true"]


async def test_fill_stops_at_the_first_failing_field_and_names_it(tab, load, call, eid, js):
    await load(tab, FORM)
    name, agree, country, qty = await _ids(eid, tab, ["[name=name]", "[name=agree]", "[name=country]", "[name=qty]"])
    result = await call(
        "browser_dom",
        action="fill",
        fields=[
            {"element_id": name, "value": "Grace"},
            {"element_id": country, "value": "Atlantis"},
            {"element_id": qty, "value": "5"},
        ],
    )
    assert not result.success and result.error["code"] == "VALIDATION_ERROR"
    details = result.error["details"]
    assert details["field"] == 1 and details["element_id"] == country
    assert details["fields"] == [
        {"element_id": name, "done": "typed"},
        {"element_id": country, "error": "VALIDATION_ERROR"},
    ]
    assert await js(
        tab, "[document.querySelector('[name=name]').value, document.querySelector('[name=qty]').value]"
    ) == ["Grace", ""]
    wrong_kind = await call("browser_dom", action="fill", fields=[{"element_id": agree, "value": "yes please"}])
    assert wrong_kind.error["code"] == "VALIDATION_ERROR" and wrong_kind.error["details"]["field"] == 0
    gone = await call("browser_dom", action="fill", fields=[{"element_id": "te_999", "value": "x"}])
    assert gone.error["code"] == "NODE_NOT_FOUND"


async def test_a_checked_box_filled_false_is_unchecked_and_an_unchanged_one_is_not_clicked(tab, load, call, eid, js):
    await load(tab, FORM.replace("name=agree value=yes", "name=agree value=yes checked"))
    agree, free = await _ids(eid, tab, ["[name=agree]", "[value=free]"])
    result = await call(
        "browser_dom",
        action="fill",
        fields=[{"element_id": agree, "value": False}, {"element_id": free, "value": True}],
    )
    assert result.success, result.error
    assert await js(
        tab, "[document.querySelector('[name=agree]').checked, document.querySelector('[value=free]').checked]"
    ) == [False, True]
    no_radio_off = await call("browser_dom", action="fill", fields=[{"element_id": free, "value": False}])
    assert no_radio_off.error["code"] == "VALIDATION_ERROR"
