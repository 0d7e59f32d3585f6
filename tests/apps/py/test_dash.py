"""Dash (a charts page): a city dropdown and a smoothing slider redraw a Plotly chart (dash_app/charts.py);
judged from the log the app's callback appends the inputs of each redraw to.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, controls, free_port, need

APP = Path(__file__).parent / "dash_app" / "charts.py"


@pytest.fixture(scope="module")
def charts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(importlib.util.find_spec("dash") is not None, "Dash")
    home = tmp_path_factory.mktemp("dash")
    log = home / "redraws.jsonl"
    port = free_port()
    env = {"PORT": str(port), "CHART_LOG": str(log)}
    with AppProcess("dash", [PYTHON, str(APP)], cwd=home, env=env, ready=r"Dash is running on", port=port) as app:
        Timings("dash").record("start", app.started_in)
        yield app, log


def redraws(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


async def test_choosing_a_city_and_a_smoothing_redraws_the_chart_for_them(charts, app_timings, mcp):
    app, log = charts
    with app_timings.measure("task: dropdown + slider"):
        async with mcp() as browser:
            await browser.navigate(app.url("/"))
            # issue 22 kind 6: Dash fetches its layout after the page is usable, and the first snapshot
            # often has no controls. A person needs no wait; drop it once the snapshot waits for the render.
            await browser.call("browser_wait", text="Showing Oslo", timeout="20s")
            page = await browser.snapshot()
            await browser.checkpoint("chart page", page)
            # The dropdown is a button named by the city it shows (Dash 4's own dropdown).
            await browser.act("click", control(page, "button", "Oslo"))
            menu = await browser.snapshot()
            await browser.checkpoint("city dropdown open", menu)
            await browser.act("click", control(menu, "option", "Lima"))
            # The slider's thumb has no name in Chromium's tree: its label points at the <div> around it, which is
            # not labelable. A person reads that caption above it (issue 31, kind 3): the model names it so.
            slider = control(menu, "slider", "Smoothing (months)")
            await browser.act("keypress", slider, key="ArrowRight")
            await browser.act("keypress", slider, key="ArrowRight")
            # The redraw's request may start after the key's effects settled ("Updating..." in the title,
            # the summary one step behind); a person sees the chart redraw.
            await browser.call("browser_wait", text="Showing Lima with a 3-month mean", timeout="20s")
            assert await browser.external_requests() == []
    assert redraws(log)[-1] == {"city": "Lima", "window": 3}
    assert {"city": "Lima", "window": 1} in redraws(log)  # the dropdown redrew before the slider moved


async def test_the_chart_title_and_axis_labels_are_in_the_page_model(charts, mcp):
    app, _ = charts
    async with mcp() as browser:
        await browser.navigate(app.url("/"))
        await browser.call("browser_wait", text="°C", timeout="20s")  # the chart is drawn
        page = await browser.snapshot()
        await browser.checkpoint("chart drawn", page)
        # A person reads the chart's title, its months and its unit; the model has only the HTML text.
        found = await browser.act("find", query="Oslo, 1-month mean")
        assert found["total"] >= 1
        assert "°C" in page["text"]
