"""One way to reach the files under ``resources/``.

Works from a checkout, an installed wheel (``resources`` is installed as a package
with its data) and a PyInstaller bundle (the spec collects the package's data, and
``sys._MEIPASS`` is tried first).
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def resource_root() -> Path:
    """The folder that holds ``library/``, ``fonts/`` and ``icons/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen is not None:
        candidate = Path(frozen) / "resources"
        if candidate.is_dir():
            return candidate
    import resources  # the data package beside seforge/

    return Path(resources.__file__).resolve().parent


def resource_path(*parts: str) -> Path:
    """The path of a resource file, e.g. ``resource_path("fonts", "DejaVuSans.ttf")``."""
    return resource_root().joinpath(*parts)
