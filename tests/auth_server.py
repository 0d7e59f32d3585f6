"""A real http.server on 127.0.0.1 (port 0) behind HTTP Basic authentication, recording every
Authorization header it receives; and a forward proxy that asks for Proxy-Authorization (407).

    with BasicAuthServer("qa", "s3cret", realm="Staging") as site:
        site.url("/page")          # 200 with the right credentials, else 401 + WWW-Authenticate
        site.authorizations        # [(path, header or None), ...] in arrival order
        site.redirect("/go", other.url("/page"))   # a 302 to wherever, once logged in
        site.open_paths.add("/free")               # served without asking
"""

from __future__ import annotations

import base64
import http.server
import socketserver
import threading
from typing import Any


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class BasicAuthServer:
    def __init__(self, username: str, password: str, *, realm: str = "Staging", proxy: bool = False) -> None:
        self.expected = "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()
        self.realm, self.proxy = realm, proxy
        self.authorizations: list[tuple[str, str | None]] = []
        self.redirects: dict[str, str] = {}
        self.open_paths: set[str] = set()  # served without asking
        self.lock = threading.Lock()
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                path = self.path if owner.proxy else self.path.split("?")[0]
                header = self.headers.get("Proxy-Authorization" if owner.proxy else "Authorization")
                with owner.lock:
                    owner.authorizations.append((path, header))
                    target = owner.redirects.get(path)
                    open_path = path in owner.open_paths
                if (open_path or header == owner.expected) and target is not None:
                    self._send(302, b"", {"Location": target})
                elif open_path or header == owner.expected:
                    self._send(200, f"<title>inside {path}</title><h1>Welcome</h1>".encode(), {})
                elif owner.proxy:
                    self._send(407, b"proxy login", {"Proxy-Authenticate": f'Basic realm="{owner.realm}"'})
                else:
                    body = b"<title>401</title><p>login required</p>"
                    self._send(401, body, {"WWW-Authenticate": f'Basic realm="{owner.realm}"'})

            def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def url(self, path: str = "/") -> str:
        return self.origin + path

    def redirect(self, path: str, target: str) -> str:
        with self.lock:
            self.redirects[path] = target
        return self.url(path)

    def headers_for(self, prefix: str = "/") -> list[str | None]:
        with self.lock:
            return [header for path, header in self.authorizations if path.startswith(prefix)]

    def __enter__(self) -> BasicAuthServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
