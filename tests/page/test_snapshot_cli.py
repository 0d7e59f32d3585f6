"""`browserx snapshot URL|FILE`: the parser contract and the printed model."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from browserx.cli import snapshot as snapshot_cli
from browserx.errors import ValidationError

FORM = "<title>T</title><main><label>Email <input id=e></label><button>Go</button></main>"


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    snapshot_cli.register(parser.add_subparsers())
    return parser.parse_args(["snapshot", *argv])


def test_parser_takes_a_target_json_values_and_max_controls(tmp_path):
    page = str(tmp_path / "page.html")
    Path(page).write_text(FORM)
    args = parse(page, "--json", "--include-values", "--max-controls", "5")
    assert (args.target, args.json, args.include_values, args.max_controls) == (page, True, True, 5)
    assert args.func is snapshot_cli.run


async def test_url_target_prints_the_compact_text(server, capsys):
    url = server.route("/form", FORM)
    assert await snapshot_cli.run(parse(url)) == 0
    out = capsys.readouterr().out
    assert "te_1 Email" in out and "bu_2 Go" in out and "#e" not in out


async def test_file_target_with_json_prints_the_whole_model(tmp_path, capsys):
    page = tmp_path / "form.html"
    page.write_text(FORM, encoding="utf-8")
    assert await snapshot_cli.run(parse(str(page), "--json", "--max-controls", "1")) == 0
    model = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in model["controls"]] == ["Email"] and model["omitted"]["controls"] == 1
    assert model["aimap"] == {model["controls"][0]["id"]: "#e"}


@pytest.mark.parametrize("value", ["-1", "6000", "nan"])
def test_max_controls_outside_the_snapshot_bounds_is_a_validation_error(tmp_path, value):
    page = tmp_path / "x.html"
    page.write_text(FORM)
    with pytest.raises(ValidationError) as error:
        parse(str(page), "--max-controls", value)
    assert error.value.code == "VALIDATION_ERROR"
