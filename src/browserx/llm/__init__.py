"""The LLM edge: an OpenAI Responses client, the agent loop, its system prompt, and run traces.

    from browserx.llm import ResponsesClient, run_agent
    client = ResponsesClient.from_env(model="gpt-4.1-mini")     # OPENAI_API_KEY / OPENAI_BASE_URL
    result = await run_agent("Find the opening hours", url="https://…", manager=manager, client=client)
"""

from __future__ import annotations

from .agent import Agent, AgentResult, StepRecord, load_prompt, run_agent
from .client import FunctionCall, ModelTurn, ResponsesClient
from .schema import drop_nulls, function_tools, strict_schema
from .trace import TraceWriter, render_html

__all__ = ["Agent", "AgentResult", "FunctionCall", "ModelTurn", "ResponsesClient", "StepRecord", "TraceWriter",
           "drop_nulls", "function_tools", "load_prompt", "render_html", "run_agent", "strict_schema"]
