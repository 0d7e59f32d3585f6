"""fill on an editable combobox (ARIA 1.2: an input with a popup of suggestions) types its text and
picks the suggestion that matches; free text stays when none does. A read-only field is ELEMENT_READONLY."""

from __future__ import annotations

import pytest

from browserx.actions.fill import fill
from browserx.actions.navigation import navigate
from browserx.errors import BrowserxError
from browserx.page.model import SnapshotOptions
from browserx.page.service import DomService

PAGE = """<!doctype html><label for=city>City</label>
<input id=city role=combobox aria-expanded=false aria-controls=sugg aria-autocomplete=list autocomplete=off>
<ul id=sugg role=listbox hidden></ul>
<label>Due <input id=due type=date readonly value="2030-01-31"></label>
<script>
const input = document.getElementById('city'), list = document.getElementById('sugg');
const CITIES = ['Berlin', 'Bern', 'Bergen', 'Oslo'];
window.picked = null;
input.addEventListener('input', () => {
  list.innerHTML = '';
  const q = input.value.toLowerCase();
  for (const c of CITIES.filter(c => q && c.toLowerCase().startsWith(q))) {
    const li = document.createElement('li'); li.role = 'option'; li.textContent = c;
    li.addEventListener('click', () => { input.value = c; window.picked = c; list.hidden = true; });
    list.append(li);
  }
  list.hidden = !list.children.length; input.setAttribute('aria-expanded', String(!list.hidden));
});
</script>"""


async def _ids(tab):
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    return {c.role: c.id for c in model.controls}


async def test_an_editable_combobox_is_typed_into_and_its_matching_suggestion_picked(tab, server):
    await navigate(tab, server.route("/fill/combo", PAGE))
    ids = await _ids(tab)
    result = await fill(tab, [{"element_id": ids["combobox"], "value": "Bern"}])
    assert result["fields"] == [{"element_id": ids["combobox"], "done": "selected"}]
    page = await tab.session.send(
        "Runtime.evaluate", {"expression": "[window.picked, city.value]", "returnByValue": True}
    )
    assert page["result"]["value"] == ["Bern", "Bern"]


async def test_free_text_stays_when_no_suggestion_matches(tab, server):
    await navigate(tab, server.route("/fill/combo-free", PAGE))
    ids = await _ids(tab)
    result = await fill(tab, [{"element_id": ids["combobox"], "value": "Zurich"}])
    assert result["fields"][0]["done"] == "typed"
    page = await tab.session.send(
        "Runtime.evaluate", {"expression": "[window.picked, city.value]", "returnByValue": True}
    )
    assert page["result"]["value"] == [None, "Zurich"]


async def test_fill_of_a_read_only_date_field_answers_element_readonly(tab, server):
    await navigate(tab, server.route("/fill/readonly", PAGE))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    due = next(c.id for c in model.controls if c.name.startswith("Due"))
    with pytest.raises(BrowserxError) as err:
        await fill(tab, [{"element_id": due, "value": "2031-02-01"}])
    assert err.value.code == "ELEMENT_READONLY"
    page = await tab.session.send("Runtime.evaluate", {"expression": "due.value", "returnByValue": True})
    assert page["result"]["value"] == "2030-01-31"
