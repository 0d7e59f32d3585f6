"""One agent run of the agent tests, on a scripted fake server (Responses or Chat Completions).

result = await run_scripted(fake, manager, conversation, registry, "Sign in.", url=url)
"""

from __future__ import annotations

from typing import Any

from browserx.llm import run_agent


async def run_scripted(
    fake: Any,
    manager: Any,
    conversation: Any,
    registry: Any,
    task: str,
    *,
    client_options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Any:
    """`run_agent` with the fake server's client (made with `client_options`), closed after the run."""
    client = fake.client(**(client_options or {}))
    try:
        return await run_agent(
            task,
            manager=manager,
            client=client,
            registry=registry,
            conversation_id=conversation.conversation_id,
            **kwargs,
        )
    finally:
        await client.close()
