"""Checkboxes and radios hidden outright (display: none) behind the label a person clicks, on pages of our own.

Menus, lists and toggles drawn in CSS keep the native field out of rendering and draw a box or a switch in its
label (the "checkbox hack"; list views of mobile frameworks). Chromium's tree has neither the field (not rendered)
nor a control for the label. A person clicks the label, and HTML's label activation toggles the field, rendered
or not: the field is listed, named by its label, with its state, and a click on its id toggles it.
"""

from __future__ import annotations

PAGE = """<!doctype html><title>Settings</title>
<style>
.hid { display: none } label { cursor: pointer; display: block; padding: 4px }
.box { display: inline-block; width: 14px; height: 14px; border: 1px solid #333; margin-right: 6px }
input:checked + .box { background: #36c }
.panel { display: none } #menu:checked ~ .panel { display: block }
</style>
<input type=checkbox id=menu class=hid><label for=menu>Menu</label>
<nav class=panel><a href="#home">Home</a></nav>
<ul>
<li><label><input type=checkbox class=hid name=fruit value=apples><i class=box></i><span>Apples</span></label></li>
<li><label><input type=radio class=hid name=size value=s><i class=box></i> Small</label></li>
<li><label><input type=radio class=hid name=size value=l checked><i class=box></i> Large</label></li>
</ul>
<input type=checkbox id=gone class=hid><label for=gone class=hid>Gone</label>
<input type=hidden name=token value=x>
<button type=button>Save</button>"""


def _shown(model: dict) -> list[tuple[str, str, bool | None]]:
    return [(c["role"], c["name"], (c.get("states") or {}).get("checked")) for c in model["controls"]]


async def test_a_checkbox_or_radio_hidden_behind_its_label_is_listed_with_its_state(open_page, snapshot):
    await open_page(PAGE)
    assert _shown(await snapshot()) == [
        ("checkbox", "Menu", False),
        ("checkbox", "Apples", False),
        ("radio", "Small", False),
        ("radio", "Large", True),
        ("button", "Save", None),
    ]  # not the one whose label is hidden too, nor the hidden input


async def test_a_click_on_its_id_toggles_it_through_its_label(open_page, snapshot, named, call, js):
    await open_page(PAGE)
    model = await snapshot()
    result = await call("browser_dom", action="click", element_id=named(model, "Menu")["id"])
    assert result.success, result.error
    assert await js("document.getElementById('menu').checked") is True
    assert "Home" in [c["name"] for c in (await snapshot())["controls"]]  # the menu it opens
    result = await call("browser_dom", action="click", element_id=named(model, "Small")["id"])
    assert result.success, result.error
    assert await js("document.querySelector('input[value=s]').checked") is True


async def test_find_names_it_as_the_snapshot_does(open_page, call):
    await open_page(PAGE)
    result = await call("browser_dom", action="find", query="Apples")
    assert result.success, result.error
    [match] = [m for m in result.data["matches"] if m["kind"] == "control"]
    assert (match["role"], match["name"]) == ("checkbox", "Apples")


# A popup of such rows, each label drawing its box and a mark of generated text that shows only once checked
# (font-size 0 until then: the word an icon font draws as the tick), and one icon button whose word is all it says.
POPUP = """<!doctype html><title>Extras</title>
<style>
.hid { display: none } label { display: block; padding: 4px; cursor: pointer }
.mark { display: inline-block; width: 18px; height: 18px; border: 1px solid #333; margin-right: 6px }
.mark::after { content: "checkbox_md"; font-size: 0 }
input:checked + .mark::after { font-size: 15px }
.icon::after { content: "delete_forever"; font-size: 0 }
/* An icon font's ligature draws its word as one picture about 1 em wide; no such font here: letters drawn over one
   another stand in for it (the rule goes by the drawn width). The same word drawn as letters is read. */
.ligature { letter-spacing: -0.4em } .wide { letter-spacing: 0 }
.popover { position: absolute; top: 40px; left: 20px; width: 240px; background: white; box-shadow: 0 2px 8px #0004 }
</style>
<button type=button>Extras</button>
<div class=popover>
<label><input type=checkbox class=hid value=b><i class=mark></i><span>Breakfast</span></label>
<label><input type=checkbox class=hid value=p><i class=mark></i><span>Parking</span></label>
<button type=button aria-describedby=none><i class=icon></i></button>
</div>
<button type=button style="margin-top: 160px"><span class=ligature>chevron_right</span> Next</button>
<button type=button><span class=wide>chevron_right</span> Wide</button>"""


async def test_rows_of_a_popup_are_named_by_their_words_and_say_them_once(open_page, snapshot):
    await open_page(POPUP)
    model = await snapshot()
    assert _shown(model)[1:3] == [("checkbox", "Breakfast", False), ("checkbox", "Parking", False)]
    assert model["controls"][3]["name"] == "delete_forever"  # an icon alone keeps its word: all it says
    assert [c["name"] for c in model["controls"][4:]] == ["Next", "chevron_right Wide"]
    text = await snapshot("text")
    assert '"Breakfast"' not in text and '"Parking"' not in text  # the label's words are the control's name
