"""Accessible names against the specifications (accname 1.2, html-aam), per category.

The pages in names_conformance/ state each case's name by the spec (`data-expected`); every case
must hold in the model, and on every page the model agrees with the spec at least as often as
Chromium's own accessibility tree does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.fidelity.axcheck import conformance_cases, flat_name

PAGES = sorted((Path(__file__).parent / "names_conformance").glob("*.html"))


async def _cases(server, tab, page: Path, **options):
    await navigate(tab, server.route(f"/names/{page.name}", page.read_text(encoding="utf-8")))
    model = await DomService.of(tab).snapshot(SnapshotOptions(**options), fresh=True)
    return model, await conformance_cases(tab, model)


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
async def test_every_case_of_the_page_gets_the_name_the_spec_gives(server, tab, page):
    _model, cases = await _cases(server, tab, page, include_values=True)
    assert len(cases) >= 5
    wrong = [(c["case"], c["expected"], c["browserx"]) for c in cases if not c["browserx_ok"]]
    assert wrong == []
    assert sum(c["browserx_ok"] for c in cases) >= sum(c["chromium_ok"] for c in cases)


async def test_a_typed_text_or_number_value_inside_a_label_stays_out_of_the_name_unless_values_are_asked(server, tab):
    page = Path(__file__).parent / "names_conformance" / "embedded.html"
    model, cases = await _cases(server, tab, page)
    got = {c["case"]: c["browserx"] for c in cases}
    assert got["textbox-in-label"] == "Flash the screen times"
    # Choices and ranges are not typed text: they stay in the name.
    assert got["select-in-label"] == "Remind me every week" and got["range-in-label"] == "Volume 7"
    # A number field is typed too (a quantity, a PIN): private like a text field.
    assert got["number-in-label"] == "Retry times"
    assert all(
        "5" not in c.name and "4" not in c.name for c in model.controls if c.role not in ("textbox", "spinbutton")
    )
    _model, with_values = await _cases(server, tab, page, include_values=True)
    assert {c["case"]: c["browserx"] for c in with_values}["number-in-label"] == "Retry 4 times"


async def test_a_password_inside_a_label_never_reaches_the_name(server, tab):
    html = """<!doctype html><label><input type=checkbox id=c> Use <input type=password value=hunter2> now</label>
    <span id=l>Key <input type=password value=hunter2></span><button aria-labelledby=l>Go</button>"""
    await navigate(tab, server.route("/names/password", html))
    model = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
    names = {c.role: c.name for c in model.controls}
    assert names["checkbox"] == "Use now" and names["button"] == "Key"
    assert all("hunter2" not in c.name for c in model.controls)


async def test_counters_follow_resets_and_display_none_boxes_count_nothing(server, tab):
    html = """<!doctype html><style>
      ol { counter-reset: n; list-style: none } li { counter-increment: n }
      li button::before { content: counters(n, ".") ") " } .skip { display: none }</style>
    <ol><li><button>A</button><ol><li><button>B</button></li><li class=skip>x</li><li><button>C</button></li></ol></li>
        <li><button>D</button></li></ol>"""
    await navigate(tab, server.route("/names/counters", html))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert [c.name for c in model.controls] == ["1) A", "1.1) B", "1.2) C", "2) D"]


def test_flat_names_collapse_ascii_whitespace_only():
    assert flat_name("  Log \n\t out ") == "Log out"
    assert flat_name("\u00a0Next ") == "\u00a0Next" and flat_name("10\u00a0km") == "10\u00a0km"


async def test_generated_content_from_a_cross_origin_sheet_and_from_a_rule_added_later_is_read(server, tab):
    css = server.route("/names/icons.css", ".go::before { content: 'Go to ' }", content_type="text/css")
    other_origin = css.replace("127.0.0.1", "localhost")
    html = f"""<!doctype html><link rel=stylesheet href="{other_origin}"><style>.plain {{ color: red }}</style>
    <button class=go>cart</button><button class=later>list</button>"""
    await navigate(tab, server.route("/names/xorigin", html))
    service = DomService.of(tab)
    model = await service.snapshot(SnapshotOptions(), fresh=True)
    assert [c.name for c in model.controls] == ["Go to cart", "list"]
    await tab.session.send(
        "Runtime.evaluate", {"expression": "document.styleSheets[1].insertRule('.later::after { content: \" view\" }')"}
    )
    model = await service.snapshot(SnapshotOptions(), fresh=True)
    assert [c.name for c in model.controls] == ["Go to cart", "list view"]


async def test_a_css_tooltip_is_no_part_of_the_name_but_names_an_icon_button_that_has_nothing_else(server, tab):
    # content: attr(data-title) on a pseudo-element that :hover shows (plotly's modebar, hint.css):
    # not rendered, so not in the name (2F, as Chromium); what a pointer on the icon shows, so its last
    # resort (2I), after title.
    html = """<!doctype html><style>
      [data-title]::after { content: attr(data-title); display: none }
      [data-title]:hover::after { display: block }</style>
    <a href="/logo" data-title="Produced with Plotly"><svg width=20 height=20><title>logomark</title>
      <rect width=20 height=20 /></svg></a>
    <button data-title="Zoom"><svg width=20 height=20 aria-hidden=true><rect width=20 height=20 /></svg></button>
    <button data-title="Pan" title="Pan the chart"><svg width=20 height=20 aria-hidden=true></svg></button>"""
    await navigate(tab, server.route("/names/tooltips", html))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert [c.name for c in model.controls] == ["logomark", "Zoom", "Pan the chart"]
