"""Local page servers for the bench sections: one page from bytes, or the corpus of the tests.

    server, url = serve_page(b"<button>x</button>")   # every path answers with the page
    server, base = serve_corpus()                      # base + "/pages/large.html", "/readability/..."
    ...
    server.shutdown()

HTML is always sent as UTF-8: saved pages are UTF-8 whatever charset they declare.
The pages are the tests' own (tests/corpus/, which says where they come from): this module puts
tests/ on the path once, and the sections take the corpus's paths from here.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from corpus import CORPUS, PAGES, READABILITY, readability_pages  # noqa: E402 - tests/ is on the path from here

__all__ = ["CORPUS", "PAGES", "READABILITY", "readability_pages", "serve_corpus", "serve_page"]


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


def serve_corpus() -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve tests/corpus/ (pages/, readability/); returns the server and its base URL (no trailing slash)."""
    return _start(functools.partial(_Quiet, directory=str(CORPUS)))
