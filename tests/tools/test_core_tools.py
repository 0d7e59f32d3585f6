"""The core browser tools, each success and each error code, through the one dispatch."""

import asyncio
import io
import json
from pathlib import Path

import pytest

import browserx
from PIL import Image

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import ToolContext, default_registry


# -- browser_navigate ---------------------------------------------------------------------


async def test_navigate_waits_for_load_and_reports_url_and_title(call, server):
    url = server.route(
        "/n",
        "<title>Hello</title><script>window.loaded = 0;"
        "addEventListener('load', () => window.loaded = 1)</script><p>x</p>",
    )
    result = await call("browser_navigate", url=url)
    assert result.success and result.data == {"url": url, "title": "Hello", "load": "complete"}
    assert result.metadata["tab_id"] == 1 and result.metadata["duration_ms"] >= 0
    assert result.metadata["tool_version"] == browserx.__version__
    assert (await call("browser_eval", expression="window.loaded")).data["result"] == 1


async def test_navigate_to_a_download_reports_the_saved_file(call, server):
    url = server.route(
        "/file.csv",
        "a,b\n1,2\n",
        content_type="text/csv",
        headers={"Content-Disposition": 'attachment; filename="report.csv"'},
    )
    result = await call("browser_navigate", url=url)
    assert result.success, result.error
    download = result.data["download"]
    assert download["file_name"] == "report.csv" and download["state"] == "completed"
    assert Path(download["path"]).read_text() == "a,b\n1,2\n" and download["size"] == 8


async def test_navigate_to_a_refused_port_is_navigation_failed(call):
    result = await call("browser_navigate", url="http://127.0.0.1:9/")
    assert result.code == "NAVIGATION_FAILED"


async def test_navigate_that_never_loads_times_out_within_its_timeout(call):
    async def never_answer(reader, writer):
        await reader.read(1000)  # read the request, then say nothing

    server = await asyncio.start_server(never_answer, "127.0.0.1", 0)
    try:
        port = server.sockets[0].getsockname()[1]
        result = await call("browser_navigate", url=f"http://127.0.0.1:{port}/", timeout="1s")
        assert result.code == "TIMEOUT"
        assert result.metadata["duration_ms"] < 6000
    finally:
        server.close()


@pytest.mark.parametrize("url", ["not a url", "ftp://example.com/", "http://", "javascript:alert(1)"])
async def test_navigate_with_a_bad_url_is_a_validation_error(call, url):
    assert (await call("browser_navigate", url=url)).code == "VALIDATION_ERROR"


