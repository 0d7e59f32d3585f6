"""browser_set_offline: offline reaches the page and its service worker; presets throttle."""

from __future__ import annotations

from browserx.actions.navigation import navigate


async def test_offline_fails_network_fetch_while_worker_serves_its_cache(tab, call, pwa, server, js):
    await pwa(tab)
    result = await call("browser_set_offline", offline=True)
    assert result.success, result.error
    assert result.data["offline"] is True
    assert f"service_worker:{server.url('/pwa/sw.js')}" in result.data["applied_to"]
    before = server.requests.get("/pwa/network.txt", 0)
    assert await js(tab, "window.get('/pwa/network.txt')") == "ERR TypeError"
    assert (await js(tab, "window.get('/pwa/cached.txt')")).strip() == "cached by the service worker"
    assert server.requests.get("/pwa/network.txt", 0) == before
    requests = (await call("browser_get_network_sources", filter="network.txt")).data["requests"]
    from_worker = [r for r in requests if r.get("context", "").startswith("service_worker:")]
    assert from_worker[-1]["error"] == "net::ERR_INTERNET_DISCONNECTED"


async def test_going_back_online_restores_the_network(tab, call, pwa, js):
    await pwa(tab)
    await call("browser_set_offline", offline=True)
    assert await js(tab, "window.get('/pwa/network.txt')") == "ERR TypeError"
    result = await call("browser_set_offline", offline=False)
    assert result.data == {
        "offline": False,
        "preset": "none",
        "throttled": False,
        "applied_to": result.data["applied_to"],
    }
    assert (await js(tab, "window.get('/pwa/network.txt')")).strip() == "fresh from the network"


async def test_offline_page_without_worker_cannot_fetch(tab, call, server, js):
    server.route("/o/data.txt", "online", "text/plain")
    await navigate(tab, server.route("/o/page.html", "<p>plain</p>"))
    await call("browser_set_offline", offline=True)
    assert await js(tab, "fetch('/o/data.txt').then(r => r.text()).catch(e => 'ERR')") == "ERR"
    await call("browser_set_offline", offline=False)
    assert await js(tab, "fetch('/o/data.txt').then(r => r.text())") == "online"


async def test_dedicated_worker_fetch_fails_while_offline(tab, call, server, js):
    await navigate(tab, server.route("/o/worker.html", "<p>worker</p>"))
    await call("browser_set_offline", offline=True)
    # A worker from a blob needs no network to start.
    answer = await js(
        tab,
        """new Promise((resolve) => {
        const source = "onmessage = () => fetch('/pwa/network.txt?from=worker')" +
          ".then(r => r.text()).then(t => postMessage(t.trim()), e => postMessage('ERR ' + e.name))";
        const w = new Worker(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})));
        w.onmessage = (e) => resolve(e.data);
        w.postMessage('go');
      })""",
    )
    assert answer == "ERR TypeError"
    assert server.requests.get("/pwa/network.txt", 0) == 0


async def test_service_worker_attached_while_offline_is_offline_too(tab, call, server, js):
    await navigate(tab, server.url("/pwa/frame.html"))
    await call("browser_set_offline", offline=True)
    # The new worker's target attaches before it fetches its script: it must get the tab's conditions.
    outcome = await js(
        tab,
        """navigator.serviceWorker.register('/pwa/sw.js', {scope: '/pwa/'})
        .then(() => 'registered', (e) => 'ERR ' + e.name)""",
    )
    assert outcome == "ERR TypeError"
    assert server.requests.get("/pwa/sw.js", 0) == 0
    await call("browser_set_offline", offline=False)
    assert (
        await js(tab, "navigator.serviceWorker.register('/pwa/sw.js', {scope: '/pwa/'}).then(() => 'registered')")
        == "registered"
    )


async def test_throttling_preset_is_reported_and_seen_by_the_page(tab, call, server, js):
    await navigate(tab, server.route("/o/slow.html", "<p>slow</p>"))
    result = await call("browser_set_offline", offline=False, preset="3g")
    assert result.data["throttled"] is True
    assert result.data["latency_ms"] == 562.5
    assert result.data["download_kbps"] == 1440.0
    assert await js(tab, "navigator.connection.rtt") >= 500
    await call("browser_set_offline", offline=False, preset="none")
    assert await js(tab, "navigator.connection.rtt") < 500


async def test_unknown_preset_is_a_validation_error(tab, call):
    result = await call("browser_set_offline", offline=False, preset="5g")
    assert result.code == "VALIDATION_ERROR"
