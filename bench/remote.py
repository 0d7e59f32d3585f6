"""First tool call of a new conversation: on the local browser, on browserless and on a Selenium Grid 4.

browserx: `browser_navigate` in a conversation that does not exist yet (local: a new browser
context in the running browser; services: a new browser from the service first). Floor, on the
same browser source: a bare CDP connect (local: a second websocket to the running browser;
browserless: a websocket = a new browser; grid: POST /session, then its se:cdp websocket), one
new target, attach, Page.enable, navigate, load event. Interleaved runs, medians.

The services are the test ones (tests/browser/browser_services.py, installed by
scripts/setup_services.sh), started here on 127.0.0.1: browserless with CONCURRENT=2, a grid
standalone with max-sessions 2. Without them their rows are skipped.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
import urllib.request
from pathlib import Path

from _serve import serve_page

from browserx.browser import BrowserConfig, BrowserManager
from browserx.cdp import CDPConnection
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # service_process.py
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
from browser_services import Browserless, Grid, installed  # noqa: E402

RUNS = 5
PAGE = b"<title>bench</title><p>ready</p>"


async def _floor(connection: CDPConnection, url: str) -> None:
    target = await connection.send("Target.createTarget", {"url": "about:blank"})
    attached = await connection.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
    session = attached["sessionId"]
    await connection.send("Page.enable", session_id=session)
    with connection.listen("Page.loadEventFired", session_id=session) as loads:
        await connection.send("Page.navigate", {"url": url}, session_id=session)
        await loads.get(timeout=30)


async def _bare_local(ws_url: str, url: str) -> float:
    started = time.perf_counter()
    connection = await CDPConnection.open(ws_url)
    await _floor(connection, url)
    elapsed = time.perf_counter() - started
    targets = (await connection.send("Target.getTargets"))["targetInfos"]
    for target in targets:
        if target["type"] == "page" and target["url"] == url:
            await connection.send("Target.closeTarget", {"targetId": target["targetId"]})
    await connection.close()
    return elapsed


async def _bare_browserless(service: Browserless, url: str) -> float:
    from websockets.asyncio.client import connect

    started = time.perf_counter()
    ws = await connect(
        service.endpoint,
        additional_headers={"Authorization": f"Bearer {service.token}"},
        max_size=None,
        ping_interval=None,
    )
    connection = CDPConnection(ws, service.endpoint)
    await _floor(connection, url)
    elapsed = time.perf_counter() - started
    await connection.close()
    return elapsed


def _grid_request(method: str, url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json; charset=utf-8"}
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read())


async def _bare_grid(service: Grid, url: str) -> float:
    capabilities = {
        "capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"args": ["--headless=new"]}}}
    }
    started = time.perf_counter()
    value = (await asyncio.to_thread(_grid_request, "POST", f"{service.endpoint}/session", capabilities))["value"]
    connection = await CDPConnection.open(value["capabilities"]["se:cdp"])
    await _floor(connection, url)
    elapsed = time.perf_counter() - started
    await connection.close()
    await asyncio.to_thread(_grid_request, "DELETE", f"{service.endpoint}/session/{value['sessionId']}")
    return elapsed


async def _first_call(manager: BrowserManager, registry, url: str, conversation_id: str) -> float:
    started = time.perf_counter()
    result = await registry.dispatch("browser_navigate", {"url": url}, ToolContext(manager, conversation_id))
    elapsed = time.perf_counter() - started
    assert result.success, result.error
    await manager.close_conversation(conversation_id)
    return elapsed


async def _measure(name: str, manager: BrowserManager, bare, url: str, print_fn) -> dict:
    registry = default_registry()
    full, floor = [], []
    for i in range(RUNS):  # interleaved, so machine noise hits both alike
        floor.append(await bare())
        full.append(await _first_call(manager, registry, url, f"bench-{name}-{i}"))
    full_ms, floor_ms = statistics.median(full) * 1000, statistics.median(floor) * 1000
    print_fn(
        f"{name:12s} first call {full_ms:7.0f} ms   bare connect+target {floor_ms:7.0f} ms   "
        f"ratio {full_ms / floor_ms:4.2f}"
    )
    return {"first_call_ms": full_ms, "bare_ms": floor_ms, "ratio": full_ms / floor_ms}


async def run(print_fn=print) -> dict:
    server, url = serve_page(PAGE)
    out: dict[str, object] = {"runs": RUNS}
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
            ws_url = manager.chrome.ws_url if manager.chrome else ""
            out["local"] = await _measure("local", manager, lambda: _bare_local(ws_url, url), url, print_fn)
        env = installed()
        if env is None:
            print_fn("browserless and grid skipped: run `bash scripts/setup_services.sh` first")
            return out
        with Browserless(env, concurrent=2, queued=2) as service:
            config = BrowserConfig(browser_endpoint=service.endpoint, browser_endpoint_token=service.token)
            async with BrowserManager(config, setups=TAB_SETUPS) as manager:
                out["browserless"] = await _measure(
                    "browserless", manager, lambda: _bare_browserless(service, url), url, print_fn
                )
        with Grid(env, max_sessions=2) as service:
            config = BrowserConfig(browser_endpoint=service.endpoint)
            async with BrowserManager(config, setups=TAB_SETUPS) as manager:
                out["grid"] = await _measure("grid", manager, lambda: _bare_grid(service, url), url, print_fn)
    finally:
        server.shutdown()
    return out
