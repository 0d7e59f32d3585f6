"""Screenshots for the model: viewport and element captures sized to the model's image limits,
one coordinate contract (scale.py), element-id marks, and the single-file store.

    data, stored = await screenshot(tab, marks=True)   # data: image_file_id, width, height, scale, ...
    await act(tab, "click", x=676, y=380)              # x, y in that screenshot's pixels
"""

from .capture import Capture, capture_element, capture_viewport, png_size, viewport_frame
from .scale import DEFAULT_LIMITS, UNLIMITED, ImageLimits, ShotGeometry, fit, limits_for, to_css, to_image
from .service import Stored, act, drag, element_screenshot, screenshot
from .store import MAX_BYTES, ScreenshotStore

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_BYTES",
    "UNLIMITED",
    "Capture",
    "ImageLimits",
    "ScreenshotStore",
    "ShotGeometry",
    "Stored",
    "act",
    "capture_element",
    "drag",
    "capture_viewport",
    "element_screenshot",
    "fit",
    "limits_for",
    "png_size",
    "screenshot",
    "to_css",
    "to_image",
    "viewport_frame",
]
