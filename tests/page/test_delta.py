"""Issue 23: diff and apply of two page models (pure), and the delta's text form.
The property test over real pages is test_delta_property.py."""

from __future__ import annotations

import pytest

from browserx.page.delta import Delta, apply, diff
from browserx.page.delta_text import render_delta
from browserx.page.model import Control, Heading, Note, PageModel, Viewport
from browserx.page.render import render_text


def button(element_id: str, name: str, heading: int | None = None, **fields) -> Control:
    fields.setdefault("inViewport", True)
    return Control(id=element_id, role="button", name=name, heading=heading, **fields)


def page(controls, headings=(), notes=(), text="", **fields) -> PageModel:
    return PageModel(
        title="Shop",
        url="http://127.0.0.1/shop",
        headings=[Heading(level=level, text=t) for level, t in headings],
        controls=list(controls),
        notes=list(notes),
        text=text,
        regions=["main"],
        **fields,
    )


BASE = page(
    [button("bu_1", "One", 0, region="main"), button("bu_2", "Two", 1, region="main"), button("bu_3", "Three", 1)],
    headings=[(1, "Shop"), (2, "Cart")],
    notes=[Note(kind="status", text="Empty", region="main", before=1)],
    text="Shop\n\nCart\n\nYour cart is empty.",
    aimap={"bu_1": "#one", "bu_2": "#two", "bu_3": "#three"},
)


def rebuilt(base: PageModel, now: PageModel) -> PageModel:
    out = apply(base, diff(base, now))
    assert out == now and render_text(out) == render_text(now)
    assert [c.heading for c in out.controls] == [c.heading for c in now.controls]
    return out


def test_an_unchanged_model_has_an_empty_delta_and_its_text_says_no_changes():
    delta = diff(BASE, BASE.model_copy(deep=True))
    assert delta.empty and delta.to_json_dict() == {}
    assert render_delta(BASE, BASE, delta, number=2, base_number=1) == "(snapshot 2: no changes since 1)"


def test_a_control_added_removed_and_changed_is_said_by_id_and_rebuilt_exactly():
    now = page(
        [button("bu_1", "One!", 0, region="main"), button("bu_3", "Three", 1), button("bu_4", "Four", 1)],
        headings=[(1, "Shop"), (2, "Cart")],
        notes=[Note(kind="status", text="Empty", region="main", before=1)],
        text=BASE.text,
        aimap={"bu_1": "#one", "bu_3": "#three", "bu_4": "#four"},
    )
    delta = diff(BASE, now)
    assert delta.removed == ["bu_2"]
    assert [c["id"] for c in delta.added] == ["bu_4"] and delta.added[0]["after"] == "bu_3"
    assert delta.changed == [{"id": "bu_1", "name": "One!"}]
    assert delta.aimap == {"bu_4": "#four", "bu_2": None}
    rebuilt(BASE, now)
    text = render_delta(BASE, now, delta, number=5, base_number=4)
    assert text.splitlines()[0] == "(snapshot 5: changes since 4)"
    assert "removed: bu_2" in text and "~ bu_1 One!" in text and "+ bu_4 Four" in text


def test_a_moved_control_carries_after_and_only_the_moved_one_does():
    now = BASE.model_copy(deep=True)
    now.controls = [now.controls[2], now.controls[0], now.controls[1]]
    now.notes = [Note(kind="status", text="Empty", region="main", before=2)]
    delta = diff(BASE, now)
    assert delta.changed == [{"id": "bu_3", "after": None}]
    rebuilt(BASE, now)


def test_a_heading_inserted_above_shifts_no_control_the_edits_carry_the_indexes():
    now = BASE.model_copy(deep=True)
    now.headings.insert(0, Heading(level=1, text="Sale"))
    for control in now.controls:
        control.heading = control.heading + 1 if control.heading is not None else None
    delta = diff(BASE, now)
    assert delta.headings == [(0, 0, [[1, "Sale"]])] and not delta.changed
    rebuilt(BASE, now)


