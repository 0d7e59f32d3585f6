"""Issue 23: the page model after an action without a new walk (inpage/recheck.js, DomService._patched).

When the page says that only listed checkboxes and radios changed since the last model, the delta comes
from that model patched: it must equal, field for field and line for line, a fresh capture, and its text
the text `render_delta` gives of the two. Whatever it cannot name (a DOM change, a field's value, CSS
that matches on state, a scroll, the URL, a popover, an animation, a custom element drawing itself)
makes a new walk.
"""

from __future__ import annotations

import random

import pytest

from browserx.page.delta import ControlPatch, diff
from browserx.page.delta_text import render_delta
from browserx.page.model import Control, PageModel
from browserx.page.render import mark_in_view, render_text
from browserx.page.service import DomService

SETTINGS = """<!doctype html><title>Settings</title>
<style>label:hover { color: #a00; text-decoration: underline } button:focus { outline: 2px solid #00a }
.hide { position: absolute; opacity: 0; width: 1px; height: 1px } .switch { display: inline-block; padding: 4px 30px }</style>
<main><h1>Settings</h1>
<label><input type=checkbox id=a> Alpha</label>
<label><input type=checkbox id=b checked> Bravo</label>
<fieldset><legend>Size</legend>
<label><input type=radio name=s id=s1 checked> Small</label>
<label><input type=radio name=s id=s2> Medium</label>
<label><input type=radio name=s id=s3> Large</label></fieldset>
<input type=checkbox id=dark class=hide><label for=dark class=switch>Dark mode</label>
<button id=mix onclick="const a = document.getElementById('a'); a.indeterminate = !a.indeterminate">Mix alpha</button>
<button id=flip onclick="const b = document.getElementById('b'); b.checked = !b.checked">Flip bravo</button>
<button id=nothing onclick="void 0">Nothing</button>
<p>Choose what you like.</p></main>"""


def _id(model: PageModel, name: str) -> str:
    return next(c.id for c in model.controls if c.name == name)


async def test_clicks_that_only_check_boxes_patch_the_model_exactly(call, tab, server):
    url = server.route("/settings", SETTINGS)
    assert (await call("browser_navigate", url=url)).success
    service = DomService.of(tab)
    # Dark mode: a native checkbox hidden under the switch drawn for it; the click lands on the label,
    # which clicks the checkbox after its own dispatch.
    names = ["Alpha", "Bravo", "Small", "Medium", "Large", "Dark mode", "Mix alpha", "Flip bravo", "Nothing"]
    rng = random.Random(23)
    patched = 0
    for step in range(40):
        full = await call("browser_dom", action="snapshot")  # a fresh walk: the base of the next delta
        assert full.success, full.error
        walked = service.last
        assert walked is not None and service.patch is None
        if step:  # the model the previous action's delta made, against this walk of the same page
            assert made.to_json_dict() == walked.to_json_dict()
            assert render_text(made) == render_text(walked)
        name = rng.choice(names)
        acted = await call("browser_dom", action="click", element_id=_id(walked, name), since="last")
        assert acted.success, acted.error
        patch = service.patch
        assert patch is not None and patch.now is service.last and patch.base is walked, name  # no walk
        made = patch.now
        patched += 1
        text = acted.data["page"]
        number, base_number = int(text.split()[1].rstrip(":")), int(text.split(")")[0].rsplit(" ", 1)[1])
        generic = render_delta(
            walked, made, diff(walked, made), number=number, base_number=base_number, in_view=mark_in_view(walked)
        )
        assert text == generic
        if name in ("Alpha", "Bravo", "Dark mode", "Mix alpha", "Flip bravo"):
            assert text.split("\n", 1)[0].endswith(f"changes since {base_number})"), text
    assert patched == 40


async def test_the_json_delta_of_a_patch_is_the_diff_of_the_two_models(call, tab, server):
    url = server.route("/settings", SETTINGS)
    assert (await call("browser_navigate", url=url)).success
    service = DomService.of(tab)
    assert (await call("browser_dom", action="snapshot", format="json")).success
    base = service.last
    assert base is not None
    acted = await call("browser_dom", action="click", element_id=_id(base, "Medium"), since="last")
    assert acted.success
    assert service.patch is not None
    got = await call("browser_dom", action="snapshot", since="last", format="json")  # nothing since: a patch too
    assert got.success and got.data["delta"] == {}
    assert service.patch is not None and service.patch.indices == []
    states = {c["id"]: c["states"] for c in diff(base, service.last).to_json_dict()["changed"]}
    assert states == {_id(base, "Small"): {"checked": False}, _id(base, "Medium"): {"checked": True}}


