"""Icon-font glyphs are no name a person reads (issue 31, kind 3). An icon font draws its pictures at
code points of Unicode's Private Use Area (U+E000–U+F8FF; planes 15 and 16), which mean nothing outside
that font: Chromium passes them into names as text ("\\uf060"), a person sees an arrow. The model's names
leave them out; a name that was only glyphs is no name, so what else the control says takes its place
(its title, else the icon's description), and the Chromium check compares names without them."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page import DomService, SnapshotOptions
from browserx.page.render import render_text

GLYPHS = """<!doctype html><title>Glyphs</title><style>
  .fa-arrow-left::before { content: "\\f060" } .icon-close::before { content: "\\e5cd" }</style>
<main>
<h2><span class="fa fa-arrow-left"></span> Settings</h2>
<button id=prev><i class="fa fa-arrow-left"></i></button>
<button id=close><i class="icon icon-close"></i></button>
<button id=next title="Next month">&#xe5cd;</button>
<button id=back><span class="fa fa-arrow-left"></span> Back</button>
<button id=plain>Save &#x2192;</button>
</main>"""


async def _model(server, tab):
    await navigate(tab, server.route("/glyphs", GLYPHS))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


def _by_dom_id(model) -> dict:
    return {model.aimap[c.id][1:]: c for c in model.controls if model.aimap.get(c.id, "").startswith("#")}


async def test_a_name_of_glyphs_only_is_no_name_and_what_else_the_control_says_stands_in(server, tab):
    model = await _model(server, tab)
    controls = _by_dom_id(model)
    assert controls["prev"].name == "" and controls["prev"].description == "arrow left"  # the icon's class words
    assert controls["close"].name == "" and controls["close"].description == "close"
    assert controls["next"].name == "Next month"  # its title: the glyph said nothing
    assert controls["back"].name == "Back" and controls["plain"].name == "Save →"  # a real arrow is text
    assert [h.text for h in model.headings] == ["Settings"]
    assert "\ue5cd" not in render_text(model) and "\uf060" not in render_text(model)


async def test_chromium_agreement_compares_names_without_the_glyphs(server, tab):
    model = await _model(server, tab)
    report = await compare_with_chromium(tab, model)
    assert report["disagreements"] == [], report["disagreements"]
