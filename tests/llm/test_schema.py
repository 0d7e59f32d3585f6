"""Strict function-tool schemas: every registry tool, and the pydantic shapes tools may grow into."""

from __future__ import annotations

from typing import Any, Literal

import pydantic
import pytest

from browserx.llm.schema import drop_nulls, function_tools, strict_schema
from browserx.tools import Params, default_registry

ALLOWED = {
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "$ref",
    "$defs",
    "description",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
}


def check_strict(node: Any, path: str = "$") -> None:
    """The rules OpenAI's strict mode enforces, applied recursively."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            check_strict(item, f"{path}[{i}]")
        return
    if not isinstance(node, dict):
        return
    unknown = set(node) - ALLOWED
    assert not unknown, f"{path}: unsupported keywords {unknown}"
    if node.get("type") == "object" or "properties" in node:
        assert node.get("additionalProperties") is False, path
        assert sorted(node.get("required", [])) == sorted(node.get("properties", {})), path
        for name, prop in node.get("properties", {}).items():
            check_strict(prop, f"{path}.{name}")
    for key in ("items", "anyOf", "$defs"):
        if key in node:
            value = node[key]
            for name, sub in value.items() if isinstance(value, dict) and key == "$defs" else [(key, value)]:
                check_strict(sub, f"{path}.{name}")


def accepts_null(prop: dict[str, Any]) -> bool:
    kind = prop.get("type")
    return (
        kind == "null"
        or (isinstance(kind, list) and "null" in kind)
        or any(accepts_null(p) for p in prop.get("anyOf", []))
    )


def test_every_registry_tool_gets_a_strict_schema_with_optional_fields_nullable():
    registry = default_registry()
    tools = function_tools(registry.declarations())
    assert [t["name"] for t in tools] == registry.names()
    for tool, declaration in zip(tools, registry.declarations()):
        assert tool["type"] == "function" and tool["strict"] is True and tool["description"]
        check_strict(tool["parameters"])
        assert tool["parameters"]["type"] == "object"
        originally_required = set(declaration["input_schema"].get("required", []))
        for name, prop in tool["parameters"]["properties"].items():
            assert accepts_null(prop) == (name not in originally_required) or accepts_null(
                declaration["input_schema"]["properties"][name]
            ), (tool["name"], name)


class Point(Params):
    x: int = pydantic.Field(ge=0, description="Horizontal position.")
    y: int = 0


class Node(Params):
    label: str
    children: list[Node] = []


class Shapes(Params):
    where: Point
    maybe: Point | None = None
    mode: Literal["a", "b"] = "a"
    tags: list[str] = pydantic.Field(default_factory=list, max_length=4)
    name: str = pydantic.Field(default="x", min_length=1, max_length=10, description="A name.")
    tree: Node | None = None


def test_nested_models_are_inlined_or_kept_as_strict_defs_when_recursive():
    schema = strict_schema(Shapes.model_json_schema())
    check_strict(schema)
    where = schema["properties"]["where"]
    assert where["type"] == "object" and where["properties"]["x"]["minimum"] == 0
    # inside a nested object a field with a default is given with the object (fewer tokens than nullable)
    assert not accepts_null(where["properties"]["y"]) and not accepts_null(where["properties"]["x"])
    assert where["required"] == ["x", "y"]
    maybe = schema["properties"]["maybe"]
    assert accepts_null(maybe) and any(o.get("type") == "object" for o in maybe["anyOf"])
    assert schema["properties"]["mode"]["enum"] == ["a", "b", None]
    assert schema["properties"]["name"]["description"] == "A name."  # a null is the default: not restated
    assert set(schema["$defs"]) == {"Node"}  # recursive: kept as a definition, itself strict
    assert schema["$defs"]["Node"]["additionalProperties"] is False


def test_a_non_object_schema_is_refused():
    with pytest.raises(ValueError):
        strict_schema({"type": "string"})


def test_drop_nulls_removes_optional_nulls_and_keeps_required_ones():
    schema = {
        "type": "object",
        "required": ["keep"],
        "properties": {
            "keep": {"type": ["string", "null"]},
            "gone": {"type": "string"},
            "inner": {"type": "object", "required": [], "properties": {"z": {"type": "string"}}},
        },
    }
    got = drop_nulls({"keep": None, "gone": None, "inner": {"z": None, "w": 1}, "list": [{"a": None}]}, schema)
    assert got == {"keep": None, "inner": {"w": 1}, "list": [{}]}
    assert (
        Shapes.model_validate(
            drop_nulls(
                {"where": {"x": 1, "y": None}, "maybe": None, "mode": None, "tags": None, "name": None, "tree": None},
                Shapes.model_json_schema(),
            )
        ).mode
        == "a"
    )
