"""What each command-line value may be: argparse `type=`s that check a value where it is parsed,
before any browser starts, with the bounds the rest of browserx declares (BrowserConfig's LIMITS,
the tools' and SnapshotOptions' pydantic fields, the duration parser of the tools).

    parser.add_argument("--max-controls", type=Number.of_field(SnapshotOptions, "max_controls"), default=400)
    parser.add_argument("--viewport", type=Viewport(), default="1280x720")
    parser.add_argument("--storage-state", type=ExistingFile())

A bad value raises a coded error naming the option (`name_options` writes each option's name into
its type once the parser is built): VALIDATION_ERROR, FILE_NOT_FOUND for a path that does not
exist, FILE_NOT_ALLOWED for one that cannot be read. Each type also says what it accepts (its
`range`, `max_length`), which is what tests/cli/test_cli_fuzz.py generates bad values from.
Every option that takes a value has one of these types or `choices` (the fuzz test checks).
"""

from __future__ import annotations

import argparse
import math
import os
import re
from pathlib import Path
from typing import Annotated, Any

import annotated_types
import pydantic

from ..browser.config import LIMITS, Range, normalize_origin
from ..errors import BrowserxError, FileMissingError, FileNotAllowedError, ValidationError

TEXT_LIMIT = 8192  # a value with no bound of its own (a model name, a token, a path)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


class OptionType:
    """Text → value, or a coded error. Whatever the kind, a value is never empty nor blank."""

    name = "value"  # the option ("--max-controls") or positional ("URL"), set by name_options
    prog = "browserx COMMAND"  # the command it belongs to (for the hint), set by name_options
    max_length = TEXT_LIMIT

    def __call__(self, text: str) -> Any:
        if not isinstance(text, str) or not text.strip():
            raise self.error("must not be empty")
        if len(text) > self.max_length:
            raise self.error(f"is longer than {self.max_length} characters")
        if "\0" in text:
            raise self.error("contains a NUL character")
        return self.convert(text)

    def convert(self, text: str) -> Any:
        return text

    def error(self, problem: str, cls: type[BrowserxError] = ValidationError, hint: str | None = None) -> BrowserxError:
        return cls(f"{self.name} {problem}", hint=hint or f"See `{self.prog} --help` for what {self.name} takes.")


class Text(OptionType):
    def __init__(self, max_length: int = TEXT_LIMIT) -> None:
        self.max_length = max_length


def max_length_of(model: type[pydantic.BaseModel], field: str) -> int:
    info = model.model_fields[field]
    return next((m.max_length for m in info.metadata if isinstance(m, annotated_types.MaxLen)), 10**6)


class Caps(Text):
    """GROUP[,GROUP]: capability groups of tools to turn on (tools.CAPS), or `all`. A Text (so the
    fuzz test's blank and over-long values apply); an unknown name is a VALIDATION_ERROR naming the groups."""

    def __init__(self) -> None:
        super().__init__(200)

    def convert(self, text: str) -> Any:
        from ..tools import CAPS, parse_caps  # noqa: PLC0415 - the tools' import is paid by commands that use them

        try:
            return parse_caps(text)
        except ValidationError as exc:
            raise self.error(exc.message, hint=f"Groups: {', '.join(CAPS)} or all, joined by commas.") from None


class FieldText(OptionType):
    """A string the tools take too: checked by their own pydantic field (its lengths)."""

    def __init__(self, model: type[pydantic.BaseModel], field: str) -> None:
        info = model.model_fields[field]
        self.max_length = max_length_of(model, field)
        annotation: Any = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
        self._adapter: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(annotation)

    def convert(self, text: str) -> Any:
        try:
            self._adapter.validate_python(text)
        except pydantic.ValidationError as exc:
            raise self.error(f"is not valid: {exc.errors()[0]['msg']}") from None
        return text


class Number(OptionType):
    """An int or a float inside a Range: never NaN nor infinite."""

    max_length = 64

    def __init__(self, limit: Range) -> None:
        self.range = limit

    @classmethod
    def of_field(cls, model: type[pydantic.BaseModel], field: str) -> Number:
        """The Range of a pydantic field (ge/gt/le/lt), so the option and the field cannot disagree."""
        info = model.model_fields[field]
        lo, hi, lo_open = -math.inf, math.inf, False
        for bound in info.metadata:
            if isinstance(bound, annotated_types.Ge):
                lo = float(bound.ge)  # type: ignore[arg-type]
            elif isinstance(bound, annotated_types.Gt):
                lo, lo_open = float(bound.gt), True  # type: ignore[arg-type]
            elif isinstance(bound, annotated_types.Le):
                hi = float(bound.le)  # type: ignore[arg-type]
        integer = info.annotation is int or info.annotation == int | None
        return cls(Range(lo, hi, lo_open=lo_open, integer=integer))

    def convert(self, text: str) -> Any:
        try:
            value: float = int(text) if self.range.integer else float(text)
        except ValueError:
            raise self.error(f"must be {self.range.describe()}, got {text[:40]!r}") from None
        if value not in self.range:
            raise self.error(f"must be {self.range.describe()}, got {text[:40]}")
        return value


