"""Issue 32.3: network detail and HAR 1.2. A page with a redirect, a POST with a JSON body, a cached
response and a failed request: the list shows each (status, type, initiator, cache, error); one
request's headers and bodies come bounded; the HAR validates against the HAR 1.2 schema (written
from the specification: data/har-1.2.schema.json) and holds each; no cookie or authorization value
appears in any output unless the user's configuration allows it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

SCHEMA = json.loads((Path(__file__).parent / "data" / "har-1.2.schema.json").read_text())
SECRET_COOKIE = "cookie-value-4242"
SECRET_TOKEN = "bearer-token-7777"  # made by the page's script, so that no body holds it

APP = f"""<title>Shop</title><script src="/net/lib.js"></script>
<h1>Shop</h1><img src="http://127.0.0.1:9/unreachable.png" alt="">
<script>
window.posted = fetch('/net/api', {{method: 'POST', headers: {{'Content-Type': 'application/json',
  'Authorization': 'Bearer ' + ['bearer', 'token', 7000 + 777].join('-')}}, body: JSON.stringify({{item: 'tea', qty: 2}})}})
  .then(r => r.json()).then(j => j.ok);
window.moved = fetch('/net/old').then(r => r.text());
</script>"""


@pytest.fixture
def shop(server):
    server.route("/net/lib.js", "window.lib = 1;", "application/javascript", headers={"Cache-Control": "max-age=3600"})
    server.route("/net/api", '{"ok": true}', "application/json", headers={"Set-Cookie": f"sid={SECRET_COOKIE}; Path=/"})
    server.route("/net/old", "", status=302, headers={"Location": "/net/new"})
    server.route("/net/new", "moved here", "text/plain")
    return server.route("/net/shop", APP)


async def _load(caps_call, tab, js, url):
    await caps_call("browser_navigate", url=url)
    assert await js(tab, "window.posted") is True and await js(tab, "window.moved") == "moved here"
    await caps_call("browser_navigate", url=url)  # again: lib.js now from the cache, the cookie sent
    assert await js(tab, "window.posted") is True and await js(tab, "window.moved") == "moved here"


async def test_the_list_shows_methods_statuses_initiators_the_cache_and_failures(caps_call, shop, tab, js):
    await _load(caps_call, tab, js, shop)
    listed = (await caps_call("browser_network", action="list", limit=100)).data["requests"]
    by = lambda part: [r for r in listed if part in r["url"]]  # noqa: E731
    post = by("/net/api")[-1]
    assert post["method"] == "POST" and post["status"] == 200 and post["type"] == "Fetch"
    assert post["initiator"].startswith("script")
    hop, landed = by("/net/old")[-1], by("/net/new")[-1]
    assert hop["status"] == 302 and hop["redirected_to"].endswith("/net/new") and landed["status"] == 200
    assert by("/net/lib.js")[0]["initiator"].startswith("parser") and by("/net/lib.js")[0]["type"] == "Script"
    assert by("/net/lib.js")[-1]["source"] in ("memory_cache", "disk_cache")
    failed = by("unreachable.png")[-1]
    assert failed["error"].startswith("net::ERR_") and "status" not in failed
    only_failed = (await caps_call("browser_network", action="list", failed=True)).data["requests"]
    assert only_failed and all("error" in r for r in only_failed)
    posts = (await caps_call("browser_network", action="list", method="post")).data["requests"]
    assert {r["method"] for r in posts} == {"POST"}
    redirects = (await caps_call("browser_network", action="list", status="3xx")).data["requests"]
    assert [r["status"] for r in redirects] == [302, 302]
    assert (await caps_call("browser_network", action="list", status="abc")).code == "VALIDATION_ERROR"


async def test_one_requests_headers_and_bodies_come_decoded_with_secrets_redacted(caps_call, shop, tab, js):
    await _load(caps_call, tab, js, shop)
    listed = (await caps_call("browser_network", action="list", filter="/net/api")).data["requests"]
    detail = (await caps_call("browser_network", action="get", request_id=listed[-1]["request_id"])).data
    assert json.loads(detail["post_data"]) == {"item": "tea", "qty": 2}
    assert json.loads(detail["body"]) == {"ok": True}
    sent = {k.lower(): v for k, v in detail["request_headers"].items()}
    assert sent["authorization"] == "[redacted]" and sent["cookie"] == "[redacted]"
    assert sent["content-type"] == "application/json"
    received = {k.lower(): v for k, v in detail["response_headers"].items()}
    assert received["set-cookie"] == "[redacted]"
    assert "waiting_ttfb" in detail["timing_ms"]
    assert SECRET_COOKIE not in json.dumps(detail) and SECRET_TOKEN not in json.dumps(detail)
    missing = await caps_call("browser_network", action="get", request_id="nope")
    assert missing.code == "NOT_FOUND"


async def test_the_har_validates_against_har_1_2_and_holds_each_kind_of_request(caps_call, shop, tab, js):
    await _load(caps_call, tab, js, shop)
    result = await caps_call("browser_network", action="har")
    assert result.success, result.error
    text = Path(result.data["path"]).read_text()
    har = json.loads(text)
    jsonschema.validate(har, SCHEMA)
    entries = har["log"]["entries"]
    assert len(har["log"]["pages"]) == 2 and all(
        e["pageref"] in ("page_1", "page_2") for e in entries if "pageref" in e
    )
    post = [e for e in entries if e["request"]["url"].endswith("/net/api")][-1]
    assert post["request"]["method"] == "POST"
    assert json.loads(post["request"]["postData"]["text"]) == {"item": "tea", "qty": 2}
    assert post["request"]["postData"]["mimeType"] == "application/json"
    assert json.loads(post["response"]["content"]["text"]) == {"ok": True}
    hop = [e for e in entries if e["request"]["url"].endswith("/net/old")][-1]
    assert hop["response"]["status"] == 302 and hop["response"]["redirectURL"].endswith("/net/new")
    cached = [e for e in entries if e["request"]["url"].endswith("/net/lib.js")][-1]
    assert cached["_fromCache"] in ("memory", "disk")
    failed = [e for e in entries if "unreachable" in e["request"]["url"]][-1]
    assert failed["response"]["status"] == 0 and failed["response"]["_error"].startswith("net::ERR_")
    cookies = [c for e in entries for c in e["request"]["cookies"] + e["response"]["cookies"]]
    assert any(c["name"] == "sid" for c in cookies) and all(c["value"] == "[redacted]" for c in cookies)
    assert SECRET_COOKIE not in text and SECRET_TOKEN not in text


async def test_secret_values_appear_only_when_the_users_configuration_allows_them(
    caps_call, shop, tab, js, monkeypatch
):
    monkeypatch.setenv("BROWSERX_NETWORK_SECRETS", "1")
    await _load(caps_call, tab, js, shop)
    listed = (await caps_call("browser_network", action="list", filter="/net/api")).data["requests"]
    detail = (await caps_call("browser_network", action="get", request_id=listed[-1]["request_id"])).data
    sent = {k.lower(): v for k, v in detail["request_headers"].items()}
    assert sent["authorization"] == f"Bearer {SECRET_TOKEN}" and SECRET_COOKIE in sent["cookie"]


async def test_a_har_path_outside_the_file_roots_is_refused(caps_call, shop, tab, js):
    await caps_call("browser_navigate", url=shop)
    assert (await caps_call("browser_network", action="har", path="/proc/x.har")).code == "FILE_NOT_ALLOWED"
