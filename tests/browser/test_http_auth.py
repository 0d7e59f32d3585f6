"""Sites behind HTTP authentication: AUTH_REQUIRED (realm, scheme; never a credential), and credentials
per origin answered through Fetch.authRequired to that exact origin only, redirects included.

Real http.servers on 127.0.0.1 record every Authorization header they receive (auth_server.py).
"""

from __future__ import annotations

import base64
import json
import logging

import pytest

import browserx
from browserx.browser import BrowserConfig, BrowserManager
from browserx.errors import AuthRequiredError, ValidationError
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

from auth_server import BasicAuthServer

USER, PASSWORD = "qa", "pw-Zq7-never-shown"
SECRETS = (PASSWORD, base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode())
REGISTRY = default_registry()


@pytest.fixture(scope="module")
def sites():
    """site: the credentials are right; wrong: they are not; other: none given; named: given for
    localhost, visited as 127.0.0.1 (another origin)."""
    with (
        BasicAuthServer(USER, PASSWORD, realm="Staging") as site,
        BasicAuthServer(USER, "another-password", realm="Wrong") as wrong,
        BasicAuthServer(USER, PASSWORD, realm="Other") as other,
        BasicAuthServer(USER, PASSWORD, realm="Named") as named,
    ):
        yield {"site": site, "wrong": wrong, "other": other, "named": named}


def credentials_for(*origins: str) -> dict[str, dict[str, str]]:
    return {origin: {"username": USER, "password": PASSWORD} for origin in origins}


@pytest.fixture(scope="module")
async def auth_manager(sites):
    named = f"http://localhost:{sites['named'].port}"
    config = BrowserConfig(http_credentials=credentials_for(sites["site"].origin, sites["wrong"].origin, named))
    async with BrowserManager(config, setups=TAB_SETUPS) as manager:
        yield manager


@pytest.fixture
def results():
    return []


@pytest.fixture
def auth_call(auth_manager, request, results):
    """`call(name, **args)` on a fresh conversation of the browser holding the credentials; every
    result is kept in `results` (the tests check no secret is in any)."""
    ctx = ToolContext(auth_manager, f"auth-{request.node.name}")

    async def call(name: str, **arguments):
        result = await REGISTRY.dispatch(name, arguments, ctx)
        results.append(result)
        return result

    yield call


def assert_no_secret(*texts: str) -> None:
    for text in texts:
        for secret in SECRETS:
            assert secret not in text


def shown(results) -> str:
    return json.dumps([r.to_dict() for r in results], default=str)


async def test_no_credentials_answer_auth_required_with_the_realm_and_scheme(call, sites):
    site = sites["site"]
    result = await call("browser_navigate", url=site.url("/no-credentials"))
    assert result.error["code"] == "AUTH_REQUIRED"
    details = result.error["details"]
    assert details == {
        "origin": site.origin,
        "scheme": "basic",
        "realm": "Staging",
        "source": "server",
        "credentials": "none",
    }
    assert "--http-credentials" in result.error["hint"]
    assert site.headers_for("/no-credentials") == [None]


async def test_the_right_credentials_open_the_page(auth_call, sites, results, caplog):
    caplog.set_level(logging.DEBUG)
    site = sites["site"]
    result = await auth_call("browser_navigate", url=site.url("/page"))
    assert result.success, result.error
    assert result.data["title"] == "inside /page"
    assert site.headers_for("/page") == [None, site.expected]  # asked once, answered once
    snapshot = await auth_call("browser_dom", action="snapshot")
    assert "Welcome" in str(snapshot.data)
    assert_no_secret(shown(results), caplog.text)


async def test_wrong_credentials_answer_auth_required_once_without_a_loop(auth_call, sites, results, caplog):
    caplog.set_level(logging.DEBUG)
    wrong = sites["wrong"]
    result = await auth_call("browser_navigate", url=wrong.url("/page"))
    assert result.error["code"] == "AUTH_REQUIRED"
    assert result.error["details"]["credentials"] == "refused" and result.error["details"]["realm"] == "Wrong"
    headers = wrong.headers_for("/page")
    assert headers[0] is None and len(headers) == 2 and headers[1] not in (None, wrong.expected)
    assert "notices" not in result.metadata  # the error says it once
    assert_no_secret(shown(results), caplog.text)


async def test_credentials_of_one_origin_are_never_sent_to_another(auth_call, sites, results, caplog):
    caplog.set_level(logging.DEBUG)
    for name in ("other", "named"):  # no credentials at all; credentials for localhost:PORT, not 127.0.0.1:PORT
        result = await auth_call("browser_navigate", url=sites[name].url("/page"))
        assert result.error["code"] == "AUTH_REQUIRED" and result.error["details"]["credentials"] == "none"
        assert sites[name].headers_for("/page") == [None]
    assert_no_secret(shown(results), caplog.text)


