"""Captions in a control's own group (issue 31, kind 3): a person reads the caption beside a control as its
name when what names it otherwise is only the value it holds (page/seen.js, page/names.js shownName).

- A field whose aria-label states its own value ("Choose date, selected date is May 1, 2026" on a field
  holding 05/01/2026), under a floating label drawn across its top border, is named by that label.
- A dropdown nothing names takes the floating label resting inside its box or raised across its border.
- A button that opens a picker, named only by the date it shows and drawn in a custom element's shadow
  root, takes the caption standing before that element in their row.
- A range drawn inside its own label part, its pin showing its value: the value is not part of its name;
  nor is a dropdown's own value when its aria-labelledby lists the caption and then itself.

Chromium's names stay what they are (`ax_name`, what the checks compare); author-given names that are
names, not values, stay.
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page import DomService, SnapshotOptions

# Outlined fields as a component library draws them: a caption absolutely placed over the field's top border
# (raised: scaled and moved up) or resting inside it, the field in a bordered box after it.
FIELDS_CSS = """body { font: 16px/1.5 sans-serif } .fc { position: relative; display: flex; flex-direction: column;
  width: 260px; margin: 28px 0 8px } .float { position: absolute; left: 0; top: 0; transform-origin: top left;
  transform: translate(14px, -9px) scale(.75); white-space: nowrap } .float.rest { transform: translate(14px, 16px) }
  .ib { position: relative; display: flex; border: 1px solid #999; border-radius: 4px }
  .ib input, .ib [role=combobox] { flex: 1; padding: 16px 14px; border: 0; font: inherit; min-height: 24px }
  .ib fieldset { position: absolute; inset: -5px 0 0; margin: 0; border: 0; pointer-events: none }
  .ib legend { opacity: 0; font-size: .75em } .native { position: absolute; opacity: 0; pointer-events: none }
  .row { display: flex; gap: 8px; align-items: center; margin: 12px 0 }"""

FIELDS = f"""<!doctype html><title>Trip</title><style>{FIELDS_CSS}</style>
<main><h1>New trip</h1>
<div class=fc><label class=float for=start id=start-label>Start date</label><div class=ib><input id=start readonly
  placeholder=MM/DD/YYYY aria-label="Choose date, selected date is May 1, 2026" value="05/01/2026"><fieldset
  aria-hidden=true><legend><span>Start date</span></legend></fieldset></div></div>
<div class=fc><label class=float>End date</label><div class=ib><input id=end readonly
  aria-label="Choose date, selected date is 8 May 2026" value="2026-05-08"></div></div>
<div class=fc><label class=float>Room</label><div class=ib><div role=combobox tabindex=0 aria-expanded=false
  aria-haspopup=listbox id=room>Single</div><input class=native aria-hidden=true tabindex=-1 value=Single></div></div>
<div class=fc><label class="float rest">Extras</label><div class=ib><div role=combobox tabindex=0 aria-expanded=false
  aria-haspopup=listbox id=extras><span aria-hidden=true>&#8203;</span></div></div></div>
<div class=fc><label class=float id=wing-label>Wing</label><div class=ib><div role=combobox tabindex=0
  aria-expanded=false aria-haspopup=listbox id=wing aria-labelledby="wing-label wing">North</div></div></div>
<div class=fc><label class=float id=due-label>Due</label><div class=ib><div role=spinbutton tabindex=0 id=due-month
  aria-label="month," aria-labelledby="due-month due-label" aria-valuenow=5 aria-valuemin=1 aria-valuemax=12>5</div></div></div>
<div class=fc><label class=float for=email>Email</label><div class=ib><input id=email aria-label="Work email"
  value="ada@example.org"></div></div>
<div class=fc><label class=float>Nights</label><div class=ib><input id=nights type=number aria-label="Nights"
  value=2></div></div>
<p>Dates are shown in the traveller's own time zone; a trip may start today or on any later day of the year.</p>
<div><input id=lone readonly aria-label="Choose date, selected date is May 9, 2026" value="05/09/2026"></div>
</main>"""

# A row component whose shadow root lays out its slots (start, the caption, end), a date button drawn in a
# custom element's shadow root (its text the date it shows, in a slot's fallback content), and a range whose
# label part holds both its caption and the drawn slider with its pin.
ROW_ELEMENTS = """<script>
customElements.define("x-item", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = `<style>:host { display: block } .row { display: flex;
      align-items: center; gap: 8px; padding: 8px 16px; border-bottom: 1px solid #ccc } .main { flex: 1 }</style>
      <div class=row><slot name=start></slot><div class=main><slot></slot></div><slot name=end></slot></div>`;
  }
});
customElements.define("x-date-button", class extends HTMLElement {
  constructor() {
    super();
    const date = this.getAttribute("date") || "May 1, 2026";
    this.attachShadow({ mode: "open" }).innerHTML =
      `<button aria-expanded=false part=native><slot name=date-target>${date}</slot></button>`;
  }
});
customElements.define("x-range", class extends HTMLElement {
  constructor() {
    super();
    const value = this.getAttribute("value");
    this.attachShadow({ mode: "open" }).innerHTML = `<style>.track { position: relative; height: 40px; width: 300px }
      .knob { position: absolute; left: 10%; top: 12px; width: 16px; height: 16px; background: #333 }
      .pin { position: absolute; bottom: 20px; left: 0 }</style>
      <label id=range-label><div part=label>${this.getAttribute("label")}</div><div class=track><div role=slider
      tabindex=0 class=knob aria-labelledby=range-label aria-valuemin=1 aria-valuemax=14 aria-valuenow=${value}><div
      class=pin role=presentation>${value}</div></div></div></label>`;
  }
});
</script>"""

ROWS = f"""<!doctype html><title>Trip</title><style>body {{ font: 16px/1.5 sans-serif }}</style>
<main><h1>New trip</h1>
<div role=list>
<x-item role=listitem><x-caption>Start date</x-caption><x-date-button slot=end></x-date-button></x-item>
<x-item role=listitem><x-range label=Nights value=2></x-range></x-item>
<x-item role=listitem><x-caption>Dates</x-caption><x-date-button slot=end date="May 2, 2026"></x-date-button><x-date-button
  slot=end date="May 9, 2026"></x-date-button></x-item>
