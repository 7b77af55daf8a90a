"""Questions the window asks about files, in one place."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox, QWidget


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


class _ShownBoxes(QObject):
    """Hands each message box to ``ready`` as it is shown, before Qt sizes and paints it
    (an application event filter: the static QMessageBox functions build their box out
    of reach)."""

    def __init__(self, ready: Callable[[QMessageBox], None]) -> None:
        super().__init__()
        self._ready = ready

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and isinstance(watched, QMessageBox):
            self._ready(watched)
        return False


@contextmanager
def boxes_readied(ready: Callable[[QMessageBox], None]) -> Iterator[None]:
    """While inside, every message box shown is first handed to ``ready``."""
    app = QApplication.instance()
    shown = _ShownBoxes(ready)
    if app is not None:
        app.installEventFilter(shown)
    try:
        yield
    finally:
        if app is not None:
            app.removeEventFilter(shown)


TITLE_BAR_ROOM = 7
"""What a window manager's title bar takes beside the title (its icon and its buttons),
in lines of the box's font: openbox's icon and three buttons take about six."""


def full_title(box: QWidget) -> str:
    """The title a window manager shows: Qt adds " — " and the application's name."""
    title = box.windowTitle()
    name = QGuiApplication.applicationDisplayName()
    return f"{title} — {name}" if name and name not in title else title


def title_width(box: QWidget) -> int:
    """The width ``box`` needs to show its whole title in its title bar (in bold, as
    most window managers draw it)."""
    font = QFont(box.font())
    font.setBold(True)
    metrics = QFontMetrics(font)
    return metrics.horizontalAdvance(full_title(box)) + TITLE_BAR_ROOM * metrics.height()


def fit_title(box: QMessageBox) -> None:
    """Widen ``box`` to show its whole title: Qt sizes a message box by its text, and a
    short text cut the title bar's "Cannot open character" to "Cannot o…"."""
    buttons = box.findChild(QDialogButtonBox)
    layout = box.layout()
    if buttons is None or layout is None:
        return
    margins = layout.contentsMargins()
    buttons.setMinimumWidth(title_width(box) - margins.left() - margins.right())


def cannot_open(parent: QWidget, title: str, text: str) -> None:
    """The error box of a file that cannot be opened, wide enough for its title."""
    with boxes_readied(fit_title):
        QMessageBox.critical(parent, title, text)