async def test_a_redirect_to_another_origin_carries_no_credentials(auth_call, sites, results, caplog):
    caplog.set_level(logging.DEBUG)
    site, other = sites["site"], sites["other"]
    # Logged in on site, sent on to other, which asks too: other gets nothing, and says so.
    result = await auth_call("browser_navigate", url=site.redirect("/go", other.url("/after-redirect")))
    assert result.error["code"] == "AUTH_REQUIRED"
    assert result.error["details"]["origin"] == other.origin and result.error["details"]["realm"] == "Other"
    assert site.headers_for("/go")[-1] == site.expected
    assert other.headers_for("/after-redirect") == [None]
    # Sent on to an open page of other: still nothing (the browser's cache is per origin too).
    other.open_paths.add("/free")
    result = await auth_call("browser_navigate", url=site.redirect("/go-free", other.url("/free")))
    assert result.success and result.data["url"] == other.url("/free")
    assert other.headers_for("/free") == [None]
    assert_no_secret(shown(results), caplog.text)


async def test_a_login_asked_by_a_link_click_is_a_notice_not_a_credential(call, sites, server):
    other = sites["other"]
    page = server.route("/auth/link", f'<a href="{other.url("/linked")}">members</a>')
    assert (await call("browser_navigate", url=page)).success
    model = await call("browser_dom", action="snapshot", format="json")
    link = next(c["id"] for c in model.data["controls"] if c["role"] == "link")
    clicked = await call("browser_dom", action="click", element_id=link)
    notices = [n for n in clicked.metadata.get("notices", []) if n["type"] == "auth_required"]
    assert notices and notices[0]["realm"] == "Other" and notices[0]["origin"] == other.origin
    assert other.headers_for("/linked") == [None]


def test_credentials_are_checked_and_never_shown():
    config = BrowserConfig(http_credentials=credentials_for("https://Staging.Example.com"))
    assert config.http_credentials.origins() == ["https://staging.example.com:443"]
    assert_no_secret(repr(config), repr(config.http_credentials))
    for bad in (
        {"staging.example.com": {"username": USER, "password": PASSWORD}},  # no scheme
        {"https://example.com/path": {"username": USER, "password": PASSWORD}},  # not an origin
        {"https://example.com": {"username": "", "password": PASSWORD}},
        {"https://example.com": {"username": USER, "password": 12}},
        {"https://example.com": {"username": USER, "password": PASSWORD, "extra": 1}},
        ["https://example.com"],
    ):
        with pytest.raises(ValidationError) as error:
            BrowserConfig(http_credentials=bad)  # type: ignore[arg-type]
        assert_no_secret(str(error.value), repr(error.value.to_dict()))


async def test_the_python_api_opens_the_page_and_raises_auth_required(sites, caplog):
    caplog.set_level(logging.DEBUG)
    site, other = sites["site"], sites["other"]
    config = BrowserConfig(http_credentials=credentials_for(site.origin))
    async with browserx.launch(config) as browser:
        session = await browser.session()
        page = await session.navigate(site.url("/api"))
        assert page["title"] == "inside /api"
        with pytest.raises(AuthRequiredError) as error:
            await session.navigate(other.url("/api"))
        assert error.value.details["realm"] == "Other"
        text = await session.snapshot_text()
    assert other.headers_for("/api") == [None]
    assert_no_secret(json.dumps(page), str(error.value.to_dict()), text, caplog.text)


def test_a_proxy_entry_answers_only_its_proxy_and_a_site_entry_only_its_site():
    credentials = BrowserConfig(
        http_credentials={
            "http://proxy.test:3128": {"username": USER, "password": PASSWORD, "proxy": True},
            "https://site.test": {"username": USER, "password": PASSWORD},
        }
    ).http_credentials
    proxy = {"source": "Proxy", "origin": "http://proxy.test:3128", "scheme": "basic", "realm": "corp"}
    assert credentials.answer(proxy, "https://anywhere.test/").proxy is True
    assert credentials.answer({**proxy, "origin": "https://site.test"}, "https://site.test/") is None
    server = {"source": "Server", "origin": "https://site.test", "scheme": "basic", "realm": "r"}
    assert credentials.answer(server, "https://site.test:443/a").username == USER
    assert credentials.answer({**server, "origin": "http://proxy.test:3128"}, "http://proxy.test:3128/") is None
    assert credentials.answer(server, "https://other.test/") is None  # the challenge must be the request's


async def test_a_proxy_gets_only_proxy_credentials(sites, caplog):
    caplog.set_level(logging.DEBUG)
    site_url = "http://staging.test/behind-proxy"  # the proxy answers it: no name is resolved here
    with BasicAuthServer(USER, "proxy-password", realm="Corp proxy", proxy=True) as proxy:
        proxy_args = [f"--proxy-server={proxy.origin}", "--proxy-bypass-list=<-loopback>"]
        site_only = BrowserConfig(extra_args=proxy_args, http_credentials=credentials_for("http://staging.test"))
        async with browserx.launch(site_only) as browser:
            session = await browser.session()
            with pytest.raises(AuthRequiredError) as error:
                await session.navigate(site_url)
        assert error.value.details["source"] == "proxy" and error.value.details["realm"] == "Corp proxy"
        assert proxy.headers_for("http://staging.test/") == [None]  # the site's password never went there

        entry = {"username": USER, "password": "proxy-password", "proxy": True}
        with_proxy = BrowserConfig(extra_args=proxy_args, http_credentials={proxy.origin: entry})
        async with browserx.launch(with_proxy) as browser:
            session = await browser.session()
            page = await session.navigate(site_url)
        assert page["title"] == "inside http://staging.test/behind-proxy"
        assert proxy.headers_for("http://staging.test/")[-1] == proxy.expected
    assert_no_secret(caplog.text, str(error.value.to_dict()))
