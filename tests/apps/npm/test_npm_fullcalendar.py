"""FullCalendar (npm fullcalendar 7.1.0, MIT) in a team calendar of ours: month view, a day click opens a
form, the event is stored by our backend (/api/events → events.json).

The agent reads the month caption to know where it is, pages with "Next Month" until the caption names
the month it wants, clicks the day (a gridcell named by its date) and fills the form.
"""

from __future__ import annotations

import datetime

from npm_apps import agent_session, heading_texts, pick, read_json


def months_ahead(start: datetime.date, count: int) -> datetime.date:
    month = start.month - 1 + count
    return datetime.date(start.year + month // 12, month % 12 + 1, 14)


def caption(model: dict) -> str:
    """The month the calendar shows, as its caption says (the heading after the page's own)."""
    months = [t for t in heading_texts(model) if t.split(" ")[0] in MONTHS]
    assert len(months) == 1, heading_texts(model)
    return months[0]


def today() -> datetime.date:
    """The date the page's calendar calls today: the machine's local date, as the browser's."""
    return datetime.datetime.now(datetime.UTC).astimezone().date()


def this_month() -> str:
    """The caption a person sees once the calendar has rendered."""
    return f"{today():%B %Y}"


MONTHS = [datetime.date(2000, m, 1).strftime("%B") for m in range(1, 13)]


async def test_calendar_event_created_two_months_ahead_is_stored_on_that_date(manager, calendar):
    url, data = calendar
    target = months_ahead(today(), 2)
    wanted = f"{target:%B} {target.year}"
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot("month view", expect=this_month())
        for _ in range(3):  # a person pages forward, reading the caption after each step
            if caption(model) == wanted:
                break
            await agent.click(pick(model, "button", "Next Month"))
            model = await agent.snapshot()
        assert caption(model) == wanted
        await agent.click(pick(model, "gridcell", f"{target:%B} {target.day}, {target.year}"))
        # FullCalendar reports the day click from a timer its mouseup set, after the next frame: the click is
        # read again once the page has run it (the late look), so the first snapshot has the dialog.
        form = await agent.snapshot("new event dialog", expect="New event")
        await agent.type(pick(form, "textbox", "Title"), "Dentist")
        await agent.click(pick(form, "button", "Save"))
        # The form posts the event once the dialog has closed (a task after the click, seen by the late
        # look, its request settled): a person sees it appear in its day; the agent reads it there too.
        after = await agent.snapshot("event saved", expect="Dentist")
        offsite = await agent.offsite_requests()
    assert read_json(data / "events.json") == [{"id": "1", "title": "Dentist", "start": target.isoformat()}]
    assert caption(after) == wanted, "the calendar stays on the month the event was added to"
    assert offsite == [], "the app must render from 127.0.0.1 alone"


async def test_calendar_saved_status_line_is_read_in_the_first_snapshot_after_saving(manager, calendar):
    url, data = calendar
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot(expect=this_month())
        now = today()
        await agent.click(pick(model, "gridcell", f"{now:%B} {now.day}, {now.year}"))
        form = await agent.snapshot(expect="New event")
        await agent.type(pick(form, "textbox", "Title"), "Standup")
        await agent.click(pick(form, "button", "Save"))
        await agent.snapshot(expect="Standup")  # the event shows in its day: the status line came with it
        text = await agent.text()
        found = await agent.find("Saved")
    assert [e["title"] for e in read_json(data / "events.json")] == ["Standup"]  # the task itself worked
    assert 'Saved "Standup"' in text, text
    assert found, "find must reach the status line too"


async def test_calendar_instructions_in_its_header_are_read_in_the_first_snapshot(manager, calendar):
    """ "Click a day to add an event." is how a person learns to add one; the agent needs it as much."""
    url, _ = calendar
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        await agent.snapshot(expect=this_month())
        text = await agent.text()
    assert "Click a day to add an event." in text, text


async def test_calendar_new_event_dialogs_date_line_is_found(manager, calendar):
    """The dialog says which day the event goes on ("On Sat Nov 14 2026"): the snapshot's dialog text
    shows it, `find` does not search it (only the dialog's heading)."""
    url, _ = calendar
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        model = await agent.snapshot(expect=this_month())
        now = today()
        await agent.click(pick(model, "gridcell", f"{now:%B} {now.day}, {now.year}"))
        await agent.snapshot(expect="New event")
        dialog_text = await agent.text()
        found = await agent.find(f"On {now:%a %b %d %Y}")
    assert f"On {now:%a %b %d %Y}" in dialog_text  # the snapshot shows it
    assert found, "find must reach what the snapshot shows"
