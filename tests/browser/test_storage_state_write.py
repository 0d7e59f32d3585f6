"""browser_storage_state save: a path the file cannot be written to is a coded error, and nothing
is written outside the file roots on the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import ToolContext, default_registry

REGISTRY = default_registry()


@pytest.fixture
async def rooted(tmp_path):
    """(call, root): a conversation whose only file root is `root` (inside a parent we can watch)."""
    root = tmp_path / "root"
    root.mkdir()
    async with BrowserManager(BrowserConfig(file_roots=[str(root)])) as manager:
        ctx = ToolContext(manager, "state-write")

        async def call(name: str, **arguments):
            return await REGISTRY.dispatch(name, arguments, ctx)

        yield call, root


@pytest.mark.parametrize("where", ["root", "subdir"])
async def test_saving_onto_a_directory_is_a_coded_error_that_writes_nothing_outside(rooted, where):
    call, root = rooted
    (root / "subdir").mkdir()
    target = root if where == "root" else root / "subdir"
    result = await call("browser_storage_state", action="save", path=str(target))
    assert not result.success and result.code == "VALIDATION_ERROR", result.error
    assert sorted(p.name for p in root.parent.iterdir()) == ["root"]  # no temp file beside the root
    assert sorted(p.name for p in root.iterdir()) == ["subdir"]


async def test_saving_where_the_disk_refuses_is_file_storage_error(rooted):
    call, root = rooted
    (root / "blocked").write_text("a file where a directory should be")
    result = await call("browser_storage_state", action="save", path=str(root / "blocked" / "state.json"))
    assert not result.success and result.code == "FILE_STORAGE_ERROR", result.error
    assert Path(root / "blocked").read_text() == "a file where a directory should be"
