"""Crash protection: modified documents are copied to the data folder every few
seconds, and offered back on the next start if SEForge did not exit cleanly.

Layout under ``<data dir>/autosave``: ``<uuid>.sechar`` (the character) and
``<uuid>.json`` (original path and title), plus ``session.lock`` while a session
runs. A clean exit removes the lock and every autosave.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from seforge.fileformat import (
    CharacterFileError,
    atomic_write_bytes,
    load_character,
    save_character,
)
from seforge.models import Character
from ui.document import CharacterDocument
from ui.settings import data_dir

DEFAULT_INTERVAL_MS = 5000
LOCK_NAME = "session.lock"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


@dataclass
class Recovered:
    """One leftover autosave: the character and where it came from."""

    character: Character
    original_path: Path | None
    title: str
    files: tuple[Path, ...]


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def other_session_running(folder: Path | None = None) -> bool:
    """True when another live process holds the session lock."""
    lock = (folder or autosave_dir()) / LOCK_NAME
    try:
        pid = int(lock.read_text(encoding="utf-8").strip() or 0)
    except (OSError, ValueError):
        return False
    return pid != os.getpid() and _pid_alive(pid)


def leftover_autosaves(folder: Path | None = None) -> list[Recovered]:
    """Autosaves a previous session left behind (unreadable ones are skipped)."""
    base = folder or autosave_dir()
    found: list[Recovered] = []
    if not base.is_dir():
        return found
    for path in sorted(base.glob("*.sechar")):
        sidecar = path.with_suffix(".json")
        try:
            character = load_character(path)
        except CharacterFileError:
            continue
        meta: dict[str, object] = {}
        with contextlib.suppress(OSError, ValueError):
            loaded = json.loads(sidecar.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                meta = loaded
        original = meta.get("original_path")
        title = meta.get("title")
        found.append(Recovered(
            character=character,
            original_path=Path(original) if isinstance(original, str) and original else None,
            title=title if isinstance(title, str) else "",
            files=(path, sidecar),
        ))
    return found


def discard(recovered: list[Recovered]) -> None:
    for item in recovered:
        for path in item.files:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


class Autosaver(QObject):
    """Writes modified documents every ``interval_ms``; ``documents`` lists them."""

    def __init__(
        self,
        documents: Callable[[], list[CharacterDocument]],
        interval_ms: int = DEFAULT_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._documents = documents
        self.folder = autosave_dir()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.save_all)
        self._written: dict[str, int] = {}

    def start(self) -> None:
        """Write the session marker and start the timer."""
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(self.folder / LOCK_NAME, str(os.getpid()).encode("ascii"))
        self.timer.start()

    def stop(self, clean: bool = True) -> None:
        """Stop; on a clean exit remove every autosave and the session marker."""
        self.timer.stop()
        if clean:
            for document in self._documents():
                self.forget(document)
            with contextlib.suppress(FileNotFoundError):
                (self.folder / LOCK_NAME).unlink()

    def paths_for(self, document: CharacterDocument) -> tuple[Path, Path]:
        stem = self.folder / document.autosave_id
        return stem.with_suffix(".sechar"), stem.with_suffix(".json")

    def save_all(self) -> int:
        """Write each modified document that changed since its last autosave;
        returns how many were written."""
        written = 0
        for document in self._documents():
            if not document.is_modified():
                continue
            stamp = document.revision
            if self._written.get(document.autosave_id) == stamp:
                continue
            try:
                self.write(document)
            except OSError:
                continue
            self._written[document.autosave_id] = stamp
            written += 1
        return written

    def write(self, document: CharacterDocument) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        character_path, sidecar = self.paths_for(document)
        save_character(document.character, character_path)
        meta = {
            "original_path": str(document.path) if document.path else None,
            "title": document.title(),
        }
        atomic_write_bytes(sidecar, json.dumps(meta, ensure_ascii=False).encode("utf-8"))

    def forget(self, document: CharacterDocument) -> None:
        """Remove a document's autosave (after a save or a clean close)."""
        self._written.pop(document.autosave_id, None)
        for path in self.paths_for(document):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
