"""Atomic file writes: a crash leaves the old file or the new one, never half.

Kept apart from the file formats (and pydantic) so the app can save its
preferences without loading the models.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: str | os.PathLike[str], payload: bytes) -> None:
    """Write ``payload`` to ``path`` so that a crash leaves the old file or the new
    one, never a half-written file."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    mode = target.stat().st_mode & 0o777 if target.exists() else _default_mode()
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def _default_mode() -> int:
    """The mode a plainly created file gets (0o666 less the umask), not mkstemp's 0o600."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
