"""Element ids drawn on a screenshot, so a model can look, then act by id (browser_dom).

Each mark is a thin outline on the control's box and a small id label just outside its top-left
corner (above it, or below when there is no room above), so the label never covers the control.

    marks = await collect_marks(tab)                 # [(element_id, (x, y, w, h) viewport CSS px)]
    png = draw_marks(png, frame, marks)
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from ..browser import Tab
from .scale import ShotGeometry, to_image

Mark = tuple[str, tuple[float, float, float, float]]

OUTLINE = (230, 0, 120)  # magenta: rare on real pages, visible on light and dark
LABEL_BACKGROUND = (230, 0, 120)
LABEL_TEXT = (255, 255, 255)
FONT_SIZE = 11


def _field(item: Any, name: str, default: Any = None) -> Any:
    if isinstance(item, dict):
        return item.get(name, default)
    return getattr(item, name, default)


def marks_from_model(model: Any) -> list[Mark]:
    """The visible controls of a page model as marks (drawing clips them to the viewport).

    Partly visible controls are marked too, not only those `inViewport` (over half inside): the
    model sees them in the picture and may want to act on them.
    """
    marks: list[Mark] = []
    for control in _field(model, "controls", None) or []:
        element_id, bbox = _field(control, "id"), _field(control, "bbox")
        if element_id is None or not bbox or len(bbox) != 4 or _field(control, "visible", True) is False:
            continue
        x, y, width, height = (float(v) for v in bbox)
        if width > 0 and height > 0:
            marks.append((str(element_id), (x, y, width, height)))
    return marks


async def collect_marks(tab: Tab, frame: ShotGeometry) -> list[Mark]:
    """The marks of the tab's visible controls that show in a viewport screenshot with this frame."""
    from ..page.service import DomService  # noqa: PLC0415 - only marks need the page model

    marks = marks_from_model(await DomService.of(tab).snapshot())
    return [
        m
        for m in marks
        if m[1][0] < frame.width and m[1][1] < frame.height and m[1][0] + m[1][2] > 0 and m[1][1] + m[1][3] > 0
    ]


def _font(size: int):
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # Pillow without FreeType: the fixed bitmap font
        return ImageFont.load_default()


def draw_marks(png: bytes, frame: ShotGeometry, marks: Iterable[Mark]) -> bytes:
    """`png` (a viewport screenshot with this frame) with every mark drawn; PNG bytes."""
    from PIL import Image, ImageDraw

    image = Image.open(io.BytesIO(png)).convert("RGB")
    draw = ImageDraw.Draw(image)
    font = _font(max(9, round(FONT_SIZE * min(1.5, max(0.8, frame.scale)))))
    placed: list[tuple[float, float, float, float]] = []
    for element_id, (x, y, width, height) in marks:
        left, top = to_image(frame, x, y)
        right, bottom = to_image(frame, x + width, y + height)
        # The outline runs just outside the box, so it never covers the control's own pixels.
        left, top = max(0.0, round(left) - 1.0), max(0.0, round(top) - 1.0)
        right, bottom = min(image.width - 1.0, round(right)), min(image.height - 1.0, round(bottom))
        if right <= left or bottom <= top:
            continue
        draw.rectangle((left, top, right, bottom), outline=OUTLINE, width=1)
        label = _label_box(draw, font, element_id, left, top, bottom, image.width, image.height, placed)
        placed.append(label)
        draw.rectangle(label, fill=LABEL_BACKGROUND)
        draw.text((label[0] + 2, label[1] + 1), element_id, fill=LABEL_TEXT, font=font)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)  # speed over size: the file lives for one request
    return out.getvalue()


def _label_box(
    draw: Any,
    font: Any,
    text: str,
    left: float,
    top: float,
    bottom: float,
    image_width: int,
    image_height: int,
    placed: Sequence[tuple[float, float, float, float]],
) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = draw.textbbox((0, 0), text, font=font)
    width, height = x1 - x0 + 4, y1 - y0 + 3 + y0
    x = min(max(0.0, left), image_width - width)
    candidates = [top - height, bottom + 1, top]  # above, below, and inside as the last resort
    for y in candidates:
        box = (x, y, x + width, y + height)
        if y >= 0 and y + height <= image_height and not any(_overlaps(box, other) for other in placed):
            return box
    y = next((c for c in candidates if 0 <= c <= image_height - height), 0.0)
    return (x, y, x + width, y + height)


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
