"""Finding a control again (locate.py): role and name first, then region, heading, index, selector,
each only narrowing; a renamed control is not found, and the candidates seen are named."""

from __future__ import annotations

from browserx.page.model import Control, Heading, PageModel
from browserx.tools.flows import Target, describe, locate


def _model(*controls: tuple[str, str, str, str | None, int | None], modal: dict | None = None) -> PageModel:
    """controls: (id, role, name, region, heading index)."""
    return PageModel(
        headings=[Heading(level=2, text="Cart"), Heading(level=2, text="Wishlist")],
        controls=[Control(id=i, role=r, name=n, region=g, heading=h) for i, r, n, g, h in controls],
        aimap={c[0]: f"#{c[0]}" for c in controls},
        modal=modal,
    )


def test_a_target_describes_its_control_as_a_person_would():
    model = _model(("bu_1", "button", "Remove", "main", 0), ("bu_2", "button", "Remove", "main", 1))
    target = describe(model, "bu_2")
    assert target == Target(
        role="button", name="Remove", region="main", heading="Wishlist", index=1, selector="#bu_2", id="bu_2"
    )
    assert describe(model, "bu_9") is None


def test_role_and_name_find_a_control_that_moved_to_another_region_and_renumbered():
    target = Target(
        role="button", name="Place order", region="main", heading="Cart", index=0, selector="#form > button"
    )
    found = locate(
        _model(("bu_1", "button", "Newsletter", "navigation", None), ("bu_9", "button", "Place order", "footer", None)),
        target,
    )
    assert found.control is not None and found.control.id == "bu_9" and found.by == "role+name"


def test_region_then_heading_then_index_then_selector_tell_same_named_controls_apart():
    model = _model(
        ("bu_1", "button", "Remove", "aside", 0),
        ("bu_2", "button", "Remove", "main", 0),
        ("bu_3", "button", "Remove", "main", 1),
        ("bu_4", "button", "Remove", "main", 1),
    )
    by_region = locate(model, Target(role="button", name="Remove", region="aside", index=3))
    assert (by_region.control.id, by_region.by) == ("bu_1", "region")
    by_heading = locate(model, Target(role="button", name="Remove", region="main", heading="Cart", index=3))
    assert (by_heading.control.id, by_heading.by) == ("bu_2", "heading")
    by_index = locate(model, Target(role="button", name="Remove", region="main", heading="Wishlist", index=3))
    assert (by_index.control.id, by_index.by) == ("bu_4", "index")
    by_selector = locate(
        model, Target(role="button", name="Remove", region="main", heading="Wishlist", index=9, selector="#bu_3")
    )
    assert (by_selector.control.id, by_selector.by) == ("bu_3", "selector")


def test_a_renamed_control_is_not_found_even_where_its_selector_still_matches():
    model = _model(("bu_5", "button", "Buy now", "main", 0), ("li_1", "link", "Mug Shop", "header", None))
    found = locate(model, Target(role="button", name="Place order", region="main", selector="#bu_5"))
    assert found.control is None
    assert found.candidates == ['button "Buy now" (main)', 'link "Mug Shop" (header)']


def test_another_case_or_a_role_of_the_same_family_still_matches_but_never_another_kind():
    model = _model(("co_1", "combobox", "search", "search", None), ("ch_1", "checkbox", "Remember me", "main", None))
    found = locate(model, Target(role="searchbox", name="Search"))
    assert found.control is not None and found.control.id == "co_1"
    assert locate(model, Target(role="button", name="Remember me")).control is None


def test_the_candidates_say_when_a_modal_dialog_covers_the_page():
    model = _model(("bu_1", "button", "Accept all", None, None), modal={"role": "dialog", "name": "Cookies"})
    found = locate(model, Target(role="button", name="Sign in"))
    assert found.control is None and found.candidates[-1] == 'an open dialog "Cookies" covers the page'