# Each page: a click on "Go" (or on the checkbox "Toggle") changes the model in a way the page cannot
# name as a checked state; the delta must come from a new walk, and say the change.
WALKS = {
    "css matching on :checked": (
        "<style>#panel { display: none } #t:checked ~ #panel { display: block }</style>"
        "<input type=checkbox id=t aria-label=Toggle><div id=panel><button>Panel action</button></div>",
        "Toggle",
        "Panel action",
    ),
    "css matching on :hover": (
        "<style>#tip { display: none } #go:hover + #tip { display: block }</style>"
        "<button id=go>Go</button><div id=tip><a href='#more'>More tips</a></div>",
        "Go",
        "More tips",
    ),
    "a field's value set by script": (
        "<input id=q aria-label=Query><button id=go onclick=\"document.getElementById('q').value = 'abcd'\">Go</button>",
        "Go",
        "len=4",
    ),
    "a value a name takes in": (
        "<label><input type=checkbox id=r> Every <select id=n><option>one</option><option>two</option></select>"
        " days</label><button id=go onclick=\"document.getElementById('n').selectedIndex = 1\">Go</button>",
        "Go",
        "Every two days",
    ),
    "a box scrolled by script": (
        "<div id=box style='height:120px; overflow:auto'><div style='height:900px'></div><button>Deep</button></div>"
        "<button id=go onclick=\"document.getElementById('box').scrollTop = 900\">Go</button>",
        "Go",
        "Deep",
    ),
    "a same-document URL": (
        "<button id=go onclick=\"history.pushState(null, '', '?page=2')\">Go</button>",
        "Go",
        "page=2",
    ),
    "a popover shown": (
        "<div popover id=p><button>Inside the popover</button></div>"
        "<button id=go onclick=\"document.getElementById('p').showPopover()\">Go</button>",
        "Go",
        "Inside the popover",
    ),
    "an animation moving a control": (
        "<button id=far style='position:relative'>Far</button><button id=go onclick=\"document.getElementById('far')"
        ".animate([{top: '4000px'}, {top: '4000px'}], {duration: 1e6})\">Go</button>",
        "Go",
        "Far",
    ),
    "a custom element drawing itself": (
        "<x-late></x-late><button id=go onclick=\"customElements.define('x-late', class extends HTMLElement {"
        " constructor() { super(); this.attachShadow({mode: 'open'}).innerHTML = '<button>Shadow action</button>'; } })"
        '">Go</button>',
        "Go",
        "Shadow action",
    ),
}


@pytest.mark.parametrize("case", list(WALKS))
async def test_what_the_page_cannot_name_makes_a_new_walk(call, tab, server, case):
    body, click, said = WALKS[case]
    url = server.route("/walk", f"<!doctype html><title>Walk</title><main>{body}</main>")
    assert (await call("browser_navigate", url=url)).success
    service = DomService.of(tab)
    assert (await call("browser_dom", action="snapshot")).success
    base = service.last
    assert base is not None
    acted = await call("browser_dom", action="click", element_id=_id(base, click), since="last", settle="0s")
    assert acted.success, acted.error
    assert service.patch is None, case  # walked
    assert said in acted.data["page"], acted.data["page"]
    made = service.last
    fresh = await service.snapshot(fresh=True)
    assert made is not None and made.to_json_dict() == fresh.to_json_dict()


def test_a_patch_refuses_what_is_not_a_checked_state_of_its_model():
    model = PageModel(
        controls=[
            Control(id="ch_1", role="checkbox", name="A", states={"checked": False}),
            Control(id="bu_2", role="button", name="B"),
        ]
    )
    patch = ControlPatch.checked(model, [[0, True]])
    assert patch is not None and patch.now.controls[0].states == {"checked": True}
    assert model.controls[0].states == {"checked": False}  # the base is left as it was
    assert patch.delta().changed == [{"id": "ch_1", "states": {"checked": True}}]
    assert ControlPatch.checked(model, [[1, True]]) is None  # no checked state
    assert ControlPatch.checked(model, [[2, True]]) is None  # no such control
    assert ControlPatch.checked(model, [[0, "yes"]]) is None  # not a state
