"""The one coordinate contract between a screenshot's pixels and the page's CSS pixels.

A viewport screenshot covers the whole viewport (`width` × `height` CSS px, scrollbars included).
Its image is `image_width` × `image_height` pixels: the viewport times the device pixel ratio,
shrunk when that exceeds the model's image limits. `scale` is image pixels per CSS pixel.
Coordinates a model reads off the image map back to CSS pixels through `to_css`, and nowhere else.

    frame = fit(1280, 720, device_scale_factor=2)        # 1353×761 image, scale ≈ 1.057
    css_x, css_y = to_css(frame, 676, 380)                # ≈ (640, 360)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidCoordinatesError, ValidationError


@dataclass(frozen=True)
class ImageLimits:
    """What a vision model accepts without resizing the image itself (and then misplacing clicks)."""

    max_long_edge: int = 1568
    max_pixels: int = 1_150_000

    def __post_init__(self) -> None:
        if self.max_long_edge < 16 or self.max_pixels < 256:
            raise ValidationError(f"image limits {self.max_long_edge} px / {self.max_pixels} pixels are too small")


DEFAULT_LIMITS = ImageLimits()
UNLIMITED = ImageLimits(max_long_edge=1_000_000, max_pixels=10**12)


def limits_for(conversation: Any) -> ImageLimits:
    """The conversation's limits: an `ImageLimits` put in `conversation.state`, else BrowserConfig's
    screenshot_max_long_edge / screenshot_max_pixels, else the default."""
    limits = conversation.state.get(ImageLimits) if conversation is not None else None
    if limits is not None:
        return limits
    config = getattr(conversation, "config", None)
    long_edge = getattr(config, "screenshot_max_long_edge", None)
    pixels = getattr(config, "screenshot_max_pixels", None)
    if long_edge or pixels:
        return ImageLimits(int(long_edge or DEFAULT_LIMITS.max_long_edge), int(pixels or DEFAULT_LIMITS.max_pixels))
    return DEFAULT_LIMITS


@dataclass(frozen=True)
class ShotGeometry:
    """The geometry of one viewport screenshot: its CSS viewport and its image size."""

    width: int  # viewport, CSS px
    height: int
    image_width: int  # the PNG, px
    image_height: int
    device_scale_factor: float = 1.0

    @property
    def scale(self) -> float:
        """Image pixels per CSS pixel (1 at DPR 1 without resizing, 2 at DPR 2 without resizing)."""
        return self.image_width / self.width

    @property
    def resized(self) -> bool:
        """True when the image is smaller than the device pixels Chromium rendered."""
        return self.image_width < math.floor(self.width * self.device_scale_factor + 0.5)


def target_scale(width: int, height: int, device_scale_factor: float, limits: ImageLimits = DEFAULT_LIMITS) -> float:
    """The largest image-px-per-CSS-px ≤ the device pixel ratio that fits the limits."""
    if width <= 0 or height <= 0:
        raise ValidationError(f"viewport {width}x{height} has no area")
    return min(
        float(device_scale_factor),
        limits.max_long_edge / max(width, height),
        math.sqrt(limits.max_pixels / (width * height)),
    )


def image_size(width: int, height: int, scale: float) -> tuple[int, int]:
    # Chromium sizes a clipped capture as round(clip × scale) (measured on Chromium 156), at least 1 px.
    return max(1, math.floor(width * scale + 0.5)), max(1, math.floor(height * scale + 0.5))


def capture_scale(
    width: int, height: int, device_scale_factor: float = 1.0, limits: ImageLimits = DEFAULT_LIMITS
) -> float:
    """The scale to ask Chromium for, so that the rounded image still fits the limits."""
    scale = target_scale(width, height, device_scale_factor, limits)
    image_width, image_height = image_size(width, height, scale)
    if max(image_width, image_height) <= limits.max_long_edge and image_width * image_height <= limits.max_pixels:
        return scale
    # Rounding up overshot a limit by a pixel. Sizes are at most w·s + ½, so solve with that margin:
    # (w·s + ½)(h·s + ½) ≤ max_pixels and max(w, h)·s + ½ ≤ max_long_edge.
    area, half_perimeter = width * height, 0.5 * (width + height)
    by_pixels = (-half_perimeter + math.sqrt(half_perimeter**2 + 4 * area * (limits.max_pixels - 0.25))) / (2 * area)
    by_edge = (limits.max_long_edge - 0.5) / max(width, height)
    return min(scale, by_pixels, by_edge)


def fit(
    width: int, height: int, device_scale_factor: float = 1.0, limits: ImageLimits = DEFAULT_LIMITS
) -> ShotGeometry:
    """The frame a viewport screenshot of this viewport has under these limits."""
    image_width, image_height = image_size(width, height, capture_scale(width, height, device_scale_factor, limits))
    return ShotGeometry(width, height, image_width, image_height, float(device_scale_factor))


def to_css(frame: ShotGeometry, x: float, y: float) -> tuple[float, float]:
    """Image pixel (x, y) of a screenshot with this frame → viewport CSS px. The one mapping.

    Raises INVALID_COORDINATES, stating the valid range, when the point is outside the image.
    """
    if not (0 <= x < frame.image_width and 0 <= y < frame.image_height):
        raise InvalidCoordinatesError(
            f"({x}, {y}) is outside the screenshot: x must be 0..{frame.image_width - 1} and "
            f"y 0..{frame.image_height - 1} (image pixels of the current viewport screenshot)",
            details={
                "valid_x": [0, frame.image_width - 1],
                "valid_y": [0, frame.image_height - 1],
                "image_width": frame.image_width,
                "image_height": frame.image_height,
                "scale": round(frame.scale, 4),
            },
        )
    return x * frame.width / frame.image_width, y * frame.height / frame.image_height


def to_image(frame: ShotGeometry, css_x: float, css_y: float) -> tuple[float, float]:
    """Viewport CSS px → image pixels (for drawing marks and for tests); the inverse of `to_css`."""
    return css_x * frame.image_width / frame.width, css_y * frame.image_height / frame.height
