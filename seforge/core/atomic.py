"""Atomic file writes: a crash leaves the old file or the new one, never half.

Kept apart from the file formats (and pydantic) so the app can save its
preferences without loading the models.

* The data goes to ``.{name}.seforge-XXXXXXXX.tmp`` beside the target (a name no
  other program writes, see :data:`TEMP_MARKER`), is flushed to disk,
  then replaces the target; the folder is then flushed too (where the platform
  allows), so a power cut cannot lose the rename.
* Saving through a symlink writes the file the link points to; the link stays.
* A target that is not an ordinary file (a device such as ``/dev/full``, a FIFO,
  a folder) is refused with :class:`NotRegularFileError`; nothing is replaced.
* A read-only target (no write permission bits, e.g. mode 0444, or not writable by
  this user) is refused with
  :class:`ReadOnlyFileError` unless the caller passes ``overwrite_read_only=True``
  (after asking the user); the new file then stays read-only like the old one.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import time
from pathlib import Path

from seforge.core.bounded_read import file_kind

__all__ = [
    "TEMP_MARKER",
    "NotRegularFileError",
    "ReadOnlyFileError",
    "atomic_write_bytes",
    "is_own_temp_file",
    "remove_stale_temp_files",
    "write_target",
]


class ReadOnlyFileError(PermissionError):
    """The target is read-only; save again with ``overwrite_read_only=True`` to
    replace it anyway. ``strerror`` is a message for the user."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EACCES, "the file is read-only", os.fspath(path))


class NotRegularFileError(OSError):
    """The target exists but is not an ordinary file (device, FIFO, folder...)."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(
            errno.EINVAL, f"is {kind}, not an ordinary file; nothing was written",
            os.fspath(path),
        )


def write_target(path: str | os.PathLike[str]) -> Path:
    """The file a save to ``path`` really writes: through symlinks, to their target."""
    return Path(os.path.realpath(os.fspath(path)))


def atomic_write_bytes(
    path: str | os.PathLike[str], payload: bytes, *, overwrite_read_only: bool = False
) -> None:
    """Write ``payload`` to ``path`` so that a crash leaves the old file or the new
    one, never a half-written file. See the module's notes for symlinks, devices
    and read-only files."""
    target = write_target(path)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    read_only = False
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFileError(path, file_kind(st.st_mode))
        # No write bit at all (0444: root could write it, but the user said no), or
        # not writable by us (another user's file in a shared folder).
        read_only = not st.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or (
            not os.access(target, os.W_OK)
        )
        if read_only and not overwrite_read_only:
            raise ReadOnlyFileError(path)
        mode = stat.S_IMODE(st.st_mode) & 0o777
    else:
        mode = _default_mode()
    directory = target.parent
    import tempfile  # only when writing: reading a document starts without it (seforge check)

    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.{TEMP_MARKER}", suffix=".tmp",
                                    dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        if read_only and os.name == "nt":  # Windows will not replace a read-only file
            os.chmod(target, stat.S_IWRITE | stat.S_IREAD)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    """Flush the folder entry of a rename to disk (POSIX; a no-op elsewhere)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _default_mode() -> int:
    """The mode a plainly created file gets (0o666 less the umask), not mkstemp's 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


STALE_TEMP_SECONDS = 600.0
"""How old a stray temporary file must be before the next start removes it: long
enough that no save still in progress (ours or another instance's) is touched."""

TEMP_MARKER = "seforge-"
"""What every temporary file of :func:`atomic_write_bytes` has before its random part:
``.{name}.seforge-XXXXXXXX.tmp``. Other programs' ``.{name}.XXXXXXXX.tmp`` files
(``.budget.20240101.tmp``) do not have it, so the clean-up never takes them."""

_TEMP_NAME = re.compile(r"^\..+\." + re.escape(TEMP_MARKER) + r"[a-z0-9_]{8}\.tmp$")


def is_own_temp_file(name: str, info: os.stat_result) -> bool:
    """True when the folder entry ``name`` (``lstat`` gives ``info``) is a temporary
    file :func:`atomic_write_bytes` wrote: our marked name, an ordinary file (never a
    link or a folder) and owned by this user where the system has owners (another
    user's file in a shared folder is never ours)."""
    if not _TEMP_NAME.match(name) or not stat.S_ISREG(info.st_mode):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def remove_stale_temp_files(
    folder: str | os.PathLike[str],
    min_age: float = STALE_TEMP_SECONDS,
    now: float | None = None,
) -> list[Path]:
    """Remove the temporary files :func:`atomic_write_bytes` left in ``folder`` when a
    save was killed, if older than ``min_age`` seconds.

    Only files :func:`is_own_temp_file` recognises are touched (never another
    program's, a symlink, a folder or a younger file); a folder that cannot be listed
    is skipped. Returns the files removed.
    """
    current = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not is_own_temp_file(entry.name, info) or current - info.st_mtime < min_age:
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed
