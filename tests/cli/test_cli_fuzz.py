"""Bad command lines, generated from the parser's own definitions: each exits 2 with exactly one coded
error line on stderr (VALIDATION_ERROR or a precise code), never a traceback nor INTERNAL_ERROR, and
before any browser starts.

For every option (and positional) of every command, the bad values come from what its type declares
(cli/options.py: a number's Range, a text's max_length, a file that must exist, a URL's schemes) or
from its `choices`; flags get a value they do not take. The cases run in-process through `main`
(with `run_async`, the step that would start a browser, made to fail the test); a few run as the
real `browserx` process to show it behaves the same.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
from pathlib import Path

import pytest

from browserx import cli
from browserx.cli import build_parser, main
from browserx.cli.options import (
    Duration,
    ExistingDir,
    ExistingFile,
    FieldText,
    NewPath,
    Number,
    Origins,
    OptionType,
    Text,
    Url,
    UrlOrFile,
    Viewport,
)
from cli_process import browserx

CODES = {"VALIDATION_ERROR", "FILE_NOT_FOUND", "FILE_NOT_ALLOWED"}


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every runnable command's parser by its words: ("navigate",), ("trace", "show"), ..."""
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs and path:
        found[path] = parser
    for action in subs:
        for name, sub in action.choices.items():
            found |= commands(sub, (*path, name))
    return found


