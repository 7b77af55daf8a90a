"""SEForge core: rules, models, file format, odds, sheets and the CLI.

This package never imports Qt; the ``ui`` package builds on it.
"""

import sys
from types import ModuleType

__version__ = "0.1.0"


def _no_pydantic_plugins() -> None:
    """SEForge runs no pydantic plugins (as ``PYDANTIC_DISABLE_PLUGINS=__all__`` would
    have it): validating a file is the same whatever else is installed. pydantic's plugin
    lookup imports :mod:`importlib.metadata` (and ``email``, ``zipfile``, ``csv``) before
    it reads that setting, about 30 ms of every ``seforge check``, ``export`` and
    ``import`` and of the window's first file: its module is stood in for by one that
    finds no plugins. pydantic asks it only for ``get_plugins`` (a test checks that
    validation still works and that the lookup is not imported)."""
    name = "pydantic.plugin._loader"
    if name in sys.modules:
        return
    loader = ModuleType(name, "No pydantic plugins in SEForge (seforge/__init__.py).")
    setattr(loader, "get_plugins", lambda: ())  # noqa: B010 (a module's attribute)
    sys.modules[name] = loader


_no_pydantic_plugins()