def test_a_note_keeps_its_place_by_the_id_of_the_control_it_precedes():
    now = BASE.model_copy(deep=True)
    now.controls.insert(0, button("bu_9", "Nine", 0, region="main"))
    now.notes = [Note(kind="status", text="Empty", region="main", before=2)]  # still before bu_2
    delta = diff(BASE, now)
    assert not delta.notes
    now.notes = [Note(kind="status", text="1 item", region="main", before=2)]
    delta = diff(BASE, now)
    assert delta.notes == [(0, 1, [{"kind": "status", "text": "1 item", "region": "main", "before": "bu_2"}])]
    assert "+ status: 1 item" in render_delta(BASE, now, delta, number=2, base_number=1)
    rebuilt(BASE, now)


def test_text_edits_are_lines_under_the_heading_they_follow_and_a_long_run_gone_is_summarised():
    now = BASE.model_copy(deep=True)
    now.text = "Shop\n\nCart\n\n1 × Blue mug\n$12.00"
    delta = diff(BASE, now)
    text = render_delta(BASE, now, delta, number=2, base_number=1)
    assert text.splitlines()[1:] == ["---", "## Cart", "- Your cart is empty.", "+ 1 × Blue mug", "+ $12.00"]
    rebuilt(BASE, now)
    long = BASE.model_copy(deep=True)
    long.text = "Shop\n" + "\n".join(f"line {n}" for n in range(10))
    gone = render_delta(long, BASE, diff(long, BASE), number=2, base_number=1)
    assert "- 10 lines, “line 0” … “line 9”" in gone.splitlines()


def test_whole_fields_come_whole_and_dict_key_order_counts():
    now = BASE.model_copy(deep=True)
    now.title, now.url = "Cart", "http://127.0.0.1/cart"
    now.viewport = Viewport(width=1280, height=720, scroll_y=400)
    now.omitted = {"headings": 0, "controls": 0, "text": 0}  # same counts, another order: the text differs
    now.modal = {"role": "dialog", "name": "Sure?", "text": "Really?", "blocked": 3}
    delta = diff(BASE, now)
    assert set(delta.fields) == {"title", "url", "viewport", "omitted", "modal"}
    rebuilt(BASE, now)
    text = render_delta(BASE, now, delta, number=2, base_number=1)
    assert "# Cart — http://127.0.0.1/cart" in text and "scrolled to x=0 y=400" in text
    assert 'MODAL dialog "Sure?" is open; the page behind it is blocked (3 controls not listed)' in text


def test_a_delta_that_does_not_fit_its_base_is_refused():
    delta = diff(BASE, BASE.model_copy(update={"controls": BASE.controls[:1]}))
    with pytest.raises(ValueError):
        apply(page([button("bu_7", "Seven")]), delta)
    with pytest.raises(ValueError):
        apply(BASE, Delta(added=[{**BASE.controls[0].model_dump(by_alias=True), "id": "bu_8", "after": "bu_99"}]))


def test_the_llm_json_delta_leaves_out_selectors_and_heading_indexes_and_still_rebuilds_the_llm_json():
    from browserx.page.render import llm_json

    now = BASE.model_copy(deep=True)
    now.controls.append(button("bu_4", "Four", 1))
    now.aimap["bu_4"] = "#four"
    wire = diff(BASE, now).to_json_dict()
    assert "aimap" not in wire and all("heading" not in c for c in wire["added"])
    assert llm_json(apply(PageModel.from_raw(llm_json(BASE)), Delta.from_json_dict(wire))) == llm_json(now)


def test_the_text_form_keeps_the_in_view_convention_of_the_model_it_is_based_on():
    many = page([button(f"bu_{n}", f"B{n}", inViewport=n < 2) for n in range(6)])  # most outside: view marks
    now = many.model_copy(deep=True)
    for control in now.controls[:4]:
        control.in_viewport = True  # now most inside: a full model would flag `off` on the other lines
    assert "ids: bu=button; off=outside the viewport" in render_text(now)
    kept = render_delta(many, now, diff(many, now), number=2, base_number=1)
    assert kept.splitlines()[1:] == ["~ bu_2 B2 [view]", "~ bu_3 B3 [view]"]
