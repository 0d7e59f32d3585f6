"""Every error browserx can report, with a stable `code` and a `hint` for the model.

The tree::

    BrowserxError                       code            (base; never raised itself)
    ├── ValidationError                 VALIDATION_ERROR
    ├── BrowserClosedError              BROWSER_CLOSED
    ├── LaunchFailedError               LAUNCH_FAILED
    ├── CDPError                        CDP_ERROR
    ├── TimeoutError                    TIMEOUT         (also a builtin TimeoutError)
    ├── TabNotFoundError                TAB_NOT_FOUND
    ├── TabCrashedError                 TAB_CRASHED
    ├── NavigationFailedError           NAVIGATION_FAILED
    ├── PageNavigatedError              PAGE_NAVIGATED
    ├── OriginNotAllowedError           ORIGIN_NOT_ALLOWED
    ├── JSExceptionError                JS_EXCEPTION
    ├── EvalDisabledError               EVAL_DISABLED
    ├── NodeNotFoundError               NODE_NOT_FOUND
    ├── ElementNotVisibleError          ELEMENT_NOT_VISIBLE
    ├── ElementCoveredError             ELEMENT_COVERED
    ├── ElementDisabledError            ELEMENT_DISABLED
    ├── SnapshotFailedError             SNAPSHOT_FAILED
    ├── InvalidCoordinatesError         INVALID_COORDINATES
    ├── ScreenshotFailedError           SCREENSHOT_FAILED
    ├── FileStorageError                FILE_STORAGE_ERROR
    ├── UploadFailedError               UPLOAD_FAILED
    ├── ImageError                      IMAGE_ERROR
    ├── NotFoundError                   NOT_FOUND
    ├── ModelRequestFailedError         MODEL_REQUEST_FAILED
    ├── StepLimitError                  STEP_LIMIT
    ├── FileNotAllowedError             FILE_NOT_ALLOWED
    ├── DialogOpenError                 DIALOG_OPEN
    ├── BrowserUnavailableError         BROWSER_UNAVAILABLE
    ├── ElementReadonlyError            ELEMENT_READONLY
    ├── FocusElsewhereError             FOCUS_ELSEWHERE (details: focus, the element holding it)
    ├── ProfileInUseError               PROFILE_IN_USE
    ├── AuthRequiredError               AUTH_REQUIRED   (details: origin, scheme, realm, source; never a credential)
    ├── FileMissingError                FILE_NOT_FOUND
    ├── ReplayDivergedError             REPLAY_DIVERGED
    ├── ConversationLimitError          CONVERSATION_LIMIT
    ├── TabLimitError                   TAB_LIMIT
    └── MemoryLowError                  MEMORY_LOW

Chrome's error replies become typed errors in one place, the CDP connection (`cdp.connection`,
through `error_from_cdp` below); nothing else branches on error-message text. One failure has
one code: a lost DevTools connection is BROWSER_CLOSED wherever it happens.
Exceptions become `{code, message, hint}` at exactly two boundaries: tool dispatch
(`tools.base.ToolRegistry.dispatch`) and the library API (`api`, which raises these classes).
Both go through `error_from_exception`, which logs the traceback of anything unexpected
(INTERNAL_ERROR) to the `browserx.errors` logger, never into a result the model reads.
"""

from __future__ import annotations

import builtins
import logging
from typing import Any

log = logging.getLogger(__name__)


class BrowserxError(Exception):
    code = "INTERNAL_ERROR"
    hint = "This is a bug in browserx; retry once, then report it."
    recoverable = True

    def __init__(self, message: str, *, hint: str | None = None, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        if hint is not None:
            self.hint = hint
        self.details = details or {}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message, "hint": self.hint}
        if self.details:
            out["details"] = self.details
        return out


class ValidationError(BrowserxError):
    code = "VALIDATION_ERROR"
    hint = "Fix the arguments to match the tool's schema and call again."


class BrowserClosedError(BrowserxError):
    code = "BROWSER_CLOSED"
    hint = "The browser went away; call the tool again and browserx starts a new one."


class LaunchFailedError(BrowserxError):
    code = "LAUNCH_FAILED"
    hint = "Install Chromium (Debian: apt-get install chromium) or set BROWSERX_CHROME to its path."
    recoverable = False


class CDPError(BrowserxError):
    code = "CDP_ERROR"
    hint = "The browser refused the command; take a new snapshot and try again."


# Also the builtin TimeoutError: `except TimeoutError` (builtin) catches asyncio's timeouts and
# this one alike; raise this one where a code and hint should reach the caller.
class TimeoutError(BrowserxError, builtins.TimeoutError):
    code = "TIMEOUT"
    hint = "The page did not answer in time; retry with a longer timeout or check that the page is responsive."


class TabNotFoundError(BrowserxError):
    code = "TAB_NOT_FOUND"
    hint = "List tabs with browser_tabs and use one of their tab_id values, or omit tab_id for the active tab."


class TabCrashedError(BrowserxError):
    code = "TAB_CRASHED"
    hint = "The page crashed; call browser_navigate (or browser_history action=reload) to load it again."


