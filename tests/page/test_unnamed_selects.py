"""A native <select> that nothing names (issue 31, kind 3): accname gives it no name (its shown option is
its value, which the model keeps private unless asked), so the model tells it by what a person reads of it
without telling its choice: its prompt (HTML's placeholder label option, the first option with an empty
value: "- column -") and the options it offers ("=", "!=", …; "Jan", "Feb", …)."""

from __future__ import annotations

import json

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.page.render import llm_json, render_text

OPERATORS = ["=", "!=", "contains", "ends with", "starts with", ">", "≥", "<", "≤", "like", "glob"]
FILTERS = f"""<!doctype html><title>Bookings</title><style>body {{ font: 16px/1.5 sans-serif }}</style>
<main><h1>bookings</h1>
<form><div class=row>
  <select name=column id=column><option value="">- column -</option><option>guest</option><option>nights</option></select>
  <select name=op id=op>{"".join(f"<option>{o}</option>" for o in OPERATORS)}</select>
  <input name=value id=value> <input type=submit value=Apply>
</div>
<label>Size <select id=size><option>S</option><option>M</option></select></label>
</form>
<table><tr><th><select id=month><option>Jan</option><option>Feb</option><option>Mar</option><option>Apr</option>
  <option>May</option><option>Jun</option><option>Jul</option><option>Aug</option><option>Sep</option>
  <option>Oct</option><option>Nov</option><option selected>Dec</option></select></th></tr></table>
</main>"""


async def _model(server, tab):
    await navigate(tab, server.route("/selects/filters", FILTERS))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


def _by_dom_id(model) -> dict:
    return {model.aimap[c.id][1:]: c for c in model.controls if model.aimap.get(c.id, "").startswith("#")}


async def test_an_unnamed_select_shows_its_prompt_and_the_options_it_offers(server, tab):
    controls = _by_dom_id(await _model(server, tab))
    column, op, month = controls["column"], controls["op"], controls["month"]
    assert (column.role, column.name, column.placeholder) == ("combobox", "", "- column -")
    assert column.options == ["guest", "nights"] and column.option_count is None  # the prompt is no option
    assert op.placeholder is None and op.options == OPERATORS[:8] and op.option_count == len(OPERATORS)
    assert month.options[:5] == ["Jan", "Feb", "Mar", "Apr", "May"] and month.option_count == 12
    # A select its name tells apart lists no options: the model stays lean.
    assert controls["size"].name == "Size" and controls["size"].options is None


async def test_the_text_reads_an_unnamed_select_by_its_prompt_and_options(server, tab):
    model = await _model(server, tab)
    controls = _by_dom_id(model)
    lines = {line.split(" ", 1)[0]: line for line in render_text(model).splitlines()}
    assert lines[controls["column"].id] == f'{controls["column"].id} ph:"- column -" options:"guest|nights"'
    assert lines[controls["op"].id].endswith('options:"=|!=|contains|ends with|starts with|>|≥|<|…" of 11')


async def test_what_an_unnamed_select_shows_never_tells_which_option_is_chosen(server, tab):
    """The options are the page's; the choice is the person's: the model is the same whichever is chosen."""
    first = await _model(server, tab)
    await tab.session.send(
        "Runtime.evaluate",
        {"expression": "document.getElementById('op').value = '>'; document.getElementById('month').value = 'May'"},
    )
    second = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert render_text(second) == render_text(first)
    assert json.dumps(llm_json(second)["controls"]) == json.dumps(llm_json(first)["controls"])
    chosen = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
    assert _by_dom_id(chosen)["op"].value == ">"  # asked for, the choice shows
