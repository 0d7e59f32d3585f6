"""A small but real web app for the flow tests and the replay bench: a mug shop on a threaded http.server.

    app = ShopApp()                      # 127.0.0.1, port 0; app.url("/login")
    app.variant = "changed"              # what the next page views look like (see VARIANTS)
    ...                                  # drive it with browserx
    app.orders                           # the outcome, judged at the server
    app.stop()

Sign in (POST /login sets an HttpOnly session cookie), search (GET /search?q=), open a result
(/item/<n>), fill and submit the order form, answer its confirm dialog; POST /order records the
order server-side and redirects to /orders/<n>. State lives in the server: sessions and orders.

Variants (the page as another day brings it):
    "original"   as recorded
    "changed"    a promotions bar and a newsletter button inserted before every page's controls (every
                 element id renumbers), a cookie banner fixed at the bottom, the order button moved out
                 of the form into the page footer (`form="order"`), the order form's fields reordered
    "renamed"    the order button says "Buy now": the recorded control no longer exists
    "no_confirm" the order is placed without a confirm dialog: the step's effect differs
"""

from __future__ import annotations

import html
import http.server
import secrets
import socketserver
import threading
import urllib.parse
from typing import Any

ACCOUNTS = {"alice": "correct horse battery staple"}
ITEMS = {1: ("Red mug", 9), 2: ("Green mug", 11), 3: ("Blue mug", 12), 4: ("Blue teapot", 30)}
VARIANTS = ("original", "changed", "renamed", "no_confirm")

_STYLE = """<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0}
header,footer{padding:8px 24px;background:#f2f4f7} main{padding:8px 24px}
nav a{margin-right:12px} label{display:block;margin:8px 0}
.cookies{position:fixed;left:0;right:0;bottom:0;padding:16px 24px;background:#1d2430;color:#fff}
.description p{margin:0 0 12px}
</style>"""


