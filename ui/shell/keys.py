"""Keyboard shortcuts: the platform's standard key sequences, without duplicates,
and the list of every shortcut for Help › Keyboard Shortcuts."""

from __future__ import annotations

import sys

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar

KeySpec = QKeySequence | QKeySequence.StandardKey


def unique_keys(*specs: KeySpec) -> list[QKeySequence]:
    """The key sequences of ``specs`` (a standard key gives the platform's bindings),
    each once and in order: one action holding the same keys twice makes Qt report an
    ambiguous shortcut and do nothing."""
    found: list[QKeySequence] = []
    for spec in specs:
        sequences = (QKeySequence.keyBindings(spec) if isinstance(spec, QKeySequence.StandardKey)
                     else [spec])
        for sequence in sequences:
            if not sequence.isEmpty() and sequence not in found:
                found.append(sequence)
    return found


def redo_keys() -> list[QKeySequence]:
    """The platform's Redo keys (Ctrl+Y on Windows, Ctrl+Shift+Z on Linux, ⇧⌘Z on
    macOS); outside macOS both Ctrl+Y and Ctrl+Shift+Z, as most editors accept."""
    extra = [] if sys.platform == "darwin" else [QKeySequence("Ctrl+Shift+Z"),
                                                  QKeySequence("Ctrl+Y")]
    return unique_keys(QKeySequence.StandardKey.Redo, *extra)


def shortcut_rows(menu_bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every menu command that has a shortcut, in menu order.

    The keys are in the platform's notation (⌘ on macOS), several joined by " or ".
    """
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} › {_plain(sub.title())}")
                continue
            keys = _keys_text(action)
            if keys and not action.isSeparator():
                rows.append((path, _plain(action.text()), keys))

    for action in menu_bar.actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            walk(menu, _plain(menu.title()))
    return rows


LAST_KEYBOARD_KEY = 0x01000060
"""``Qt.Key.Key_Direction_R``, as a number (naming it would build PySide's enums of the
whole ``Qt`` namespace before the first frame; a test compares them). Keys after this
one (Redo, Zoom In, Back, Copy...) are the dedicated buttons of some keyboards and
remote controls: the standard shortcuts include them, but they are no keys to type, and
the shortcuts list names only keys to type."""


def typable(sequence: QKeySequence) -> bool:
    """True for a sequence of keys every keyboard has (letters, digits, F-keys, arrows,
    Escape... with modifiers), false for one with a dedicated key such as Redo."""
    return not sequence.isEmpty() and all(
        combination.key().value <= LAST_KEYBOARD_KEY
        for combination in (sequence[i] for i in range(sequence.count()))  # type: ignore[index]
    )


def keys_text(sequences: list[QKeySequence]) -> str:
    """``sequences`` as shown to a user: the typable ones, in the platform's notation,
    joined by " or "."""
    texts = [s.toString(QKeySequence.SequenceFormat.NativeText)
             for s in sequences if typable(s)]
    return " or ".join(t for t in texts if t)


def _keys_text(action: QAction) -> str:
    return keys_text(action.shortcuts())


def _plain(text: str) -> str:
    """A menu text without its mnemonic marker and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()
