"""The page layer: browserx's isolated world, the page model and the DOM service of each tab."""

from .model import Control, Heading, PageModel, SnapshotOptions, Viewport
from .service import DomService, take_snapshot

__all__ = ["Control", "DomService", "Heading", "PageModel", "SnapshotOptions", "Viewport", "take_snapshot"]
