"""Where the GM's Table's file dialogs open: the folder last used for that kind of
file, else the folder of the files of that kind the campaign already holds, else the
documents folder (never the bare home folder when a documents folder exists)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QStandardPaths

_last_used: dict[str, Path] = {}
"""The folder a dialog for each kind of file ("characters", "opponents") last chose
from, for the rest of the session."""


def documents_folder() -> Path:
    """The user's documents folder (the home folder when there is none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(found) if found else Path.home()
    return folder if folder.is_dir() else Path.home()


def start_folder(kind: str, known: Iterable[Path] = ()) -> str:
    """The folder to open a dialog for ``kind`` in: the last one used, else the folder
    of the first of ``known`` (files of that kind already in use) that exists, else
    :func:`documents_folder`."""
    last = _last_used.get(kind)
    if last is not None and last.is_dir():
        return str(last)
    for path in known:
        if path.parent.is_dir():
            return str(path.parent)
    return str(documents_folder())


def remember(kind: str, chosen: Sequence[str | Path]) -> None:
    """Note the folder the user just chose ``kind`` files from."""
    if chosen:
        _last_used[kind] = Path(chosen[0]).parent
