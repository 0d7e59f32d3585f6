"""browser_get_service_workers on the test PWA: registration, status, running state, control."""

from __future__ import annotations

from browserx.actions.navigation import navigate


async def test_installed_worker_controls_the_page_after_reload(tab, call, pwa, server, js):
    await pwa(tab)
    result = await call("browser_get_service_workers")
    assert result.success, result.error
    data = result.data
    assert data["controlled"] is True
    assert data["controller"] == {"script_url": server.url("/pwa/sw.js"), "status": "activated"}
    [registration] = [r for r in data["registrations"] if r["scope"] == server.url("/pwa/")]
    assert registration["script_url"] == server.url("/pwa/sw.js")
    assert registration["status"] == "activated"
    assert registration["origin"] == server.base


async def test_first_visit_registers_an_activated_worker(tab, call, server, js):
    await navigate(tab, server.url("/pwa/index.html"))
    assert await js(tab, "window.swReady") == "activated"
    data = (await call("browser_get_service_workers")).data
    # clients.claim() may already have taken the page over; a reload always does.
    registration = next(r for r in data["registrations"] if r["scope"] == server.url("/pwa/"))
    assert registration["status"] == "activated"


async def test_page_without_worker_reports_no_registration_and_not_controlled(tab, call, server, js):
    await navigate(tab, server.route("/plain", "<p>no worker here</p>"))
    data = (await call("browser_get_service_workers")).data
    assert data["controlled"] is False
    assert data["controller"] is None
    assert data["registrations"] == []


async def test_running_state_comes_from_the_service_worker_domain(tab, call, pwa, server, js):
    await pwa(tab)
    assert await js(tab, "window.askWorker('ping')") == "logged ping"  # the worker is running now
    registration = next(
        r
        for r in (await call("browser_get_service_workers")).data["registrations"]
        if r["scope"] == server.url("/pwa/")
    )
    assert registration["running_status"] == "running"
    assert registration["status"] == "activated"


async def test_registrations_are_isolated_per_conversation(manager, tab, call, pwa, server):
    await pwa(tab)
    other = await manager.conversation("devtools-isolation")
    try:
        other_tab = await other.tab()
        await navigate(other_tab, server.url("/pwa/frame.html"))
        from browserx.devtools.service_workers import service_workers

        data = await service_workers(other_tab)
        assert data["registrations"] == []
        assert data["controlled"] is False
    finally:
        await manager.close_conversation("devtools-isolation")
