"""Replaying a flow against a hand-written browserx script that does the same steps (issue 24: ≤ 1.2×).

    python bench/replay.py

On the flow tests' shop app (tests/flows/shop_app.py: sign in, search, open the result, fill and
submit the order form, accept the confirm): the hand-written script is what a person writes on the
Python API (a snapshot per page, each control picked by role and name, the action, the dialog
answered); the flow is recorded from that script's own run (Session.save_flow) and replayed with
Session.replay (each control found again by its target, each effect checked). Each round is a new
conversation (a fresh login) whose tab is open before the clock starts (a new browser context costs
0.5-2 s here, the same for both, and would drown the difference); the order of the two alternates,
and every round must place its order at the server. Medians of N rounds after a warm-up.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "flows"))

from shop_app import ACCOUNTS, ShopApp

import browserx

N = 20
PASSWORD = ACCOUNTS["alice"]


def _pick(model: Any, role: str, name: str) -> str:
    return next(c.id for c in model.controls if c.role == role and c.name == name)


async def by_hand(session: browserx.Session, app: ShopApp) -> None:
    """The steps as a person writes them on the API."""
    await session.navigate(app.url("/login"))
    page = await session.snapshot()
    await session.type(_pick(page, "textbox", "Username"), "alice")
    await session.type(_pick(page, "textbox", "Password"), PASSWORD)
    await session.click(_pick(page, "button", "Sign in"))
    page = await session.snapshot()
    await session.type(_pick(page, "searchbox", "Search"), "blue mug")
    await session.click(_pick(page, "button", "Search"))
    page = await session.snapshot()
    await session.click(_pick(page, "link", "Blue mug"))
    page = await session.snapshot()
    await session.type(_pick(page, "textbox", "Full name"), "Alice Example")
    await session.type(_pick(page, "textbox", "Email"), "alice@example.com")
    await session.type(_pick(page, "spinbutton", "Quantity"), "2")
    clicked = await session.click(_pick(page, "button", "Place order"))
    assert clicked["effects"]["dialog"]["type"] == "confirm", clicked
    await session.dialog(True)


async def run(print_fn=print) -> dict:
    app = ShopApp()
    times: dict[str, list[float]] = {"hand": [], "replay": []}
    try:
        async with browserx.launch(dialog_policy="ask") as browser:
            recording = await browser.session()
            await by_hand(recording, app)
            flow = await recording.save_flow(task="Order two blue mugs")
            await recording.close()

            async def fresh() -> browserx.Session:
                """A new conversation with its tab open: what is timed is the task, not the context's start."""
                session = await browser.session()
                await session.navigate("about:blank")
                return session

            async def hand() -> None:
                session = await fresh()
                started = time.perf_counter()
                await by_hand(session, app)
                times["hand"].append(time.perf_counter() - started)
                await session.close()

            async def replay() -> None:
                session = await fresh()
                started = time.perf_counter()
                report = await session.replay(flow, params={"password": PASSWORD})
                times["replay"].append(time.perf_counter() - started)
                assert report.replayed == len(flow.steps)
                await session.close()

            contestants = [hand, replay]
            for contestant in contestants:  # warm up: worlds, compiled page functions
                await contestant()
            times["hand"].clear()
            times["replay"].clear()
            orders = len(app.orders)
            for i in range(N):
                for contestant in contestants[i % 2 :] + contestants[: i % 2]:
                    await contestant()
            assert len(app.orders) == orders + 2 * N, "a round did not place its order"
    finally:
        app.stop()
    hand_ms, replay_ms = (statistics.median(times[k]) * 1000 for k in ("hand", "replay"))
    # Each round's two runs are neighbours in time: their ratio is the least disturbed by the machine's noise.
    paired = statistics.median(r / h for r, h in zip(times["replay"], times["hand"], strict=True))
    out = {"hand_ms": hand_ms, "replay_ms": replay_ms, "ratio": paired, "steps": len(flow.steps)}
    print_fn(
        f"replay    flow of {out['steps']} steps {replay_ms:7.1f} ms | hand-written API script {hand_ms:7.1f} ms "
        f"({paired:.2f}x, median of the rounds' ratios; target <= 1.2x), 0 model calls  [median of {N}]"
    )
    return out


if __name__ == "__main__":
    asyncio.run(run())
