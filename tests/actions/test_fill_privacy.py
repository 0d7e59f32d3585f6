"""browser_dom fill never echoes a value: not in its result, nor in the error of a field that
refused it (an option that is not there)."""

from __future__ import annotations

import json

import pytest

SECRET = "hunter2-private"
FORM = """<!doctype html>
<label>Country <select id=one><option>Norway</option><option>Sweden</option></select></label>
<label>Tags <select id=many multiple><option>red</option><option>green</option></select></label>
<div role=listbox id=fruit aria-label=Fruit><div role=option>Apple</div><div role=option>Pear</div></div>"""


@pytest.mark.parametrize("selector, value", [("#one", SECRET), ("#many", ["red", SECRET]), ("#fruit", SECRET)])
async def test_an_option_that_is_not_there_is_refused_without_the_value(tab, load, call, eid, selector, value):
    await load(tab, FORM)
    result = await call("browser_dom", action="fill", fields=[{"element_id": await eid(tab, selector), "value": value}])
    assert not result.success and result.code == "VALIDATION_ERROR", result
    assert result.error["details"]["fields"][0]["error"] == "VALIDATION_ERROR"
    assert SECRET not in json.dumps(result.error)
