"""Key presses through Input.dispatchKeyEvent have the effect a real keyboard has."""

from __future__ import annotations

import pytest

from browserx.actions.keys import CTRL, SHIFT, key_event_params, modifier_bits, press_key, valid_key_names
from browserx.errors import ValidationError

PAGE = """<!doctype html><input id=a value="old text"><input id=b><input id=c>
<script>
window.keys = [];
document.addEventListener('keydown', e => keys.push([e.key, e.code, e.keyCode, e.ctrlKey, e.shiftKey]));
</script>"""


async def _load(tab, server, body=PAGE):
    url = server.route("/keys", body)
    async with tab.session.wait_for("Page.loadEventFired"):
        await tab.session.send("Page.navigate", {"url": url})


async def _eval(tab, expression):
    result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"].get("value")


def test_modifier_bits_follow_cdp():
    assert modifier_bits(alt=True) == 1
    assert modifier_bits(ctrl=True) == 2
    assert modifier_bits(meta=True) == 4
    assert modifier_bits(shift=True) == 8
    assert modifier_bits(ctrl=True, shift=True) == 10


def test_printable_and_named_keys_carry_code_and_key_code():
    down, up = key_event_params("a")
    assert (down["type"], down["key"], down["code"], down["windowsVirtualKeyCode"], down["text"]) == (
        "keyDown",
        "a",
        "KeyA",
        65,
        "a",
    )
    assert up["type"] == "keyUp" and "text" not in up
    down, _ = key_event_params("Enter")
    assert (down["code"], down["windowsVirtualKeyCode"], down["text"]) == ("Enter", 13, "\r")
    down, _ = key_event_params("F12")
    assert (down["type"], down["windowsVirtualKeyCode"]) == ("rawKeyDown", 123)
    down, _ = key_event_params("1", SHIFT)
    assert (down["key"], down["code"], down["text"]) == ("!", "Digit1", "!")


def test_combination_strings_add_modifier_bits():
    down, _ = key_event_params("ctrl+Shift+tab")
    assert (down["key"], down["modifiers"]) == ("Tab", CTRL | SHIFT)


def test_control_letter_inserts_no_text_and_selects_all():
    down, _ = key_event_params("a", CTRL)
    assert "text" not in down and down["commands"] == ["selectAll"]


@pytest.mark.parametrize("key", ["Foo", "", "Control+Bar", "Hyper+a"])
def test_unknown_key_is_a_validation_error_listing_names(key):
    with pytest.raises(ValidationError) as info:
        key_event_params(key)
    assert info.value.code == "VALIDATION_ERROR"
    assert "ArrowDown" in info.value.hint and "ArrowDown" in valid_key_names()


async def test_control_a_then_typing_replaces_the_value(tab, server):
    await _load(tab, server)
    await _eval(tab, "document.getElementById('a').focus()")
    await press_key(tab.session, "a", CTRL)
    await press_key(tab.session, "x")
    assert await _eval(tab, "document.getElementById('a').value") == "x"
    # Control is held down first, as on a keyboard; then the a key, with ctrlKey set.
    assert await _eval(tab, "keys.slice(0, 2)") == [
        ["Control", "ControlLeft", 17, True, False],
        ["a", "KeyA", 65, True, False],
    ]


async def test_tab_moves_focus_forward_and_shift_tab_back(tab, server):
    await _load(tab, server)
    await _eval(tab, "document.getElementById('b').focus()")
    await press_key(tab.session, "Tab")
    assert await _eval(tab, "document.activeElement.id") == "c"
    await press_key(tab.session, "Tab", SHIFT)
    await press_key(tab.session, "Shift+Tab")
    assert await _eval(tab, "document.activeElement.id") == "a"


async def test_backspace_and_arrows_edit_like_a_keyboard(tab, server):
    await _load(tab, server)
    await _eval(tab, "document.getElementById('a').focus()")
    await press_key(tab.session, "End")
    await press_key(tab.session, "Backspace")
    await press_key(tab.session, "ArrowLeft")
    await press_key(tab.session, "Shift+1")
    assert await _eval(tab, "document.getElementById('a').value") == "old te!x"
