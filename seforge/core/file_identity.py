"""Which file a path names: by device and inode, not by spelling.

Two paths are one file when they name the same device and inode: through a symlink,
a hard link, a bind mount or a case-insensitive folder alike, so an open file has one
owner however it was reached. A path that cannot be looked at (missing, a symlink loop,
a zero byte in the name, no permission) falls back to its resolved spelling, and
nothing here ever raises.
"""

from __future__ import annotations

import os

__all__ = ["file_key", "resolved_text", "same_file"]


def file_key(path: str | os.PathLike[str]) -> tuple[int, int] | str:
    """``(device, inode)`` of the file at ``path``; its normalised absolute spelling
    when it cannot be looked at."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return os.path.normcase(resolved_text(path))
    if info.st_ino == 0:  # a file system without inode numbers
        return os.path.normcase(resolved_text(path))
    return (info.st_dev, info.st_ino)


def same_file(a: str | os.PathLike[str] | None, b: str | os.PathLike[str] | None) -> bool:
    """True when ``a`` and ``b`` name one file (see the module's notes)."""
    if a is None or b is None:
        return False
    return file_key(a) == file_key(b)


def resolved_text(path: str | os.PathLike[str]) -> str:
    """``path`` absolute, through its symlinks where they resolve; never raises (a
    symlink loop or a zero byte in the name gives the absolute spelling)."""
    text = os.fspath(path)
    try:
        return os.path.realpath(text)
    except (OSError, ValueError, RuntimeError):  # a loop, a zero byte...
        return os.path.abspath(text)
