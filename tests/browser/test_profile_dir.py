"""A --user-data-dir that cannot be created is a coded error (VALIDATION_ERROR), never a bare OSError."""

from __future__ import annotations

import pytest

from browserx.browser.profile import prepare_user_data_dir
from browserx.errors import ValidationError


def test_a_profile_below_a_file_is_a_validation_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValidationError):
        prepare_user_data_dir(str(tmp_path / "file" / "profile"))
    assert (tmp_path / "file").read_text() == "x"


def test_a_profile_is_created_where_it_can_be(tmp_path):
    made = prepare_user_data_dir(str(tmp_path / "a" / "profile"))
    assert (tmp_path / "a" / "profile").is_dir() and made == str((tmp_path / "a" / "profile").resolve())


async def test_a_browser_launches_under_a_long_temp_dir_and_leaves_nothing_behind(tmp_path, monkeypatch):
    import tempfile

    from browserx.browser.launcher import launch_chrome, profile_dirs_left

    # Chromium's singleton socket lives in its temp dir: a Unix socket path holds at most 107 bytes.
    long_dir = tmp_path / ("t" * 60)
    long_dir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(long_dir))
    before = set(profile_dirs_left())
    chrome = await launch_chrome()
    try:
        assert chrome.ws_url.startswith("ws://")
    finally:
        await chrome.terminate()
    assert list(long_dir.iterdir()) == []
    assert set(profile_dirs_left()) <= before
