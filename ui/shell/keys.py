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


def _keys_text(action: QAction) -> str:
    texts = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in action.shortcuts()]
    return " or ".join(t for t in texts if t)


def _plain(text: str) -> str:
    """A menu text without its mnemonic marker and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()
