"""A field the page rewrites while the keys come (issue 31, kind 1): a date picker that parses the text on
each keyup and writes back its own reading of the partial date (bootstrap-daterangepicker 1.x does: "2"
is read as the year 2 and written back as "0002-01-01"; the rest is typed after it). A person seeing that
enters the date at once, as a paste does; `fill` and `type` do the same, once, and the field holds the date.
A mask that only adds punctuation is not such a rewrite, nor an inline completion after the typed text:
their per-key result stands.
"""

from __future__ import annotations

import pytest

PICKER = """<!doctype html><title>Rental</title>
<label>Start <input id=start autocomplete=off></label>
<label>Phone <input id=phone autocomplete=off></label>
<label>Country <input id=country autocomplete=off></label>
<script>
const start = document.getElementById('start'), phone = document.getElementById('phone');
window.keys = 0;
start.addEventListener('keydown', () => { window.keys++; });
start.addEventListener('keyup', () => {  // a lenient parse of what is there, written back when it reads a date
  const m = /^(\\d{1,4})(?:-(\\d{1,2}))?(?:-(\\d{1,2}))?/.exec(start.value);
  if (!m) return;
  const pad = (v, n) => String(v || 1).padStart(n, '0');
  const read = pad(m[1], 4) + '-' + pad(m[2], 2) + '-' + pad(m[3], 2);
  if (read !== start.value) start.value = read;
});
phone.addEventListener('keydown', () => { window.keys++; });
phone.addEventListener('input', () => {  // a mask: the digits, grouped as (555) 123-4567
  const d = phone.value.replace(/\\D/g, '').slice(0, 10);
  const area = `(${d.slice(0, 3)}) `;
  phone.value = d.length > 6 ? area + d.slice(3, 6) + '-' + d.slice(6) : d.length > 3 ? area + d.slice(3) : d;
});
const country = document.getElementById('country');
country.addEventListener('keydown', () => { window.keys++; });
country.addEventListener('input', (e) => {  // an inline autocomplete: the rest of the match, selected
  if (e.inputType !== 'insertText' || !'Norway'.toLowerCase().startsWith(country.value.toLowerCase())) return;
  const typed = country.value.length;
  country.value = 'Norway';
  country.setSelectionRange(typed, 6);
});
</script>"""


async def _ids(call) -> dict[str, str]:
    model = await call("browser_dom", action="snapshot", format="json")
    assert model.success, model.error
    return {c["name"]: c["id"] for c in model.data["controls"]}


@pytest.mark.parametrize("how", ["fill", "type"])
async def test_a_date_a_keyup_parser_rewrites_while_it_is_typed_ends_as_the_date(tab, load, call, js, how):
    await load(tab, PICKER)
    start = (await _ids(call))["Start"]
    if how == "fill":
        done = await call("browser_dom", action="fill", fields=[{"element_id": start, "value": "2026-05-20"}])
    else:
        done = await call("browser_dom", action="type", element_id=start, text="2026-05-20")
    assert done.success, done.error
    assert await js(tab, "start.value") == "2026-05-20"
    assert "value_as_typed" not in done.data, done.data


async def test_a_mask_that_adds_punctuation_keeps_what_the_keys_gave(tab, load, call, js):
    await load(tab, PICKER)
    phone = (await _ids(call))["Phone"]
    done = await call("browser_dom", action="type", element_id=phone, text="5551234567")
    assert done.success, done.error
    assert await js(tab, "phone.value") == "(555) 123-4567"
    assert await js(tab, "window.keys") == 10  # typed once, key by key: no second try
    assert done.data["value_as_typed"] is False


async def test_an_inline_completion_after_the_typed_text_is_no_rewrite(tab, load, call, js):
    await load(tab, PICKER)
    country = (await _ids(call))["Country"]
    done = await call("browser_dom", action="type", element_id=country, text="Nor")
    assert done.success, done.error
    assert await js(tab, "country.value") == "Norway"
    assert await js(tab, "window.keys") == 3  # typed once, key by key: no second try
