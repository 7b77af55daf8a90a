"""Unsaved work of every kind, asked about once: Save All, Discard or Cancel.

Quit (and anything that would drop several documents) lists every unsaved
character, opponent and campaign in ONE question, as office applications do, rather
than one question per tab. Replacing a single piece of GM work (a new opponent over
an unsaved one, a new campaign over an unsaved one) asks with :func:`ask_to_replace`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QMessageBox, QWidget

from ui.shell.dialogs import boxes_readied

_Button = QMessageBox.StandardButton

LETTERED: dict[QMessageBox.StandardButton, str] = {
    _Button.Save: "&Save",
    _Button.SaveAll: "Save &All",
    _Button.Discard: "&Discard",
    _Button.Cancel: "&Cancel",
}
"""The save question's buttons with an Alt letter each, none twice in one box (Qt's own
have none); Cancel also answers Escape."""


@dataclass(frozen=True)
class UnsavedWork:
    """One document with unsaved changes and how to save it (True when written)."""

    kind: str
    """"character", "opponent", "campaign"."""
    title: str
    save: Callable[[], bool]


def unsaved_text(items: Sequence[UnsavedWork], doing: str) -> str:
    """The question's text: every unsaved document, one per line."""
    lines = "\n".join(f"• {item.title} ({item.kind})" for item in items)
    if len(items) == 1:
        head = "This has changes that are not saved:"
        tail = f"Save it before {doing}?"
    else:
        head = f"These {len(items)} documents have changes that are not saved:"
        tail = f"Save them all before {doing}?"
    return f"{head}\n\n{lines}\n\n{tail}"


def letter_buttons(box: QMessageBox) -> None:
    """Give the save question's buttons their Alt letters (:data:`LETTERED`)."""
    for button in box.buttons():
        text = LETTERED.get(box.standardButton(button))
        if text is not None:
            button.setText(text)


def ask_save(parent: QWidget, title: str, text: str, buttons: QMessageBox.StandardButton,
             default: QMessageBox.StandardButton) -> QMessageBox.StandardButton:
    """``QMessageBox.question`` with an Alt letter on each of its buttons: "Save changes?"
    of a document being closed, of the window being closed, of work being replaced."""
    with boxes_readied(letter_buttons):
        return QMessageBox.question(parent, title, text, buttons, default)


def ask_save_all(parent: QWidget, items: Sequence[UnsavedWork], doing: str = "quitting") -> bool:
    """Ask once about every unsaved document; True when it is fine to go on
    (everything saved, or the user chose Discard). A failed or cancelled save
    stops and returns False, so nothing is lost."""
    if not items:
        return True
    save_button = (QMessageBox.StandardButton.Save if len(items) == 1
                   else QMessageBox.StandardButton.SaveAll)
    answer = ask_save(
        parent, "Save changes?", unsaved_text(items, doing),
        save_button | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        save_button)
    if answer == save_button:
        return all(item.save() for item in items)
    return answer == QMessageBox.StandardButton.Discard


def ask_to_replace(parent: QWidget, item: UnsavedWork, doing: str) -> bool:
    """Before ``doing`` replaces ``item``: Save / Discard / Cancel; True to go on."""
    return ask_save_all(parent, [item], doing)
