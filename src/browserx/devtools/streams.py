"""CDP streams (`IO.read` / `IO.close`): what `Page.printToPDF` and `Tracing.end` hand over in
transferMode ReturnAsStream, read in chunks so no single message exceeds the socket's limits."""

from __future__ import annotations

import base64

from ..cdp import CDPSession

CHUNK = 1 << 20  # bytes per IO.read: 1 MiB keeps each message far below the socket's max_size


async def read_stream(session: CDPSession, handle: str, *, timeout: float = 30.0) -> bytes:
    """Every byte of the stream `handle`, then closed (even when a read fails)."""
    parts: list[bytes] = []
    try:
        while True:
            chunk = await session.send("IO.read", {"handle": handle, "size": CHUNK}, timeout=timeout)
            data = chunk.get("data", "")
            parts.append(base64.b64decode(data) if chunk.get("base64Encoded") else data.encode("utf-8"))
            if chunk.get("eof"):
                return b"".join(parts)
    finally:
        await session.send("IO.close", {"handle": handle}, timeout=timeout)