class Duration(OptionType):
    """'15s', '500ms', '2m' or seconds, as the tools' `timeout` (more than 0, at most 10 minutes).
    Returns the text: the tools parse it again, the same way."""

    range = Range(0, 600, lo_open=True, unit="seconds")
    max_length = 64

    def convert(self, text: str) -> Any:
        from ..tools.params import parse_duration  # noqa: PLC0415 - the tools' import is paid by commands that use them

        try:
            parse_duration(text)
        except ValueError:
            raise self.error(
                f"must be a duration like 15s, 500ms or 2m (more than 0, at most 10 minutes), got {text[:40]!r}"
            ) from None
        return text


class Viewport(OptionType):
    """WxH in CSS pixels, each side in LIMITS["viewport"]."""

    range = LIMITS["viewport"]
    max_length = 64

    def convert(self, text: str) -> Any:
        parts = text.lower().split("x")
        try:
            width, height = (int(p) for p in parts)
        except ValueError:
            raise self.error(f"must look like 1280x720, got {text[:40]!r}") from None
        if width not in self.range or height not in self.range:
            raise self.error(f"sides must each be {self.range.describe()}, got {text[:40]}")
        return (width, height)


class Url(OptionType):
    """A URL whose scheme is one of `schemes`; http(s) and ws(s) need a host."""

    def __init__(self, schemes: tuple[str, ...], max_length: int = TEXT_LIMIT) -> None:
        self.schemes, self.max_length = schemes, max_length

    def convert(self, text: str) -> Any:
        scheme, _, rest = text.partition(":")
        if not _SCHEME.match(text) or scheme.lower() not in self.schemes:
            raise self.error(
                f"must be a URL starting with {' or '.join(s + ':' for s in self.schemes)}, got {text[:80]!r}"
            )
        needs_host = scheme.lower() in ("http", "https", "ws", "wss")
        if not rest.strip("/") or (needs_host and (not rest.startswith("//") or not rest[2:].split("/")[0])):
            raise self.error("has no host", hint="Give a full URL such as https://example.com/.")
        return text


class Origins(OptionType):
    """ORIGIN[,ORIGIN]: each like https://example.com."""

    def convert(self, text: str) -> Any:
        origins = [o.strip() for o in text.split(",")]
        if not all(origins):
            raise self.error("has an empty origin between commas")
        try:
            return [normalize_origin(o) for o in origins]
        except ValidationError as exc:
            raise self.error(exc.message.removeprefix("allowed origin ")) from None


class ExistingFile(OptionType):
    """A file that exists (FILE_NOT_FOUND) and can be read (FILE_NOT_ALLOWED); its contents are
    checked where they are read (common.prepare, before the browser starts). `secret`: it holds
    credentials, so it must also lie under the file roots and be readable by its owner only
    (FILE_NOT_ALLOWED; checked where it is read, with the roots the other options give)."""

    def __init__(self, secret: bool = False) -> None:
        self.secret = secret

    def convert(self, text: str) -> Any:
        path = Path(text).expanduser()
        if not path.exists():
            raise self.error(
                "does not exist", FileMissingError, hint=f"Give the path of an existing file for {self.name}."
            )
        if not path.is_file():
            raise self.error("is not a file")
        if not os.access(path, os.R_OK):
            raise self.error("cannot be read", FileNotAllowedError, hint=f"Make {text} readable, or give another file.")
        return text


class ExistingDir(OptionType):
    def __init__(self, many: bool = False) -> None:
        self.many = many  # DIR[,DIR]: a list

    def convert(self, text: str) -> Any:
        paths = [p.strip() for p in text.split(",")] if self.many else [text]
        if not all(paths):
            raise self.error("has an empty directory between commas")
        for item in paths:
            path = Path(item).expanduser()
            if not path.exists():
                raise self.error(f"{item} does not exist", FileMissingError, hint="Give an existing directory.")
            if not path.is_dir():
                raise self.error(f"{item} is not a directory")
        return paths if self.many else text


class NewPath(OptionType):
    """A directory (`kind="dir"`) or file to write: where it is not there yet, it can be made (its
    nearest existing parent is a directory); a file where a directory should be (or the reverse) is
    refused."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def convert(self, text: str) -> Any:
        path = Path(text).expanduser()
        if path.exists() and path.is_dir() != (self.kind == "dir"):
            raise self.error(f"is {'a file' if self.kind == 'dir' else 'a directory'}, not a {self.kind}")
        parent = path.parent if self.kind == "file" else path
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            raise self.error(f"cannot be made: {parent} is a file")
        return text


class UrlOrFile(OptionType):
    """A URL (one of `schemes`) or an existing file (FILE_NOT_FOUND when it is neither)."""

    def __init__(self, schemes: tuple[str, ...]) -> None:
        self.url, self.file = Url(schemes), ExistingFile()

    def convert(self, text: str) -> Any:
        self.url.name = self.file.name = self.name
        if _SCHEME.match(text) and not Path(text).exists():
            return self.url.convert(text)
        try:
            return self.file.convert(text)
        except FileMissingError:
            hint = "Give a URL with its scheme (https://…) or the path of an existing HTML file."
            raise self.error(f"{text[:200]}: neither a URL nor an existing file", FileMissingError, hint=hint) from None


def name_options(parser: argparse.ArgumentParser) -> None:
    """Write each option's name into its type (errors then name it), in every subparser."""
    for action in parser._actions:  # argparse keeps its actions there; nothing public lists them
        if isinstance(action.type, OptionType):
            action.type.name = (
                action.option_strings[-1] if action.option_strings else str(action.metavar or action.dest)
            )
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                name_options(sub)
