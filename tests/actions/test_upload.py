"""browser_dom upload: files reach the server as a user's pick would send them, through a visible
file input, a hidden one behind a button (its chooser intercepted), and a drop zone; files outside
the file roots are refused."""

from __future__ import annotations

import pytest

FORM = """<!doctype html>
<form id=f method=post action=/upload enctype=multipart/form-data>
  <label>Report <input type=file id=visible name=report></label>
  <button type=button id=pick onclick="document.getElementById('hid').click()">Choose photos</button>
  <input type=file id=hid name=photo multiple style="display:none">
  <button id=send>Send</button>
</form>
<script>
window.events = [];
for (const type of ['input', 'change']) document.addEventListener(type, e => events.push([type, e.target.id]), true);
</script>"""
DROP = """<!doctype html>
<div id=zone role=button tabindex=0 style="width:300px;height:200px;border:2px dashed">Drop files here</div>
<script>
const zone = document.getElementById('zone');
zone.addEventListener('dragover', e => e.preventDefault());
zone.addEventListener('drop', e => {
  e.preventDefault();
  const body = new FormData();
  for (const f of e.dataTransfer.files) body.append('dropped', f);
  window.sent = fetch('/drop', {method: 'POST', body}).then(r => r.status);
});
</script>"""


@pytest.fixture
def files(conversation):
    """Files under the conversation's output directory: inside the default file roots."""
    report = conversation.output_dir / "report.txt"
    report.write_bytes(b"quarterly numbers \x00\x01 42")
    photo = conversation.output_dir / "photo.bin"
    photo.write_bytes(bytes(range(256)))
    return report, photo


def _part(body: bytes, name: str) -> bytes:
    """The content of the multipart part whose field is `name`."""
    marker = f'name="{name}"'.encode()
    start = body.index(marker)
    start = body.index(b"\r\n\r\n", start) + 4
    return body[start : body.index(b"\r\n--", start)]


async def test_visible_file_input_is_in_the_model_and_its_upload_is_posted(tab, load, call, eid, js, server, files):
    report, _ = files
    server.route("/upload", "<p>thanks</p>")
    await load(tab, FORM)
    snap = await call("browser_dom", action="snapshot")
    files = [line for line in snap.data.splitlines() if line.startswith("fi_")]
    assert len(files) == 2 and "Report" in files[0]
    assert "Choose photos" in files[1] and "hidden" in files[1]  # named after the button that opens it
    result = await call("browser_dom", action="upload", element_id=await eid(tab, "#visible"), paths=[str(report)])
    assert result.success, result.error
    assert result.data["files"] == ["report.txt"]
    assert ["input", "visible"] in await js(tab, "events") and ["change", "visible"] in await js(tab, "events")
    sent = await call("browser_dom", action="click", element_id=await eid(tab, "#send"))
    assert sent.success, sent.error
    ctype, body = server.posts["/upload"][0]
    assert ctype.startswith("multipart/form-data")
    assert _part(body, "report") == report.read_bytes()


async def test_a_button_opening_a_hidden_input_reports_the_chooser_and_upload_answers_it(
    tab, load, call, eid, server, files
):
    report, photo = files
    server.route("/upload", "<p>thanks</p>")
    await load(tab, FORM)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#pick"))
    assert clicked.success, clicked.error
    chooser = clicked.data["effects"]["file_chooser"]
    assert chooser["multiple"] is True and chooser["element_id"].startswith("fi_")
    result = await call("browser_dom", action="upload", element_id=chooser["element_id"], paths=[str(photo)])
    assert result.success, result.error
    assert "file_chooser" not in result.data["effects"]
    await call("browser_dom", action="click", element_id=await eid(tab, "#send"))
    assert _part(server.posts["/upload"][0][1], "photo") == photo.read_bytes()


async def test_upload_on_the_button_itself_opens_and_answers_the_chooser(tab, load, call, eid, server, files):
    report, photo = files
    server.route("/upload", "<p>thanks</p>")
    await load(tab, FORM)
    result = await call(
        "browser_dom", action="upload", element_id=await eid(tab, "#pick"), paths=[str(photo), str(report)]
    )
    assert result.success, result.error
    assert "file_chooser" not in result.data["effects"]  # opened and answered by the upload itself
    await call("browser_dom", action="click", element_id=await eid(tab, "#send"))
    body = server.posts["/upload"][0][1]
    assert photo.read_bytes() in body and report.read_bytes() in body


async def test_files_dropped_on_a_drop_zone_are_posted(tab, load, call, eid, js, server, files):
    report, _ = files
    server.route("/drop", "ok")
    await load(tab, DROP)
    result = await call("browser_dom", action="drag", target_id=await eid(tab, "#zone"), paths=[str(report)])
    assert result.success, result.error
    assert await js(tab, "window.sent") == 200
    assert _part(server.posts["/drop"][0][1], "dropped") == report.read_bytes()


