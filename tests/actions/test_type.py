"""browser_dom type and keypress: text replaces what was there, Enter submits, keys act like a keyboard."""

from __future__ import annotations

import pytest

PAGE = """<!doctype html>
<form id=f onsubmit="event.preventDefault(); window.submitted = (window.submitted || 0) + 1">
  <label>Name <input id=name value="old name"></label>
  <label>Secret <input id=pw type=password value="hunter2"></label>
  <textarea id=bio aria-label=Bio>old bio</textarea>
  <div id=ed contenteditable=true aria-label=Editor><b>old</b> rich</div>
  <input id=ro aria-label=Fixed readonly value=fixed>
  <button>Send</button>
</form>
<a id=link href="#">A link</a>
<select id=s aria-label=Size><option value=s>Small</option><option value=m>Medium</option><option value=l>Large</option></select>
<script>
window.events = [];
for (const type of ['input', 'change', 'keydown'])
  document.addEventListener(type, e => events.push([type, e.target.id, e.isTrusted]), true);
</script>"""


@pytest.fixture
async def page(tab, load):
    await load(tab, PAGE)
    return tab


@pytest.mark.parametrize("strategy", ["cdp", "script"])
@pytest.mark.parametrize(
    "selector,read",
    [
        ("#name", "document.getElementById('name').value"),
        ("#bio", "document.getElementById('bio').value"),
        ("#ed", "document.getElementById('ed').textContent"),
    ],
)
async def test_typing_replaces_the_old_content(page, call, eid, js, selector, read, strategy):
    result = await call(
        "browser_dom", action="type", element_id=await eid(page, selector), text="new text", strategy=strategy
    )
    assert result.success, result.error
    assert await js(page, read) == "new text"
    assert ["input", selector[1:]] in [e[:2] for e in await js(page, "events")]


async def test_clear_false_appends(page, call, eid, js):
    result = await call("browser_dom", action="type", element_id=await eid(page, "#name"), text="!", clear=False)
    assert result.success, result.error
    assert await js(page, "document.getElementById('name').value") == "old name!"


@pytest.mark.parametrize("strategy", ["cdp", "script"])
async def test_trailing_newline_presses_enter_and_submits(page, call, eid, js, strategy):
    result = await call(
        "browser_dom", action="type", element_id=await eid(page, "#name"), text="Ann\n", strategy=strategy
    )
    assert result.success, result.error
    assert await js(page, "[document.getElementById('name').value, window.submitted]") == ["Ann", 1]


async def test_submit_true_submits(page, call, eid, js):
    result = await call("browser_dom", action="type", element_id=await eid(page, "#name"), text="Ann", submit=True)
    assert result.success, result.error
    assert await js(page, "window.submitted") == 1


async def test_typed_text_never_appears_in_the_result(page, call, eid):
    result = await call(
        "browser_dom", action="type", element_id=await eid(page, "#pw"), text="s3cret-value", effects=True
    )
    assert result.success, result.error
    assert "s3cret" not in str(result.to_dict()) and "hunter2" not in str(result.to_dict())


async def test_typing_into_a_readonly_field_is_refused(page, call, eid, js):
    result = await call("browser_dom", action="type", element_id=await eid(page, "#ro"), text="x")
    assert result.code == "ELEMENT_READONLY"
    assert await js(page, "document.getElementById('ro').value") == "fixed"


async def test_typing_into_a_link_is_a_validation_error(page, call, eid):
    result = await call("browser_dom", action="type", element_id=await eid(page, "#link"), text="x")
    assert result.code == "VALIDATION_ERROR"


async def test_control_a_then_typing_replaces(page, call, eid, js):
    element_id = await eid(page, "#bio")
    result = await call("browser_dom", action="keypress", element_id=element_id, key="a", modifiers={"ctrl": True})
    assert result.success, result.error
    result = await call("browser_dom", action="keypress", key="Z")
    assert result.success, result.error
    assert await js(page, "document.getElementById('bio').value") == "Z"


