"""PageModel JSON shape and the compact text an LLM reads (pure: no browser)."""

from __future__ import annotations

import json

from browserx.page.model import PageModel, SnapshotOptions
from browserx.page.render import control_line, llm_json, render_text

RAW = {
    "title": "Login",
    "url": "http://site/login",
    "headings": [{"level": 1, "text": "Login"}, {"level": 2, "text": "Help"}],
    "regions": ["main", "footer"],
    "controls": [
        {
            "id": "te_1",
            "role": "textbox",
            "name": "Email",
            "states": {"required": True},
            "region": "main",
            "placeholder": "you@example.com",
            "value_len": 0,
            "visible": True,
            "inViewport": True,
            "bbox": [10, 20, 300, 30],
            "heading": 0,
        },
        {
            "id": "te_2",
            "role": "textbox",
            "name": "Password",
            "states": {},
            "region": "main",
            "filled": True,
            "visible": True,
            "inViewport": True,
            "bbox": [10, 60, 300, 30],
            "heading": 0,
        },
        {
            "id": "bu_3",
            "role": "button",
            "name": "Sign [in]",
            "states": {"disabled": True},
            "region": "main",
            "visible": True,
            "inViewport": True,
            "bbox": [10, 100, 80, 30],
            "heading": 0,
        },
        {
            "id": "li_4",
            "role": "link",
            "name": "Help",
            "states": {},
            "region": "footer",
            "href": "/help",
            "visible": True,
            "inViewport": False,
            "bbox": [10, 900, 40, 20],
            "heading": 1,
        },
        {
            "id": "cl_5",
            "role": "clickable",
            "name": "",
            "states": {},
            "region": None,
            "visible": True,
            "inViewport": True,
            "bbox": [0, 0, 5, 5],
            "heading": None,
        },
    ],
    "text": "Welcome back.",
    "aimap": {"te_1": "#email", "te_2": "#pw", "bu_3": "form > button", "li_4": "a"},
    "omitted": {"controls": 3, "headings": 0, "text": 10},
    "viewport": {"width": 1280, "height": 720, "scroll_x": 0, "scroll_y": 0, "device_pixel_ratio": 1},
    "next_number": 6,
    "state": {"m": 1},
}


def test_json_keeps_the_issue_keys_and_drops_absent_optional_ones():
    model = PageModel.from_raw(RAW)
    out = model.to_json_dict()
    assert list(out) == ["title", "url", "headings", "regions", "controls", "text", "aimap", "omitted", "viewport"]
    assert out["controls"][0] == {
        "id": "te_1",
        "role": "textbox",
        "name": "Email",
        "states": {"required": True},
        "region": "main",
        "placeholder": "you@example.com",
        "value_len": 0,
        "visible": True,
        "inViewport": True,
        "bbox": [10, 20, 300, 30],
    }
    assert "value_len" not in out["controls"][1] and out["controls"][1]["filled"] is True
    assert PageModel.model_validate(json.loads(json.dumps(out))).to_json_dict() == out


def test_llm_json_and_text_never_carry_selectors():
    model = PageModel.from_raw(RAW)
    assert "aimap" not in llm_json(model)
    text = render_text(model)
    assert "#email" not in text and "form > button" not in text


def test_text_groups_controls_under_regions_and_headings_with_a_legend():
    text = render_text(PageModel.from_raw(RAW))
    lines = text.splitlines()
    assert lines[0] == "# Login — http://site/login"
    assert lines[1].startswith("ids: te=textbox bu=button li=link cl=clickable;")
    assert lines[3:] == [
        "@main",
        "# Login",
        'te_1 Email [required] ph:"you@example.com" empty',
        "te_2 Password filled",
        """bu_3 "Sign [in]" [disabled]""",
        "@footer",
        "## Help",
        "li_4 Help [off] →/help",
        "@page",
        "cl_5",
        "(left out: 3 controls, 10 text chars)",
        "---",
        "Welcome back.",
    ]


def test_viewport_flag_marks_the_rarer_side():
    raw = json.loads(json.dumps(RAW))
    for control in raw["controls"]:
        control["inViewport"] = False
    raw["controls"][0]["inViewport"] = True
    text = render_text(PageModel.from_raw(raw))
    assert "te_1 Email [required view]" in text and "[off]" not in text and "view=in the viewport" in text


def test_values_show_only_when_present_and_passwords_as_dots():
    model = PageModel.from_raw(RAW)
    assert (
        control_line(model.controls[0].model_copy(update={"value": "bob@x.io", "value_len": 8}))
        == 'te_1 Email [required] ph:"you@example.com" value="bob@x.io"'
    )
    assert control_line(model.controls[1].model_copy(update={"value": "•••"})) == 'te_2 Password filled value="•••"'


def test_checked_false_and_collapsed_are_spelled_out():
    control = (
        PageModel.from_raw(RAW)
        .controls[0]
        .model_copy(
            update={
                "id": "ch_9",
                "role": "checkbox",
                "name": "Agree",
                "states": {"checked": False, "expanded": False},
                "placeholder": None,
                "value_len": None,
            }
        )
    )
    assert control_line(control) == "ch_9 Agree [unchecked collapsed]"


def test_snapshot_options_have_the_spec_defaults_and_reject_unknown_keys():
    options = SnapshotOptions()
    assert (
        options.include_values,
        options.max_controls,
        options.max_headings,
        options.max_iframe_depth,
        options.include_file_inputs,
        options.base_url,
    ) == (False, 400, 30, 1, True, None)
    assert options.script_options(7)["next_number"] == 7
    try:
        SnapshotOptions(bogus=1)
    except ValueError:
        pass
    else:
        raise AssertionError("unknown option accepted")
