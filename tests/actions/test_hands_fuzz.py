"""Generated upload, drag and fill calls on a real form, with the page's real ids mixed with junk:
every result is a success or a coded error, nothing escapes, nothing hangs, and no value typed
into the form ever appears in a result. (tests/reliability/test_fuzz.py fuzzes every tool from its
schema; random ids rarely reach these actions' own code, real ids here do.)"""

from __future__ import annotations

import asyncio
import json
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from browserx.errors import BrowserxError, _all_subclasses

KNOWN_CODES = {cls.code for cls in _all_subclasses(BrowserxError)}
EXAMPLES = int(os.environ.get("BROWSERX_FUZZ_EXAMPLES", "60")) // 2 or 1
PAGE = """<!doctype html>
<form onsubmit="return false">
  <input id=t aria-label=Name><textarea id=a aria-label=Bio></textarea>
  <label><input type=checkbox id=c> Agree</label><label><input type=radio name=r id=r1> One</label>
  <select id=s aria-label=Pick><option>x</option><option>y</option></select>
  <select id=m aria-label=Many multiple><option>x</option><option>y</option></select>
  <input type=range id=g aria-label=Level><input type=date id=d aria-label=Day><input type=number id=n aria-label=Count>
  <input type=file id=f aria-label=File><div id=z style="cursor:pointer;height:40px">Zone</div>
  <div role=slider id=k tabindex=0 aria-label=Knob aria-valuemin=0 aria-valuemax=5 aria-valuenow=2>2</div>
</form>"""
SELECTORS = ["#t", "#a", "#c", "#r1", "#s", "#m", "#g", "#d", "#n", "#f", "#z", "#k"]
SECRET = "Zq9secret"
_values = st.one_of(
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([SECRET, "", "y", "x", "2030-02-30", "#zz", "12:61", "../../etc/passwd"]),
    st.lists(st.sampled_from(["x", "y", SECRET, "/etc/passwd", "report.txt"]), max_size=3),
)


def _ids(real: list[str]):
    return st.one_of(st.sampled_from(real), st.sampled_from(["te_999", "", "bu_1", "x" * 70]))


async def _setup(tab, load, eid):
    await load(tab, PAGE)
    return [await eid(tab, s) for s in SELECTORS]


def _check(result) -> None:
    body = result.to_dict()
    assert ("data" in body) != ("error" in body)
    if not result.success:
        assert result.error["code"] in KNOWN_CODES, result.error
    assert SECRET not in json.dumps(body.get("data"), default=str)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
async def test_generated_fill_calls_give_a_result_or_a_coded_error(tab, load, eid, call, data):
    real = getattr(tab, "_fuzz_ids", None) or await _setup(tab, load, eid)
    tab._fuzz_ids = real
    fields = data.draw(st.lists(st.fixed_dictionaries({"element_id": _ids(real), "value": _values}), max_size=6))
    _check(await asyncio.wait_for(call("browser_dom", action="fill", fields=fields), 30))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
async def test_generated_upload_and_drag_calls_give_a_result_or_a_coded_error(tab, load, eid, call, data, conversation):
    real = getattr(tab, "_fuzz_ids", None) or await _setup(tab, load, eid)
    tab._fuzz_ids = real
    (conversation.output_dir / "report.txt").write_text("r")
    paths = data.draw(
        st.lists(st.sampled_from([str(conversation.output_dir / "report.txt"), "/etc/passwd", "", "nope"]), max_size=3)
    )
    args = data.draw(
        st.sampled_from(
            [
                {"action": "upload", "element_id": data.draw(_ids(real)), "paths": paths},
                {
                    "action": "drag",
                    "element_id": data.draw(_ids(real)),
                    "target_id": data.draw(_ids(real)),
                    "offset": {"x": data.draw(st.integers(0, 400)), "y": data.draw(st.integers(0, 60))},
                },
                {"action": "drag", "target_id": data.draw(_ids(real)), "paths": paths},
            ]
        )
    )
    _check(await asyncio.wait_for(call("browser_dom", **args), 30))
