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


def mnemonic(text: str) -> str | None:
    """The letter Alt (or the letter alone, in an open menu) gives ``text``: the one after
    a single ``&`` ("&File": "f"), None when it has none."""
    plain = text.replace("&&", "")
    at = plain.find("&")
    return plain[at + 1].casefold() if 0 <= at < len(plain) - 1 else None


def unmarked(text: str) -> str:
    """``text`` without its Alt-key mark (``&``), a written ampersand (``&&``) kept."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&&")


def with_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` marked with the first of its letters that is not in ``taken`` (as is when
    it has its mark already, or when every letter is taken)."""
    if mnemonic(text) is not None:
        return text
    for at, char in enumerate(text):
        if char.isalnum() and char.casefold() not in taken:
            return f"{text[:at]}&{text[at:]}"
    return text


def give_mnemonics(menu: QMenu) -> None:
    """Every command of ``menu`` that can be picked gets a letter no other command of the
    menu has, so each can be picked by its letter once the menu is open: one with no
    letter (a dock's show/hide, a system's entry) or with a letter an earlier command has
    (two systems' entries) takes the first free letter of its text. Run each time the menu
    is about to show: a dock's title change writes its action's text anew."""
    actions = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
    taken: set[str] = set()
    for action in actions:
        key = mnemonic(action.text())
        if key is not None and key not in taken:
            taken.add(key)
            continue
        if not action.isEnabled():  # nothing to pick ("No recent files")
            continue
        text = with_mnemonic(unmarked(action.text()), taken)
        if text != action.text():
            action.setText(text)
        taken.add(mnemonic(text) or "")


def keep_mnemonics(menu_bar: QMenuBar) -> None:
    """:func:`give_mnemonics` to each menu of ``menu_bar`` and their submenus, whenever
    one is about to show."""

    def watch(menu: QMenu) -> None:
        menu.aboutToShow.connect(lambda: give_mnemonics(menu))
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                watch(sub)

    for action in menu_bar.actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            watch(menu)
