"""A login saved by one `browserx mcp` server (stdio) and loaded by the next one (HTTP), one after the other."""

from __future__ import annotations

import json
import stat

from mcp_client import McpHttpProcess, call, http_session, stdio_session

LOGIN = """<title>login</title><script>
document.cookie = 'visible=yes; max-age=3600; path=/'; localStorage.setItem('token', 'tok-mcp');
</script>"""


async def test_state_saved_by_one_server_is_loaded_by_the_next(server, tmp_path):
    login = server.route("/mcp-state/login", LOGIN, headers={"Set-Cookie": "sid=s3cret; Path=/; HttpOnly"})
    account = server.route("/mcp-state/account", "<title>account</title>")
    path = tmp_path / "login.json"
    roots = ("--file-roots", str(tmp_path))

    async with stdio_session(*roots) as first:
        await call(first, "browser_navigate", url=login)
        saved, saved_body = await call(first, "browser_storage_state", action="save", path=str(path))
        outside, outside_body = await call(first, "browser_storage_state", action="save", path="/tmp/../etc/x.json")
    assert saved.isError is False, saved_body
    assert outside.isError is True and outside_body["error"]["code"] == "FILE_NOT_ALLOWED"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert {c["name"] for c in json.loads(path.read_text())["cookies"]} == {"sid", "visible"}

    async with McpHttpProcess(*roots) as proc, http_session(proc.url) as second:
        await call(second, "browser_navigate", url=account)
        _, before = await call(second, "browser_eval", expression="document.cookie")
        loaded, loaded_body = await call(second, "browser_storage_state", action="load", path=str(path))
        await call(second, "browser_navigate", url=account)
        _, after = await call(
            second, "browser_eval", expression="document.cookie + '|' + localStorage.getItem('token')"
        )
    assert before["data"]["result"] == ""
    assert loaded.isError is False, loaded_body
    assert after["data"]["result"] == "visible=yes|tok-mcp"
    assert server.requests["/mcp-state/login"] == 1  # the second server never saw the login page
