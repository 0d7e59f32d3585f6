"""Viewport screenshots: size, scale and viewport_bounds at DPR 1 and 2, with and without resizing;
scroll_offset; element screenshots."""

from __future__ import annotations

import pytest

from browserx.screenshots import UNLIMITED, ImageLimits, fit

from shot_helpers import evaluate, image_of, set_limits

# Four solid quadrants: any misplaced or mis-scaled capture shows the wrong colour somewhere.
QUADRANTS = """<style>html,body{margin:0;overflow:hidden} div{position:fixed;width:50vw;height:50vh}</style>
<div style="left:0;top:0;background:rgb(255,0,0)"></div><div style="left:50vw;top:0;background:rgb(0,255,0)"></div>
<div style="left:0;top:50vh;background:rgb(0,0,255)"></div><div style="left:50vw;top:50vh;background:rgb(255,255,0)"></div>"""
TALL = (
    """<!doctype html><style>body{margin:0;width:3000px;height:5000px;background:linear-gradient(#fff,#000)}</style>"""
)


@pytest.mark.parametrize(
    "dpr, limits, expected_size, expected_scale",
    [
        (1, None, (1280, 720), 1.0),  # fits: no resizing
        (2, UNLIMITED, (2560, 1440), 2.0),  # device pixels, no limit
        (2, None, (1430, 804), 1430 / 1280),  # default limits: 1.15 megapixels
        (1, ImageLimits(max_long_edge=800), (800, 450), 0.625),
    ],
)
async def test_screenshot_size_scale_and_bounds(call, conversation, page, dpr, limits, expected_size, expected_scale):
    tab = await page(QUADRANTS)
    await tab.set_viewport(1280, 720, device_scale_factor=dpr)
    if limits is not None:
        set_limits(conversation, limits)
    result = await call("page_screenshot", action="screenshot")
    image = image_of(result)
    data = result.data
    assert image.size == expected_size == (data["width"], data["height"])
    assert data["format"] == "png" and data["scale"] == pytest.approx(expected_scale, abs=1e-3)
    assert data["viewport_bounds"] == {"width": 1280, "height": 720, "scroll_x": 0, "scroll_y": 0}
    assert (data["width"], data["height"]) == (
        fit(1280, 720, dpr, limits or ImageLimits()).image_width,
        fit(1280, 720, dpr, limits or ImageLimits()).image_height,
    )
    w, h = image.size
    assert image.getpixel((w // 4, h // 4)) == (255, 0, 0)
    assert image.getpixel((3 * w // 4, h // 4)) == (0, 255, 0)
    assert image.getpixel((w // 4, 3 * h // 4)) == (0, 0, 255)
    assert image.getpixel((3 * w // 4, 3 * h // 4)) == (255, 255, 0)
    assert max(image.size) <= (limits or ImageLimits()).max_long_edge
    assert w * h <= (limits or ImageLimits()).max_pixels


@pytest.mark.parametrize(
    "width, height, dpr", [(1280, 720, 2), (1920, 1080, 1), (1000, 700, 1.5), (375, 812, 3), (2560, 1440, 1)]
)
async def test_predicted_frame_matches_chromium_output(call, tab, width, height, dpr):
    await tab.set_viewport(width, height, device_scale_factor=dpr)
    result = await call("page_screenshot", action="screenshot")
    frame = fit(width, height, dpr)
    assert (result.data["width"], result.data["height"]) == (frame.image_width, frame.image_height)
    assert result.data["viewport_bounds"]["width"] == width


async def test_scroll_offset_moves_the_viewport_before_capture(call, page):
    tab = await page(TALL)
    result = await call("page_screenshot", action="screenshot", scroll_offset={"x": 100, "y": 900})
    assert result.data["viewport_bounds"] == {"width": 1280, "height": 720, "scroll_x": 100, "scroll_y": 900}
    assert await evaluate(tab, "[scrollX, scrollY]") == [100, 900]
    again = await call("page_screenshot", action="screenshot", scroll_offset={"y": -400})  # relative
    assert again.data["viewport_bounds"]["scroll_y"] == 500 and again.data["viewport_bounds"]["scroll_x"] == 100


async def test_scroll_offset_is_clamped_at_the_document_edges(call, page):
    tab = await page(TALL)
    bottom = await call("page_screenshot", action="screenshot", scroll_offset={"x": 99999, "y": 99999})
    max_x, max_y = await evaluate(
        tab,
        "[document.documentElement.scrollWidth - document.documentElement.clientWidth,"
        " document.documentElement.scrollHeight - document.documentElement.clientHeight]",
    )
    assert bottom.data["viewport_bounds"]["scroll_x"] == max_x > 0
    assert bottom.data["viewport_bounds"]["scroll_y"] == max_y > 0
    top = await call("page_screenshot", action="screenshot", scroll_offset={"x": -99999, "y": -99999})
    assert top.data["viewport_bounds"]["scroll_x"] == 0 and top.data["viewport_bounds"]["scroll_y"] == 0


async def test_scroll_offset_is_in_screenshot_pixels_when_resized(call, conversation, page):
    tab = await page(TALL)
    set_limits(conversation, ImageLimits(max_long_edge=640))  # scale 0.5
    result = await call("page_screenshot", action="screenshot", scroll_offset={"y": 300})
    assert result.data["scale"] == 0.5
    assert result.data["viewport_bounds"]["scroll_y"] == 600 == await evaluate(tab, "scrollY")


async def test_scroll_offset_ignores_smooth_scroll_behaviour(call, page):
    await page("<style>html{scroll-behavior:smooth}</style>" + TALL)
    result = await call("page_screenshot", action="screenshot", scroll_offset={"y": 1000})
    assert result.data["viewport_bounds"]["scroll_y"] == 1000


async def test_screenshot_shows_the_scrolled_part_of_the_page(call, page):
    await page("""<style>body{margin:0} div{height:720px}</style>
        <div style="background:rgb(255,0,0)"></div><div style="background:rgb(0,0,255)"></div>
        <div style="background:rgb(0,255,0)"></div>""")
    first = image_of(await call("page_screenshot", action="screenshot"))
    second = image_of(await call("page_screenshot", action="screenshot", scroll_offset={"y": 720}))
    assert first.getpixel((600, 360)) == (255, 0, 0)
    assert second.getpixel((600, 360)) == (0, 0, 255)


ELEMENTS = """<style>body{margin:0;height:4000px}</style>
<div id="box" style="position:absolute;left:100px;top:2000px;width:200px;height:50px;background:rgb(0,128,255)"></div>
<div id="hidden" style="display:none">x</div>"""


@pytest.mark.parametrize("dpr", [1, 2])
async def test_element_screenshot_is_clipped_to_the_element_after_scrolling_it_into_view(call, page, dpr):
    tab = await page(ELEMENTS)
    await tab.set_viewport(1280, 720, device_scale_factor=dpr)
    result = await call("browser_take_screenshot", selector="#box")
    image = image_of(result)
    assert image.size == (200 * dpr, 50 * dpr) == (result.data["width"], result.data["height"])
    assert [color for _count, color in image.getcolors()] == [(0, 128, 255)]
    assert result.data["viewport_bounds"]["scroll_y"] > 0  # scrolled into view
    assert result.data["clip"]["width"] == 200 and result.data["clip"]["height"] == 50


async def test_take_screenshot_without_a_target_is_the_viewport(call, page):
    await page(ELEMENTS)
    result = await call("browser_take_screenshot")
    assert image_of(result).size == (1280, 720)
    assert (
        "Screenshot taken" in result.data["description"] and result.data["image_file_id"] in result.data["description"]
    )


async def test_element_screenshot_errors(call, page):
    await page(ELEMENTS)
    assert (await call("browser_take_screenshot", selector="#nope")).code == "NODE_NOT_FOUND"
    assert (await call("browser_take_screenshot", selector="[[bad")).code == "VALIDATION_ERROR"
    assert (await call("browser_take_screenshot", selector="#hidden")).code == "ELEMENT_NOT_VISIBLE"
    assert (await call("browser_take_screenshot", selector="#box", element_id="e1")).code == "VALIDATION_ERROR"
    assert (await call("browser_take_screenshot", selector="#box", timeout="0s")).code == "VALIDATION_ERROR"


async def test_element_screenshot_by_element_id_from_the_page_model(call, page):
    from browserx.page.service import DomService

    tab = await page("""<!doctype html><style>body{margin:0;height:3000px}</style><button
        style="position:absolute;left:300px;top:1800px;width:90px;height:30px;border:0;
        background:rgb(255,0,128);color:transparent">Pay</button>""")
    model = await DomService.of(tab).snapshot()
    pay = next(c for c in model.controls if c.name == "Pay")
    result = await call("browser_take_screenshot", element_id=pay.id)
    image = image_of(result)
    assert image.size == (90, 30) and image.getpixel((45, 15)) == (255, 0, 128)
    assert (await call("browser_take_screenshot", element_id="bu_999")).code == "NODE_NOT_FOUND"
