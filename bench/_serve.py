"""Local page servers for the bench sections: one page from bytes, or the shared pages and corpus.

    server, url = serve_page(b"<button>x</button>")   # every path answers with the page
    server, base = serve_shared()                      # base + "/pages/large.html", "/corpus/..."
    ...
    server.shutdown()

HTML is always sent as UTF-8: corpus pages misdeclare their charsets (FACTS.md: `qq`).
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import Any

SHARED = Path(__file__).resolve().parents[2] / "shared"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def guess_type(self, path: str) -> str:
        return "text/html; charset=utf-8" if str(path).endswith(".html") else super().guess_type(path)


def _start(handler: Any) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def serve_page(body: bytes) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `body` at every path; returns the server and the URL of its root page."""
    class Page(_Quiet):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    server, base = _start(Page)
    return server, base + "/"


def serve_shared() -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ../shared (pages/, corpus/); returns the server and its base URL (no trailing slash)."""
    return _start(functools.partial(_Quiet, directory=str(SHARED)))
