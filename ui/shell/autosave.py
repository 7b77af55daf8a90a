"""Crash protection: modified documents are copied to the data folder every few
seconds, and offered back on the next start if SEForge did not exit cleanly.

Layout under ``<data dir>/autosave``: ``<uuid><suffix>`` (the document, in its own
format: ``.sechar`` for a Sword's Edge character) and ``<uuid>.json`` (original path, title
and the stamp of the original file as the document last read or wrote it), plus
``session.lock`` while a session runs. A clean exit removes the lock and
every autosave. A leftover is read back by the system whose suffix it has (its
``open_editor``); one with a suffix no registered system reads is left alone.

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
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from seforge.core.atomic import atomic_write_bytes
from seforge.core.bounded_read import FileReadError, read_bounded
from seforge.core.documents import DocumentFileError
from ui.shell.disk import DiskStamp
from ui.shell.document_api import DocumentEditor, OpenDocument
from ui.shell.settings import data_dir, set_aside

DEFAULT_INTERVAL_MS = 5000
LOCK_NAME = "session.lock"
MAX_SIDECAR_BYTES = 64 * 1024
UNREADABLE_LOCK_SECONDS = 60.0
"""A lock file that names no process (cut short by a crash) is taken over once it
is this old; a younger one may be a lock being written right now."""


GM_SCREEN_PROPERTY = "seforge_gm_screen"
"""The Qt property naming the system whose GM Screen page holds a document: its autosave
is offered back on that page rather than in a tab."""


def autosave_dir() -> Path:
    return data_dir() / "autosave"


Loader = Callable[[Path], DocumentEditor | None]
"""Reads one autosave into an editor (None: no system reads this suffix); raises
DocumentFileError or ValueError for a damaged file."""


def stamp_data(stamp: DiskStamp | None) -> dict[str, object] | None:
    """A file stamp as JSON data for the sidecar (None: no file was read or written)."""
    if stamp is None:
        return None
    return {"mtime_ns": stamp.mtime_ns, "size": stamp.size, "digest": stamp.digest,
            "inode": stamp.inode}


def stamp_from(data: object) -> DiskStamp | None:
    """The stamp a sidecar kept (None when it kept none or a damaged one)."""
    if not isinstance(data, dict):
        return None
    mtime, size, digest, inode = (data.get(k) for k in ("mtime_ns", "size", "digest", "inode"))
    if not (isinstance(mtime, int) and isinstance(size, int) and isinstance(digest, str)
            and isinstance(inode, int)) or isinstance(mtime, bool) or isinstance(size, bool):
        return None
    return DiskStamp(mtime, size, digest, inode)


UNKNOWN_STAMP = DiskStamp(mtime_ns=-1, size=-1, digest="", inode=-1)
"""A stamp no file matches."""


@dataclass
class Recovered:
    """One leftover autosave: an editor holding it, and where it came from."""

    editor: DocumentEditor
    original_path: Path | None
    title: str
    files: tuple[Path, ...]
    gm_screen: str = ""
    """The system whose GM Screen page held the document ("" for a tab's)."""
    title_follows_name: bool = False
    """The title was the document's own name or a placeholder ("Untitled 2"): the restored
    document's title follows its name again."""
    disk_stamp: DiskStamp | None = None
    """The original file as the document knew it when the autosave was written: a change
    another program made to it before or after the crash is still noticed and asked
    about. None when the sidecar has none (a document never saved, an older autosave);
    see :meth:`restored_stamp`."""

    def restored_stamp(self) -> DiskStamp | None:
        """The stamp the restored document starts from: the one kept, else (an original
        file but no stamp kept) one that matches no file, so whatever is at the path is
        asked about before Save overwrites it."""
        if self.disk_stamp is not None or self.original_path is None:
            return self.disk_stamp
        return UNKNOWN_STAMP


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


def _autosave_files(base: Path) -> list[Path]:
    """The document copies in ``base`` (not the sidecars, the lock or files set aside)."""
    found = []
    for path in sorted(base.iterdir()):
        name = path.name
        if (path.suffix.lower() == ".json" or name.startswith(LOCK_NAME) or ".corrupt-" in name
                or not path.suffix or not path.is_file()):
            continue
        found.append(path)
    return found


def leftover_autosaves(folder: Path | None, set_aside_files: list[Path] | None,
                       load: Loader) -> list[Recovered]:
    """Autosaves a previous session left behind, each read into an editor by ``load``.
    One that cannot be read is renamed to ``<name>.corrupt-<stamp>`` (listed in
    ``set_aside_files``) and skipped."""
    base = folder or autosave_dir()
    found: list[Recovered] = []
    if not base.is_dir():
        return found
    for path in _autosave_files(base):
        sidecar = path.with_suffix(".json")
        try:
            editor = load(path)
        except OSError:
            continue  # cannot be read just now: left alone
        except (DocumentFileError, ValueError, RecursionError):
            with contextlib.suppress(OSError):
                aside = set_aside(path)
                if set_aside_files is not None:
                    set_aside_files.append(aside)
                if sidecar.exists():
                    set_aside(sidecar)
            continue
        if editor is None:
            continue  # a system that is not here now: left for a later start
        meta: dict[str, object] = {}
        with contextlib.suppress(FileReadError, ValueError, RecursionError):
            loaded = json.loads(read_bounded(sidecar, MAX_SIDECAR_BYTES).decode("utf-8"))
            if isinstance(loaded, dict):
                meta = loaded
        original = meta.get("original_path")
        title = meta.get("title")
        gm_screen = meta.get("gm_screen")
        found.append(Recovered(
            editor=editor,
            original_path=Path(original) if isinstance(original, str) and original else None,
            title=title if isinstance(title, str) else "",
            files=(path, sidecar),
            gm_screen=gm_screen if isinstance(gm_screen, str) else "",
            title_follows_name=meta.get("title_follows_name") is True,
            disk_stamp=stamp_from(meta.get("disk_stamp")),
        ))
    return found


def autosave_problem(document: Any, exc: OSError) -> str:
    """One line: which document could not be autosaved, and why."""
    try:
        title = str(document.title())
    except Exception:  # a message must never fail
        title = "A document"
    return f"“{title}” could not be autosaved ({exc.strerror or exc})"


def discard(recovered: list[Recovered]) -> None:
    for item in recovered:
        for path in item.files:
            with contextlib.suppress(OSError):  # gone, or a folder we cannot write
                path.unlink()


class Autosaver(QObject):
    """Writes modified documents every ``interval_ms``; ``documents`` lists them."""

    failure_changed = Signal(str)
    """Why the last round of autosaves failed (one line), or "" once they work again. A
    failed document is tried again every round."""

    def __init__(
        self,
        documents: Callable[[], list[Any]],
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
        self.failure = ""
        """Why the last round failed ("" when it did not): see ``failure_changed``."""

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

    def paths_for(self, document: OpenDocument) -> tuple[Path, Path]:
        stem = self.folder / document.autosave_id
        return stem.with_suffix(document.autosave_suffix), stem.with_suffix(".json")

    def save_all(self) -> int:
        """Write each modified document that changed since its last autosave;
        returns how many were written."""
        written = 0
        if self.disabled_reason:
            return written
        problems: list[str] = []
        for document in self._documents():
            if not document.is_modified():
                if document.autosave_id in self._written:  # undone back to the file
                    self.forget(document)  # (else a crash offered it back as unsaved)
                continue
            stamp = document.revision
            if self._written.get(document.autosave_id) == stamp:
                continue
            try:
                self.write(document)
            except OSError as exc:  # a full or read-only data folder: tried next round
                problems.append(autosave_problem(document, exc))
                continue
            self._written[document.autosave_id] = stamp
            written += 1
        self._set_failure(problems[0] + (f" (and {len(problems) - 1} more)"
                                         if len(problems) > 1 else "") if problems else "")
        return written

    def _set_failure(self, problem: str) -> None:
        if problem != self.failure:
            self.failure = problem
            self.failure_changed.emit(problem)

    def write(self, document: OpenDocument) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        copy, sidecar = self.paths_for(document)
        document.write_copy(copy)
        meta = {
            "original_path": str(document.path) if document.path else None,
            "title": document.title(),
            "title_follows_name": document.title_follows_name(),
            "disk_stamp": stamp_data(document.disk_stamp),
        }
        place = document.property(GM_SCREEN_PROPERTY) if isinstance(document, QObject) else None
        if isinstance(place, str) and place:
            meta["gm_screen"] = place
        atomic_write_bytes(sidecar, json.dumps(meta, ensure_ascii=False).encode("utf-8"))

    def forget(self, document: OpenDocument) -> None:
        """Remove a document's autosave (after a save or a clean close)."""
        self._written.pop(document.autosave_id, None)
        for path in self.paths_for(document):
            with contextlib.suppress(OSError):  # gone, or a folder we cannot write
                path.unlink()
