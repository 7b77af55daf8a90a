"""A busy indicator while the window reads a large file: the wait cursor and a line in
the status bar, painted before the work starts (the work blocks the event loop)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QApplication, QStatusBar

BUSY_BYTES = 1024 * 1024
"""A file at least this large shows the busy indicator while it opens (a file at the
16 MB limit takes about a second and a half)."""


def large(path: Path) -> bool:
    """Whether ``path`` is large enough to show that it is being read."""
    try:
        return os.stat(path).st_size >= BUSY_BYTES
    except OSError:
        return False


@contextlib.contextmanager
def busy_opening(path: Path, status: QStatusBar | None) -> Iterator[None]:
    """Show, around the block, that ``path`` is being read when it is large."""
    if not large(path):
        yield
        return
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    if status is not None:
        status.showMessage(f"Opening {path.name}…")
    # paint the cursor and the line now: the reading blocks the event loop
    QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()
        if status is not None:
            status.clearMessage()
