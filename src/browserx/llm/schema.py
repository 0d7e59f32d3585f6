"""Tool declarations → OpenAI function tools with *strict* JSON schemas, and back.

Strict mode (structured outputs) guarantees the model's arguments parse against the schema, but
accepts only a subset of JSON Schema: every object lists all its properties in `required` and sets
`additionalProperties: false`; an optional property is expressed as nullable instead of absent;
keywords outside the supported set are rejected. So:

    strict_schema(pydantic_schema)      # all required, optional → nullable, $refs inlined, unsupported dropped
    function_tools(registry)            # [{"type": "function", "name", "description", "parameters", "strict": True}]
    function_tools(registry, strict=False)  # the plain schema as it is, "strict": False (the Responses default)
    drop_nulls(arguments, schema)       # the model's nulls for optional fields → omitted (pydantic applies defaults)

Constraints that strict mode cannot carry (minLength, maxLength, defaults) are still enforced by
the tool's pydantic model at dispatch. Defaults are not restated (they cost every request ~270
tokens): a null is "the default", as the instructions say, and the descriptions name the defaults
a model needs (settle 2s, max_text_chars 3000, the wait's 10s).

The Responses client sends the plain form unless asked for strict tools: strict mode makes the
tools block a fifth longer (the `required` lists, the nullable types) and makes the model write every
optional field as null in every call (browser_dom has 32), while the pydantic model at dispatch
already refuses bad arguments with a VALIDATION_ERROR the model can act on.
"""

from __future__ import annotations

import copy
from typing import Any

# Keywords that strict mode accepts; anything else is dropped (and pydantic still validates it).
_KEEP = {
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
_MAX_INLINE_DEPTH = 8


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """A pydantic JSON schema in the strict form OpenAI function tools require."""
    schema = copy.deepcopy(schema)
    defs = schema.pop("$defs", {})
    recursive: set[str] = set()
    body = _inline(schema, defs, (), recursive)
    out = _strict(body)
    if out.get("type") != "object":
        raise ValueError("a tool's parameters must be an object schema")
    if recursive:  # self-referencing models cannot be inlined: keep those definitions, made strict too
        out["$defs"] = {name: _strict(_inline(defs[name], defs, (name,), set())) for name in sorted(recursive)}
    return out


def _inline(node: Any, defs: dict[str, Any], trail: tuple[str, ...], recursive: set[str]) -> Any:
    if isinstance(node, list):
        return [_inline(item, defs, trail, recursive) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.split("/")[-1]
        if name in trail or len(trail) >= _MAX_INLINE_DEPTH:
            recursive.add(name)
            return {k: v for k, v in node.items() if k in ("$ref", "description")}
        target = _inline(copy.deepcopy(defs[name]), defs, (*trail, name), recursive)
        extra = {k: v for k, v in node.items() if k != "$ref"}
        return {**target, **extra}
    return {key: _inline(value, defs, trail, recursive) for key, value in node.items()}


def _strict(node: dict[str, Any], nested: bool = False) -> dict[str, Any]:
    node = dict(node)
    # pydantic wraps a described $ref as allOf[one]; strict mode has no allOf
    if isinstance(node.get("allOf"), list) and len(node["allOf"]) == 1:
        inner = node.pop("allOf")[0]
        node = {**inner, **{k: v for k, v in node.items() if k != "title"}}
    out = {key: value for key, value in node.items() if key in _KEEP}
    if "anyOf" in out:
        out["anyOf"] = [_strict(option, nested) for option in out["anyOf"]]
    if isinstance(out.get("items"), dict):
        out["items"] = _strict(out["items"], nested)
    if out.get("type") == "object" or "properties" in out:
        properties = out.get("properties", {})
        required = set(node.get("required", []))
        strict_props = {}
        for name, prop in properties.items():
            # Inside a nested object a field with a default (a flag: false) is given with the object, not null: the
            # model writes {"x": 0, "y": 300}, and the type stays one word (fewer tokens each request).
            given = nested and (prop.get("default") is not None or prop.get("type") == "boolean")
            strict_prop = _strict(prop, nested=True)
            strict_props[name] = strict_prop if name in required or given else _nullable(strict_prop)
        out["type"] = "object"
        out["properties"] = strict_props
        out["required"] = list(strict_props)
        out["additionalProperties"] = False
    return out


def _nullable(prop: dict[str, Any]) -> dict[str, Any]:
    if _accepts_null(prop):
        return prop
    if "anyOf" in prop:
        return {**prop, "anyOf": [*prop["anyOf"], {"type": "null"}]}
    kind = prop.get("type")
    if isinstance(kind, str) and "$ref" not in prop:
        out = {**prop, "type": [kind, "null"]}
        if "enum" in out:
            out["enum"] = [*out["enum"], None]
        return out
    if isinstance(kind, list):
        return {**prop, "type": [*kind, "null"]}
    description = prop.get("description")
    inner = {k: v for k, v in prop.items() if k != "description"}
    wrapped: dict[str, Any] = {"anyOf": [inner, {"type": "null"}]}
    if description:
        wrapped["description"] = description
    return wrapped


def _accepts_null(prop: dict[str, Any]) -> bool:
    kind = prop.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    return any(_accepts_null(option) for option in prop.get("anyOf", []))


def function_tools(declarations: list[dict[str, Any]], *, strict: bool = True) -> list[dict[str, Any]]:
    """Registry declarations (name, description, input_schema) → Responses API function tools, with
    strict schemas or (strict=False) the declared schema as it is; the API's default is strict, so
    the flag is always sent."""
    return [
        {
            "type": "function",
            "name": d["name"],
            "description": d["description"],
            "parameters": strict_schema(d["input_schema"]) if strict else d["input_schema"],
            "strict": strict,
        }
        for d in declarations
    ]


def drop_nulls(arguments: Any, schema: dict[str, Any] | None = None) -> Any:
    """Remove the nulls strict mode made the model send for optional fields.

    A property the original schema requires keeps its null (it may be meaningful); every other
    null key is dropped, recursively, so the tool's own default applies.
    """
    if isinstance(arguments, list):
        return [drop_nulls(item) for item in arguments]
    if not isinstance(arguments, dict):
        return arguments
    required = set((schema or {}).get("required", []))
    properties = (schema or {}).get("properties", {})
    out = {}
    for key, value in arguments.items():
        if value is None and key not in required:
            continue
        sub = properties.get(key)
        out[key] = drop_nulls(value, sub if isinstance(sub, dict) and "properties" in sub else None)
    return out
