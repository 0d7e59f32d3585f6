"""The LLM edge: model clients (Responses, Chat Completions), the agent loop, its system prompt, run traces.

from browserx.llm import ChatClient, ResponsesClient, run_agent
client = ResponsesClient.from_env(model="gpt-4.1-mini")     # OPENAI_API_KEY / OPENAI_BASE_URL
client = ChatClient.from_env(model="qwen3:8b")              # any /v1/chat/completions server
result = await run_agent("Find the opening hours", url="https://…", manager=manager, client=client)
"""

from __future__ import annotations

from .agent import Agent, AgentResult, StepRecord, load_prompt, run_agent
from .chat_client import ChatClient
from .client import FunctionCall, ModelClient, ModelTurn, ResponsesClient
from .schema import drop_nulls, function_tools, strict_schema
from .trace import TraceWriter, render_html

__all__ = [
    "Agent",
    "AgentResult",
    "ChatClient",
    "FunctionCall",
    "ModelClient",
    "ModelTurn",
    "ResponsesClient",
    "StepRecord",
    "TraceWriter",
    "drop_nulls",
    "function_tools",
    "load_prompt",
    "render_html",
    "run_agent",
    "strict_schema",
]
