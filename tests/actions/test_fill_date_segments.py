"""A date drawn as segments is one date entry that `fill` takes an ISO date for (issue 31, kind 1).

Date fields of component libraries draw a date as a group of `role=spinbutton` segments (month, day,
year, in the locale's order, with the separators between them hidden), each taking digits only in its
keydown handler and passing the focus on once full; a hidden input beside them holds the ISO value, a
calendar button sits in the group. A person reads one date field and types its parts. The segments are
told apart as a person tells them: by their names (in the page's language) or by their ranges
(1-12, 1-31, a year's), never by a library's attribute. Here the widget lives in a shadow root.
"""

from __future__ import annotations

import pytest

# The widget: `parts` in display order, each [part, name attribute, exposes its range]; the year at
# most 2030 (a range the page may not say). Digits accumulate from the segment's focus; a digit that
# would pass the maximum starts over; the day is kept within its month.
_WIDGET = """<!doctype html><html lang=%(lang)s><title>Trips</title>
<h1>New trip</h1>
<date-field></date-field>
<button id=save>Save</button>
<script>
const PARTS = %(parts)s;
const RANGE = {year: [1, 2030], month: [1, 12], day: [1, 31]};
const WIDTH = {year: 4, month: 2, day: 2};
customElements.define('date-field', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({mode: 'open'});
    root.innerHTML = `<style>span[role=spinbutton] { padding: 0 2px; }
      .g { display: inline-flex; gap: 2px; position: relative; }</style>
      <label id=lbl>Start date</label>
      <div class=g role=group aria-labelledby=lbl><div role=presentation class=segs></div>
        %(value_input)s
        <button type=button aria-label=Calendar>&#128197;</button></div>`;
    const box = root.querySelector('.segs');
    const value = %(start)s;
    const SHOWN_EMPTY = {year: 'yyyy', month: 'mm', day: 'dd'};
    const dim = () => new Date(value.year || 2000, value.month || 1, 0).getDate();
    const segs = PARTS.map(([part, label, ranged], i) => {
      if (i) box.insertAdjacentHTML('beforeend', '<span aria-hidden=true>%(sep)s</span>');
      const s = document.createElement('span');
      s.setAttribute('role', 'spinbutton'); s.tabIndex = 0; s.contentEditable = 'true';
      s.id = 'seg-' + part;
      if (label) { s.setAttribute('aria-label', label); s.setAttribute('aria-labelledby', s.id + ' lbl'); }
      else s.setAttribute('aria-labelledby', 'lbl');
      if (ranged) { s.setAttribute('aria-valuemin', RANGE[part][0]); s.setAttribute('aria-valuemax', RANGE[part][1]); }
      s.dataset.part = part; s.dataset.ranged = ranged ? '1' : '';
      box.appendChild(s);
      return s;
    });
    const show = () => {
      if (value.day !== null) value.day = Math.min(value.day, dim());
      for (const s of segs) {
        const part = s.dataset.part;
        if (value[part] === null) { s.textContent = SHOWN_EMPTY[part]; s.removeAttribute('aria-valuenow'); continue; }
        s.textContent = String(value[part]).padStart(part === 'year' ? 1 : 2, '0');
        s.setAttribute('aria-valuenow', value[part]);
        if (part === 'day' && s.dataset.ranged) s.setAttribute('aria-valuemax', dim());
      }
      const pad = (n, w) => String(n).padStart(w, '0');
      const whole = value.year !== null && value.month !== null && value.day !== null;
      const iso = `${pad(value.year, 4)}-${pad(value.month, 2)}-${pad(value.day, 2)}`;
      root.querySelector('input').value = whole ? iso : '';
    };
    segs.forEach((s, i) => {
      const part = s.dataset.part, max = RANGE[part][1];
      let entered = '';
      s.addEventListener('focus', () => { entered = ''; });
      s.addEventListener('beforeinput', e => e.preventDefault());
      s.addEventListener('keydown', e => {
        if (/^[0-9]$/.test(e.key)) {
          e.preventDefault();
          entered += e.key;
          if (+entered > max) entered = e.key;
          if (+entered >= RANGE[part][0]) { value[part] = +entered; show(); }
          if (entered.length >= WIDTH[part] || +entered * 10 > max) { if (segs[i + 1]) segs[i + 1].focus(); }
        } else if (e.key === 'Backspace') {
          e.preventDefault();
          entered = String(value[part] || '').slice(0, -1);
          value[part] = entered ? +entered : null;
          show();
        } else if (e.key.length === 1 && !e.ctrlKey) e.preventDefault();
      });
    });
    show();
  }
});
window.shown = () => document.querySelector('date-field').shadowRoot.querySelector('input').value;
</script>"""


