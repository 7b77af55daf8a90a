"""Questions the window asks about files, in one place."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QMessageBox, QWidget


def ask_choice(parent: QWidget, title: str, text: str, choices: Sequence[str],
               default: int = 0) -> str | None:
    """Ask with one button per choice (the last one is Cancel/Escape); returns the
    chosen text, None when the box was closed."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(text)
    buttons = []
    for index, choice in enumerate(choices):
        role = (QMessageBox.ButtonRole.RejectRole if index == len(choices) - 1
                else QMessageBox.ButtonRole.AcceptRole)
        buttons.append(box.addButton(choice, role))
    box.setDefaultButton(buttons[default])
    box.setEscapeButton(buttons[-1])
    box.exec()
    clicked = box.clickedButton()
    for choice, button in zip(choices, buttons, strict=True):
        if clicked is button:
            return choice
    return None


def ask_restore(parent: QWidget, titles: list[str]) -> bool:
    """Ask whether to restore autosaved documents; True for Restore."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle("Restore unsaved work?")
    names = "\n".join(f"• {t}" for t in titles)
    box.setText("SEForge did not close properly last time. These documents had unsaved "
                f"changes:\n\n{names}\n\nRestore them?")
    restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(restore)
    box.exec()
    return box.clickedButton() is restore