def valued(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The actions that take a value (options and positionals), not help/version/flags/subcommands."""
    return [
        a
        for a in parser._actions
        if a.nargs != 0 and not isinstance(a, (argparse._SubParsersAction, argparse._HelpAction))
    ]


def flags(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.nargs == 0 and a.option_strings and not isinstance(a, argparse._HelpAction)]


class Files:
    """The paths the cases need, in a temporary working directory (the default file root)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.directory = root / "a-directory"
        self.directory.mkdir()
        self.trace_dir = root / "trace"
        self.trace_dir.mkdir()
        (self.trace_dir / "trace.jsonl").write_text("{}\n")
        self.plain = self._file("plain.txt", b"hello", 0o600)
        self.missing = str(root / "missing" / "nothing.json")
        self.junk = self._file("junk.json", b"not json {", 0o600)
        self.array = self._file("array.json", b"[]", 0o600)
        self.empty = self._file("empty.json", b"", 0o600)
        self.binary = self._file("binary.json", b"\xff\xfe\x00bad", 0o600)
        self.unreadable = self._file("unreadable.json", b"not json", 0o000)  # root reads it: then its content is bad
        self.shared = self._file("shared.json", b'{"http://127.0.0.1:9": {"username": "u", "password": "p"}}', 0o644)
        self.outside = "/etc/hostname"  # exists, outside the file roots
        self.html = self._file("page.html", b"<title>t</title>", 0o600)

    def _file(self, name: str, data: bytes, mode: int) -> str:
        path = self.root / name
        path.write_bytes(data)
        path.chmod(mode)
        return str(path)


def good_value(action: argparse.Action, files: Files) -> str:
    """A value this action accepts (for the required ones, so that only the bad value is wrong)."""
    kind = action.type
    if action.choices:
        return str(next(iter(action.choices)))
    if isinstance(kind, (Url, UrlOrFile)):
        return "http://127.0.0.1:9/"
    if isinstance(kind, ExistingDir):
        return str(files.trace_dir)
    if isinstance(kind, NewPath):
        return str(files.root / ("out.png" if kind.kind == "file" else "new-dir"))
    if isinstance(kind, FieldText):
        return "1"
    return "task"


def bad_values(action: argparse.Action, files: Files) -> list[str]:
    """What this action's own definition refuses."""
    kind = action.type
    blank = ["", " ", "\t"]
    if action.choices:
        first = str(next(iter(action.choices)))
        return [*blank, "bogus", first.upper() if first.upper() != first else first + "x", f" {first}"]
    if isinstance(kind, Number):
        limit = kind.range
        values = [*blank, "abc", "1x", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "9" * 5000]
        values += [str(limit.lo) if limit.lo_open else _below(limit.lo, limit.integer), _above(limit.hi, limit.integer)]
        values += ["-" + "9" * 40, "9" * 40]
        if limit.integer:
            values += ["1.5", "1e3", "0x10", "2.0"]
        return values
    if isinstance(kind, Duration):
        return [*blank, "0", "0s", "0ms", "-1s", "601s", "11m", "600001ms", "abc", "nan", "inf", "1e400", "15 parsecs"]
    if isinstance(kind, Viewport):
        return [
            *blank,
            "0x0",
            "99x720",
            "1280x99",
            "10001x720",
            "1280",
            "x",
            "axb",
            "1280x720x3",
            "-1280x720",
            "nanxnan",
        ]
    if isinstance(kind, UrlOrFile):
        return [*blank, "nothing-here.html", files.missing, str(files.directory), "ftp://x/", "http://", "javascript:1"]
    if isinstance(kind, Url):
        return [*blank, "not a url", "ftp://x/", "javascript:alert(1)", "http://", "https:///path", "http:x", "ws:"] + [
            "http://" + "a" * kind.max_length
        ]
    if isinstance(kind, Origins):
        return [*blank, ",", "http://a.test,,http://b.test", "example.com", "http://", "http://a.test,"]
    if isinstance(kind, ExistingFile):
        values = [*blank, files.missing, str(files.directory), files.junk, files.array, files.empty, files.binary]
        values.append(files.unreadable)
        if kind.secret:
            values += [files.shared, files.outside]
        return values
    if isinstance(kind, ExistingDir):
        values = [*blank, files.missing, files.plain]
        values += [f"{files.directory},,{files.directory}", ","] if kind.many else [str(files.directory)]
        return values
    if isinstance(kind, NewPath):
        wrong = files.plain if kind.kind == "dir" else str(files.directory)
        return [*blank, wrong, f"{files.plain}/below"]
    if isinstance(kind, (FieldText, Text)):
        return [*blank, "x" * (kind.max_length + 1)]
    raise AssertionError(f"{action.dest}: no bad values for {kind!r}")


def _below(lo: float, integer: bool) -> str:
    return str(int(lo) - 1) if integer else repr(lo - 1.0)


def _above(hi: float, integer: bool) -> str:
    return str(int(hi) + 1) if integer else repr(hi * 1.5 + 1.0)


def cases(files: Files) -> list[list[str]]:
    out: list[list[str]] = []
    for words, parser in commands(build_parser()).items():
        positionals = [a for a in valued(parser) if not a.option_strings]
        required = [a for a in valued(parser) if a.option_strings and a.required]
        base = [good_value(a, files) for a in positionals]
        extra = [part for a in required for part in (a.option_strings[0], good_value(a, files))]
        for index, action in enumerate(positionals):
            for bad in bad_values(action, files):
                out.append(
                    [*words, *extra, *base[:index], "--", bad, *base[index + 1 :]]
                    if bad.startswith("-")
                    else [*words, *base[:index], bad, *base[index + 1 :], *extra]
                )
            out.append([*words, *base[:index], *extra])  # missing
        for action in valued(parser):
            if not action.option_strings:
                continue
            option = action.option_strings[-1]
            for bad in bad_values(action, files):
                out.append([*words, *base, *extra, f"{option}={bad}"])
                if not bad.startswith("-"):
                    out.append([*words, *base, *extra, option, bad])
            out.append([*words, *base, *extra, option])  # no value
        for action in flags(parser):
            out.append([*words, *base, *extra, f"{action.option_strings[-1]}=yes"])
        out.append([*words, *base, *extra, "--no-such-option"])
        out.append([*words, *base, *extra, "surplus-argument"])
    out += [["no-such-command"], ["-v=1", "tools"], ["--verbose", "navigate"]]
    return out


def run_in_process(argv: list[str]) -> tuple[int, str, str, bool]:
    """main(argv): (exit code, stdout, stderr, whether it went on to run the command)."""
    reached = []

    def refuse(coro):
        coro.close()
        reached.append(True)
        return 0

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        patch.setattr(cli, "run_async", refuse)
        code = main(argv)
    return code, out.getvalue(), err.getvalue(), bool(reached)


def check_refusal(argv: list[str], code: int, out: str, err: str) -> str | None:
    """What is wrong with the way this bad command line was refused, or None."""
    if code != 2:
        return f"exit {code}"
    if out:
        return f"stdout {out[:200]!r}"
    lines = err.strip().splitlines()
    if len(lines) != 1 or "Traceback" in err:
        return f"stderr is not one line: {err[:300]!r}"
    try:
        error = json.loads(lines[0])["error"]
    except (ValueError, KeyError, TypeError):
        return f"stderr is not a coded error: {lines[0][:300]!r}"
    if error.get("code") not in CODES or not error.get("message") or not error.get("hint"):
        return f"error {error}"
    return None


def test_every_value_taking_option_declares_what_it_takes():
    for words, parser in commands(build_parser()).items():
        for action in valued(parser):
            assert isinstance(action.type, OptionType) or action.choices, (words, action.dest)


def test_thousands_of_bad_command_lines_each_exit_2_with_one_coded_error_before_a_browser(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)  # the default file root
    monkeypatch.delenv("BROWSERX_TOKEN", raising=False)
    files = Files(tmp_path)
    all_cases = cases(files)
    failures = []
    codes: dict[str, int] = {}
    for argv in all_cases:
        code, out, err, reached = run_in_process(argv)
        problem = "went on to start the command" if reached else check_refusal(argv, code, out, err)
        if problem:
            failures.append((argv, problem))
        else:
            name = json.loads(err)["error"]["code"]
            codes[name] = codes.get(name, 0) + 1
    with capsys.disabled():
        print(f"\nCLI fuzz: {len(all_cases)} bad command lines tried, {len(failures)} not refused right; codes {codes}")
    assert len(all_cases) >= 2000
    assert failures == [], "\n".join(f"{' '.join(a)[:160]}: {p}" for a, p in failures[:30])
    assert set(codes) == CODES  # the precise codes are reached, not only VALIDATION_ERROR


async def test_the_real_command_refuses_the_same_way(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<title>t</title>")
    shared = tmp_path / "creds.json"
    shared.write_text('{"http://127.0.0.1:9": {"username": "u", "password": "p"}}')
    shared.chmod(0o644)
    roots = str(tmp_path)
    runs = [
        ("VALIDATION_ERROR", ["snapshot", str(page), "--max-controls", "6000"]),  # was a traceback, INTERNAL_ERROR
        ("FILE_NOT_FOUND", ["trace", "show", str(tmp_path)]),
        (
            "FILE_NOT_ALLOWED",
            ["navigate", "http://127.0.0.1:9/", "--http-credentials", str(shared), "--file-roots", roots],
        ),
        ("VALIDATION_ERROR", ["mcp", "--port=-1"]),
    ]
    results = await asyncio.gather(*(browserx(*argv) for _, argv in runs))
    for (expected, argv), (code, out, err) in zip(runs, results, strict=True):
        assert check_refusal(argv, code, out, err) is None, err
        assert json.loads(err)["error"]["code"] == expected
