"""The CDP client: one WebSocket connection and flattened target sessions."""

from .connection import DEFAULT_TIMEOUT, CDPConnection, EventQueue
from .session import CDPSession

__all__ = ["DEFAULT_TIMEOUT", "CDPConnection", "CDPSession", "EventQueue"]
