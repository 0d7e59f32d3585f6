"""The coordinate contract: image pixels ↔ CSS pixels, one mapping, limits always respected."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, strategies as st

from browserx.errors import InvalidCoordinatesError, ValidationError
from browserx.screenshots import DEFAULT_LIMITS, ImageLimits, fit, to_css, to_image


def test_viewport_within_limits_is_not_resized():
    frame = fit(1280, 720, 1)
    assert (frame.image_width, frame.image_height, frame.scale, frame.resized) == (1280, 720, 1.0, False)


def test_dpr_2_is_resized_to_the_pixel_limit():
    frame = fit(1280, 720, 2)
    assert (frame.image_width, frame.image_height) == (1430, 804) and frame.resized
    assert frame.image_width * frame.image_height <= DEFAULT_LIMITS.max_pixels


def test_long_edge_limit():
    frame = fit(3000, 400, 1)
    assert frame.image_width == 1568 and frame.scale == pytest.approx(1568 / 3000, abs=1e-3)


@given(
    st.integers(100, 10000),
    st.integers(100, 10000),
    st.sampled_from([1, 1.5, 2, 3]),
    st.integers(200, 4000),
    st.integers(50_000, 5_000_000),
)
def test_fit_never_exceeds_the_limits_nor_the_device_pixels(width, height, dpr, long_edge, pixels):
    limits = ImageLimits(max_long_edge=long_edge, max_pixels=pixels)
    frame = fit(width, height, dpr, limits)
    assert max(frame.image_width, frame.image_height) <= long_edge
    assert frame.image_width * frame.image_height <= pixels
    assert frame.image_width <= math.floor(width * dpr + 0.5) and frame.image_height <= math.floor(height * dpr + 0.5)


@given(st.integers(100, 4000), st.integers(100, 4000), st.sampled_from([1, 2]), st.data())
def test_every_image_pixel_maps_inside_the_viewport_and_back(width, height, dpr, data):
    frame = fit(width, height, dpr)
    x = data.draw(st.integers(0, frame.image_width - 1))
    y = data.draw(st.integers(0, frame.image_height - 1))
    css_x, css_y = to_css(frame, x, y)
    assert 0 <= css_x < width and 0 <= css_y < height
    back = to_image(frame, css_x, css_y)
    assert back == pytest.approx((x, y), abs=1e-6)


@pytest.mark.parametrize("x, y", [(1430, 0), (0, 804), (-1, 5), (5000, 5000)])
def test_points_outside_the_image_are_invalid_coordinates_with_the_range(x, y):
    with pytest.raises(InvalidCoordinatesError) as raised:
        to_css(fit(1280, 720, 2), x, y)
    assert raised.value.details["valid_x"] == [0, 1429] and raised.value.details["valid_y"] == [0, 803]
    assert "0..1429" in raised.value.message


def test_limits_that_fit_nothing_are_refused():
    with pytest.raises(ValidationError):
        ImageLimits(max_long_edge=0)
