"""HTTP credentials per origin: given to browserx, answered only to the origin they belong to, never shown.

    credentials = HttpCredentials.parse({"https://staging.example.com": {"username": "qa", "password": "…"}})
    credentials.answer(challenge, request_url)   # the HttpCredential for a Fetch.authRequired, or None
    read_credentials_file("creds.json", roots)   # the --http-credentials file (owner-only, under the file roots)

Origins compare exactly: scheme, host and port ("https://example.com" is "https://example.com:443";
http://127.0.0.1:8000 is not http://localhost:8000 nor http://127.0.0.1:8001). A server's challenge
(401) is answered for the origin of the request that received it, so a redirect to another origin
gets nothing. A proxy's challenge (407) is answered only by an entry marked `"proxy": true` for the
proxy's own origin, and a server's never by such an entry: a site's password never goes to a proxy.

Nothing here puts a password in a message, a repr or a log line; errors name the origin and the field.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ..errors import FileMissingError, FileNotAllowedError, ValidationError
from .files import allowed_path

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_FILE_HINT = 'Give a JSON file like {"https://staging.example.com": {"username": "…", "password": "…"}}.'


@dataclass(frozen=True)
class HttpCredential:
    username: str
    password: str = field(repr=False)
    proxy: bool = False  # for the proxy at this origin (a 407), not for a site


def origin_key(url: str) -> str | None:
    """`scheme://host:port` with the port always written, or None for a URL without an http(s) origin."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:  # IPv6
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or _DEFAULT_PORTS[scheme]}"


class HttpCredentials:
    """The credentials by origin (`origin_key`). Its repr and `origins()` name origins only."""

    def __init__(self, entries: Mapping[str, HttpCredential] | None = None) -> None:
        self._entries = dict(entries or {})

    @classmethod
    def parse(cls, data: Any) -> HttpCredentials:
        """From `{origin: {"username", "password", "proxy"?}}` (or an HttpCredentials); VALIDATION_ERROR
        naming the origin and field, never the value."""
        if isinstance(data, HttpCredentials):
            return data
        if not isinstance(data, Mapping):
            raise ValidationError(
                "http credentials must be an object of origin -> {username, password}", hint=_FILE_HINT
            )
        entries: dict[str, HttpCredential] = {}
        for origin, entry in data.items():
            key = origin_key(origin) if isinstance(origin, str) else None
            shown = origin if isinstance(origin, str) else type(origin).__name__
            if key is None or urlsplit(origin.strip()).path not in ("", "/"):
                raise ValidationError(f"http credentials: {shown!r} is not an origin like https://example.com")
            if key in entries:
                raise ValidationError(f"http credentials: {shown!r} is given twice")
            entries[key] = _credential(shown, entry)
        return cls(entries)

    def answer(self, challenge: Mapping[str, Any], request_url: str) -> HttpCredential | None:
        """The credential for a Fetch.authRequired `authChallenge` met by a request for `request_url`."""
        if challenge.get("source") == "Proxy":
            credential = self._entries.get(origin_key(str(challenge.get("origin", ""))) or "")
            return credential if credential is not None and credential.proxy else None
        origin = origin_key(request_url)
        if origin is None or origin != origin_key(str(challenge.get("origin") or request_url)):
            return None  # the challenge names another origin than the request's: answer neither
        credential = self._entries.get(origin)
        return credential if credential is not None and not credential.proxy else None

    def origins(self) -> list[str]:
        return list(self._entries)

    def __bool__(self) -> bool:
        return bool(self._entries)

    def __repr__(self) -> str:
        return f"HttpCredentials(origins={self.origins()!r})"


def _credential(origin: str, entry: Any) -> HttpCredential:
    if not isinstance(entry, Mapping):
        raise ValidationError(f"http credentials for {origin}: give an object with username and password")
    unknown = sorted(str(k) for k in entry if k not in ("username", "password", "proxy"))
    if unknown:
        raise ValidationError(f"http credentials for {origin}: unknown field(s) {', '.join(unknown)}")
    username, password, proxy = entry.get("username"), entry.get("password"), entry.get("proxy", False)
    if not isinstance(username, str) or not username or any(c in username for c in ":\r\n\0"):
        raise ValidationError(f"http credentials for {origin}: username must be a non-empty string without ':'")
    if not isinstance(password, str) or any(c in password for c in "\r\n\0"):
        raise ValidationError(f"http credentials for {origin}: password must be a string (one line)")
    if not isinstance(proxy, bool):
        raise ValidationError(f"http credentials for {origin}: proxy must be true or false")
    return HttpCredential(username, password, proxy)


def read_credentials_file(path: str | Path, roots: Iterable[Path]) -> HttpCredentials:
    """The --http-credentials file: under the file roots (FILE_NOT_ALLOWED), existing (FILE_NOT_FOUND),
    readable by its owner only (FILE_NOT_ALLOWED otherwise: chmod 600), then parsed (VALIDATION_ERROR)."""
    resolved = allowed_path(path, roots, must_exist=False)
    try:
        status = resolved.stat()
    except FileNotFoundError as exc:
        raise FileMissingError(f"no credentials file at {path}", details={"path": str(path)}) from exc
    except OSError as exc:
        raise FileNotAllowedError(f"cannot read the credentials file {path}: {exc.strerror}") from exc
    if not stat.S_ISREG(status.st_mode):
        raise ValidationError(f"{path} is not a file", hint="Give the path of a JSON credentials file.")
    if status.st_mode & 0o077:
        raise FileNotAllowedError(
            f"the credentials file {path} can be read by others (mode {stat.S_IMODE(status.st_mode):o})",
            hint=f"Make it readable by its owner only: chmod 600 {path}",
            details={"path": str(path)},
        )
    try:
        data = json.loads(resolved.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FileNotAllowedError(f"cannot read the credentials file {path}: {exc.strerror}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        # The decoder's position only: its message never quotes the file (which holds passwords).
        where = f"line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else "its encoding"
        raise ValidationError(f"the credentials file {path} is not UTF-8 JSON ({where})", hint=_FILE_HINT) from None
    return HttpCredentials.parse(data)
