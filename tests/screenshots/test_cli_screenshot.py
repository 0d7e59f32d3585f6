"""`browserx screenshot URL -o FILE [--marks | --selector S]`."""

from __future__ import annotations

import argparse
import json

from PIL import Image

from browserx.cli import screenshot as command


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    command.register(parser.add_subparsers())
    return parser.parse_args(["screenshot", *argv])


PAGE = """<!doctype html><style>body{margin:0;background:rgb(10,20,30)}</style>
<button id="go" style="position:absolute;left:50px;top:60px;width:100px;height:40px;border:0;
background:rgb(250,200,0)">Go</button>"""


async def test_cli_saves_viewport_element_and_marked_screenshots(server, tmp_path, capsys):
    url = server.route("/cli", PAGE)
    out = tmp_path / "shot.png"
    assert await command.run(_args(url, "-o", str(out), "--viewport", "800x600")) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["output"] == str(out) and (printed["width"], printed["height"]) == (800, 600)
    with Image.open(out) as image:
        assert image.size == (800, 600) and image.convert("RGB").getpixel((10, 10)) == (10, 20, 30)

    element = tmp_path / "go.png"
    assert await command.run(_args(url, "-o", str(element), "--selector", "#go")) == 0
    with Image.open(element) as image:
        assert image.size == (100, 40)

    marked = tmp_path / "marks.png"
    assert await command.run(_args(url, "-o", str(marked), "--marks")) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["marks"] == 1


async def test_cli_missing_selector_is_a_coded_error(server, tmp_path, capsys):
    url = server.route("/cli2", PAGE)
    assert await command.run(_args(url, "-o", str(tmp_path / "x.png"), "--selector", "#nope")) == 1
    assert json.loads(capsys.readouterr().err)["error"]["code"] == "NODE_NOT_FOUND"
    assert not (tmp_path / "x.png").exists()