# Where the widget keeps the ISO value: a hidden input, or one drawn transparent over the field and
# hidden from the accessibility tree (as some libraries keep it for forms).
HIDDEN = "<input hidden name=start>"
TRANSPARENT = (
    '<input name=start aria-hidden=true tabindex=-1 style="position: absolute; left: 0; bottom: 0; width: 100%%; '
    'opacity: 0; pointer-events: none">'
)


def _page(
    parts: list[tuple[str, str, bool]], lang: str = "en", sep: str = "/", value_input: str = HIDDEN, empty: bool = False
) -> str:
    spec = "[" + ",".join(f"['{p}', '{label}', {'true' if ranged else 'false'}]" for p, label, ranged in parts) + "]"
    start = "{year: null, month: null, day: null}" if empty else "{year: 2026, month: 1, day: 31}"
    return _WIDGET % {"parts": spec, "lang": lang, "sep": sep, "value_input": value_input, "start": start}


# Named by the part and the field (as "month, Start date"), with ranges, month first.
NAMED = _page([("month", "month, ", True), ("day", "day, ", True), ("year", "year, ", True)])
# Named in the page's language only (German: Tag, Monat, Jahr), day first, no ranges said.
LOCAL = _page(
    [("day", "Tag", False), ("month", "Monat", False), ("year", "Jahr", False)],
    lang="de",
    sep=".",
    value_input=TRANSPARENT,
)
# Named only by the field's label: told apart by their ranges, year first.
RANGED = _page([("year", "", True), ("month", "", True), ("day", "", True)], sep="-", value_input=TRANSPARENT)
# Empty, named only by the field's label, no ranges: told apart by the placeholders they show (mm, dd, yyyy).
EMPTY = _page([("month", "", False), ("day", "", False), ("year", "", False)], empty=True)
PAGES = {"named": NAMED, "local": LOCAL, "ranged": RANGED}


async def _model(call, include_values: bool = False) -> dict:
    result = await call("browser_dom", action="snapshot", format="json", include_values=include_values)
    assert result.success, result.error
    return result.data


async def _date_id(call) -> str:
    [date] = [c["id"] for c in (await _model(call))["controls"] if c["role"] == "date"]
    return date


@pytest.mark.parametrize("page", list(PAGES))
async def test_segments_of_a_date_are_one_date_entry_with_its_segments(tab, load, call, eid, page):
    await load(tab, PAGES[page])
    model = await _model(call, include_values=True)
    dates = [c for c in model["controls"] if c["role"] == "date"]
    assert [(c["name"], c.get("value")) for c in dates] == [("Start date", "2026-01-31")]
    assert dates[0]["id"] == await eid(tab, "date-field >>> [role=group]")  # the field's labelled group
    segments = [c for c in model["controls"] if c["role"] == "spinbutton"]
    assert len(segments) == 3  # each segment stays reachable by its own id
    assert any(c["role"] == "button" and c["name"].startswith("Calendar") for c in model["controls"])


async def test_empty_segments_are_told_by_the_placeholders_they_show(tab, load, call):
    await load(tab, EMPTY)
    dates = [c for c in (await _model(call, include_values=True))["controls"] if c["role"] == "date"]
    assert [(c["name"], c.get("value")) for c in dates] == [("Start date", None)]


