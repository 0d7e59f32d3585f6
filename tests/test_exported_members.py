"""The public API is exactly what __all__ pins."""

import browserx


def test_public_api_is_pinned():
    assert browserx.__all__ == [
        "Browser",
        "BrowserClosedError",
        "BrowserConfig",
        "BrowserManager",
        "BrowserxError",
        "Conversation",
        "ElementCoveredError",
        "ElementDisabledError",
        "ElementNotVisibleError",
        "JSExceptionError",
        "NavigationFailedError",
        "NodeNotFoundError",
        "Session",
        "Tab",
        "TabNotFoundError",
        "TimeoutError",
        "Tool",
        "ToolContext",
        "ToolRegistry",
        "ToolResult",
        "ValidationError",
        "__version__",
        "connect",
        "default_registry",
        "launch",
    ]


def test_every_exported_name_exists():
    for name in browserx.__all__:
        assert hasattr(browserx, name), name


def test_every_error_code_is_unique():
    from browserx.errors import BrowserxError, _all_subclasses

    codes = [cls.code for cls in _all_subclasses(BrowserxError)]
    assert len(codes) == len(set(codes))