async def test_files_outside_the_roots_are_refused_before_anything_happens(tab, load, call, eid, js, tmp_path):
    outside = tmp_path / "secret.txt"
    outside.write_text("secret")
    await load(tab, FORM)
    for args in (
        {"action": "upload", "element_id": await eid(tab, "#visible"), "paths": [str(outside)]},
        {"action": "upload", "element_id": await eid(tab, "#visible"), "paths": ["/etc/passwd"]},
        {"action": "drag", "target_id": await eid(tab, "#send"), "paths": [str(outside)]},
    ):
        result = await call("browser_dom", **args)
        assert not result.success and result.error["code"] == "FILE_NOT_ALLOWED"
    assert await js(tab, "events") == []


async def test_a_missing_file_too_many_files_and_a_submit_button_are_coded(tab, load, call, eid, server, files):
    report, photo = files
    await load(tab, FORM)
    visible = await eid(tab, "#visible")
    missing = await call("browser_dom", action="upload", element_id=visible, paths=[str(report) + ".gone"])
    assert missing.error["code"] == "FILE_NOT_ALLOWED"
    two = await call("browser_dom", action="upload", element_id=visible, paths=[str(report), str(photo)])
    assert two.error["code"] == "VALIDATION_ERROR"
    nothing = await call("browser_dom", action="upload", element_id=await eid(tab, "#send"), paths=[str(report)])
    assert nothing.error["code"] == "VALIDATION_ERROR"
    assert "/upload" not in server.posts  # the submit button was not pressed to look for a chooser


async def test_clicking_a_visible_file_input_reports_its_chooser_instead_of_hanging(
    tab, load, call, eid, server, files
):
    report, _ = files
    server.route("/upload", "<p>thanks</p>")
    await load(tab, FORM)
    visible = await eid(tab, "#visible")
    clicked = await call("browser_dom", action="click", element_id=visible)
    assert clicked.success, clicked.error
    assert clicked.data["effects"]["file_chooser"] == {"element_id": visible, "multiple": False}
    answered = await call("browser_dom", action="upload", element_id=visible, paths=[str(report)])
    assert answered.success, answered.error
    await call("browser_dom", action="click", element_id=await eid(tab, "#send"))
    assert _part(server.posts["/upload"][0][1], "report") == report.read_bytes()


# A drop zone whose click asks first (as copyparty's "click me" does): "Files" or "One folder", two links
# that follow nothing (href="#"); each opens its own hidden input's chooser from its click handler.
ASKS = """<!doctype html>
<div id=zone role=button tabindex=0 style="width:300px;height:120px;border:2px dashed">Drop files here (or click me)</div>
<div id=ask hidden><p>What do you have?</p><a href="#" id=files>Files</a> <a href="#" id=folder>One folder</a></div>
<input type=file id=pick-files multiple style="display:none">
<input type=file id=pick-folder webkitdirectory style="display:none">
<a href="/elsewhere" id=away>Upload page</a>
<script>
const ask = document.getElementById('ask');
document.getElementById('zone').onclick = () => { ask.hidden = false; document.getElementById('files').focus(); };
for (const [link, input] of [['files', 'pick-files'], ['folder', 'pick-folder']]) {
  document.getElementById(link).onclick = (e) => { e.preventDefault(); ask.hidden = true; document.getElementById(input).click(); };
}
document.getElementById('pick-files').onchange = (e) => { window.picked = [...e.target.files].map(f => f.name); };
</script>"""


async def test_upload_through_a_link_that_follows_nothing_answers_the_chooser_it_opens(tab, load, call, eid, js, files):
    report, _ = files
    await load(tab, ASKS)
    asked = await call("browser_dom", action="click", element_id=await eid(tab, "#zone"))
    assert asked.success, asked.error
    result = await call("browser_dom", action="upload", element_id=await eid(tab, "#files"), paths=[str(report)])
    assert result.success, result.error
    assert await js(tab, "window.picked") == ["report.txt"]


async def test_upload_on_a_control_that_asks_first_says_what_it_showed(tab, load, call, eid, js, server, files):
    report, _ = files
    await load(tab, ASKS)
    result = await call("browser_dom", action="upload", element_id=await eid(tab, "#zone"), paths=[str(report)])
    assert result.code == "VALIDATION_ERROR"
    assert result.error["details"]["effects"]["focus"]["name"] == "Files"  # the question it asked instead
    away = await call("browser_dom", action="upload", element_id=await eid(tab, "#away"), paths=[str(report)])
    assert away.code == "VALIDATION_ERROR"
    assert "/elsewhere" not in server.requests  # a link to another page is never followed to find out
