"""Marks: the page model's element ids drawn at their boxes, legible, without hiding the controls;
and the page model's inViewport agrees with what the screenshot shows."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from browserx.page.service import DomService
from browserx.screenshots import fit
from browserx.screenshots.marks import LABEL_BACKGROUND, OUTLINE, draw_marks, marks_from_model

from shot_helpers import evaluate, image_of


def _png(width: int, height: int, colour=(255, 255, 255)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, format="PNG")
    return out.getvalue()


def _near(image, x: float, y: float, colour, radius: int = 1) -> bool:
    return any(
        image.getpixel((round(x) + dx, round(y) + dy)) == colour
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    )


def test_marks_outline_the_box_and_label_it_outside_without_covering_it():
    frame = fit(400, 300, 1)
    png = draw_marks(_png(400, 300), frame, [("bu_1", (100, 100, 80, 30)), ("te_2", (100, 0, 80, 30))])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.getpixel((99, 99)) == OUTLINE and image.getpixel((180, 130)) == OUTLINE
    inside = {image.getpixel((x, y)) for x in range(100, 180) for y in range(100, 130)}
    assert inside == {(255, 255, 255)}  # the control itself stays visible
    above = {image.getpixel((x, y)) for x in range(100, 120) for y in range(85, 99)}
    assert LABEL_BACKGROUND in above and any(p != LABEL_BACKGROUND for p in above)  # label with text above it
    below = {image.getpixel((x, y)) for x in range(100, 120) for y in range(31, 45)}
    assert LABEL_BACKGROUND in below  # no room above the top control: its label goes below


def test_marks_scale_with_the_image():
    frame = fit(1280, 720, 2)  # 1430×804, scale ≈ 1.117
    png = draw_marks(_png(frame.image_width, frame.image_height), frame, [("bu_1", (1000, 500, 100, 50))])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert _near(image, 1000 * frame.scale - 1, 520 * frame.scale, OUTLINE)
    assert image.getpixel((round(1050 * frame.scale), round(525 * frame.scale))) == (255, 255, 255)


def test_hidden_and_empty_controls_get_no_mark():
    model = {
        "controls": [
            {"id": "bu_1", "bbox": [1, 2, 3, 4], "visible": True},
            {"id": "bu_2", "bbox": [1, 2, 3, 4], "visible": False},
            {"id": "bu_3", "bbox": [1, 2, 0, 4], "visible": True},
        ]
    }
    assert marks_from_model(model) == [("bu_1", (1.0, 2.0, 3.0, 4.0))]


FORM = """<!doctype html><style>body{margin:0;height:3000px;background:#fff} button,input{position:absolute;
border:0;padding:0;width:120px;height:30px}</style>
<button id="go" style="left:100px;top:100px;background:rgb(0,160,0)">Go</button>
<input id="q" aria-label="query" style="left:400px;top:300px;background:rgb(0,0,160)">
<button id="far" style="left:100px;top:2000px;background:rgb(160,0,0)">Far</button>"""


@pytest.mark.parametrize("dpr", [1, 2])
async def test_screenshot_with_marks_labels_the_visible_controls_with_their_ids(call, page, dpr):
    tab = await page(FORM)
    await tab.set_viewport(1280, 720, device_scale_factor=dpr)
    result = await call("page_screenshot", action="screenshot", marks=True)
    image = image_of(result)
    model = await DomService.of(tab).snapshot()
    visible = {c.id for c in model.controls if c.in_viewport}
    assert result.data["marks"] == len(visible) == 2
    scale = result.data["scale"]
    for control in model.controls:
        if control.id not in visible:
            continue
        x, y, w, h = control.bbox
        assert _near(image, x * scale - 1, (y + h / 2) * scale, OUTLINE)
        label = {
            image.getpixel((round((x + dx) * scale), round((y - dy) * scale)))
            for dx in range(2, 20)
            for dy in range(3, 10)
        }
        assert LABEL_BACKGROUND in label
        centre = image.getpixel((round((x + w / 2) * scale), round((y + h / 2 + 8) * scale)))
        assert centre != OUTLINE and centre != LABEL_BACKGROUND  # the control is not hidden
    plain = image_of(await call("page_screenshot", action="screenshot"))
    assert OUTLINE not in {c for _n, c in plain.getcolors(1 << 20)}


async def test_an_id_read_off_the_marks_acts_through_browser_dom(call, page):
    tab = await page(FORM.replace('<button id="go"', '<button id="go" onclick="window.went = true"'))
    await call("page_screenshot", action="screenshot", marks=True)
    model = await DomService.of(tab).snapshot()
    go = next(c for c in model.controls if c.name == "Go")
    result = await call("browser_dom", action="click", element_id=go.id)
    assert result.success, result.to_dict()
    assert await evaluate(tab, "window.went") is True


SQUARES = [
    "rgb(230,30,30)",
    "rgb(30,200,30)",
    "rgb(30,30,230)",
    "rgb(200,200,30)",
    "rgb(30,200,200)",
    "rgb(200,30,200)",
]


@pytest.mark.parametrize("scroll_y", [0, 450, 1230])
async def test_in_viewport_agrees_with_the_screenshot(call, page, scroll_y):
    # Buttons of distinct solid colours down a tall page; at each scroll position, every button the
    # page model reports inViewport shows its colour at its bbox centre, and none that it doesn't does.
    parts = []
    for i, colour in enumerate(SQUARES * 3):
        top, left = 150 + i * 160, 100 + (i % 5) * 220
        parts.append(
            f'<button style="position:absolute;left:{left}px;top:{top}px;width:150px;height:100px;'
            f'border:0;background:{colour}" aria-label="b{i}"></button>'
        )
    tab = await page("<!doctype html><style>body{margin:0;height:4000px}</style>" + "".join(parts))
    await tab.set_viewport(1280, 720, device_scale_factor=2)
    shot = await call("page_screenshot", action="screenshot", scroll_offset={"y": round(scroll_y * 1430 / 1280)})
    image = image_of(shot)
    model = await DomService.of(tab).snapshot(fresh=True)
    assert model.viewport.scroll_y == shot.data["viewport_bounds"]["scroll_y"]
    colours = {c.name: SQUARES[int(c.name[1:]) % len(SQUARES)] for c in model.controls}
    scale = shot.data["scale"]
    checked = 0
    for control in model.controls:
        x, y, w, h = control.bbox
        expected = tuple(int(v) for v in colours[control.name][4:-1].split(","))
        if control.in_viewport:
            # over half of its box shows in the picture, in its own colour
            left, top = max(0, x), max(0, y)
            right, bottom = min(1280, x + w), min(720, y + h)
            shown = sum(
                1
                for px in range(left, right, 5)
                for py in range(top, bottom, 5)
                if image.getpixel((int(px * scale), int(py * scale))) == expected
            )
            assert shown / len(range(0, w, 5)) / len(range(0, h, 5)) > 0.5, control
            checked += 1
        else:
            visible_rows = max(0, min(720, y + h) - max(0, y))
            assert visible_rows / h <= 0.5, control
    assert checked >= 3
