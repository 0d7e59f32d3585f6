"""Eight MCP sessions over `browserx mcp --http` with several Chromium processes (a pool of 4, then a
process per conversation), each in a loop of navigate / snapshot / click / eval, and one Chromium
process SIGKILLed mid-run: the conversations on it get coded errors on their calls in flight and
finish their loops in a new process; the others see no error at all; nothing crosses between
conversations; nothing is left running once the server has stopped."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
from collections.abc import AsyncIterator

import pytest
from mcp.client.streamable_http import streamable_http_client
from mcp_client import START_TIMEOUT, McpHttpProcess, call, find_control, http_library

from mcp import ClientSession
from process_tree import alive, descendants

SESSIONS = 8
ROUNDS = 4
KILL_AT = 2  # the round in which session 0 holds a call in flight and its process is killed
PAGE = """<title>page {n}</title><p>conversation {n}</p>
<button onclick="window.count = (window.count || 0) + 1">Count</button>"""
# Codes a conversation on the killed process may meet: the call in flight (BROWSER_CLOSED), and, for a
# call the loop made on the lost page, in the new process: an element id of it (NODE_NOT_FOUND), its
# cookie read on the new process's blank tab (JS_EXCEPTION: about:blank has no cookies).
VICTIM_CODES = {"BROWSER_CLOSED", "NODE_NOT_FOUND", "JS_EXCEPTION"}
# Generous timeouts (within the client's CALL_TIMEOUT): a TIMEOUT on a machine shared with other runs
# would read as a fault of this one.
NAVIGATE, EVAL = "50s", "50s"
_PLACED = re.compile(r"conversation (mcp-\S+): browser \d+ \(pid (\d+)\)")


@contextlib.asynccontextmanager
async def session_with_id(url: str) -> AsyncIterator[tuple[ClientSession, list[str]]]:
    """An MCP session and its `mcp-session-id` (read from the server's answers: both SDK majors)."""
    ids: list[str] = []

    async def seen(response) -> None:
        if not ids and response.headers.get("mcp-session-id"):
            ids.append(response.headers["mcp-session-id"])

    timeout = http_library.Timeout(30, read=300)
    async with (
        http_library.AsyncClient(timeout=timeout, event_hooks={"response": [seen]}) as client,
        streamable_http_client(url, http_client=client) as streams,
        ClientSession(streams[0], streams[1]) as session,
    ):
        await asyncio.wait_for(session.initialize(), START_TIMEOUT)
        yield session, ids


def placements(proc: McpHttpProcess) -> dict[str, list[int]]:
    """Each conversation's browser pids, in the order the server placed it (its log lines)."""
    found: dict[str, list[int]] = {}
    for line in proc.lines:
        if match := _PLACED.search(line):
            found.setdefault(match.group(1), []).append(int(match.group(2)))
    return found


async def converse(session: ClientSession, n: int, url: str, hold_url: str, kill: asyncio.Event) -> dict:
    errors: list[tuple[int, str, str]] = []
    finished, blank = [], []

    async def step(round_: int, name: str, **arguments):
        result, body = await call(session, name, **arguments)
        if result.isError:
            errors.append((round_, name, body["error"]["code"]))
            return None
        return body["data"]

    for round_ in range(ROUNDS):
        if n == 0 and round_ == KILL_AT:  # a call in flight when its process dies
            kill.set()
            await step(round_, "browser_eval", expression=f"fetch('{hold_url}').then(r => r.text())", timeout="30s")
        if await step(round_, "browser_navigate", url=url, timeout=NAVIGATE) is None:
            continue
        cookie = await step(
            round_,
            "browser_eval",
            expression=f"document.cookie || (document.cookie = 'owner={n}; path=/')",
            timeout=EVAL,
        )
        model = await step(round_, "browser_dom", action="snapshot", format="json")
        if cookie is None or model is None:
            continue
        if not any(c["role"] == "button" and "Count" in c["name"] for c in model["controls"]):
            blank.append(round_)  # the new process's blank tab, modelled: the page went with the old process
            continue
        clicked = await step(round_, "browser_dom", action="click", element_id=find_control(model, "button", "Count"))
        seen = await step(
            round_, "browser_eval", expression="[window.count, document.cookie, document.title]", timeout=EVAL
        )
        if clicked is not None and seen is not None:
            finished.append((round_, seen["result"]))
    return {"errors": errors, "finished": finished, "blank": blank}


@pytest.mark.parametrize("processes", [["pool", "--browser-pool-size", "4"], ["per_conversation"]])
async def test_a_killed_chromium_process_costs_only_its_own_conversations(server, processes):
    mode = processes[0]
    urls = [server.route(f"/processes/{mode}/{n}", PAGE.format(n=n)) for n in range(SESSIONS)]
    hold_path = f"/processes/{mode}/hold"
    arrived, release = server.hold(hold_path)
    kill = asyncio.Event()
    async with McpHttpProcess("--browser-processes", *processes) as proc, contextlib.AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(session_with_id(proc.url)) for _ in range(SESSIONS)]
        conversation_ids = [f"mcp-{ids[0]}" for _, ids in sessions]
        loops = [
            asyncio.ensure_future(converse(s, n, urls[n], server.url(hold_path), kill))
            for n, (s, _) in enumerate(sessions)
        ]
        try:
            await asyncio.wait_for(kill.wait(), 120)
            assert await asyncio.to_thread(arrived.wait, 60), "the call in flight never reached the server"
            placed = placements(proc)
            victim_pid = placed[conversation_ids[0]][-1]
            victims = {n for n, c in enumerate(conversation_ids) if placed.get(c, [None])[-1] == victim_pid}
            os.kill(victim_pid, signal.SIGKILL)
            release.set()
            outcomes = await asyncio.wait_for(asyncio.gather(*loops), 300)
        finally:
            release.set()
            for loop in loops:
                loop.cancel()
            await asyncio.gather(*loops, return_exceptions=True)
        after = placements(proc)
        browsers = descendants(proc.proc.pid)
    assert victims and 0 in victims and len(victims) == (2 if mode == "pool" else 1), placed
    for n, outcome in enumerate(outcomes):
        if n in victims:
            codes = {code for _, _, code in outcome["errors"]}
            assert codes <= VICTIM_CODES, (n, outcomes, [line for line in proc.lines if "rror" in line][-40:])
            assert after[conversation_ids[n]][-1] != victim_pid  # opened again in a new process
        else:
            assert outcome["errors"] == [] and outcome["blank"] == [], (n, outcomes)
        last_round, (count, cookie, title) = outcome["finished"][-1]
        assert last_round == ROUNDS - 1 and count == 1 and cookie == f"owner={n}" and title == f"page {n}"
    assert "BROWSER_CLOSED" in {code for _, _, code in outcomes[0]["errors"]}, outcomes[0]["errors"]
    assert len({after[c][-1] for c in conversation_ids}) == (4 if mode == "pool" else SESSIONS)
    assert not [pid for pid in browsers if alive(pid)], "processes of the server left running"
