"""`--http-credentials FILE` through the real `browserx` process: the page behind Basic auth opens,
AUTH_REQUIRED without them, and the password is in no output (stdout, stderr with -v logging)."""

from __future__ import annotations

import base64
import json

from auth_server import BasicAuthServer
from cli_process import browserx

USER, PASSWORD = "cli-user", "cli-pw-Kq2-never-shown"
SECRETS = (PASSWORD, base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode())


def credentials_file(directory, origin: str, mode: int = 0o600):
    path = directory / "credentials.json"
    path.write_text(json.dumps({origin: {"username": USER, "password": PASSWORD}}))
    path.chmod(mode)
    return path


async def test_the_cli_opens_a_page_behind_basic_auth_and_never_prints_the_password(tmp_path):
    with BasicAuthServer(USER, PASSWORD, realm="CLI") as site, BasicAuthServer(USER, PASSWORD, realm="Else") as other:
        creds = credentials_file(tmp_path, site.origin)
        given = ("--http-credentials", str(creds), "--file-roots", str(tmp_path))
        code, out, err = await browserx("-v", "navigate", site.url("/cli"), *given, "--json")
        assert code == 0, err
        assert json.loads(out)["data"]["title"] == "inside /cli"
        assert site.headers_for("/cli") == [None, site.expected]

        code, out2, err2 = await browserx("-v", "navigate", other.url("/cli"), *given)
        assert code == 1 and json.loads(err2.strip().splitlines()[-1])["error"]["code"] == "AUTH_REQUIRED"
        assert other.headers_for("/cli") == [None]
    for text in (out, err, out2, err2):
        for secret in SECRETS:
            assert secret not in text


async def test_a_credentials_file_others_can_read_is_refused_before_anything_runs(tmp_path):
    with BasicAuthServer(USER, PASSWORD) as site:
        creds = credentials_file(tmp_path, site.origin, mode=0o640)
        code, out, err = await browserx(
            "navigate", site.url("/never"), "--http-credentials", str(creds), "--file-roots", str(tmp_path)
        )
        assert code == 2 and out == ""
        assert json.loads(err)["error"]["code"] == "FILE_NOT_ALLOWED"
        assert site.headers_for("/") == []  # no browser went there
    assert PASSWORD not in err
