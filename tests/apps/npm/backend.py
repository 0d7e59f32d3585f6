"""The small backend of our own behind the npm app pages that are libraries (a calendar, a form builder, ...).

    python backend.py --app calendar --data /tmp/x --port 0     # prints "listening on http://127.0.0.1:PORT"

Serves, on 127.0.0.1 only:
- `/` and `/app/...`: the app's own page and files (tests/apps/npm/<app>/);
- `/node_modules/...`: the pinned npm packages the page loads (nothing from a CDN: the network is closed);
- `/api/<collection>` (GET list, POST add) and `/api/<collection>/<id>` (GET, PUT replace or create,
  DELETE): a JSON store, one file per collection in the data directory (`<data>/<collection>.json`),
  which the tests read to judge what the app saved;
- `/api/chat`: a chat service that records each message it receives and answers it.

A request for a file that is not there is written to stderr ("missing ..."), so a page that reaches for an
asset it cannot have shows in the fixture's log. Runs as its own process (the test fixture starts and stops
it by process group), like the apps that are servers themselves.
"""

from __future__ import annotations

import argparse
import http.server
import json
import mimetypes
import socketserver
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".map": "application/json"}


class Store:
    """Collections of JSON items, each saved whole to `<data>/<collection>.json` after every change."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.lock = threading.Lock()

    def _path(self, collection: str) -> Path:
        if not collection.replace("-", "").replace("_", "").isalnum():
            raise KeyError(collection)
        return self.data / f"{collection}.json"

    def items(self, collection: str) -> list[dict[str, Any]]:
        path = self._path(collection)
        return json.loads(path.read_text()) if path.is_file() else []

    def _save(self, collection: str, items: list[dict[str, Any]]) -> None:
        path = self._path(collection)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(items, indent=1, ensure_ascii=False))
        tmp.replace(path)  # a reader never sees half a file

    def add(self, collection: str, item: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            items = self.items(collection)
            item = {
                **item,
                "id": item.get("id")
                or str(1 + max((int(i["id"]) for i in items if str(i["id"]).isdigit()), default=0)),
            }
            items.append(item)
            self._save(collection, items)
            return item

    def put(self, collection: str, item_id: str, item: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            items = [i for i in self.items(collection) if str(i["id"]) != item_id]
            item = {**item, "id": item_id}
            items.append(item)
            self._save(collection, items)
            return item

    def delete(self, collection: str, item_id: str) -> bool:
        with self.lock:
            items = self.items(collection)
            kept = [i for i in items if str(i["id"]) != item_id]
            self._save(collection, kept)
            return len(kept) != len(items)


def make_handler(app_dir: Path, modules: Path, store: Store) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _json(self, status: int, value: Any) -> None:
            self._send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json; charset=utf-8")

        def _body(self) -> Any:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            return json.loads(raw or b"null")

        def _file(self, root: Path, relative: str) -> None:
            file = (root / relative).resolve()
            if not (file.is_file() and root.resolve() in file.parents):
                print(f"missing {self.path}", file=sys.stderr, flush=True)
                self._send(404, b"not found", "text/plain")
                return
            ctype = TYPES.get(file.suffix) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if ctype.startswith("text/") or ctype == "application/json":
                ctype += "; charset=utf-8"
            self._send(200, file.read_bytes(), ctype)

        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path)
            if path == "/":
                self._file(app_dir, "index.html")
            elif path.startswith("/app/"):
                self._file(app_dir, path.removeprefix("/app/"))
            elif path.startswith("/node_modules/"):
                self._file(modules, path.removeprefix("/node_modules/"))
            elif path.startswith("/api/"):
                self._api("GET", path.removeprefix("/api/").strip("/").split("/"))
            else:
                print(f"missing {self.path}", file=sys.stderr, flush=True)
                self._send(404, b"not found", "text/plain")

        do_HEAD = do_GET

        def do_POST(self) -> None:
            self._api("POST", unquote(urlsplit(self.path).path).removeprefix("/api/").strip("/").split("/"))

        def do_PUT(self) -> None:
            self._api("PUT", unquote(urlsplit(self.path).path).removeprefix("/api/").strip("/").split("/"))

        def do_DELETE(self) -> None:
            self._api("DELETE", unquote(urlsplit(self.path).path).removeprefix("/api/").strip("/").split("/"))

        def _api(self, method: str, parts: list[str]) -> None:
            try:
                if parts == ["chat"] and method == "POST":
                    self._chat(self._body())
                elif len(parts) == 1 and method == "GET":
                    self._json(200, store.items(parts[0]))
                elif len(parts) == 1 and method == "POST":
                    self._json(201, store.add(parts[0], self._body()))
                elif len(parts) == 2 and method == "GET":
                    found = [i for i in store.items(parts[0]) if str(i["id"]) == parts[1]]
                    self._json(200, found[0]) if found else self._json(404, {"error": "not found"})
                elif len(parts) == 2 and method == "PUT":
                    self._json(200, store.put(parts[0], parts[1], self._body()))
                elif len(parts) == 2 and method == "DELETE":
                    self._json(200 if store.delete(parts[0], parts[1]) else 404, {})
                else:
                    self._json(404, {"error": "no such route"})
            except (KeyError, ValueError, TypeError) as exc:
                self._json(400, {"error": str(exc)})

        def _chat(self, body: Any) -> None:
            """deep-chat's request: {"messages": [{"role": "user", "text": ...}]}; its answer: {"text": ...}."""
            messages = body.get("messages") or []
            text = str(messages[-1].get("text", "")) if messages else ""
            store.add("messages", {"role": "user", "text": text})
            reply = f"Noted: {text}" if text else "Say something."
            store.add("messages", {"role": "ai", "text": reply})
            self._json(200, {"text": reply})

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", required=True, help="the app folder beside this file")
    parser.add_argument("--data", required=True, type=Path)
    parser.add_argument("--modules", type=Path, default=HERE / "node_modules")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    args.data.mkdir(parents=True, exist_ok=True)
    server = Server(("127.0.0.1", args.port), make_handler(HERE / args.app, args.modules, Store(args.data)))
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
