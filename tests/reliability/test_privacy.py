"""Privacy audit: no LLM-facing output carries a field value unless include_values is set,
and never a password — model text and JSON, action results and effect summaries, console logs
returned to the model, error messages."""

from __future__ import annotations

import json

import pytest
from reliability_counts import COUNTS

# Each value is distinctive, so a substring search finds any leak.
VALUES = {
    "typed": "TypedSecret-4711",
    "attribute": "AttrValue-2231",
    "prefill": "Prefilled-9182",
    "textarea": "TextareaBody-5521",
    "editable": "EditableText-8812",
    "select": "SelectChoice-3391",
    "valuetext": "ValueText-6617",
    "hidden": "HiddenToken-1904",
}
PASSWORDS = {
    "password": "Pw-Main-0001",
    "password_typed": "Pw-Typed-0002",
    "password_iframe": "Pw-Frame-0003",
    "password_shadow": "Pw-Shadow-0004",
}
ALL = {**VALUES, **PASSWORDS}

PAGE = f"""<title>privacy</title>
<main>
<h1>Account</h1>
<label>Typed <input id="typed"></label>
<label>Attribute <input id="attribute" value="{VALUES["attribute"]}"></label>
<label>Prefill <input id="prefill" autocomplete="name"></label>
<label>Notes <textarea id="textarea">{VALUES["textarea"]}</textarea></label>
<div id="editable" contenteditable="true" role="textbox" aria-label="Editor">{VALUES["editable"]}</div>
<label>Choice <select id="select"><option>first</option><option selected>{VALUES["select"]}</option></select></label>
<div role="slider" aria-label="Level" aria-valuenow="3" aria-valuetext="{VALUES["valuetext"]}" tabindex="0">3</div>
<input type="hidden" name="token" value="{VALUES["hidden"]}">
<label>Password <input id="password" type="password" value="{PASSWORDS["password"]}"></label>
<label>New password <input id="password_typed" type="password"></label>
<iframe id="frame" srcdoc='<label>Frame password <input type="password" value="{PASSWORDS["password_iframe"]}"></label>'></iframe>
<div id="host"></div>
</main>
<script>
  document.getElementById('prefill').value = {VALUES["prefill"]!r};  // autofill-like prefill
  const root = document.getElementById('host').attachShadow({{mode: 'open'}});
  root.innerHTML = '<label>Shadow password <input type="password" value="{PASSWORDS["password_shadow"]}"></label>';
</script>"""


def _leaks(output: object, secrets: dict[str, str]) -> list[str]:
    text = output if isinstance(output, str) else json.dumps(output, ensure_ascii=False, default=str)
    return [name for name, value in secrets.items() if value in text]


@pytest.fixture
async def page(call, server):
    url = server.route("/privacy", PAGE)
    assert (await call("browser_navigate", url=url)).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    typed = next(c["id"] for c in model["controls"] if c["name"] == "Typed")
    new_password = next(c["id"] for c in model["controls"] if c["name"] == "New password")
    outputs = [
        await call("browser_dom", action="type", element_id=typed, text=VALUES["typed"]),
        await call("browser_dom", action="type", element_id=new_password, text=PASSWORDS["password_typed"]),
    ]
    return model, outputs


async def test_no_value_in_any_default_output(call, page):
    model, action_results = page
    outputs = [r.to_dict() for r in action_results]
    outputs.append((await call("browser_dom", action="snapshot")).to_dict())
    outputs.append((await call("browser_dom", action="snapshot", format="json")).to_dict())
    outputs.append((await call("browser_recent_console_logs")).to_dict())
    outputs.append(
        (await call("browser_dom", action="type", element_id="zz_404", text=PASSWORDS["password"])).to_dict()
    )
    for output in outputs:
        assert _leaks(output, ALL) == [], output
    COUNTS["privacy"] = (
        f"{len(ALL)} planted values ({len(PASSWORDS)} passwords) searched in {len(outputs)} outputs, 0 found"
    )


async def test_include_values_shows_values_but_never_passwords(call, page):
    text = (await call("browser_dom", action="snapshot", include_values=True)).data
    as_json = (await call("browser_dom", action="snapshot", format="json", include_values=True)).data
    for output in (text, as_json):
        assert _leaks(output, PASSWORDS) == []
        shown = set(_leaks(output, VALUES))
        assert {"typed", "attribute", "prefill", "textarea", "select"} <= shown, shown


async def test_passwords_report_at_most_whether_they_are_filled(call, page):
    model = (await call("browser_dom", action="snapshot", format="json")).data  # after the typing
    passwords = [c for c in model["controls"] if "password" in c["name"].lower()]
    assert len(passwords) >= 3  # main, typed, and the ones in the iframe / shadow root
    for control in passwords:
        assert "value_len" not in control and "value" not in control
        assert control.get("filled") is True