async def test_shift_tab_moves_focus_back(page, call, eid, js):
    result = await call(
        "browser_dom", action="keypress", element_id=await eid(page, "#bio"), key="Tab", modifiers={"shift": True}
    )
    assert result.success, result.error
    assert await js(page, "document.activeElement.id") == "pw"
    assert result.data["effects"]["focus"]["role"] == "textbox"


async def test_keypress_enter_on_a_field_submits(page, call, eid, js):
    result = await call("browser_dom", action="keypress", element_id=await eid(page, "#name"), key="Enter")
    assert result.success, result.error
    assert await js(page, "window.submitted") == 1


async def test_script_keypress_dispatches_the_key(page, call, eid, js):
    result = await call(
        "browser_dom", action="keypress", element_id=await eid(page, "#name"), key="Escape", strategy="script"
    )
    assert result.success, result.error
    assert ["keydown", "name", False] in await js(page, "events")


async def test_unknown_key_is_a_validation_error(page, call):
    result = await call("browser_dom", action="keypress", key="Hyperspace")
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize("option,expected", [("Medium", "m"), ("l", "l"), ("small", "s")])
@pytest.mark.parametrize("strategy", ["cdp", "script"])
async def test_select_by_label_or_value(page, call, eid, js, option, expected, strategy):
    result = await call(
        "browser_dom", action="select", element_id=await eid(page, "#s"), option=option, strategy=strategy
    )
    assert result.success, result.error
    assert await js(page, "document.getElementById('s').value") == expected
    assert ["change", "s"] in [e[:2] for e in await js(page, "events")]


async def test_select_of_a_missing_option_lists_the_options(page, call, eid):
    result = await call("browser_dom", action="select", element_id=await eid(page, "#s"), option="Huge")
    assert result.code == "VALIDATION_ERROR"
    assert result.error["details"]["options"] == ["Small", "Medium", "Large"]


PICKERS = """<!doctype html>
<input id=when type=date aria-label=When>
<input id=hidden_box type=checkbox style="display:none"><label for=hidden_box id=lab>Agree to terms</label>
<input id=qty type=number aria-label=Quantity value=3>"""


async def test_date_input_takes_its_value_and_fires_change(tab, load, call, eid, js):
    await load(
        tab,
        PICKERS + "<script>window.changed = 0;"
        "document.getElementById('when').onchange = () => window.changed++</script>",
    )
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#when"), text="2024-02-29")
    assert result.success, result.error
    assert await js(tab, "[document.getElementById('when').value, window.changed]") == ["2024-02-29", 1]


async def test_number_input_is_replaced(tab, load, call, eid, js):
    await load(tab, PICKERS)
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#qty"), text="12")
    assert result.success, result.error
    assert await js(tab, "document.getElementById('qty').value") == "12"


async def test_checkbox_hidden_behind_its_label_is_clicked_through_the_label(tab, load, call, eid, js):
    await load(tab, PICKERS)
    box = "document.getElementById('hidden_box')"
    await js(tab, f"{box}.style.display = ''")  # visible while the model names it
    element_id = await eid(tab, "#hidden_box")
    await js(tab, f"{box}.style.display = 'none'")
    result = await call("browser_dom", action="click", element_id=element_id)
    assert result.success, result.error
    assert await js(tab, f"{box}.checked") is True


async def test_select_by_a_unique_part_of_a_label_but_never_an_ambiguous_one(tab, load, call, eid, js):
    await load(
        tab,
        "<select id=q aria-label=Qty><option>1 item</option><option>12 items</option>"
        "<option>20 items</option><option>Large box</option></select>",
    )
    element_id = await eid(tab, "#q")
    assert (await call("browser_dom", action="select", element_id=element_id, option="box")).success
    assert await js(tab, "document.getElementById('q').value") == "Large box"
    result = await call("browser_dom", action="select", element_id=element_id, option="2")
    assert result.code == "VALIDATION_ERROR"
    assert await js(tab, "document.getElementById('q').value") == "Large box"
