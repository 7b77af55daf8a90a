"""SEForge core: rules, models, file format, odds, sheets and the CLI.

This package never imports Qt; the ``ui`` package builds on it.
"""

import sys
from importlib.machinery import ModuleSpec
from types import ModuleType

__version__ = "0.1.0"


class _NoPydanticPlugins:
    """SEForge runs no pydantic plugins (as ``PYDANTIC_DISABLE_PLUGINS=__all__`` would
    have it): validating a file is the same whatever else is installed. pydantic's plugin
    lookup imports :mod:`importlib.metadata` (and ``email``, ``zipfile``, ``csv``) before
    it reads that setting, about 30 ms of every ``seforge check``, ``export`` and
    ``import`` and of the window's first file. This import finder, first in line, gives
    pydantic a lookup module that finds no plugins when pydantic first asks for it, and
    then leaves the line (pydantic asks it only for ``get_plugins``; a test checks that
    validation still works without the lookup). Until then it finds nothing, so a process
    that never validates (``seforge odds``) has no trace of it but the finder."""

    NAME = "pydantic.plugin._loader"

    @classmethod
    def find_spec(cls, name: str, *_args: object) -> ModuleSpec | None:
        if name != cls.NAME:
            return None
        sys.meta_path.remove(cls)
        return ModuleSpec(name, cls, origin="seforge (no pydantic plugins)")  # type: ignore[arg-type]

    @staticmethod
    def create_module(_spec: ModuleSpec) -> None:
        return None  # a plain module

    @staticmethod
    def exec_module(module: ModuleType) -> None:
        setattr(module, "get_plugins", lambda: ())  # noqa: B010 (a module's attribute)


if _NoPydanticPlugins.NAME not in sys.modules and _NoPydanticPlugins not in sys.meta_path:
    sys.meta_path.insert(0, _NoPydanticPlugins)
