"""The JSON schema of a tool's parameters as the model reads it: what costs tokens and says nothing left out.

    compact_schema(WaitParams.model_json_schema())   # what `Tool.json_schema()` declares

Only the declaration is compacted: dispatch validates against the full pydantic model.
"""

from __future__ import annotations

from typing import Any


def compact_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The pydantic schema as the model reads it, without what costs tokens and says nothing:
    titles; `anyOf [X, null]` with `default: null` (an optional field is simply omitted, so it is
    declared as X); `default: false` of a flag; a definition used once (inlined where it is used).
    Pydantic still validates the full model at dispatch."""
    schema = _optional_plain(_drop_titles(schema))
    schema = {**_lean(schema), "additionalProperties": schema.get("additionalProperties", False)}
    defs = {name: _lean(body) for name, body in schema.pop("$defs", {}).items()}
    uses: dict[str, int] = {}
    _count_refs(schema, uses)
    for body in defs.values():
        _count_refs(body, uses)
    once = {name for name in defs if uses.get(name, 0) == 1}
    schema = _inline_refs(schema, defs, once)
    kept = {name: _inline_refs(body, defs, once) for name, body in defs.items() if name not in once and uses.get(name)}
    return {**schema, "$defs": kept} if kept else schema


def _optional_plain(node: Any) -> Any:
    if isinstance(node, list):
        return [_optional_plain(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _optional_plain(value) for key, value in node.items()}
    options = node.get("anyOf")
    if "default" in node and node["default"] is None and isinstance(options, list):
        rest = [o for o in options if o != {"type": "null"}]
        if len(rest) == 1 and len(options) == 2:
            node = {**rest[0], **{k: v for k, v in node.items() if k not in ("anyOf", "default")}}
        else:
            node = {**{k: v for k, v in node.items() if k != "default"}, "anyOf": rest}
    if node.get("type") == "boolean" and node.get("default") is False:
        node = {k: v for k, v in node.items() if k != "default"}
    return node


# Limits a model never needs to see (pydantic enforces them at dispatch, with a VALIDATION_ERROR
# naming the field): sanity bounds of numbers, strings and lists, the duration pattern (the
# instructions explain "2s"), and nested objects' additionalProperties (the top level keeps it).
# Tests of the limits read the full pydantic schema (`Tool.params.model_json_schema()`).
_UNSEEN = {
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "pattern",
    "additionalProperties",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
}


def _lean(node: Any) -> Any:
    if isinstance(node, list):
        return [_lean(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: _lean(value) if key != "properties" else {k: _lean(v) for k, v in value.items()}
        for key, value in node.items()
        if key not in _UNSEEN or key == "properties"
    }


def _count_refs(node: Any, uses: dict[str, int]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.rsplit("/", 1)[-1]
            uses[name] = uses.get(name, 0) + 1
        for value in node.values():
            _count_refs(value, uses)
    elif isinstance(node, list):
        for item in node:
            _count_refs(item, uses)


def _inline_refs(node: Any, defs: dict[str, Any], once: set[str]) -> Any:
    if isinstance(node, list):
        return [_inline_refs(item, defs, once) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.rsplit("/", 1)[-1] in once:
        target = _inline_refs(defs[ref.rsplit("/", 1)[-1]], defs, once)
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return {key: _inline_refs(value, defs, once) for key, value in node.items()}


def _drop_titles(schema: Any) -> Any:
    """Pydantic's generated "title" of every schema node repeats the field name: ~9% of the tokens
    a model reads for the tool list, for nothing. (A *property* called "title" is kept.)"""
    if isinstance(schema, dict):
        return {
            key: _drop_titles(value) for key, value in schema.items() if not (key == "title" and isinstance(value, str))
        }
    if isinstance(schema, list):
        return [_drop_titles(item) for item in schema]
    return schema
