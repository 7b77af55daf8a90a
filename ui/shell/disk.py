"""What a file on disk looked like when we last read or wrote it, for every document
owner: a change made by another program is noticed without reading the file each time."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from seforge.core.file_identity import same_file as core_same_file


@dataclass(frozen=True)
class DiskStamp:
    """What a file looked like when we last read or wrote it."""

    mtime_ns: int
    size: int
    digest: str
    inode: int = 0
    """A replaced file (an atomic save) is a new inode even within one clock tick."""

    @classmethod
    def of(cls, path: Path) -> DiskStamp | None:
        """The file's stamp, or None when it cannot be read (gone, a folder...)."""
        try:
            info = os.stat(path)
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read(64 * 1024 * 1024)).hexdigest()
        except OSError:
            return None
        return cls(info.st_mtime_ns, info.st_size, digest, info.st_ino)

    def same_content(self, other: DiskStamp | None) -> bool:
        return other is not None and other.size == self.size and other.digest == self.digest

    def still_matches(self, path: Path) -> bool:
        """Whether ``path`` still holds this content: an unchanged time, size and inode
        is enough (no read); otherwise the content decides (a mere touch is no change).
        A file that cannot be read (gone for now) counts as unchanged."""
        try:
            info = os.stat(path)
        except OSError:
            return True
        if (info.st_mtime_ns, info.st_size, info.st_ino) == (
                self.mtime_ns, self.size, self.inode):
            return True
        now = DiskStamp.of(path)
        return now is None or self.same_content(now)


def changed_on_disk(stamp: DiskStamp | None, path: Path | None) -> bool:
    """Whether another program changed ``path`` since ``stamp`` was taken (False when
    there is no file or no stamp yet)."""
    if path is None or stamp is None:
        return False
    return not stamp.still_matches(path)


def same_file(a: Path | None, b: Path | None) -> bool:
    """One file, by device and inode (a hard link or a symlink is the same file)."""
    return core_same_file(a, b)
