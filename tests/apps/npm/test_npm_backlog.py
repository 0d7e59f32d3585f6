"""Backlog.md (npm backlog.md 1.52.0, MIT): a project's tasks as Markdown files, and its web UI, a kanban
board (`backlog browser`). Moving a task, by its dialog or by dragging its card to another column,
rewrites the task's file (`status:` in its front matter), which the tests read.
"""

from __future__ import annotations

from npm_apps import agent_session, pick


def status_of(tasks_dir, task_id: str) -> str:
    (file,) = tasks_dir.glob(f"{task_id} - *.md")
    return next(line.split(":", 1)[1].strip() for line in file.read_text().splitlines() if line.startswith("status:"))


async def test_backlog_task_moved_to_done_in_its_dialog_is_saved_to_its_file(manager, backlog):
    url, tasks = backlog
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        board = await agent.snapshot("board", expect="Write report")
        await agent.click(pick(board, "button", "Open TASK-2: Fix login bug"))
        dialog = await agent.snapshot("task dialog", expect="TASK-2 — Fix login bug")
        # The select has no accessible name (its "Status" caption is a separate element; Chromium agrees):
        # the model offers the caption as its description, which is what a person reads above it.
        await agent.act("select", element_id=pick(dialog, "combobox", "Status"), option="Done")
        after = await agent.snapshot("task dialog after the change")
        offsite = await agent.offsite_requests()
    assert status_of(tasks, "task-2") == "Done"
    assert status_of(tasks, "task-1") == "To Do"
    assert any(c["role"] == "combobox" for c in after["controls"]), "the dialog stays open with its fields"
    assert offsite == [], "the app must render from 127.0.0.1 alone"


async def test_backlog_card_dragged_to_the_in_progress_column_is_saved_to_its_file(manager, backlog):
    """The column is no control: it is reached through `find`, which gives the element holding its
    caption an id to drop on (issue 22 kind 5, fixed on main at c62e504)."""
    url, tasks = backlog
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        board = await agent.snapshot("board", expect="Write report")
        column = [m for m in await agent.find("In Progress") if m.get("element_id")]
        assert column, "the column a person drops the card on must be found with an element id"
        await agent.act(
            "drag", element_id=pick(board, "button", "Open TASK-1: Write report"), target_id=column[0]["element_id"]
        )
    assert status_of(tasks, "task-1") == "In Progress"
