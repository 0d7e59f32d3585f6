"""Acting by coordinates read off a screenshot: click, type, scroll, keypress."""

from __future__ import annotations

import pytest

from browserx.screenshots import UNLIMITED, ImageLimits

from shot_helpers import evaluate, image_of, set_limits

COLS, ROWS = 12, 8
BUTTON_W, BUTTON_H = 30, 22


def _colour(i: int) -> tuple[int, int, int]:
    return (17 + 3 * i) % 256, (250 - 7 * i) % 256, (40 + 29 * i) % 256


def _grid_page() -> str:
    """COLS×ROWS small buttons spread over the whole viewport, edges included, each its own colour."""
    buttons = []
    for i in range(COLS * ROWS):
        col, row = i % COLS, i // COLS
        left = round(col * (1280 - BUTTON_W) / (COLS - 1))
        top = round(row * (720 - BUTTON_H) / (ROWS - 1))
        r, g, b = _colour(i)
        buttons.append(
            f'<button id="b{i}" style="left:{left}px;top:{top}px;background:rgb({r},{g},{b})" '
            f'onclick="clicked.push({i})"></button>'
        )
    return (
        "<!doctype html><style>html,body{margin:0;overflow:hidden} button{position:fixed;border:0;padding:0;"
        f"margin:0;width:{BUTTON_W}px;height:{BUTTON_H}px;outline:none}}</style>"
        "<script>window.clicked = []</script>" + "".join(buttons)
    )


