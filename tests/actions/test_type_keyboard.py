"""Typing is a keyboard's: every character reaches the page as its key events (issue 31, kind 1).

A page that reads keys in its handlers (a date field of spinbutton segments, a widget that counts
keys) sees what a person's keyboard sends: keydown (with the character), keypress, the input
events, keyup, per character; clearing is select all and Backspace by their keys.
"""

from __future__ import annotations

import pytest

# Segments as component libraries draw a date: each a role=spinbutton that takes digits only in its
# keydown handler (the editing host refuses beforeinput), and passes focus on once it is full.
SEGMENTS = """<!doctype html>
<div role=group aria-label="Start date">
  <span id=mm role=spinbutton aria-label=Month tabindex=0 contenteditable=true>mm</span>/<span
   id=dd role=spinbutton aria-label=Day tabindex=0 contenteditable=true>dd</span>/<span
   id=yyyy role=spinbutton aria-label=Year tabindex=0 contenteditable=true>yyyy</span>
</div>
<script>
const segments = [...document.querySelectorAll('[role=spinbutton]')];
segments.forEach((segment, i) => {
  const width = segment.id.length, empty = segment.id;
  let typed = '';
  segment.addEventListener('focus', () => { typed = ''; });
  segment.addEventListener('beforeinput', e => e.preventDefault());
  segment.addEventListener('keydown', e => {
    if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      typed += e.key;
      segment.textContent = typed.padStart(width, '0');
      segment.setAttribute('aria-valuenow', String(+typed));
      if (typed.length >= width && segments[i + 1]) segments[i + 1].focus();
    } else if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      typed = '';
      segment.textContent = empty;
      segment.removeAttribute('aria-valuenow');
    } else if (e.key.length === 1 && !e.ctrlKey) {
      e.preventDefault();
    }
  });
});
window.date = () => segments.map(s => s.textContent).join('/');
</script>"""

COUNTED = """<!doctype html>
<label>Counted <input id=field></label>
<label>Notes <textarea id=notes></textarea></label>
<script>
window.seen = [];
for (const type of ['keydown', 'keypress', 'keyup', 'input'])
  document.addEventListener(type, e => seen.push([type, e.key || e.data || '', e.code || '', e.keyCode || 0, e.isTrusted]), true);
window.count = (type) => seen.filter(s => s[0] === type).length;
window.keys = (type) => seen.filter(s => s[0] === type).map(s => s[1]);
</script>"""


@pytest.mark.parametrize("host", [True, False], ids=["editing-host", "focusable-only"])
async def test_typing_into_date_segments_gives_the_date(tab, load, call, eid, js, host):
    # Segments that are editing hosts, and segments that are only focusable and read keys.
    await load(tab, SEGMENTS if host else SEGMENTS.replace(" contenteditable=true", ""))
    for selector, text in (("#mm", "05"), ("#dd", "20"), ("#yyyy", "2026")):
        result = await call("browser_dom", action="type", element_id=await eid(tab, selector), text=text)
        assert result.success, result.error
    assert await js(tab, "date()") == "05/20/2026"


async def test_keys_follow_the_focus_a_segment_passes_on(tab, load, call, eid, js):
    await load(tab, SEGMENTS)
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#mm"), text="05202026")
    assert result.success, result.error
    assert await js(tab, "date()") == "05/20/2026"


async def test_every_character_is_a_key_down_press_and_up(tab, load, call, eid, js):
    await load(tab, COUNTED)
    text = "Hello, World 42!"
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#field"), text=text)
    assert result.success, result.error
    assert await js(tab, "document.getElementById('field').value") == text
    for kind in ("keydown", "keypress", "keyup"):
        assert await js(tab, f"keys('{kind}')") == list(text), kind
    assert await js(tab, "count('input')") == len(text)
    assert await js(tab, "seen.every(s => s[4])")  # all trusted: real input, not events made in page
    first = await js(tab, "seen.find(s => s[0] === 'keydown')")
    assert first[1:4] == ["H", "KeyH", 72]
    assert await js(tab, "seen.find(s => s[0] === 'keydown' && s[1] === ' ').slice(2, 4)") == ["Space", 32]


async def test_a_character_without_a_key_is_still_typed_by_a_key_event(tab, load, call, eid, js):
    await load(tab, COUNTED)
    text = "café 中文 👍"
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#field"), text=text)
    assert result.success, result.error
    assert await js(tab, "document.getElementById('field').value") == text
    assert await js(tab, "keys('keydown')") == list(text)


async def test_clearing_is_select_all_then_backspace_by_keys(tab, load, call, eid, js):
    await load(tab, COUNTED)
    await js(tab, "document.getElementById('field').value = 'old text'")
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#field"), text="new")
    assert result.success, result.error
    assert await js(tab, "document.getElementById('field').value") == "new"
    assert await js(tab, "keys('keydown')") == ["Control", "a", "Backspace", "n", "e", "w"]
    assert await js(tab, "keys('keyup')") == ["a", "Control", "Backspace", "n", "e", "w"]


async def test_newlines_in_a_textarea_are_enter_keys(tab, load, call, eid, js):
    await load(tab, COUNTED)
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#notes"), text="one\ntwo")
    assert result.success, result.error
    assert await js(tab, "document.getElementById('notes').value") == "one\ntwo"
    assert "Enter" in await js(tab, "keys('keydown')")


@pytest.mark.parametrize("value", ["abc", "x y"])
async def test_fill_types_with_the_same_keys(tab, load, call, eid, js, value):
    await load(tab, COUNTED)
    result = await call("browser_dom", action="fill", fields=[{"element_id": await eid(tab, "#field"), "value": value}])
    assert result.success, result.error
    assert await js(tab, "document.getElementById('field').value") == value
    assert await js(tab, "keys('keyup')") == list(value)


async def test_a_field_that_keeps_something_else_says_so_without_the_value(tab, load, call, eid, js):
    await load(tab, "<!doctype html><label>Code <input id=code maxlength=3></label><label>Full <input id=full></label>")
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#code"), text="abcdef")
    assert result.success, result.error
    assert result.data["value_as_typed"] is False
    assert "abc" not in str(result.to_dict())
    result = await call("browser_dom", action="type", element_id=await eid(tab, "#full"), text="abcdef")
    assert result.success and "value_as_typed" not in result.data
