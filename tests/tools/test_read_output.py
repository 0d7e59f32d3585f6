"""Big results kept by output_id and read back in slices with browser_read_output."""

from __future__ import annotations

import json
from pathlib import Path

from browserx.actions.navigation import navigate
from browserx.tools import ToolContext, default_registry

BIG = "Array.from({length: 2000}, (_, i) => ({i, word: 'w' + i}))"  # about 40 KB of JSON


async def read_all(call, output_id: str, length: int = 7000) -> str:
    out, offset = "", 0
    while offset is not None:
        piece = await call("browser_read_output", output_id=output_id, offset=offset, length=length)
        assert piece.success, piece.error
        assert piece.data["offset"] == offset and len(piece.data["text"]) <= length
        out += piece.data["text"]
        offset = piece.data["next_offset"]
    return out


async def test_a_big_eval_result_comes_back_as_an_output_id_and_reads_back_exactly(call):
    result = await call("browser_eval", expression=BIG)
    data = result.data
    assert "result" not in data and data["output_id"].startswith("out_")
    assert data["bytes"] > 16 * 1024 and data["preview"] and data["result_file"]
    text = await read_all(call, data["output_id"])
    assert json.loads(text) == [{"i": i, "word": f"w{i}"} for i in range(2000)]
    assert len(text) == data["chars"]


async def test_results_up_to_16kb_stay_inline(call):
    result = await call("browser_eval", expression="'y'.repeat(15000)")
    assert result.data == {"result": "y" * 15000}


async def test_the_inline_limit_follows_the_config(call, manager):
    before = manager.config.max_inline_output
    manager.config.max_inline_output = 1000
    try:
        result = await call("browser_eval", expression="'z'.repeat(2000)")
    finally:
        manager.config.max_inline_output = before
    assert "output_id" in result.data


async def test_another_conversation_cannot_read_the_output(call, manager):
    output_id = (await call("browser_eval", expression=BIG)).data["output_id"]
    other = ToolContext(manager, "read-output-other")
    try:
        result = await default_registry().dispatch("browser_read_output", {"output_id": output_id}, other)
    finally:
        await manager.close_conversation("read-output-other")
    assert result.code == "NOT_FOUND"


async def test_paths_and_made_up_ids_are_not_read(call, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read")
    produced = (await call("browser_eval", expression=BIG)).data
    for output_id in (
        str(secret),
        produced["result_file"],
        "../" + produced["output_id"],
        "out_000000000000",
        Path(produced["result_file"]).name,
    ):
        result = await call("browser_read_output", output_id=output_id)
        assert result.code in ("NOT_FOUND", "VALIDATION_ERROR"), output_id
    assert (
        await call("browser_read_output", output_id=produced["output_id"], path="/etc/passwd")
    ).code == "VALIDATION_ERROR"


async def test_outputs_go_when_the_conversation_closes(manager):
    ctx = ToolContext(manager, "read-output-closing")
    registry = default_registry()
    data = (await registry.dispatch("browser_eval", {"expression": BIG}, ctx)).data
    path = Path(data["result_file"])
    assert path.is_file()
    await manager.close_conversation("read-output-closing")
    assert not path.exists()
    again = ToolContext(manager, "read-output-closing")
    try:
        result = await registry.dispatch("browser_read_output", {"output_id": data["output_id"]}, again)
    finally:
        await manager.close_conversation("read-output-closing")
    assert result.code == "NOT_FOUND"


async def test_big_console_logs_and_network_bodies_come_back_by_id(tab, call, server):
    body = "line of a big body\n" * 2000
    server.route("/out/big.txt", body, "text/plain")
    await navigate(tab, server.route("/out/page.html", "<p>outputs</p>"))
    await call(
        "browser_eval",
        expression="for (let i = 0; i < 400; i++) console.log('entry ' + i + ' ' + 'x'.repeat(60));"
        "fetch('/out/big.txt').then(r => r.text()).then(t => t.length)",
    )
    logs = (await call("browser_recent_console_logs", limit=1000, level="log")).data
    assert logs["count"] >= 400 and "output_id" in logs
    entries = json.loads(await read_all(call, logs["output_id"]))
    assert entries[-1]["text"].startswith("entry 399")
    sources = (await call("browser_get_network_sources", filter="big.txt")).data["requests"]
    got = (await call("browser_get_network_sources", request_id=sources[-1]["request_id"])).data
    assert "body" not in got and got["output_id"].startswith("out_")
    assert await read_all(call, got["output_id"], length=100_000) == body


async def test_binary_outputs_read_back_as_base64_bytes(tab, call, server):
    import base64

    payload = bytes(range(256)) * 100
    server.route("/out/blob.bin", payload, "application/octet-stream")
    await navigate(tab, server.route("/out/bin.html", "<p>bin</p>"))
    await call("browser_eval", expression="fetch('/out/blob.bin').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    sources = (await call("browser_get_network_sources", filter="blob.bin")).data["requests"]
    got = (await call("browser_get_network_sources", request_id=sources[-1]["request_id"])).data
    first = (await call("browser_read_output", output_id=got["output_id"], length=10_000)).data
    rest = (
        await call("browser_read_output", output_id=got["output_id"], offset=first["next_offset"], length=100_000)
    ).data
    assert base64.b64decode(first["data_base64"]) + base64.b64decode(rest["data_base64"]) == payload
    assert rest["next_offset"] is None and first["unit"] == "bytes"


async def test_outputs_go_on_close_even_under_a_kept_output_dir(manager, tmp_path):
    before = manager.config.output_dir
    manager.config.output_dir = str(tmp_path)  # downloads stay there; outputs are the conversation's own
    try:
        ctx = ToolContext(manager, "read-output-kept-dir")
        path = Path((await default_registry().dispatch("browser_eval", {"expression": BIG}, ctx)).data["result_file"])
        assert tmp_path in path.parents and path.is_file()
        await manager.close_conversation("read-output-kept-dir")
    finally:
        manager.config.output_dir = before
    assert not path.exists()


async def test_python_api_sessions_read_their_outputs_by_id(manager):
    from browserx.api import Browser

    browser = Browser(manager.config)
    browser.manager = manager  # the test session's Chromium, not a second one
    one, two = await browser.session(), await browser.session()
    try:
        ref = (await one.call("browser_eval", expression=BIG)).data
        piece = (await one.call("browser_read_output", output_id=ref["output_id"], length=100_000)).data
        refused = await two.call("browser_read_output", output_id=ref["output_id"])
    finally:
        for session in (one, two):
            await manager.close_conversation(session.conversation_id)
    assert json.loads(piece["text"])[-1] == {"i": 1999, "word": "w1999"} and piece["next_offset"] is None
    assert refused.code == "NOT_FOUND"