class PageNavigatedError(BrowserxError):
    code = "PAGE_NAVIGATED"
    hint = "The page navigated away during the call; take a new snapshot of the new page before acting."


class NavigationFailedError(BrowserxError):
    code = "NAVIGATION_FAILED"
    hint = "Check the URL; the server may be down or the address wrong."


class OriginNotAllowedError(BrowserxError):
    code = "ORIGIN_NOT_ALLOWED"
    hint = "This browser may only visit the allowed origins; pick a URL on one of them."
    recoverable = False


class JSExceptionError(BrowserxError):
    code = "JS_EXCEPTION"
    hint = "The script threw; fix the expression and evaluate again."


class EvalDisabledError(BrowserxError):
    code = "EVAL_DISABLED"
    hint = "JavaScript evaluation is turned off for this server; use browser_dom actions instead."
    recoverable = False


class NodeNotFoundError(BrowserxError):
    code = "NODE_NOT_FOUND"
    hint = (
        "The element id is unknown or stale; take a new snapshot (browser_dom action=snapshot) and use an id from it."
    )


class ElementNotVisibleError(BrowserxError):
    code = "ELEMENT_NOT_VISIBLE"
    hint = "The element is hidden or has no size; take a new snapshot, open whatever hides it, or pick another element."


class ElementCoveredError(BrowserxError):
    code = "ELEMENT_COVERED"
    hint = (
        "Another element lies on top of the target: act on it, or close it as a person would (a popup left open:"
        " Escape, Tab out of the field that opened it, or a click outside it), then snapshot again."
    )


class ElementDisabledError(BrowserxError):
    code = "ELEMENT_DISABLED"
    hint = "The element is disabled; complete the steps that enable it (e.g. required fields) first."


class SnapshotFailedError(BrowserxError):
    code = "SNAPSHOT_FAILED"
    hint = "The page model could not be built; wait for the page to settle and take a new snapshot."


class InvalidCoordinatesError(BrowserxError):
    code = "INVALID_COORDINATES"
    hint = "Use coordinates inside the screenshot's width and height."


class ScreenshotFailedError(BrowserxError):
    code = "SCREENSHOT_FAILED"
    hint = "Retry the screenshot, or use the DOM tools (browser_dom) instead."


class FileStorageError(BrowserxError):
    code = "FILE_STORAGE_ERROR"
    hint = "The screenshot file could not be written or removed; check disk space and permissions."


class UploadFailedError(BrowserxError):
    code = "UPLOAD_FAILED"
    hint = "The screenshot could not be sent to the model; take a new screenshot."


class ImageError(BrowserxError):
    code = "IMAGE_ERROR"
    hint = "Give the path of a readable PNG, JPEG, GIF or WebP image."


class NotFoundError(BrowserxError):
    code = "NOT_FOUND"
    hint = "Check the name or id; list what exists first."


# One table from Chrome's error messages to typed errors. Ordered: first match wins.
# Only cdp.connection consults it, when a command returns an error.
_CDP_MESSAGE_TABLE: list[tuple[str, type[BrowserxError], str | None]] = [
    ("No node with given id", NodeNotFoundError, None),
    ("No node found for given backend id", NodeNotFoundError, None),
    ("Could not find node with given id", NodeNotFoundError, None),
    ("Node is detached from document", NodeNotFoundError, None),
    ("Node with given id does not belong to the document", NodeNotFoundError, None),
    (
        "Cannot find context with specified id",
        NodeNotFoundError,
        "The page navigated or reloaded; take a new snapshot.",
    ),
    ("Execution context was destroyed", NodeNotFoundError, "The page navigated or reloaded; take a new snapshot."),
    ("Inspected target navigated or closed", PageNavigatedError, None),
    ("Not attached to an active page", PageNavigatedError, None),
    (
        "Execution was terminated",
        TimeoutError,
        "The script ran past its timeout; make it shorter or raise the timeout.",
    ),
    ("Could not compute box model", ElementNotVisibleError, None),
    ("Node does not have a layout object", ElementNotVisibleError, None),
    ("No target with given id", TabNotFoundError, None),
    ("Session with given id not found", TabNotFoundError, "The tab was closed; list tabs and pick another."),
    ("Target closed", TabNotFoundError, "The tab was closed; list tabs and pick another."),
    ("Unable to capture screenshot", ScreenshotFailedError, None),
    ("Cannot navigate to invalid URL", ValidationError, "Give a full URL such as https://example.com/."),
]


def error_from_cdp(method: str, error: dict[str, Any]) -> BrowserxError:
    """Map a CDP error object ({code, message, data}) to a typed browserx error."""
    message = str(error.get("message", "unknown CDP error"))
    data = error.get("data")
    text = f"{method}: {message}" + (f" ({data})" if data else "")
    for needle, cls, hint in _CDP_MESSAGE_TABLE:
        if needle in message:
            return cls(text, hint=hint, details={"cdp_method": method})
    return CDPError(text, details={"cdp_method": method})


