"""Opening files handed to the window: dropped on it, given on the command line,
passed on by a second launch or by the system (macOS FileOpen).

Which system a file belongs to comes from its suffix (each system UI's ``suffixes``),
else from the ``format`` written in it (:func:`seforge.core.documents.peek_format`
against each system's ``format_ids``). A system's window part may open the file in a
place of its own (Sword's Edge: an NC or a campaign on the GM's Table); else it opens in
a tab of the system's editor. A file no system claims is tried by the first system,
whose loader explains in one line what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, QTimer
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QTextEdit, QWidget

from ui.shell.system_uis import registered_suffixes

if TYPE_CHECKING:
    from ui.shell.window_api import FileHost


def dropped_paths(mime: QMimeData | None, suffixes: Iterable[str] | None = None) -> list[Path]:
    """The local files in a drag whose names end with one of ``suffixes`` (default:
    every registered system's)."""
    if mime is None or not mime.hasUrls():
        return []
    wanted = tuple(s.lower() for s in (registered_suffixes() if suffixes is None else suffixes))
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if wanted and p.name.lower().endswith(wanted)]


def open_one(window: FileHost, path: Path) -> bool:
    """Open ``path`` where its kind belongs; False when it could not be opened (the
    user has been told why)."""
    return window.controller.open_file(path)


def open_all(window: FileHost, paths: Iterable[Path]) -> int:
    """Open each path; returns how many opened."""
    return sum(1 for path in paths if open_one(window, path))


class DocumentDropFilter(QObject):
    """Installed on text fields: a SEForge document dragged onto one opens in the
    window (Qt's text fields would otherwise take the drop and insert the path);
    any other drag, text included, reaches the field as usual."""

    DRAG_EVENTS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)

    def __init__(self, window: FileHost) -> None:
        super().__init__(window.window())
        self.window = window

    def watch(self, root: QWidget) -> None:
        for field in root.findChildren(QLineEdit) + root.findChildren(QTextEdit) \
                + root.findChildren(QPlainTextEdit):
            if field.acceptDrops():
                field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in self.DRAG_EVENTS or not isinstance(event, QDropEvent):
            return False
        paths = dropped_paths(event.mimeData(), self.window.controller.suffixes())
        if not paths:
            return False
        event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            QTimer.singleShot(0, lambda: open_all(self.window, paths))
        return True
