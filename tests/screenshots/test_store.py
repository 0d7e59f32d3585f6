"""The single-file store: at most one screenshot file, atomically replaced, gone after delete or close."""

from __future__ import annotations

import pytest

from browserx.errors import FileStorageError
from browserx.screenshots import MAX_BYTES, ScreenshotStore

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 100


def test_save_keeps_exactly_one_file_and_names_each_capture_anew(tmp_path):
    store = ScreenshotStore(tmp_path)
    first = store.save(PNG + b"1")
    second = store.save(PNG + b"2")
    assert first != second and store.files() == [second] == [store.current()]
    assert second.read_bytes() == PNG + b"2"
    for _ in range(5):
        store.save(PNG)
        assert len(store.files()) == 1


def test_late_delete_of_an_older_screenshot_keeps_the_newer_one(tmp_path):
    store = ScreenshotStore(tmp_path)
    old = store.save(PNG)
    new = store.save(PNG)
    assert store.delete(old) is False
    assert store.files() == [new]
    assert store.delete(new) is True and store.files() == [] and store.current() is None


def test_delete_without_a_path_removes_the_current_one(tmp_path):
    store = ScreenshotStore(tmp_path)
    store.save(PNG)
    assert store.delete() is True and store.files() == []
    assert store.delete() is False


def test_delete_refuses_files_outside_the_store(tmp_path):
    store = ScreenshotStore(tmp_path / "shots")
    outsider = tmp_path / "keep.png"
    outsider.write_bytes(PNG)
    with pytest.raises(FileStorageError):
        store.delete(outsider)
    assert outsider.exists()


def test_save_removes_leftovers_of_an_earlier_crash(tmp_path):
    (tmp_path / "screenshot-old.png").write_bytes(PNG)
    (tmp_path / ".screenshot-x.part").write_bytes(PNG)
    store = ScreenshotStore(tmp_path)
    path = store.save(PNG)
    assert store.files() == [path]


def test_oversized_capture_is_refused_and_leaves_no_file(tmp_path):
    store = ScreenshotStore(tmp_path)
    with pytest.raises(FileStorageError) as raised:
        store.save(b"x" * (MAX_BYTES + 1))
    assert raised.value.code == "FILE_STORAGE_ERROR" and raised.value.details["max_bytes"] == 10 * 1024 * 1024
    assert store.files() == []
    assert store.save(b"x" * 1000).exists()  # up to the limit is fine


def test_close_empties_the_store(tmp_path):
    store = ScreenshotStore(tmp_path)
    store.save(PNG)
    store.close()
    assert store.files() == [] and store.current() is None


async def test_tool_results_carry_the_one_stored_file(call, conversation, page):
    await page("<p>ok</p>")
    store = ScreenshotStore.of(conversation)
    assert conversation.state.get(ScreenshotStore) is store
    paths = []
    for _ in range(3):
        result = await call("page_screenshot", action="screenshot")
        image = result.images[0]
        paths.append(image.path)
        assert store.files() == [store.current()] and str(store.current()) == image.path
        assert result.data["image_file_id"] == store.current().name
        assert store.current().read_bytes() == image.data
    element = await call("browser_take_screenshot", selector="p")
    assert store.files() == [store.current()] and str(store.current()) == element.images[0].path
    assert len(set(paths)) == 3


async def test_store_is_empty_once_the_owning_request_deletes_its_file(call, conversation, page):
    # The LLM client's part of the lifecycle: Uploaded (or failed for good) → Deleted.
    await page("<p>ok</p>")
    result = await call("page_screenshot", action="screenshot")
    assert ScreenshotStore.of(conversation).delete(result.images[0].path) is True
    assert ScreenshotStore.of(conversation).files() == []
    assert list(conversation.screenshot_dir.iterdir()) == []


async def test_closing_the_conversation_leaves_no_screenshot_file(manager, page, call, conversation):
    await page("<p>ok</p>")
    result = await call("page_screenshot", action="screenshot")
    directory = conversation.screenshot_dir
    assert len(list(directory.iterdir())) == 1
    await conversation.close()
    assert not directory.exists() or list(directory.iterdir()) == []
    assert result.images[0].path and not __import__("os").path.exists(result.images[0].path)


async def test_failed_calls_leave_no_screenshot_file(call, conversation, page):
    await page("<p>ok</p>")
    assert (await call("page_screenshot", action="screenshot")).success
    assert (await call("browser_take_screenshot", selector="#missing")).code == "NODE_NOT_FOUND"
    assert ScreenshotStore.of(conversation).files() == []
