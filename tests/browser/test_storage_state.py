"""Storage state (cookies + localStorage, Playwright's JSON shape): the browser_storage_state tool,
--storage-state for every new conversation, file roots, file mode, bad files, and Playwright itself
reading and writing the same files."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from browserx.browser import BrowserConfig, BrowserManager, find_chrome
from browserx.cli import build_parser
from browserx.cli.common import config_from_args
from browserx.errors import ValidationError
from browserx.tools import ToolContext, default_registry
from cli_process import browserx

REGISTRY = default_registry()
# The server sets an HttpOnly cookie (invisible to scripts); the page sets one more and localStorage.
LOGIN = """<title>login</title><script>
document.cookie = 'visible=yes; max-age=3600; path=/';
localStorage.setItem('token', 'tok-1'); localStorage.setItem('user', 'ada');
</script>"""
SESSION_COOKIE = {"Set-Cookie": "sid=s3cret; Path=/; HttpOnly; Max-Age=3600"}
READ = "document.cookie + '|' + localStorage.getItem('token') + '|' + localStorage.getItem('user')"


@pytest.fixture(scope="module")
def roots(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("state-roots")


@pytest.fixture(scope="module")
async def state_manager(roots):
    """A browser whose only configured file root is `roots`."""
    async with BrowserManager(BrowserConfig(file_roots=[str(roots)])) as manager:
        yield manager


def caller(manager: BrowserManager, conversation_id: str):
    ctx = ToolContext(manager, conversation_id)

    async def call(name: str, **arguments):
        return await REGISTRY.dispatch(name, arguments, ctx)

    return call


async def log_in(call, server, path: str) -> str:
    url = server.route(path, LOGIN, headers=SESSION_COOKIE)
    assert (await call("browser_navigate", url=url)).success
    return url


async def test_saved_state_loads_into_another_conversation(state_manager, server, roots):
    first, second = caller(state_manager, "state-a"), caller(state_manager, "state-b")
    await log_in(first, server, "/state/login")
    saved = await first("browser_storage_state", action="save", path=str(roots / "login.json"))
    assert saved.success, saved.error
    assert saved.data["cookies"] == 2 and saved.data["origins"] == [server.base]

    # The other conversation starts empty (isolated contexts) and gets the login from the file.
    other_page = server.route("/state/other", "<title>other</title>")
    await second("browser_navigate", url=other_page)
    before = await second("browser_eval", expression=READ)
    assert before.data["result"] == "|null|null"
    loaded = await second("browser_storage_state", action="load", path=str(roots / "login.json"))
    assert loaded.success, loaded.error
    assert loaded.data["cookies"] == 2 and loaded.data["origins"] == [server.base]
    await second("browser_navigate", url=other_page)
    after = await second("browser_eval", expression=READ)
    assert after.data["result"] == "visible=yes|tok-1|ada"
    assert server.requests["/state/login"] == 1  # the second conversation never requested the login page

    # The HttpOnly cookie came along too: saving the second conversation shows it.
    resaved = await second("browser_storage_state", action="save", path=str(roots / "again.json"))
    cookies = {c["name"]: c for c in json.loads((roots / "again.json").read_text())["cookies"]}
    assert resaved.success and cookies["sid"]["value"] == "s3cret" and cookies["sid"]["httpOnly"] is True


async def test_the_file_is_owner_only_and_in_playwright_shape(state_manager, server, roots):
    call = caller(state_manager, "state-shape")
    await log_in(call, server, "/state/shape")
    path = roots / "shape.json"
    path.write_text("{}")
    path.chmod(0o644)  # an older, readable file is replaced by an owner-only one
    assert (await call("browser_storage_state", action="save", path=str(path))).success
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    state = json.loads(path.read_text())
    assert set(state) == {"cookies", "origins"}
    for cookie in state["cookies"]:
        assert set(cookie) == {"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}
        assert cookie["domain"] == "127.0.0.1" and cookie["sameSite"] in ("Strict", "Lax", "None")
    assert state["origins"] == [
        {"origin": server.base, "localStorage": [{"name": "token", "value": "tok-1"}, {"name": "user", "value": "ada"}]}
    ]
    assert not [p for p in roots.iterdir() if p.name.startswith(".browserx-state-")]  # no temp file left


async def test_paths_outside_the_file_roots_are_refused(state_manager, tmp_path):
    call = caller(state_manager, "state-roots")
    outside = tmp_path / "outside.json"
    saved = await call("browser_storage_state", action="save", path=str(outside))
    outside.write_text('{"cookies": [], "origins": []}')
    loaded = await call("browser_storage_state", action="load", path=str(outside))
    escaped = await call("browser_storage_state", action="save", path="/etc/browserx-state.json")
    assert saved.code == "FILE_NOT_ALLOWED" and loaded.code == "FILE_NOT_ALLOWED"
    assert escaped.code == "FILE_NOT_ALLOWED"
    assert outside.read_text() == '{"cookies": [], "origins": []}'  # the refused save wrote nothing


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        '["a list"]',
        '{"cookies": {"name": "x"}}',
        '{"cookies": [{"name": "x", "value": "1"}]}',  # nowhere: no domain/path/url
        '{"cookies": [{"name": "x", "value": 1, "domain": "a.b", "path": "/"}]}',
        '{"cookies": [], "origins": [{"origin": "http://a.b", "localStorage": [{"name": "k"}]}]}',
        '{"cookies": [{"name": "x", "value": "1", "domain": "a.b", "path": "/", "sameSite": "Sometimes"}]}',
    ],
)
async def test_a_bad_file_is_a_validation_error(state_manager, roots, content):
    call = caller(state_manager, "state-bad")
    path = roots / "bad.json"
    path.write_text(content)
    result = await call("browser_storage_state", action="load", path=str(path))
    assert result.code == "VALIDATION_ERROR"


async def test_a_missing_file_or_unknown_action_is_refused(state_manager, roots):
    call = caller(state_manager, "state-missing")
    missing = await call("browser_storage_state", action="load", path=str(roots / "nope.json"))
    unknown = await call("browser_storage_state", action="delete", path=str(roots / "x.json"))
    assert missing.code == "FILE_NOT_ALLOWED" and unknown.code == "VALIDATION_ERROR"


async def test_storage_state_option_loads_into_every_new_conversation(server, tmp_path):
    path = tmp_path / "state.json"
    path.write_text(
        json.dumps(
            {
                "cookies": [
                    {
                        "name": "sid",
                        "value": "from-file",
                        "domain": "127.0.0.1",
                        "path": "/",
                        "expires": -1,
                        "httpOnly": False,
                        "secure": False,
                        "sameSite": "Lax",
                    }
                ],
                "origins": [
                    {"origin": server.base, "localStorage": [{"name": "token", "value": "tok-file"}]},
                    {"origin": "http://127.0.0.1:9", "localStorage": [{"name": "elsewhere", "value": "1"}]},
                ],
            }
        )
    )
    url = server.route("/state/option", "<title>option</title>")
    async with BrowserManager(BrowserConfig(storage_state=str(path))) as manager:
        seen = []
        for conversation_id in ("opt-1", "opt-2"):
            call = caller(manager, conversation_id)
            await call("browser_navigate", url=url)
            seen.append(
                (await call("browser_eval", expression="document.cookie + '|' + localStorage.getItem('token')")).data[
                    "result"
                ]
            )
    assert seen == ["sid=from-file|tok-file", "sid=from-file|tok-file"]
    assert server.requests["/state/option"] == 2  # loading the origins requested nothing from the server


async def test_a_bad_storage_state_option_fails_the_conversation_with_validation_error(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"cookies": "none"}')
    async with BrowserManager(BrowserConfig(storage_state=str(path))) as manager:
        with pytest.raises(ValidationError):
            await manager.conversation("broken")
        result = await caller(manager, "broken")("browser_tabs", action="list")
    assert result.code == "VALIDATION_ERROR"


async def test_origins_outside_allowed_origins_are_skipped(server, tmp_path):
    path = tmp_path / "state.json"
    path.write_text(
        json.dumps(
            {
                "cookies": [],
                "origins": [
                    {"origin": server.base, "localStorage": [{"name": "k", "value": "v"}]},
                    {"origin": "https://example.com", "localStorage": [{"name": "k", "value": "v"}]},
                ],
            }
        )
    )
    async with BrowserManager(BrowserConfig(allowed_origins=[server.base], file_roots=[str(tmp_path)])) as manager:
        result = await caller(manager, "skip")("browser_storage_state", action="load", path=str(path))
    assert result.success, result.error
    assert result.data["origins"] == [server.base] and result.data["skipped_origins"] == ["https://example.com"]


async def test_files_move_between_playwright_and_browserx(state_manager, server, roots):
    playwright_api = pytest.importorskip("playwright.async_api")
    url = server.route("/state/pw", "<title>pw</title>")
    pw_file, bx_file = roots / "from-playwright.json", roots / "from-browserx.json"
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=find_chrome())
        try:
            context = await browser.new_context()
            page = await context.new_page()
            await page.goto(url)
            await page.evaluate("document.cookie = 'pw=1; max-age=3600'; localStorage.setItem('from', 'playwright')")
            await context.storage_state(path=str(pw_file))
            await context.close()

            call = caller(state_manager, "state-pw")
            assert (await call("browser_storage_state", action="load", path=str(pw_file))).success
            await call("browser_navigate", url=url)
            seen = await call("browser_eval", expression="document.cookie + '|' + localStorage.getItem('from')")
            await call("browser_eval", expression="localStorage.setItem('from', 'browserx')")
            assert (await call("browser_storage_state", action="save", path=str(bx_file))).success

            context = await browser.new_context(storage_state=str(bx_file))
            page = await context.new_page()
            await page.goto(url)
            back = await page.evaluate("document.cookie + '|' + localStorage.getItem('from')")
            await context.close()
        finally:
            await browser.close()
    assert seen.data["result"] == "pw=1|playwright"
    assert back == "pw=1|browserx"


async def test_the_cli_loads_storage_state_and_refuses_a_bad_file_with_exit_2(server, tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(
        json.dumps(
            {
                "cookies": [{"name": "cli", "value": "yes", "domain": "127.0.0.1", "path": "/"}],
                "origins": [{"origin": server.base, "localStorage": [{"name": "k", "value": "v"}]}],
            }
        )
    )
    bad.write_text("{not json")
    url = server.route("/state/cli", "<title>cli</title>")
    code, out, err = await browserx(
        "eval", url, "document.cookie + '|' + localStorage.getItem('k')", "--storage-state", str(good)
    )
    assert code == 0, err
    assert json.loads(out) == {"result": "cli=yes|v"}
    code, _, err = await browserx("eval", url, "1", "--storage-state", str(bad))
    assert code == 2 and json.loads(err.strip().splitlines()[-1])["error"]["code"] == "VALIDATION_ERROR"


def test_the_options_become_the_config(tmp_path):
    state = tmp_path / "s.json"
    state.write_text("{}")
    args = build_parser().parse_args(
        ["navigate", "http://127.0.0.1/", "--user-data-dir", "/tmp/p", "--storage-state", str(state)]
    )
    config = config_from_args(args)
    assert config.user_data_dir == "/tmp/p" and config.storage_state == str(state)
