"""Key presses as Chromium expects them from `Input.dispatchKeyEvent` (a US keyboard layout).

    params_down, params_up = key_event_params("a", modifier_bits(ctrl=True))
    await press_key(tab.session, "Shift+Tab")

A key is a named key ("Enter", "ArrowDown", "F5", …, case-insensitive, with a few aliases such
as "Esc" or "Up"), a single character ("a", "A", "7", "?", " "), or a combination joined by "+"
("Control+A", "ctrl+shift+tab"). Modifier bits follow CDP: Alt=1, Ctrl=2, Meta=4, Shift=8.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..cdp import CDPSession
from ..errors import ValidationError

ALT, CTRL, META, SHIFT = 1, 2, 4, 8


def modifier_bits(ctrl: bool = False, shift: bool = False, alt: bool = False, meta: bool = False) -> int:
    return (ALT if alt else 0) | (CTRL if ctrl else 0) | (META if meta else 0) | (SHIFT if shift else 0)


# name -> (code, windowsVirtualKeyCode, text or None, location)
_NAMED: dict[str, tuple[str, int, str | None, int]] = {
    "Enter": ("Enter", 13, "\r", 0),
    "Tab": ("Tab", 9, None, 0),
    "Backspace": ("Backspace", 8, None, 0),
    "Delete": ("Delete", 46, None, 0),
    "Escape": ("Escape", 27, None, 0),
    "ArrowUp": ("ArrowUp", 38, None, 0),
    "ArrowDown": ("ArrowDown", 40, None, 0),
    "ArrowLeft": ("ArrowLeft", 37, None, 0),
    "ArrowRight": ("ArrowRight", 39, None, 0),
    "Home": ("Home", 36, None, 0),
    "End": ("End", 35, None, 0),
    "PageUp": ("PageUp", 33, None, 0),
    "PageDown": ("PageDown", 34, None, 0),
    "Insert": ("Insert", 45, None, 0),
    "Shift": ("ShiftLeft", 16, None, 1),
    "Control": ("ControlLeft", 17, None, 1),
    "Alt": ("AltLeft", 18, None, 1),
    "Meta": ("MetaLeft", 91, None, 1),
    "CapsLock": ("CapsLock", 20, None, 0),
    "ContextMenu": ("ContextMenu", 93, None, 0),
    **{f"F{n}": (f"F{n}", 111 + n, None, 0) for n in range(1, 13)},
}
_ALIASES = {
    "return": "Enter",
    "esc": "Escape",
    "del": "Delete",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "pgup": "PageUp",
    "pgdn": "PageDown",
    "pagedown": "PageDown",
    "ctrl": "Control",
    "cmd": "Meta",
    "command": "Meta",
    "super": "Meta",
    "win": "Meta",
    "option": "Alt",
    "space": " ",
    "spacebar": " ",
    "plus": "+",
}
_BY_LOWER = {name.lower(): name for name in _NAMED}
_MODIFIER_OF = {"Control": CTRL, "Shift": SHIFT, "Alt": ALT, "Meta": META}

# US layout: unshifted character -> (code, windowsVirtualKeyCode, shifted character)
_PUNCTUATION = {
    "`": ("Backquote", 192, "~"),
    "-": ("Minus", 189, "_"),
    "=": ("Equal", 187, "+"),
    "[": ("BracketLeft", 219, "{"),
    "]": ("BracketRight", 221, "}"),
    "\\": ("Backslash", 220, "|"),
    ";": ("Semicolon", 186, ":"),
    "'": ("Quote", 222, '"'),
    ",": ("Comma", 188, "<"),
    ".": ("Period", 190, ">"),
    "/": ("Slash", 191, "?"),
    " ": ("Space", 32, " "),
}
_DIGIT_SHIFTED = ")!@#$%^&*("
_PRINTABLE: dict[str, tuple[str, int, bool]] = {}  # char -> (code, keyCode, is the shifted form)
for _c, (_code, _vk, _shifted) in _PUNCTUATION.items():
    _PRINTABLE[_c] = (_code, _vk, False)
    _PRINTABLE.setdefault(_shifted, (_code, _vk, True))
for _i in range(10):
    _PRINTABLE[str(_i)] = (f"Digit{_i}", 48 + _i, False)
    _PRINTABLE[_DIGIT_SHIFTED[_i]] = (f"Digit{_i}", 48 + _i, True)
for _i in range(26):
    _lower, _upper = chr(97 + _i), chr(65 + _i)
    _PRINTABLE[_lower] = (f"Key{_upper}", 65 + _i, False)
    _PRINTABLE[_upper] = (f"Key{_upper}", 65 + _i, True)
_SHIFT_OF = {c: s for c, (_code, _vk, s) in _PUNCTUATION.items()} | {str(i): _DIGIT_SHIFTED[i] for i in range(10)}

# Chromium runs no editing command for these in headless unless it is named (Ctrl/Meta+A = select all).
_COMMANDS = {"a": "selectAll"}


def valid_key_names() -> list[str]:
    return list(_NAMED)


def _unknown(key: str) -> ValidationError:
    return ValidationError(
        f"unknown key {key!r}",
        hint="Use a single character (a, A, 7, ?) or one of: "
        + ", ".join(_NAMED)
        + "; combine with modifiers as 'Control+A' or through the modifiers argument.",
    )


def parse_key(key: str, modifiers: int = 0) -> tuple[str, int]:
    """'ctrl+Shift+Tab' → ('Tab', CTRL|SHIFT); the canonical key name plus all modifier bits."""
    if not isinstance(key, str) or key == "":
        raise _unknown(str(key))
    if len(key) == 1:
        parts = [key]
    elif key.endswith("++"):  # "Control++" is Control and the plus key
        parts = [*key[:-2].split("+"), "+"]
    else:
        parts = key.split("+")
    *mods, main = parts
    for mod in mods:
        name = _canonical(mod.strip())
        if name not in _MODIFIER_OF:
            raise _unknown(key)
        modifiers |= _MODIFIER_OF[name]
    return _canonical(main if len(main) == 1 else main.strip()), modifiers


def _canonical(name: str) -> str:
    if len(name) == 1:
        return name
    lower = name.lower()
    if lower in _ALIASES:
        return _ALIASES[lower]
    if lower in _BY_LOWER:
        return _BY_LOWER[lower]
    raise _unknown(name)


def key_event_params(key: str, modifiers: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keyDown (or rawKeyDown) and keyUp parameters for one press of `key` with `modifiers`."""
    name, modifiers = parse_key(key, modifiers)
    location = 0
    commands: list[str] = []
    if name in _NAMED:
        code, vk, text, location = _NAMED[name]
        key_value = name
    elif len(name) == 1 and name.isprintable():
        char = name
        if modifiers & SHIFT:  # Shift changes what a US keyboard types: a → A, 1 → !
            char = name.upper() if name.isascii() and name.isalpha() else _SHIFT_OF.get(name, name)
        code, vk, _ = _PRINTABLE.get(char, ("", 0, False))
        key_value = text = char
        if modifiers & (CTRL | META | ALT):
            # A shortcut, not typing: no text, so Control+A selects instead of inserting "a".
            text = None
            command = _COMMANDS.get(name.lower()) if modifiers & (CTRL | META) and not modifiers & ALT else None
            if command:
                commands.append(command)
    else:
        raise _unknown(key)
    down: dict[str, Any] = {
        "type": "keyDown" if text else "rawKeyDown",
        "modifiers": modifiers,
        "key": key_value,
        "code": code,
        "windowsVirtualKeyCode": vk,
        "nativeVirtualKeyCode": vk,
    }
    if text:
        down["text"] = down["unmodifiedText"] = text
    if location:
        down["location"] = location
    if commands:
        down["commands"] = commands
    up = {k: v for k, v in down.items() if k not in ("text", "unmodifiedText", "commands")}
    up["type"] = "keyUp"
    return down, up


