"""Chromium processes, conversations (isolated browser contexts) and their tabs."""

from .config import BrowserConfig, parse_viewport
from .conversation import Conversation, Download
from .launcher import ChromeProcess, find_chrome, launch_chrome, profile_dirs_left, resolve_ws_url
from .manager import BrowserManager
from .state import SetupMissingError, State
from .tab import Tab, TabSetup

__all__ = [
    "BrowserConfig",
    "BrowserManager",
    "ChromeProcess",
    "Conversation",
    "Download",
    "SetupMissingError",
    "State",
    "Tab",
    "TabSetup",
    "find_chrome",
    "launch_chrome",
    "parse_viewport",
    "profile_dirs_left",
    "resolve_ws_url",
]