def error_from_exception(exc: BaseException, where: str = "browserx") -> BrowserxError:
    """The boundaries (tool dispatch, library API): anything that escaped becomes a coded error.

    An INTERNAL_ERROR is a bug: its traceback goes to the log (stderr), never into the error.
    """
    if isinstance(exc, BrowserxError):
        error = exc
    elif isinstance(exc, builtins.TimeoutError):
        error = TimeoutError(str(exc) or "operation timed out")
    elif isinstance(exc, (ConnectionError, EOFError)):
        error = BrowserClosedError(f"connection to the browser lost: {exc}")
    else:
        error = BrowserxError(f"{type(exc).__name__}: {exc}")
    if error.code == BrowserxError.code:
        log.error("%s: internal error %s", where, error.message, exc_info=exc)
    return error


def error_for_code(
    code: str, message: str, hint: str | None = None, details: dict[str, Any] | None = None
) -> BrowserxError:
    """Rebuild a typed error from a `{code, message, hint}` (a result's, or an in-page answer's)."""
    classes = {cls.code: cls for cls in _all_subclasses(BrowserxError)}
    cls = classes.get(code, BrowserxError)
    error = cls(message, hint=hint, details=details)
    if cls is BrowserxError:
        error.code = code
    return error


def _all_subclasses(cls: type[BrowserxError]) -> list[type[BrowserxError]]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return found


class ModelRequestFailedError(BrowserxError):
    code = "MODEL_REQUEST_FAILED"
    hint = "The model endpoint failed after retries; check OPENAI_BASE_URL, OPENAI_API_KEY and the model name."


class StepLimitError(BrowserxError):
    code = "STEP_LIMIT"
    hint = "The agent used all its steps without finishing; raise --max-steps or split the task."


class FileNotAllowedError(BrowserxError):
    code = "FILE_NOT_ALLOWED"
    hint = "Use a file under the allowed file roots (--file-roots), e.g. in the working directory."


class DialogOpenError(BrowserxError):
    code = "DIALOG_OPEN"
    hint = "A dialog is open on the page: answer it with browser_dialog first."


class BrowserUnavailableError(BrowserxError):
    code = "BROWSER_UNAVAILABLE"
    hint = "The browser service refused or did not answer in time; retry later or raise --endpoint-timeout."


class ElementReadonlyError(BrowserxError):
    code = "ELEMENT_READONLY"
    hint = "The field is read-only: use the widget's own controls (e.g. its picker), or action=fill."


class FocusElsewhereError(BrowserxError):
    code = "FOCUS_ELSEWHERE"
    hint = (
        "Another element (named in the message) keeps the keyboard focus, so no key was sent to the target: "
        "finish or close it first (pick its value, press Escape, click outside), then type again."
    )


class ProfileInUseError(BrowserxError):
    code = "PROFILE_IN_USE"
    hint = "Another browser runs on this --user-data-dir; close it (or its browserx) first, or use another directory."
    recoverable = False


class AuthRequiredError(BrowserxError):
    code = "AUTH_REQUIRED"
    hint = (
        "The site asks for a login (HTTP authentication). Credentials are given to browserx, not to the "
        "model: start it with --http-credentials FILE (or BrowserConfig.http_credentials) holding "
        '{"<origin>": {"username": ..., "password": ...}}; never put them in a URL.'
    )
    recoverable = False


class FileMissingError(BrowserxError):
    code = "FILE_NOT_FOUND"
    hint = "Give the path of an existing file."


class ReplayDivergedError(BrowserxError):
    """A replayed flow met a page it was not recorded on: `details` names the step, what it expected
    and the candidates it saw."""

    code = "REPLAY_DIVERGED"
    hint = "The page changed since the flow was recorded: replay with --agent-on-divergence, or record it again."


class ConversationLimitError(BrowserxError):
    """A new conversation past `max_conversations`: refused; the open ones go on."""

    code = "CONVERSATION_LIMIT"
    hint = (
        "The server is at its limit of open conversations (--max-conversations); retry once another ends or "
        "is reaped (--idle-timeout), or raise --max-conversations."
    )


class TabLimitError(BrowserxError):
    """A new tab past `max_tabs` in its conversation: refused; its other tabs go on."""

    code = "TAB_LIMIT"
    hint = (
        "This conversation has as many tabs as it may open (--max-tabs); close one with browser_tabs "
        "action=close, or raise --max-tabs."
    )


class MemoryLowError(BrowserxError):
    """Opening a conversation or tab would leave less free memory than `min_free_memory`."""

    code = "MEMORY_LOW"
    hint = (
        "The machine is short of free memory (below --min-free-memory); close tabs or conversations, retry "
        "later, or lower --min-free-memory."
    )


class PdfFailedError(BrowserxError):
    code = "PDF_FAILED"
    hint = "Chromium prints PDFs only in headless mode and of a loaded page: reload the page and try again."


class TraceError(BrowserxError):
    code = "TRACE_FAILED"
    hint = "Stop the trace in progress (browser_perf action=stop) before starting another, then retry."


class NoTraceError(BrowserxError):
    code = "NO_TRACE"
    hint = "Record a trace first: browser_perf action=start (reload=true, or your actions, then action=stop)."