@pytest.mark.parametrize("page", [*PAGES, "empty"])
async def test_fill_of_a_segmented_date_types_its_parts(tab, load, call, js, page):
    await load(tab, {**PAGES, "empty": EMPTY}[page])
    date = await _date_id(call)
    result = await call("browser_dom", action="fill", fields=[{"element_id": date, "value": "2026-05-20"}])
    assert result.success, result.error
    assert await js(tab, "shown()") == "2026-05-20"
    assert result.data["fields"] == [{"element_id": date, "done": "typed"}]


async def test_a_date_that_does_not_exist_is_refused(tab, load, call, js):
    await load(tab, NAMED)
    date = await _date_id(call)
    result = await call("browser_dom", action="fill", fields=[{"element_id": date, "value": "2026-02-30"}])
    assert not result.success
    assert result.error["code"] == "VALIDATION_ERROR"
    assert await js(tab, "shown()") == "2026-01-31"


async def test_a_date_past_the_range_the_segments_say_is_refused(tab, load, call):
    await load(tab, NAMED)
    date = await _date_id(call)
    result = await call("browser_dom", action="fill", fields=[{"element_id": date, "value": "2040-05-20"}])
    assert result.error["code"] == "VALIDATION_ERROR"


async def test_a_date_the_field_did_not_take_is_an_error(tab, load, call, js):
    # No range said: the widget keeps its year at most 2030, and the read-back tells.
    await load(tab, LOCAL)
    date = await _date_id(call)
    result = await call("browser_dom", action="fill", fields=[{"element_id": date, "value": "2040-05-20"}])
    assert result.error["code"] == "VALIDATION_ERROR"
    assert await js(tab, "shown()") != "2040-05-20"


async def test_typing_an_iso_date_into_the_date_entry_types_its_parts(tab, load, call, js):
    await load(tab, RANGED)
    result = await call("browser_dom", action="type", element_id=await _date_id(call), text="2027-12-03")
    assert result.success, result.error
    assert await js(tab, "shown()") == "2027-12-03"


async def test_a_segment_given_an_iso_date_fills_the_whole_date(tab, load, call, js):
    await load(tab, NAMED)
    model = await _model(call)
    month = next(c["id"] for c in model["controls"] if c["role"] == "spinbutton" and c["name"].startswith("month"))
    result = await call("browser_dom", action="fill", fields=[{"element_id": month, "value": "2026-05-20"}])
    assert result.success, result.error
    assert await js(tab, "shown()") == "2026-05-20"


# Spinbuttons in a group that are no date: a time's parts, counts of people, and counts whose ranges
# are a month's and a day's (no year among them).
NOT_DATES = """<!doctype html><title>Booking</title>
<div role=group aria-label="Arrival time"><span role=spinbutton tabindex=0 aria-label="hour" aria-valuemin=1
  aria-valuemax=12 aria-valuenow=9>09</span>:<span role=spinbutton tabindex=0 aria-label="minute" aria-valuemin=0
  aria-valuemax=59 aria-valuenow=30>30</span></div>
<div role=group aria-label=Guests><span role=spinbutton tabindex=0 aria-label=Adults aria-valuemin=1
  aria-valuemax=12 aria-valuenow=2>2</span> <span role=spinbutton tabindex=0 aria-label=Children aria-valuemin=0
  aria-valuemax=10 aria-valuenow=0>0</span></div>
<div role=group aria-label=Stay><span role=spinbutton tabindex=0 aria-label=Rooms aria-valuemin=1
  aria-valuemax=12 aria-valuenow=1>1</span> <span role=spinbutton tabindex=0 aria-label=Nights aria-valuemin=1
  aria-valuemax=30 aria-valuenow=3>3</span></div>"""


async def test_spinbuttons_that_are_no_date_stay_spinbuttons(tab, load, call):
    await load(tab, NOT_DATES)
    model = await _model(call)
    assert [c["role"] for c in model["controls"]] == ["spinbutton"] * 6
