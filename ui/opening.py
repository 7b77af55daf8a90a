"""Opening files handed to the window: dropped on it, given on the command line,
passed on by a second launch or by the system (macOS FileOpen).

Characters open as builder tabs; an NC opens in the GM's Table opponent editor; a
campaign opens in the GM's Table party view. Which kind a file is comes from its
suffix (``seforge.desktop.DOCUMENT_TYPES``); anything else is tried as a
character, whose loader explains in one line what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QObject, QTimer
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QTextEdit, QWidget

from seforge.desktop import is_document_name

if TYPE_CHECKING:
    from ui.main_window import MainWindow

NC_SUFFIX = ".senc"
CAMPAIGN_SUFFIX = ".secampaign"


def dropped_paths(mime: QMimeData | None) -> list[Path]:
    """The local files in a drag whose names are SEForge documents."""
    if mime is None or not mime.hasUrls():
        return []
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return [p for p in paths if is_document_name(p.name)]


def open_one(window: MainWindow, path: Path) -> bool:
    """Open ``path`` where its kind belongs; False when it could not be opened (the
    user has been told why)."""
    suffix = path.suffix.lower()
    if suffix in (NC_SUFFIX, CAMPAIGN_SUFFIX):
        table = window.show_gm_table()
        if table is None:
            return False
        if suffix == NC_SUFFIX:
            opened = table.opponents.open_path(path)
            if opened:
                table.tabs.setCurrentWidget(table.opponents)
        else:
            opened = table.party.open_path(path)
            if opened:
                table.tabs.setCurrentWidget(table.party)
        return bool(opened)
    return window.open_path(path) is not None


def open_all(window: MainWindow, paths: Iterable[Path]) -> int:
    """Open each path; returns how many opened."""
    return sum(1 for path in paths if open_one(window, path))


class DocumentDropFilter(QObject):
    """Installed on text fields: a SEForge document dragged onto one opens in the
    window (Qt's text fields would otherwise take the drop and insert the path);
    any other drag, text included, reaches the field as usual."""

    DRAG_EVENTS = (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def watch(self, root: QWidget) -> None:
        for field in root.findChildren(QLineEdit) + root.findChildren(QTextEdit) \
                + root.findChildren(QPlainTextEdit):
            if field.acceptDrops():
                field.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in self.DRAG_EVENTS or not isinstance(event, QDropEvent):
            return False
        paths = dropped_paths(event.mimeData())
        if not paths:
            return False
        event.acceptProposedAction()
        if event.type() == QEvent.Type.Drop:
            QTimer.singleShot(0, lambda: open_all(self.window, paths))
        return True