async def test_file_urls_are_refused_unless_allowed(call, tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<p>local</p>")
    assert (await call("browser_navigate", url=page.as_uri())).code == "ORIGIN_NOT_ALLOWED"


async def test_allowed_origins_refuse_other_origins(server):
    url = server.route("/o", "<p>o</p>")
    config = BrowserConfig(allowed_origins=["http://localhost:1"])
    async with BrowserManager(config) as manager:
        result = await default_registry().dispatch("browser_navigate", {"url": url}, ToolContext(manager))
        assert result.code == "ORIGIN_NOT_ALLOWED"


async def test_history_goes_back_and_forward(call, server):
    first, second = server.route("/h1", "<title>one</title>"), server.route("/h2", "<title>two</title>")
    await call("browser_navigate", url=first)
    await call("browser_navigate", url=second)
    assert (await call("browser_history", action="back")).data["title"] == "one"
    assert (await call("browser_history", action="forward")).data["title"] == "two"
    assert (await call("browser_history", action="reload")).data["title"] == "two"


# -- browser_eval -------------------------------------------------------------------------


async def test_eval_returns_json_and_awaits_promises(call, server):
    await call("browser_navigate", url=server.route("/e", "<p>e</p>"))
    assert (await call("browser_eval", expression="({a: [1, 'b', null]})")).data == {"result": {"a": [1, "b", None]}}
    assert (await call("browser_eval", expression="new Promise(r => setTimeout(() => r(5), 5))")).data["result"] == 5
    assert (await call("browser_eval", expression="await Promise.resolve(6)")).data["result"] == 6


async def test_eval_exception_is_js_exception_with_its_line(call):
    result = await call("browser_eval", expression="1;\nnull.boom")
    assert result.code == "JS_EXCEPTION"
    assert result.error["details"]["line"] == 2


async def test_eval_output_over_16kb_goes_to_a_file(call):
    result = await call("browser_eval", expression="'x'.repeat(50000)")
    path = Path(result.data["result_file"])
    assert json.loads(path.read_text()) == "x" * 50000 and "result" not in result.data
    assert result.data["output_id"].startswith("out_")


async def test_eval_longer_than_its_timeout_is_timeout(call):
    result = await call("browser_eval", expression="while (true) {}", timeout="500ms")
    assert result.code == "TIMEOUT"
    assert (await call("browser_eval", expression="1 + 1")).data["result"] == 2  # the tab still works


async def test_eval_can_be_disabled():
    async with BrowserManager(BrowserConfig(eval_enabled=False)) as manager:
        result = await default_registry().dispatch("browser_eval", {"expression": "1"}, ToolContext(manager))
        assert result.code == "EVAL_DISABLED"


# -- console --------------------------------------------------------------------------------


async def test_console_logs_collect_messages_and_uncaught_exceptions(call, server):
    page = "<script>console.log('hello', 3); console.warn('careful'); setTimeout(() => { throw new Error('late') })</script>"
    url = server.route("/log", page)
    await call("browser_navigate", url=url)
    result = await call("browser_eval", expression="new Promise(r => setTimeout(r, 20))")
    assert result.success
    logs = (await call("browser_recent_console_logs")).data
    texts = [(e["type"], e["text"]) for e in logs["entries"]]
    assert ("log", "hello 3") in texts and ("warning", "careful") in texts
    assert any(kind == "error" and "late" in text for kind, text in texts)
    assert all({"type", "text", "timestamp", "source", "context"} <= set(e) for e in logs["entries"])
    only_warnings = (await call("browser_recent_console_logs", level="warning")).data["entries"]
    assert [e["text"] for e in only_warnings] == ["careful"]
    assert (await call("browser_recent_console_logs", limit=1)).data["count"] == 1
    assert (await call("browser_clear_console_logs")).data["cleared"] == 3
    assert (await call("browser_recent_console_logs")).data["count"] == 0


# -- resize -----------------------------------------------------------------------------------


async def test_resize_sets_the_viewport_exactly(call):
    result = await call("browser_resize", width=800, height=600)
    assert result.data["width"] == 800 and result.data["height"] == 600
    size = await call("browser_eval", expression="[innerWidth, innerHeight, devicePixelRatio]")
    assert size.data["result"] == [800, 600, 1]


@pytest.mark.parametrize(
    "args",
    [
        {"width": 0, "height": 600},
        {"width": 800, "height": -5},
        {"width": 99999, "height": 600},
        {"width": "wide", "height": 600},
    ],
)
async def test_resize_rejects_invalid_sizes(call, args):
    assert (await call("browser_resize", **args)).code == "VALIDATION_ERROR"


# -- tabs ---------------------------------------------------------------------------------


async def test_tabs_open_select_close_and_unknown_ids(call, server):
    url = server.route("/t", "<title>T</title>")
    await call("browser_navigate", url=url)
    opened = await call("browser_tabs", action="open", url=url)
    assert opened.data["active_tab_id"] == 2 and [t["tab_id"] for t in opened.data["tabs"]] == [1, 2]
    assert (await call("browser_tabs", action="select", tab_id=1)).data["active_tab_id"] == 1
    assert (await call("browser_eval", expression="1", tab_id=2)).metadata["tab_id"] == 2
    closed = await call("browser_tabs", action="close", tab_id=2)
    assert [t["tab_id"] for t in closed.data["tabs"]] == [1]
    assert (await call("browser_eval", expression="1", tab_id=2)).code == "TAB_NOT_FOUND"
    assert (await call("browser_tabs", action="select", tab_id=7)).code == "TAB_NOT_FOUND"
    assert (await call("browser_tabs", action="close")).code == "VALIDATION_ERROR"


async def test_a_tab_opened_by_the_page_appears_in_the_list(call, server, conversation):
    target = server.route("/popup-target", "<title>Popup</title>")
    url = server.route("/opener", f'<a id="a" href="{target}" target="_blank">open</a>')
    await call("browser_navigate", url=url)
    tab = await conversation.tab()
    async with _target_created(tab):
        await call("browser_eval", expression="document.getElementById('a').click()")
    tabs = (await call("browser_tabs")).data["tabs"]
    assert len(tabs) == 2 and tabs[1]["opener_tab_id"] == 1


class _target_created:
    """Wait for the browser to announce a new target (armed before the click)."""

    def __init__(self, tab):
        self.connection = tab.session.connection
        self.future = asyncio.get_running_loop().create_future()

    async def __aenter__(self):
        def seen(params):
            if params["targetInfo"]["type"] == "page" and not self.future.done():
                self.future.set_result(params)

        self.off = self.connection.on("Target.targetCreated", seen)
        return self.future

    async def __aexit__(self, *exc):
        try:
            await asyncio.wait_for(self.future, 10)
        finally:
            self.off()


# -- dialogs -------------------------------------------------------------------------------


async def test_dialogs_never_hang_and_are_reported_in_the_next_result(call):
    alert = await call("browser_eval", expression="alert('hi'); 'after alert'")
    assert alert.data["result"] == "after alert"
    assert alert.metadata["notices"][0] == {
        "type": "dialog",
        "tab_id": 1,
        "dialog_type": "alert",
        "message": "hi",
        "action": "accepted",
    }
    confirm = await call("browser_eval", expression="confirm('sure?')")
    assert confirm.data["result"] is False and confirm.metadata["notices"][0]["action"] == "dismissed"
    prompt = await call("browser_eval", expression="prompt('name?')")
    assert prompt.data["result"] is None
    assert "notices" not in (await call("browser_eval", expression="1")).metadata


# -- read_image ------------------------------------------------------------------------------


@pytest.fixture
def image_dir(conversation) -> Path:
    """The conversation's output directory: inside the file roots, where read_image may read."""
    return conversation.output_dir


def _write(path: Path, size: tuple[int, int], fmt: str) -> Path:
    Image.new("RGB", size, (200, 30, 30)).save(path, format=fmt)
    return path


@pytest.mark.parametrize("fmt, suffix", [("PNG", "png"), ("JPEG", "jpg"), ("GIF", "gif"), ("WEBP", "webp")])
async def test_read_image_returns_the_image_and_a_description(call, image_dir, fmt, suffix):
    path = _write(image_dir / f"i.{suffix}", (40, 30), fmt)
    result = await call("read_image", path=str(path))
    assert result.success and str(path) in result.data["description"]
    assert Image.open(io.BytesIO(result.images[0].data)).size == (40, 30)


async def test_read_image_resizes_to_model_limits(call, image_dir):
    path = _write(image_dir / "big.png", (4000, 3000), "PNG")
    result = await call("read_image", path=str(path))
    width, height = Image.open(io.BytesIO(result.images[0].data)).size
    assert max(width, height) <= 1568 and width * height <= 1_150_000
    assert abs(width / height - 4 / 3) < 0.01 and "resized from 4000x3000" in result.data["description"]


async def test_read_image_of_missing_or_non_image_files_is_image_error(call, image_dir):
    text = image_dir / "x.png"
    text.write_text("not an image")
    assert (await call("read_image", path=str(text))).code == "IMAGE_ERROR"
    assert (await call("read_image", path=str(image_dir / "none.png"))).code == "IMAGE_ERROR"
    bmp = _write(image_dir / "x.bmp", (4, 4), "BMP")
    assert (await call("read_image", path=str(bmp))).code == "IMAGE_ERROR"


async def test_read_image_decodes_heic_when_the_decoder_is_installed(call, image_dir):
    pillow_heif = pytest.importorskip("pillow_heif")
    path = image_dir / "photo.heic"
    pillow_heif.from_pillow(Image.new("RGB", (64, 48), (10, 120, 200))).save(str(path))
    result = await call("read_image", path=str(path))
    assert result.success and "image/heic" in result.data["description"]
    assert Image.open(io.BytesIO(result.images[0].data)).size == (64, 48)


async def test_read_image_outside_the_file_roots_is_refused(call, tmp_path, image_dir):
    outside = _write(tmp_path / "private.png", (4, 4), "PNG")
    assert (await call("read_image", path=str(outside))).code == "FILE_NOT_ALLOWED"
    assert (await call("read_image", path="/etc/passwd")).code == "FILE_NOT_ALLOWED"
    escape = str(image_dir / ".." / ".." / ".." / outside.relative_to("/"))
    assert (await call("read_image", path=escape)).code == "FILE_NOT_ALLOWED"
