"""Spare the first frame PySide's reading of every module's source.

Once PySide6 is loaded, each module an import statement names for the first time is
read from disk and searched for the word "PySide6" (PySide's ``__feature__`` hook, which
lets a module opt in to features such as snake_case names). SEForge opts in to no
feature, so that reading is wasted: about 3 ms of a launch's first frame, and more while
the systems load. :func:`skip_source_scans` gives the hook its answer beforehand, "no
feature", for the modules loaded so far and for each module imported after it. A PySide
that keeps its table elsewhere is left as it is: it reads the sources as before.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from importlib.machinery import ModuleSpec
from types import ModuleType

NO_FEATURE = 0
"""The hook's mark for a module that selected no feature (what it finds for ours)."""


class _NoFeature:
    """A finder that finds nothing: it marks the module about to be imported as one
    with no feature, and lets the usual finders import it."""

    def __init__(self, table: dict[str, int]) -> None:
        self.table = table

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        self.table.setdefault(fullname, NO_FEATURE)
        return None


def feature_table() -> dict[str, int] | None:
    """PySide's table of each module's features, or None (another PySide)."""
    # (through importlib: an import statement would have the hook read PySide6's source)
    import_module("PySide6")  # shiboken installs the hook and its table
    table = getattr(sys.modules.get("shibokensupport.feature"), "pyside_feature_dict", None)
    return table if isinstance(table, dict) else None


def skip_source_scans() -> bool:
    """Mark every module loaded so far, and each one imported later, as selecting no
    feature. True when PySide's table was found (once is enough; again does nothing)."""
    table = feature_table()
    if table is None:
        return False
    if not any(isinstance(finder, _NoFeature) for finder in sys.meta_path):
        for name in list(sys.modules):
            table.setdefault(name, NO_FEATURE)
        sys.meta_path.insert(0, _NoFeature(table))
    return True
