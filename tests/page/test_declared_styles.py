"""The walk reads a style property only where the page's rules may set it (inpage/declared.js): every way a
rule reaches an element still shows in the model. Each page pairs an element the rule reaches with one it
does not, so a walk that skipped the read (or read everything wrong) fails."""

from __future__ import annotations

import pytest

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions

# Under `.on` each property hides the button or makes the span a clickable; the same markup outside does not.
RULES = {
    "opacity": ".on { opacity: 0 }",
    "visibility": ".on { visibility: hidden }",
    "position": ".on { position: fixed; top: 3000px }",
    "overflow": ".on { overflow: hidden; height: 0 }",
    "content-visibility": ".on { content-visibility: hidden }",
    "clip-path": ".on { position: absolute; clip-path: inset(50%) }",
}
MARKUP = "<div class=on><p><button>Reached</button></p></div><div class=off><p><button>Untouched</button></p></div>"


async def _names(tab) -> set[str]:
    model = await DomService.of(tab).snapshot(SnapshotOptions(max_text_chars=0), fresh=True)
    return {c.name for c in model.controls}


@pytest.mark.parametrize("prop", sorted(RULES))
async def test_a_rule_that_hides_a_plain_block_hides_what_it_holds(server, tab, prop):
    await navigate(tab, server.route(f"/ds/{prop}.html", f"<style>{RULES[prop]}</style>{MARKUP}"))
    assert await _names(tab) == {"Untouched"}


POINTERS = {
    "a class rule": "<style>.p { cursor: pointer }</style>",
    "a rule under @media": "<style>@media (min-width: 1px) { .p { cursor: pointer } }</style>",
    "a rule in a layer and @supports": "<style>@layer a { @supports (display: grid) { .p { cursor: pointer } } }</style>",
    "a nested rule": "<style>.box { & .p { cursor: pointer } }</style>",
    "the shorthand all": "<style>.p { all: unset; cursor: pointer }</style>",
    "a rule by attribute": "<style>[data-go] { cursor: pointer }</style>",
}


@pytest.mark.parametrize("how", sorted(POINTERS))
async def test_a_pointer_a_rule_gives_a_plain_span_makes_it_clickable(server, tab, how):
    page = f"{POINTERS[how]}<div class=box><span class=p data-go>Go on</span> <span>Plain words</span></div>"
    await navigate(tab, server.route(f"/ds/pointer-{len(how)}.html", page))
    assert await _names(tab) == {"Go on"}


async def test_an_inherited_pointer_and_visibility_pass_down_through_plain_elements(server, tab):
    # body's pointer passes down (no element under it is a target of its own) until .reset takes it back;
    # an element a rule reaches for one property takes the others from its parent.
    page = """<style>body { cursor: pointer } .reset { cursor: auto } .again { cursor: pointer }
  .gone { visibility: hidden } .back { visibility: visible }</style>
<div><span>Inherited only</span></div>
<div class=reset><div><span class=again>Again</span> <span>Auto</span></div></div>
<div class=reset><div class=gone><div><span class=again>Hidden again</span></div>
  <div class=back><button>Shown again</button></div></div></div>
<div class=reset><div style="cursor: pointer"><em>Inline pointer</em></div></div>"""
    await navigate(tab, server.route("/ds/inherit.html", page))
    assert await _names(tab) == {"Again", "Shown again", "Inline pointer"}


async def test_a_sheet_of_another_origin_is_not_read_so_every_property_is(server, tab):
    css = server.route("/ds/other.css", ".far { opacity: 0 }", content_type="text/css")
    other_origin = css.replace("127.0.0.1", "localhost")
    page = f"""<link rel=stylesheet href="{other_origin}">
<div class=far><button>Far sheet</button></div><div><button>Kept</button></div>"""
    await navigate(tab, server.route("/ds/other-origin.html", page))
    assert await _names(tab) == {"Kept"}


async def test_imported_adopted_and_later_rules_are_read(server, tab):
    imported = server.route("/ds/imported.css", ".imp { visibility: hidden }", content_type="text/css")
    page = f"""<style>@import url("{imported}");</style>
<div class=imp><button>Imported</button></div><div class=ad><button>Adopted</button></div>
<div class=late><button>Added later</button></div><div><button>Kept</button></div>
<script>const s = new CSSStyleSheet(); s.replaceSync(".ad {{ opacity: 0 }}"); document.adoptedStyleSheets = [s];</script>"""
    await navigate(tab, server.route("/ds/sheets.html", page))
    assert await _names(tab) == {"Added later", "Kept"}
    await tab.session.send(
        "Runtime.evaluate", {"expression": "document.styleSheets[0].insertRule('.late { opacity: 0 }', 1)"}
    )
    assert await _names(tab) == {"Kept"}


async def test_what_rules_reach_follows_a_class_change_and_a_state_change(server, tab):
    page = """<style>.off { opacity: 0 } #c:checked + .t { visibility: hidden } .p { cursor: pointer }</style>
<div id=d><button>Classed</button></div><input type=checkbox id=c aria-label=Box><div class=t><span class=p>Toggled</span></div>"""
    await navigate(tab, server.route("/ds/changes.html", page))
    assert await _names(tab) == {"Classed", "Box", "Toggled"}
    await tab.session.send("Runtime.evaluate", {"expression": "document.getElementById('d').className = 'off'"})
    assert await _names(tab) == {"Box", "Toggled"}
    # A property set, no mutation: the :checked rule now reaches the block.
    await tab.session.send("Runtime.evaluate", {"expression": "document.getElementById('c').checked = true"})
    assert await _names(tab) == {"Box"}


async def test_an_animated_element_is_read_as_it_is_now(server, tab):
    page = """<div id=fading><button>Faded out</button></div><div><button>Still here</button></div>
<script>document.getElementById("fading").animate([{opacity: 0}, {opacity: 0}], {duration: 600000, fill: "forwards"});</script>"""
    await navigate(tab, server.route("/ds/animated.html", page))
    assert await _names(tab) == {"Still here"}


async def test_a_hidden_until_found_block_hides_what_it_holds(server, tab):
    page = "<div hidden=until-found><p><button>Not found yet</button></p></div><p><button>Found</button></p>"
    await navigate(tab, server.route("/ds/until-found.html", page))
    assert await _names(tab) == {"Found"}


async def test_a_fixed_scroller_out_of_the_viewport_is_not_listed(server, tab):
    # Its own overflow bears on what it holds, not on where it is: no scrolling brings a fixed box below
    # the viewport into it, scroller or not (a candidate keeps the context it was listed with, walk.js).
    page = """<div role=listbox aria-label="Below" tabindex=0
  style="position: fixed; top: 3000px; height: 40px; overflow: auto"><div>a</div></div>
<div role=listbox aria-label="In view" tabindex=0
  style="position: fixed; top: 100px; height: 40px; overflow: auto"><div>b</div></div>"""
    await navigate(tab, server.route("/ds/fixed-scroller.html", page))
    assert await _names(tab) == {"In view"}
