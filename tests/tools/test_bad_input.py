"""Bad input to every tool in the registry is VALIDATION_ERROR, never a traceback.

Generated from each tool's own JSON schema, so a tool added later is covered without edits.
"""

import pytest

from browserx.tools import default_registry

REGISTRY = default_registry()
TOOL_NAMES = REGISTRY.names()


def _properties(name: str) -> dict:
    return REGISTRY.tools[name].json_schema().get("properties", {})


def _limits(name: str) -> dict:
    """The full pydantic schema's properties: the declared one leaves out limits a model never needs."""
    return REGISTRY.tools[name].params.model_json_schema().get("properties", {})


def _types(prop: dict) -> set[str]:
    if "type" in prop:
        return {prop["type"]}
    return {p.get("type") for p in prop.get("anyOf", []) if "type" in p} | ({"enum"} if "enum" in prop else set())


def _wrong_value(prop: dict):
    """A value no schema of this property accepts."""
    kinds = _types(prop)
    if "enum" in prop or any("enum" in p or "const" in p for p in prop.get("anyOf", [])):
        return "definitely-not-a-choice"
    if kinds & {"object"} and not kinds & {"string"}:
        return "not an object"
    if kinds & {"string"}:
        return {"nested": ["object"]}
    if kinds & {"integer", "number"}:
        return "not a number"
    if kinds & {"boolean"}:
        return {"not": "a boolean"}
    if kinds & {"array"}:
        return 12
    return None


@pytest.mark.parametrize("name", TOOL_NAMES)
@pytest.mark.parametrize("arguments", [[1, 2], "a string", 42])
async def test_non_object_arguments_are_validation_errors(ctx, name, arguments):
    result = await REGISTRY.dispatch(name, arguments, ctx)
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize("name", TOOL_NAMES)
async def test_unknown_keys_are_validation_errors(call, name):
    result = await call(name, definitely_unknown_key=1)
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize(
    "name, field", [(n, f) for n in TOOL_NAMES for f in _properties(n) if _wrong_value(_properties(n)[f]) is not None]
)
async def test_wrong_types_are_validation_errors(call, name, field):
    result = await call(name, **{field: _wrong_value(_properties(name)[field])})
    assert result.code == "VALIDATION_ERROR", result.to_dict()


@pytest.mark.parametrize(
    "name, field",
    [
        (n, f)
        for n in TOOL_NAMES
        for f, p in _limits(n).items()
        if "maxLength" in p or any("maxLength" in a for a in p.get("anyOf", []))
    ],
)
async def test_huge_strings_are_validation_errors(call, name, field):
    result = await call(name, **{field: "\u00e9\U0001f600" * 300_000})
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize(
    "name, field",
    [
        (n, f)
        for n in TOOL_NAMES
        for f, p in _limits(n).items()
        if p.get("minimum", p.get("exclusiveMinimum", -1)) >= 0
        or any(a.get("minimum", -1) >= 0 for a in p.get("anyOf", []))
    ],
)
async def test_negative_numbers_are_validation_errors(call, name, field):
    result = await call(name, **{field: -5})
    assert result.code == "VALIDATION_ERROR"


@pytest.mark.parametrize("name", [n for n in TOOL_NAMES if REGISTRY.tools[n].json_schema().get("required")])
async def test_missing_required_fields_are_validation_errors(call, name):
    assert (await call(name)).code == "VALIDATION_ERROR"


def test_every_tool_has_a_description_and_an_object_schema():
    for name in TOOL_NAMES:
        tool = REGISTRY.tools[name]
        assert len(tool.description) > 20, name
        schema = tool.json_schema()
        assert schema["type"] == "object" and schema.get("additionalProperties") is False, name


async def test_a_reused_context_does_not_report_the_previous_calls_action(ctx):
    ok = await REGISTRY.dispatch("browser_tabs", {"action": "list"}, ctx)
    assert ok.success and ok.action == "list"
    bad = await REGISTRY.dispatch("browser_tabs", {"action": "definitely-not-a-choice"}, ctx)
    assert not bad.success and bad.error["code"] == "VALIDATION_ERROR"
    assert bad.action is None
