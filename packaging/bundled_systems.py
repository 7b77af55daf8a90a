"""What the bundle collects from the system registry (issue 25).

Every distribution that declares a ``seforge.systems`` or ``seforge.ui_systems`` entry point
is a registered game system: the PyInstaller spec collects the package holding each entry
point's module with its submodules and data files, and the distribution's metadata (its
``*.dist-info``, so that ``importlib.metadata.entry_points`` finds the systems inside the
bundle too). Nothing here names a system: the four built-ins register in SEForge's own
``pyproject.toml`` exactly as an outside plug-in does in its own.

Plain Python (no PyInstaller, no Qt): the spec, ``packaging/build.py`` and the tests use it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points

CORE_GROUP = "seforge.systems"
"""The entry-point group of a system's core part (Qt-free): bundled in both programs."""
UI_GROUP = "seforge.ui_systems"
"""The entry-point group of a system's UI part (PySide6): bundled in the GUI program only."""
GROUPS = (CORE_GROUP, UI_GROUP)


@dataclass(frozen=True)
class RegisteredPart:
    """One entry point of a registered system."""

    group: str
    name: str
    """The system id."""
    module: str
    """The module the entry point's target lives in."""
    distribution: str
    """The name of the distribution that declares it (``seforge`` for the built-ins)."""

    @property
    def package(self) -> str:
        """The package to collect: the module itself when it is a package, else the package
        holding it (``seforge.systems.<name>.system`` gives ``seforge.systems.<name>``,
        ``dice_pool.system`` gives ``dice_pool``); a top-level module is its own."""
        return package_of(self.module)


def package_of(module: str) -> str:
    parent, _, _name = module.rpartition(".")
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations is not None:
        return module  # a package
    return parent or module


def registered_parts(groups: Sequence[str] = GROUPS) -> list[RegisteredPart]:
    """Every installed entry point of ``groups``, sorted by group and system id."""
    parts: list[RegisteredPart] = []
    for group in groups:
        for entry in entry_points(group=group):
            dist = entry.dist
            parts.append(RegisteredPart(
                group=group, name=entry.name, module=entry.value.partition(":")[0].strip(),
                distribution=dist.name if dist is not None else ""))
    return sorted(parts, key=lambda p: (groups.index(p.group), p.name))


def packages(parts: Iterable[RegisteredPart]) -> list[str]:
    """The packages of ``parts``, each once, sorted."""
    return sorted({part.package for part in parts})


def distributions(parts: Iterable[RegisteredPart]) -> list[str]:
    """The distributions that declare ``parts``, each once, sorted."""
    return sorted({part.distribution for part in parts if part.distribution})


if __name__ == "__main__":  # ``python packaging/bundled_systems.py``: what a build would collect
    for part in registered_parts():
        print(f"{part.group:<20} {part.name:<16} {part.package:<28} ({part.distribution})")
