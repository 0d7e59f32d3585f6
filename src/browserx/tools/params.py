"""What every tool's parameters share: unknown keys refused, the tab to act on, durations written as "15s".

class WaitParams(TabParams):
    timeout: Duration = duration_field("10s")   # the model writes "10s"; the handler reads 10.0
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import pydantic
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$")


def parse_duration(value: Any) -> float:
    """'15s', '500ms', '2m' or a number of seconds → seconds (0 < t ≤ 600)."""
    if isinstance(value, bool):
        raise ValueError("a duration is a string like '15s' or a number of seconds")
    if isinstance(value, (int, float)):
        seconds = float(value)
    elif isinstance(value, str) and (match := _DURATION.match(value)):
        number, unit = float(match.group(1)), match.group(2) or "s"
        seconds = number / 1000 if unit == "ms" else number * 60 if unit == "m" else number
    else:
        raise ValueError("a duration is a string like '15s', '500ms' or '2m'")
    if not 0 < seconds <= 600:
        raise ValueError("a duration must be more than 0 and at most 10 minutes")
    return seconds


# Models see a string ("15s"), which strict function-calling schemas can express; numbers of
# seconds are accepted too.
Duration = Annotated[
    float,
    BeforeValidator(parse_duration),
    WithJsonSchema({"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*(ms|s|m)?\s*$"}),
]


def duration_field(default: str, description: str | None = None) -> Any:
    """A `Duration` parameter whose default is written as the model writes it ("15s"); `validate_default` parses
    it, so the attribute is a float of seconds. (Typed Any: a str default for a float attribute is what it is.)"""
    return Field(default=default, description=description)


class Params(BaseModel):
    """Base of every tool's parameters: unknown keys are errors, not silently ignored."""

    # validate_default: defaults such as timeout="15s" are parsed like the model's own values.
    model_config = ConfigDict(extra="forbid", populate_by_name=True, validate_default=True)


class TabParams(Params):
    tab_id: int | None = pydantic.Field(default=None, ge=1)  # omitted: the active tab (said once, in the instructions)
