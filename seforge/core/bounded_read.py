"""Reading a file with a size limit, refusing anything that is not an ordinary file.

Every kind of file SEForge reads (character, NC, campaign, scene, autosave,
portrait image) goes through :func:`read_bounded`. A device (``/dev/zero``), a
FIFO or a socket is refused by its type, directly or through a symlink, before
anything is read: the size a file claims (``st_size``) is never trusted, at most
``limit + 1`` bytes are read, and the file is opened without blocking so a FIFO
that appears between the check and the open cannot hang the caller.

Kept free of pydantic and Qt so the app can read images and preferences with it.
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["FileReadError", "file_kind", "read_bounded", "size_text"]

_CHUNK = 1024 * 1024


class FileReadError(Exception):
    """A file that cannot be read; ``str()`` is one line naming the file."""

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(f"{source}: {problem}")


def size_text(limit: int) -> str:
    """``10 MB`` for 10 MiB: the limits are whole mebibytes, said the usual way."""
    mib = limit / (1024 * 1024)
    return f"{mib:g} MB" if mib >= 1 else f"{limit // 1024} KB"


def file_kind(mode: int) -> str:
    """What a non-regular file is, in plain words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not an ordinary file"


def _refuse_non_regular(source: str, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise FileReadError(source, "is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise FileReadError(
            source, f"is {file_kind(mode)}, not an ordinary file; SEForge reads only files"
        )


def _oserror_text(exc: OSError) -> str:
    if exc.errno == errno.ENOENT:
        return "no such file"
    if exc.errno == errno.ELOOP:
        return "cannot be read (a symlink that points to itself)"
    return f"cannot be read ({exc.strerror or exc})"


def read_bounded(
    path: str | os.PathLike[str], limit: int, *, source: str | None = None
) -> bytes:
    """The bytes of ``path``, at most ``limit`` of them.

    Raises :class:`FileReadError` (one line, starting with ``source`` or the file's
    name) for a missing file, a folder, a device, FIFO or socket (also through a
    symlink), an unreadable file, or a file larger than ``limit``.
    """
    text = os.fspath(path)
    name = source or os.path.basename(text.rstrip("/\\")) or text
    if "\0" in text:  # the system cannot take such a name (Python: "embedded null byte")
        raise FileReadError(name.replace("\0", "\\0"),
                            "is not a valid file name (it holds a zero byte)")
    try:
        mode = os.stat(text).st_mode  # follows symlinks: a link to a device is a device
    except OSError as exc:
        raise FileReadError(name, _oserror_text(exc)) from None
    _refuse_non_regular(name, mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(text, flags)
    except OSError as exc:
        raise FileReadError(name, _oserror_text(exc)) from None
    try:
        # The file may have been swapped for a FIFO or device since the stat.
        _refuse_non_regular(name, os.fstat(fd).st_mode)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileReadError(name, _oserror_text(exc)) from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileReadError(
            name, f"is larger than {size_text(limit)}, too large for SEForge to read"
        )
    return b"".join(chunks)
