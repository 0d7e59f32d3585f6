"""File roots: a path is usable only under a root; "/" is never a root by accident."""

from __future__ import annotations

import os

import pytest

from browserx.browser.files import allowed_path, file_roots
from browserx.errors import FileNotAllowedError


def test_a_file_under_a_configured_root_is_allowed_and_resolved(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    assert allowed_path(tmp_path / "sub" / ".." / "a.txt", file_roots([str(tmp_path)])) == tmp_path / "a.txt"


def test_a_file_outside_every_root_is_refused_with_its_code(tmp_path):
    with pytest.raises(FileNotAllowedError) as err:
        allowed_path("/etc/hostname", file_roots([str(tmp_path)]))
    assert err.value.code == "FILE_NOT_ALLOWED"


def test_a_symlink_out_of_a_root_is_refused(tmp_path):
    (tmp_path / "link").symlink_to("/etc/hostname")
    with pytest.raises(FileNotAllowedError):
        allowed_path(tmp_path / "link", file_roots([str(tmp_path)]))


def test_a_missing_file_is_refused_unless_it_may_be_created(tmp_path):
    roots = file_roots([str(tmp_path)])
    with pytest.raises(FileNotAllowedError):
        allowed_path(tmp_path / "nope.txt", roots)
    assert allowed_path(tmp_path / "new.json", roots, must_exist=False) == tmp_path / "new.json"


def test_a_server_started_in_slash_has_no_working_directory_root(tmp_path, monkeypatch):
    monkeypatch.chdir("/")
    assert file_roots(None, None) == []
    assert file_roots(None, str(tmp_path)) == [tmp_path.resolve()]
    with pytest.raises(FileNotAllowedError):
        allowed_path("/etc/hostname", file_roots(None, str(tmp_path)))


def test_the_default_roots_are_the_working_directory_and_the_output_dir(tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    assert file_roots(None, str(tmp_path / "out")) == [work.resolve(), (tmp_path / "out").resolve()]
    assert os.getcwd() == str(work)