def press_events(key: str, modifiers: int = 0) -> list[dict[str, Any]]:
    """The events of pressing `key` as a keyboard sends them: each modifier held down first and released
    last ("Control+A" is Control down, a down, a up, Control up)."""
    name, modifiers = parse_key(key, modifiers)
    held = [mod for mod, bit in _MODIFIER_OF.items() if modifiers & bit and name != mod]
    downs: list[dict[str, Any]] = []
    ups: list[dict[str, Any]] = []
    bits = 0
    for mod in held:
        bits |= _MODIFIER_OF[mod]
        down, up = key_event_params(mod, bits)
        downs.append(down)
        ups.insert(0, {**up, "modifiers": bits & ~_MODIFIER_OF[mod]})
    down, up = key_event_params(name, modifiers)
    return [*downs, down, up, *ups]


def char_events(char: str) -> list[dict[str, Any]]:
    """One typed character: keyDown carrying its text (Chromium then fires keydown, keypress, the input
    events), keyUp. A US-layout character has its key, code and key code, and Shift held for its shifted
    form; any other (é, 中, 👍) is typed as a keyboard of its own language would, by a keyDown with the text."""
    if char in ("\n", "\r"):
        return press_events("Enter")
    code, vk, shifted = _PRINTABLE.get(char, ("", 0, False))
    down: dict[str, Any] = {
        "type": "keyDown",
        "modifiers": SHIFT if shifted else 0,
        "key": char,
        "code": code,
        "windowsVirtualKeyCode": vk,
        "nativeVirtualKeyCode": vk,
        "text": char,
        "unmodifiedText": char,
    }
    up = {k: v for k, v in down.items() if k not in ("text", "unmodifiedText")}
    up["type"] = "keyUp"
    return [down, up]


def typing_events(text: str) -> list[dict[str, Any]]:
    """Every key event of typing `text`, by code point (a character the platform types as one)."""
    events: list[dict[str, Any]] = []
    for char in text.replace("\r\n", "\n"):
        events += char_events(char)
    return events


async def send_keys(session: CDPSession, events: list[dict[str, Any]]) -> None:
    """Send key events in order without waiting for each answer: Chromium runs a session's input in the
    order it arrives, and its answer to a key event comes once the page has handled it, so the last answer
    means every key has been handled (one round trip for the lot instead of one per event)."""
    if events:
        await asyncio.gather(*(session.send("Input.dispatchKeyEvent", event) for event in events))


async def press_key(session: CDPSession, key: str, modifiers: int = 0) -> None:
    """Press and release `key` (with `modifiers`) on the focused element of `session`'s page."""
    await send_keys(session, press_events(key, modifiers))
