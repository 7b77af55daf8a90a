"""Files the system asks the app to open (macOS Finder: a double click or a drop on the
Dock icon arrives as a FileOpen event, not as an argument)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

from ui.shell.window_api import FileHost


class FileOpenFilter(QObject):
    """Files the system asks the app to open (macOS Finder: a double click or a
    drop on the Dock icon arrives as a FileOpen event, not as an argument)."""

    def __init__(self, window: FileHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            name = event.file()
            if name:
                self.window.open_paths([Path(name)])
                return True
        return super().eventFilter(watched, event)
