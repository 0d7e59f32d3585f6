"""Element screenshots by element id of an element inside a cross-origin (out-of-process) frame:
its handle lives in the frame's session and its box in the frame's viewport."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.browser.children import children_of

from shot_helpers import image_of

FRAME = """<style>body{margin:0;background:#fff} #red{margin:30px 0 0 40px;width:120px;height:60px;
background:rgb(255,0,0);border:0}</style><button id=red aria-label=Red></button>"""


async def test_screenshot_of_an_element_inside_a_cross_origin_frame(call, server, tab):
    inner = server.route("/sf/frame.html", FRAME).replace("127.0.0.1", "localhost")
    await navigate(
        tab,
        server.route(
            "/sf/top.html",
            "<style>body{margin:0}</style><div style='height:1200px'></div>"
            f"<iframe src='{inner}' style='border:0;width:400px;height:200px'></iframe>",
        ),
    )
    await children_of(tab).settle()
    snap = await call("browser_dom", action="snapshot", format="json", include_cross_origin_iframes=True)
    assert snap.success, snap.error
    [red] = [c for c in snap.data["controls"] if c["name"] == "Red"]
    result = await call("browser_take_screenshot", element_id=red["id"])
    image = image_of(result)
    assert image.size == (120, 60)  # the button's own box, scrolled into the tab's viewport
    assert {image.getpixel((x, y)) for x in (2, 60, 117) for y in (2, 30, 57)} == {(255, 0, 0)}
