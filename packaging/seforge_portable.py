"""Portable mode for the frozen app: keep preferences and autosaves beside it.

If a folder named ``SEForge-data`` sits beside the executable (on macOS: beside
``SEForge.app``), SEForge stores its configuration in ``SEForge-data/config`` and
its data (autosaves) in ``SEForge-data/data`` instead of the per-user folders
``platformdirs`` picks. It works by setting ``SEFORGE_CONFIG_DIR`` and
``SEFORGE_DATA_DIR`` (which ``ui.shell.settings`` honours) before the app starts; a
variable the user already set wins. Only frozen builds look for the folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PORTABLE_DIR = "SEForge-data"


def portable_root(executable: str | None = None, frozen: bool | None = None) -> Path | None:
    """The ``SEForge-data`` folder beside the frozen executable, or None."""
    if not (getattr(sys, "frozen", False) if frozen is None else frozen):
        return None
    base = Path(executable or sys.executable).resolve().parent
    bundle = base.parent.parent
    if base.name == "MacOS" and base.parent.name == "Contents" and bundle.suffix == ".app":
        base = bundle.parent  # SEForge.app/Contents/MacOS -> beside the .app
    candidate = base / PORTABLE_DIR
    return candidate if candidate.is_dir() else None


def apply_portable_mode(executable: str | None = None, frozen: bool | None = None) -> Path | None:
    """Point SEFORGE_CONFIG_DIR / SEFORGE_DATA_DIR into the portable folder if there is one."""
    root = portable_root(executable, frozen)
    if root is not None:
        os.environ.setdefault("SEFORGE_CONFIG_DIR", str(root / "config"))
        os.environ.setdefault("SEFORGE_DATA_DIR", str(root / "data"))
    return root
