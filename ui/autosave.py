"""Crash protection: modified documents are copied to the data folder every few
seconds, and offered back on the next start if SEForge did not exit cleanly.

Layout under ``<data dir>/autosave``: ``<uuid>.sechar`` (the character) and
``<uuid>.json`` (original path and title), plus ``session.lock`` while a session
runs. A clean exit removes the lock and every autosave.

The lock is a :class:`QLockFile`: created atomically, naming its holder's process,
and taken over only when that process is gone. Only the session that holds it
offers leftovers back, so a second instance never offers (or deletes) the live
autosaves of the first. An autosave that cannot be read is set aside as
``<name>.corrupt-<stamp>`` rather than stopping the start.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, QTimer

from seforge.core.bounded_read import FileReadError, read_bounded
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    atomic_write_bytes,
    load_character,
    save_character,
)
from seforge.systems.swords_edge.models import Character
from ui.shell.settings import data_dir, set_aside
from ui.systems.swords_edge.document import CharacterDocument

DEFAULT_INTERVAL_MS = 5000
LOCK_NAME = "session.lock"
MAX_SIDECAR_BYTES = 64 * 1024
UNREADABLE_LOCK_SECONDS = 60.0
"""A lock file that names no process (cut short by a crash) is taken over once it
is this old; a younger one may be a lock being written right now."""


def autosave_dir() -> Path:
    return data_dir() / "autosave"


@dataclass
class Recovered:
    """One leftover autosave: the character and where it came from."""

    character: Character
    original_path: Path | None
    title: str
    files: tuple[Path, ...]


class SessionLock:
    """The session marker of one running SEForge, taken atomically."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._lock = QLockFile(str(self.path))
        self._lock.setStaleLockTime(0)  # stale only when its process is gone

    def acquire(self) -> bool:
        """Take the lock; False when another live session holds it. Raises OSError
        when the folder cannot be written."""
        if self._lock.tryLock(0):
            return True
        if self._lock.error() == QLockFile.LockError.LockFailedError:
            if self._unreadable_and_old():
                self._lock.removeStaleLockFile()
                return bool(self._lock.tryLock(0))
            return False
        raise PermissionError(13, "cannot create the session lock", str(self.path))

    def _unreadable_and_old(self) -> bool:
        info = self._lock.getLockInfo()
        if isinstance(info, tuple) and info and info[0]:
            return False
        try:
            age = time.time() - self.path.stat().st_mtime
        except OSError:
            return False
        return age > UNREADABLE_LOCK_SECONDS

    def held(self) -> bool:
        return bool(self._lock.isLocked())

    def release(self) -> None:
        if self._lock.isLocked():
            self._lock.unlock()


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
        first = lock.read_text(encoding="utf-8").split("\n", 1)[0]
        pid = int(first.strip() or 0)
    except (OSError, ValueError):
        return False
    return pid != os.getpid() and _pid_alive(pid)


def leftover_autosaves(folder: Path | None = None,
                       set_aside_files: list[Path] | None = None) -> list[Recovered]:
    """Autosaves a previous session left behind. One that cannot be read is renamed
    to ``<name>.corrupt-<stamp>`` (listed in ``set_aside_files``) and skipped."""
    base = folder or autosave_dir()
    found: list[Recovered] = []
    if not base.is_dir():
        return found
    for path in sorted(base.glob("*.sechar")):
        sidecar = path.with_suffix(".json")
        try:
            character = load_character(path)
        except OSError:
            continue  # cannot be read just now: left alone
        except (CharacterFileError, ValueError, RecursionError):
            with contextlib.suppress(OSError):
                aside = set_aside(path)
                if set_aside_files is not None:
                    set_aside_files.append(aside)
                if sidecar.exists():
                    set_aside(sidecar)
            continue
        meta: dict[str, object] = {}
        with contextlib.suppress(FileReadError, ValueError, RecursionError):
            loaded = json.loads(read_bounded(sidecar, MAX_SIDECAR_BYTES).decode("utf-8"))
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
            with contextlib.suppress(OSError):  # gone, or a folder we cannot write
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
        self.lock = SessionLock(self.folder)
        self.owns_session = False
        """True when this session holds the lock (and so may recover leftovers)."""
        self.disabled_reason = ""
        """Why autosave is off ("" while it works)."""

    def start(self) -> None:
        """Take the session lock and start the timer. When the folder cannot be
        written, autosave stays off and ``disabled_reason`` says why."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.owns_session = self.lock.acquire()
        except OSError as exc:
            self.disabled_reason = (
                f"Autosave is off: the folder {self.folder} cannot be written "
                f"({exc.strerror or exc}).")
            return
        self.timer.start()

    def stop(self, clean: bool = True) -> None:
        """Stop; on a clean exit remove this session's autosaves and its lock."""
        self.timer.stop()
        if clean:
            for document in self._documents():
                self.forget(document)
            self.lock.release()

    def paths_for(self, document: CharacterDocument) -> tuple[Path, Path]:
        stem = self.folder / document.autosave_id
        return stem.with_suffix(".sechar"), stem.with_suffix(".json")

    def save_all(self) -> int:
        """Write each modified document that changed since its last autosave;
        returns how many were written."""
        written = 0
        if self.disabled_reason:
            return written
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
            with contextlib.suppress(OSError):  # gone, or a folder we cannot write
                path.unlink()