<x-item role=listitem><x-caption>Sort</x-caption><button slot=end aria-expanded=false>Newest first</button></x-item>
<x-item role=listitem><x-caption>Posted</x-caption><button slot=end>May 3, 2026</button></x-item>
</div>
</main>{ROW_ELEMENTS}"""


async def _model(server, tab, path: str, html: str):
    await navigate(tab, server.route(path, html))
    return await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)


def _named(model) -> dict:
    return {c.name: c for c in model.controls}


async def test_a_field_named_by_its_value_takes_the_floating_label_over_it(server, tab):
    named = _named(await _model(server, tab, "/captions/fields", FIELDS))
    start, end = named["Start date"], named["End date"]
    assert (start.role, start.name_from, start.ax_name) == (
        "textbox",
        "seen",
        "Choose date, selected date is May 1, 2026",
    )
    assert start.placeholder == "MM/DD/YYYY"  # the field's own hint stays its hint
    values = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
    assert _named(values)["Start date"].value == "05/01/2026"  # the value stays the value
    # Without `for` too, and the same date written another way.
    assert (end.role, end.name_from) == ("textbox", "seen")


async def test_an_unnamed_dropdown_takes_the_floating_label_raised_over_it_or_resting_in_it(server, tab):
    named = _named(await _model(server, tab, "/captions/fields", FIELDS))
    assert (named["Room"].role, named["Room"].name_from) == ("combobox", "seen")
    assert (named["Extras"].role, named["Extras"].name_from) == ("combobox", "seen")


async def test_a_dropdown_labelled_by_its_caption_and_itself_is_named_by_the_caption(server, tab):
    named = _named(await _model(server, tab, "/captions/fields", FIELDS))
    wing = named["Wing"]
    assert (wing.role, wing.name_from, wing.ax_name) == ("combobox", None, "Wing North")
    # A label of its own there is no value: a date's segment labelled "itself, the field's caption" keeps it.
    assert named["month, Due"].role == "spinbutton" and named["month, Due"].ax_name is None


async def test_names_that_are_names_stay_whatever_caption_stands_over_them(server, tab):
    model = await _model(server, tab, "/captions/fields", FIELDS)
    named = _named(model)
    assert named["Work email"].name_from is None and "Email" not in named
    # A value of one character is no statement of it ("Nights" on 2).
    assert named["Nights"].role == "spinbutton" and named["Nights"].name_from is None
    # A field named by its value with no caption of its own (prose before it) keeps its name.
    lone = named["Choose date, selected date is May 9, 2026"]
    assert lone.name_from is None and lone.ax_name is None


async def test_a_date_button_in_a_shadow_root_takes_the_caption_of_its_row(server, tab):
    model = await _model(server, tab, "/captions/rows", ROWS)
    named = _named(model)
    start = named["Start date"]
    assert (start.role, start.name_from, start.ax_name) == ("button", "seen", "May 1, 2026")
    assert start.states.get("expanded") is False
    # The date it showed is its value, told when values are asked for.
    values = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
    assert _named(values)["Start date"].value == "May 1, 2026"
    # Two date buttons at the far end of a row: the caption, far from both, is neither's.
    assert named["May 2, 2026"].name_from is None and named["May 9, 2026"].name_from is None
    # A button named by words keeps them; a date on a button that opens nothing is what it says.
    assert named["Newest first"].name_from is None and named["May 3, 2026"].name_from is None
    assert "Dates" not in named and "Sort" not in named and "Posted" not in named


async def test_a_ranges_pin_inside_its_label_part_is_its_value_not_its_name(server, tab):
    model = await _model(server, tab, "/captions/rows", ROWS)
    nights = _named(model)["Nights"]
    assert (nights.role, nights.name_from, nights.ax_name) == ("slider", None, "Nights 2")
    values = await DomService.of(tab).snapshot(SnapshotOptions(include_values=True), fresh=True)
    assert _named(values)["Nights"].value == "2"


async def test_chromium_agreement_judges_the_accessible_names(server, tab):
    for path, html in (("/captions/fields", FIELDS), ("/captions/rows", ROWS)):
        model = await _model(server, tab, path, html)
        report = await compare_with_chromium(tab, model)
        assert report["disagreements"] == [], (path, report["disagreements"])


async def test_find_finds_a_control_by_its_group_caption_with_the_snapshots_name(server, tab, call):
    for path, html, query, role in (
        ("/captions/find-fields", FIELDS, "start date", "textbox"),
        ("/captions/find-rows", ROWS, "start date", "button"),
        ("/captions/find-rows", ROWS, "nights", "slider"),
    ):
        await navigate(tab, server.route(path, html))
        result = await call("browser_dom", action="find", query=query)
        assert result.success, result.error
        (found,) = [m for m in result.data["matches"] if m["kind"] == "control"]
        model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
        assert found["role"] == role and found["name"] == model.control(found["element_id"]).name, (query, found)


async def test_an_actions_result_names_the_range_as_the_snapshot_does(server, tab, call):
    nights = _named(await _model(server, tab, "/captions/act", ROWS))["Nights"]
    result = await call("browser_dom", action="click", element_id=nights.id)
    assert result.success, result.error
    assert result.data["effects"]["focus"]["name"] == "Nights"