def _centres(image) -> dict[int, tuple[int, int]]:
    """Each button's centre in image pixels, found by its colour alone."""
    wanted = {_colour(i): i for i in range(COLS * ROWS)}
    boxes: dict[int, list[int]] = {}
    width = image.width
    for index, pixel in enumerate(
        image.get_flattened_data() if hasattr(image, "get_flattened_data") else image.getdata()
    ):
        i = wanted.get(pixel)
        if i is not None:
            x, y = index % width, index // width
            box = boxes.setdefault(i, [x, y, x, y])
            box[0], box[1], box[2], box[3] = min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)
    return {i: ((b[0] + b[2]) // 2, (b[1] + b[3]) // 2) for i, b in boxes.items()}


@pytest.mark.parametrize(
    "dpr, limits",
    [(2, None), (1, ImageLimits(max_long_edge=900)), (2, UNLIMITED), (1, None)],
    ids=["dpr2-downscaled", "dpr1-downscaled", "dpr2-full", "dpr1-full"],
)
async def test_clicks_at_screenshot_coordinates_hit_the_intended_buttons(call, conversation, page, dpr, limits):
    tab = await page(_grid_page())
    await tab.set_viewport(1280, 720, device_scale_factor=dpr)
    if limits is not None:
        set_limits(conversation, limits)
    shot = await call("page_screenshot", action="screenshot")
    centres = _centres(image_of(shot))
    assert len(centres) == COLS * ROWS  # every button is visible in the screenshot
    for i, (x, y) in centres.items():
        result = await call(
            "page_screenshot", action="click", coordinates={"x": x, "y": y}, options={"wait_after_action": 0}
        )
        assert result.success, result.to_dict()
    clicked = await evaluate(tab, "clicked")
    hits = sum(1 for expected, got in zip(sorted(centres), clicked) if expected == got)
    assert len(clicked) == len(centres) and hits / len(centres) >= 0.99, clicked


async def test_click_reports_css_coordinates_and_timestamp(call, page):
    tab = await page(_grid_page())
    await tab.set_viewport(1280, 720, device_scale_factor=2)
    result = await call("page_screenshot", action="click", coordinates={"x": 715, "y": 402})
    scale = 1430 / 1280
    assert result.data["coordinates_used"] == {"x": round(715 / scale, 2), "y": round(402 / (804 / 720), 2)}
    assert result.data["action_timestamp"].endswith("+00:00") and result.data["scale"] == round(scale, 4)


async def test_click_with_button_and_modifiers(call, page):
    tab = await page("""<!doctype html><body style="margin:0;height:600px"
        onmousedown="window.down={button:event.button,shift:event.shiftKey,ctrl:event.ctrlKey,alt:event.altKey,
                     meta:event.metaKey}" oncontextmenu="event.preventDefault()"></body>""")
    result = await call(
        "page_screenshot",
        action="click",
        coordinates={"x": 50, "y": 50},
        options={"button": "right", "modifiers": {"shift": True, "alt": True}},
    )
    assert result.success
    assert await evaluate(tab, "down") == {"button": 2, "shift": True, "ctrl": False, "alt": True, "meta": False}
    await call(
        "page_screenshot",
        action="click",
        coordinates={"x": 50, "y": 50},
        options={"button": "middle", "modifiers": {"ctrl": True, "meta": True}},
    )
    assert await evaluate(tab, "down") == {"button": 1, "shift": False, "ctrl": True, "alt": False, "meta": True}


INPUTS = """<!doctype html><style>body{margin:0} input{position:absolute;left:400px;width:300px;height:30px;
border:0;background:rgb(200,200,255)}</style><input id="a" style="top:100px"><input id="b" style="top:500px">
<script>window.inputs = 0; document.addEventListener('input', () => inputs++)</script>"""


async def test_type_at_coordinates_focuses_and_types_into_the_input(call, page):
    tab = await page(INPUTS)
    await tab.set_viewport(1280, 720, device_scale_factor=2)
    shot = await call("page_screenshot", action="screenshot")
    scale = shot.data["scale"]
    result = await call(
        "page_screenshot",
        action="type",
        coordinates={"x": round(550 * scale), "y": round(515 * scale)},
        text="héllo wörld ✓",
    )
    assert result.success and result.data["typed_characters"] == 13
    assert await evaluate(tab, "[document.activeElement.id, b.value, a.value, inputs > 0]") == [
        "b",
        "héllo wörld ✓",
        "",
        True,
    ]


async def test_type_accepts_ten_thousand_characters(call, page):
    tab = await page(INPUTS)
    result = await call("page_screenshot", action="type", coordinates={"x": 550, "y": 115}, text="x" * 10_000)
    assert result.success
    assert await evaluate(tab, "a.value.length") == 10_000


SCROLLING = """<!doctype html><style>body{margin:0;height:5000px}
#pane{position:fixed;left:800px;top:100px;width:300px;height:300px;overflow:auto}
#pane div{height:3000px;background:linear-gradient(red,blue)}</style><div id="pane"><div></div></div>"""


async def test_scroll_at_coordinates_scrolls_the_page_by_the_offset(call, page):
    tab = await page(SCROLLING)
    result = await call("page_screenshot", action="scroll", coordinates={"x": 200, "y": 300}, scroll_offset={"y": 600})
    assert result.success
    assert result.data["viewport_bounds"]["scroll_y"] == 600 == await evaluate(tab, "scrollY")
    assert await evaluate(tab, "pane.scrollTop") == 0


async def test_scroll_at_coordinates_scrolls_the_area_under_the_point(call, page):
    tab = await page(SCROLLING)
    await call("page_screenshot", action="scroll", coordinates={"x": 900, "y": 200}, scroll_offset={"y": 250})
    assert await evaluate(tab, "[pane.scrollTop, scrollY]") == [250, 0]


async def test_scroll_without_offset_brings_the_point_to_the_middle(call, page):
    tab = await page(SCROLLING)
    result = await call("page_screenshot", action="scroll", coordinates={"x": 200, "y": 700})
    assert result.data["scroll_delta"] == {"x": -440.0, "y": 340.0}
    assert await evaluate(tab, "scrollY") == 340


KEYS = """<!doctype html><input id="a" style="position:absolute;left:10px;top:10px;width:200px">
<script>window.keys = []; document.addEventListener('keydown', e => keys.push([e.key, e.ctrlKey, e.shiftKey]))</script>"""


async def test_keypress_sends_keys_to_the_focused_element(call, page):
    tab = await page(KEYS)
    await call("page_screenshot", action="click", coordinates={"x": 50, "y": 20})
    assert (await call("page_screenshot", action="keypress", key="a", options={"modifiers": {"shift": True}})).success
    await call("page_screenshot", action="keypress", key="b")
    result = await call("page_screenshot", action="keypress", key="Enter")
    assert result.data["key"] == "Enter" and result.data["coordinates_used"] is None
    await call("page_screenshot", action="keypress", key="a", options={"modifiers": {"ctrl": True}})
    await call("page_screenshot", action="keypress", key="Backspace")
    # A keyboard's order: a modifier goes down on its own, before the key it modifies (actions/keys.py).
    assert await evaluate(tab, "keys") == [
        ["Shift", False, True],
        ["A", False, True],
        ["b", False, False],
        ["Enter", False, False],
        ["Control", True, False],
        ["a", True, False],
        ["Backspace", False, False],
    ]
    assert await evaluate(tab, "a.value") == ""  # Ctrl+A selected "Ab", Backspace removed it


async def test_keypress_with_an_unknown_key_is_a_validation_error(call, page):
    tab = await page(KEYS)
    assert (await call("page_screenshot", action="keypress", key="NotAKey")).code == "VALIDATION_ERROR"
    assert await evaluate(tab, "keys") == []
