"""Pages of our own whose performance facts are known, for tests/devtools/test_insights*.py and bench/trace.py.

`shop.html`: a render-blocking stylesheet (/perf/style.css), the LCP element an image (#hero,
/perf/hero.png, added 500 ms after the parser met its box (which keeps its place): a late-discovered image, so that the LCP
is the image and well after first paint whatever the machine's load), two layout shifts (an image without width and height, /perf/photo.png, that arrives
300 ms after load, and a banner inserted at the top 300 ms after that photo was painted), a long task
(app.js `busyWork`, 250 ms, 300 ms after the banner) and the page's own PerformanceObserver figures
in `window.__perf`.
`article.html`: the LCP element a block of text (#lede) that a script renders 400 ms after the parser
met its box (a client-rendered article; its box keeps its place), nothing else going on.

    for path, (body, content_type) in RESOURCES.items(): server.route(path, body, content_type)
"""

from __future__ import annotations

import json
import struct
import zlib


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A solid PNG (compresses to a few KB whatever its size)."""
    row = b"\x00" + bytes(rgb) * width
    raw = zlib.compress(row * height, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


OBSERVER = """<script>
window.__perf = {lcp: null, lcp_tag: null, cls: 0, shifts: [], long_tasks: []};
new PerformanceObserver(list => { for (const e of list.getEntries()) {
  __perf.lcp = e.startTime; __perf.lcp_tag = e.element ? e.element.tagName.toLowerCase() : null;
  __perf.lcp_id = e.element ? e.element.id : null; } }).observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries()) { if (!e.hadRecentInput) {
  __perf.cls += e.value; __perf.shifts.push(e.value); } } }).observe({type: 'layout-shift', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries()) __perf.long_tasks.push(e.duration); })
  .observe({type: 'longtask', buffered: true});
</script>"""

SHOP = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width">
<title>Tea shop</title>
{OBSERVER}
<link rel="stylesheet" href="/perf/style.css">
<script src="/perf/app.js" defer></script>
</head><body>
<header><a href="/perf/shop.html">Tea shop</a> <button id="buy">Buy</button></header>
<main>
<div id="hero-box" style="width: 600px; height: 300px"></div>
<script>setTimeout(() => {{
  const hero = new Image(600, 300);
  hero.id = 'hero'; hero.alt = 'Green tea fields'; hero.src = '/perf/hero.png';
  document.getElementById('hero-box').append(hero);
}}, 500);</script>
<p>Small leaves, picked by hand.</p>
<img id="photo" alt="Our shop">
<p id="after">Open every day from nine.</p>
<p>Text below the photo, pushed down when it arrives.</p>
</main>
</body></html>"""

STYLE = (
    "body { font: 16px sans-serif; margin: 0; } header { padding: 8px; } .banner { height: 120px; background: #fc0; }"
)

APP = """function busyWork() {
  const until = performance.now() + 250;
  let x = 0;
  while (performance.now() < until) x += Math.sqrt(x + 1);
  return x;
}
function showPhoto() { document.getElementById('photo').src = '/perf/photo.png'; }
function insertBanner() {
  const banner = document.createElement('div');
  banner.className = 'banner';
  banner.id = 'banner';
  banner.textContent = 'Free shipping today';
  document.body.insertBefore(banner, document.body.firstChild);
  afterPaint(busyWork, 300);
}
// Each step after the one before has been painted, so that no two shifts fall in one frame.
function afterPaint(fn, delay) { requestAnimationFrame(() => setTimeout(fn, delay)); }
document.getElementById('photo').addEventListener('load', () => afterPaint(insertBanner, 300));
window.addEventListener('load', () => afterPaint(showPhoto, 300));
"""

ARTICLE = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>Article</title>{OBSERVER}
<style>body {{ font: 18px serif; margin: 24px; }} #lede {{ font-size: 28px; }}</style></head><body>
<h1>Notes</h1>
<div id="lede-box" style="height: 400px; display: flow-root"></div>
<p>A short line.</p>
<script>setTimeout(() => {{
  const lede = document.createElement('p');
  lede.id = 'lede';
  lede.textContent = {json.dumps("The harvest came early this year, and the leaves were smaller and sweeter than anyone expected. " * 6)};
  document.getElementById('lede-box').append(lede);
}}, 400);</script>
</body></html>"""

RESOURCES: dict[str, tuple[bytes, str]] = {
    "/perf/shop.html": (SHOP.encode(), "text/html; charset=utf-8"),
    "/perf/article.html": (ARTICLE.encode(), "text/html; charset=utf-8"),
    "/perf/style.css": (STYLE.encode(), "text/css"),
    "/perf/app.js": (APP.encode(), "application/javascript"),
    "/perf/hero.png": (png(1200, 600, (40, 140, 60)), "image/png"),
    "/perf/photo.png": (png(600, 200, (120, 90, 40)), "image/png"),
}


def serve() -> tuple[object, str]:
    """A standalone server of RESOURCES (bench/trace.py, Lighthouse): (server, base URL)."""
    import http.server  # noqa: PLC0415
    import threading  # noqa: PLC0415

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            body, kind = RESOURCES.get(self.path.split("?")[0], (b"not found", "text/plain"))
            self.send_response(200 if kind != "text/plain" else 404)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
