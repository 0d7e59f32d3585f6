"""Form.io's form builder (npm @formio/js 5.6.0, MIT) in a form designer of ours: fields are dragged from
the palette into the form, each opens its settings dialog, "Save form" stores the JSON schema in our
backend (/api/forms/contact → forms.json). The code editors of the settings (ace) come from npm
ace-builds, not from Form.io's CDN.
"""

from __future__ import annotations

import pytest
from npm_apps import agent_session, pick, read_json, readable


def saved_fields(data) -> list[tuple[str, str]]:
    """(type, label) of each field of the saved form. Not the API key: Form.io derives it from the label
    on a debounce, and a Save clicked right after typing (as the agent does; browserx's `type` answers
    before the debounce fires) keeps the default key ("textField"), a gap recorded in APPS_npm.md."""
    (form,) = read_json(data / "forms.json")
    return [(c["type"], c["label"]) for c in form["schema"]["components"]]


async def test_formio_text_field_dropped_below_a_field_is_saved_with_its_label(manager, form_builder):
    url, data = form_builder
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot("builder", expect="Text Field")
        # A person drags "Text Field" from the palette onto the form, below the field already there.
        await agent.act(
            "drag", element_id=pick(model, "clickable", "Text Field"), target_id=pick(model, "textbox", "Name")
        )
        settings = await agent.snapshot("field settings dialog")
        await agent.type(pick(settings, "textbox", "Label"), "Email")
        await agent.click(pick(settings, "button", "Save"))
        form = await agent.snapshot("builder with two fields")
        await agent.click(pick(form, "button", "Save form"))
        offsite = await agent.offsite_requests()
    assert saved_fields(data) == [("textfield", "Name"), ("textfield", "Email")]
    assert offsite == [], "the app must render from 127.0.0.1 alone"


async def test_formio_field_relabelled_through_its_edit_button_is_saved(manager, form_builder):
    url, data = form_builder
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot(expect="Text Field")
        # The field's tools show when the pointer is over it, as for a person.
        await agent.act("hover", element_id=pick(model, "textbox", "Name"))
        tools = await agent.snapshot("field tools")
        await agent.click(pick(tools, "button", "Edit button. Click to open component settings modal window"))
        settings = await agent.snapshot()
        await agent.type(pick(settings, "textbox", "Label"), "Full name")
        await agent.click(pick(settings, "button", "Save"))
        form = await agent.snapshot()
        await agent.click(pick(form, "button", "Save form"))
    assert saved_fields(data) == [("textfield", "Full name")]


@pytest.mark.parametrize("form_builder", ["empty"], indirect=True)
async def test_formio_first_field_dropped_on_the_empty_forms_drop_zone_is_saved(manager, form_builder):
    url, data = form_builder
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot("empty builder", expect="Text Field")
        zone = [m for m in await agent.find("Drag and Drop a form component") if m.get("element_id")]
        assert zone, "the drop zone a person sees must be found, with an element id to drag onto"
        await agent.act("drag", element_id=pick(model, "clickable", "Text Field"), target_id=zone[0]["element_id"])
        settings = await agent.snapshot()
        await agent.type(pick(settings, "textbox", "Label"), "Email")
        await agent.click(pick(settings, "button", "Save"))
        form = await agent.snapshot()
        await agent.click(pick(form, "button", "Save form"))
    assert saved_fields(data) == [("textfield", "Email")]


async def test_formio_description_editor_of_the_field_settings_is_listed_by_its_label(manager, form_builder):
    """The settings dialog's Description and Tooltip are ace editors (from npm ace-builds): a person sees
    two boxes under those captions; ace types through a 2x1 px transparent textarea with no label."""
    url, _ = form_builder
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot(expect="Text Field")
        await agent.act(
            "drag", element_id=pick(model, "clickable", "Text Field"), target_id=pick(model, "textbox", "Name")
        )
        settings = await agent.snapshot("field settings dialog")
        pick(settings, "textbox", "Description")
        pick(settings, "textbox", "Tooltip")


async def test_formio_each_settings_tab_is_listed_once(manager, form_builder):
    """A person sees one "Data" tab; the model lists it twice since c62e504 (once per nested actionable)."""
    url, _ = form_builder
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot(expect="Text Field")
        await agent.act(
            "drag", element_id=pick(model, "clickable", "Text Field"), target_id=pick(model, "textbox", "Name")
        )
        settings = await agent.snapshot(expect="Label")
    tabs = [readable(c["name"]) for c in settings["controls"] if readable(c["name"]) in SETTINGS_TABS]
    assert sorted(tabs) == sorted(SETTINGS_TABS), tabs


SETTINGS_TABS = ["Display", "Data", "Validation", "API", "Conditional", "Logic", "Layout"]