class ShopApp:
    def __init__(self) -> None:
        self.variant = "original"
        self.sessions: dict[str, str] = {}  # session cookie -> user
        self.orders: list[dict[str, Any]] = []
        self.requests = 0
        self.lock = threading.Lock()
        app = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                app._handle(self, "GET", b"")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                app._handle(self, "POST", self.rfile.read(length) if length else b"")

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str = "/") -> str:
        return self.base + path

    def reset(self, variant: str = "original") -> None:
        assert variant in VARIANTS, variant
        with self.lock:
            self.variant = variant
            self.sessions.clear()
            self.orders.clear()
            self.requests = 0

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- requests ------------------------------------------------------------------------------

    def _handle(self, request: http.server.BaseHTTPRequestHandler, method: str, body: bytes) -> None:
        parsed = urllib.parse.urlsplit(request.path)
        query = dict(urllib.parse.parse_qsl(parsed.query))
        form = dict(urllib.parse.parse_qsl(body.decode())) if method == "POST" else {}
        cookies = dict(
            part.strip().split("=", 1) for part in (request.headers.get("Cookie") or "").split(";") if "=" in part
        )
        with self.lock:
            self.requests += 1
            user = self.sessions.get(cookies.get("sid", ""))
            variant = self.variant
        path = parsed.path
        if path in ("/", "/login") and method == "GET":
            return _send(request, 200, self._login(variant))
        if path == "/login" and method == "POST":
            name, password = form.get("username", ""), form.get("password", "")
            if ACCOUNTS.get(name) != password:
                return _send(request, 200, self._login(variant, error="Wrong user name or password."))
            sid = secrets.token_urlsafe(24)
            with self.lock:
                self.sessions[sid] = name
            return _redirect(request, "/search", cookie=f"sid={sid}; HttpOnly; Path=/; SameSite=Lax")
        if user is None:
            return _redirect(request, "/login")
        if path == "/search":
            return _send(request, 200, self._search(variant, query.get("q", "")))
        if path.startswith("/item/") and path[6:].isdigit() and int(path[6:]) in ITEMS:
            return _send(request, 200, self._item(variant, int(path[6:])))
        if path == "/order" and method == "POST":
            item = int(form.get("item", "0") or 0)
            if item not in ITEMS or not form.get("name") or not form.get("email"):
                return _send(request, 400, _page("Order refused", "<main><h1>Order refused</h1></main>", variant))
            with self.lock:
                self.orders.append(
                    {
                        "user": user,
                        "item": ITEMS[item][0],
                        "name": form["name"],
                        "email": form["email"],
                        "quantity": int(form.get("quantity") or 0),
                    }
                )
                number = len(self.orders)
            return _redirect(request, f"/orders/{number}")
        if path.startswith("/orders/"):
            return _send(
                request,
                200,
                _page(
                    "Thank you", f"<main><h1>Thank you</h1><p>Order {html.escape(path[8:])} placed.</p></main>", variant
                ),
            )
        return _send(request, 404, _page("Not found", "<main><h1>Not found</h1></main>", variant))

    # -- pages ---------------------------------------------------------------------------------

    def _login(self, variant: str, error: str = "") -> str:
        alert = f"<p role=alert>{html.escape(error)}</p>" if error else ""
        return _page(
            "Sign in",
            f"""<main><h1>Sign in</h1>{alert}<form method=post action=/login>
<label>Username <input name=username autocomplete=off></label>
<label>Password <input name=password type=password></label>
<button>Sign in</button></form></main>""",
            variant,
        )

    def _search(self, variant: str, q: str) -> str:
        found = [(n, name, price) for n, (name, price) in ITEMS.items() if q and q.lower() in name.lower()]
        results = "".join(f"<li><a href=/item/{n}>{html.escape(name)}</a> {price} €</li>" for n, name, price in found)
        listing = f"<h2>Results for {html.escape(q)}</h2><ul>{results}</ul>" if q else "<p>Type what you look for.</p>"
        return _page(
            "Search",
            f"""<main><h1>Search</h1><form action=/search role=search>
<label>Search <input type=search name=q value="{html.escape(q)}"></label> <button>Search</button></form>
{listing}</main>""",
            variant,
        )

    def _item(self, variant: str, n: int) -> str:
        name, price = ITEMS[n]
        fields = {
            "name": "<label>Full name <input name=name required></label>",
            "email": "<label>Email <input name=email type=email required></label>",
            "quantity": "<label>Quantity <input name=quantity type=number min=1 value=1></label>",
        }
        order = ["email", "quantity", "name"] if variant == "changed" else ["name", "email", "quantity"]
        label = "Buy now" if variant == "renamed" else "Place order"
        confirm = (
            ""
            if variant == "no_confirm"
            else f""" onsubmit="return confirm('Order ' + this.quantity.value + ' × {html.escape(name)}?')\""""
        )
        button = f"<button form=order>{label}</button>" if variant == "changed" else f"<button>{label}</button>"
        description = "".join(
            f"<p>Paragraph {i} about the {html.escape(name.lower())}: glazed stoneware, 350 ml, dishwasher safe.</p>"
            for i in range(1, 13)
        )
        footer = f"<footer><p>Ready?</p>{button}</footer>" if variant == "changed" else ""
        return _page(
            name,
            f"""<main><h1>{html.escape(name)}</h1><p>{price} €</p>
<div class=description>{description}</div>
<h2>Order</h2><form id=order method=post action=/order{confirm}>
<input type=hidden name=item value={n}>
{"".join(fields[f] for f in order)}
{"" if variant == "changed" else button}</form></main>{footer}""",
            variant,
        )


def _page(title: str, main: str, variant: str) -> str:
    header = "<header><a href=/search>Mug Shop</a></header>"
    banner = ""
    if variant == "changed":
        header = """<header><a href=/search>Mug Shop</a>
<nav aria-label=Promotions><a href=/deals>Deals</a><a href=/gifts>Gifts</a><a href=/help>Help</a>
<button type=button>Newsletter</button></nav></header>"""
        banner = """<div class=cookies role=region aria-label="Cookie consent"><p>We use cookies to remember you.</p>
<button type=button onclick="this.parentNode.remove()">Accept cookies</button>
<button type=button>Manage cookies</button></div>"""
    head = f"<meta charset=utf-8><title>{html.escape(title)}</title>{_STYLE}"
    return f"<!doctype html><html lang=en><head>{head}</head><body>{header}{main}{banner}</body></html>"


def _send(request: http.server.BaseHTTPRequestHandler, status: int, page: str) -> None:
    data = page.encode()
    request.send_response(status)
    request.send_header("Content-Type", "text/html; charset=utf-8")
    request.send_header("Content-Length", str(len(data)))
    request.end_headers()
    try:
        request.wfile.write(data)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the page navigated away mid-response


def _redirect(request: http.server.BaseHTTPRequestHandler, location: str, cookie: str | None = None) -> None:
    request.send_response(303)
    request.send_header("Location", location)
    if cookie:
        request.send_header("Set-Cookie", cookie)
    request.send_header("Content-Length", "0")
    request.end_headers()
