"""The installed entry points of a group, read straight from the distributions' metadata.

Game systems declare themselves as entry points (``seforge.systems`` for the core part,
``seforge.ui_systems`` for the UI part). Listing them must stay cheap, because every verb of
the command line does it: :func:`entry_points` reads the ``entry_points.txt`` of each
``*.dist-info`` (and ``*.egg-info``) folder on ``sys.path`` with a few ``os.scandir`` calls,
without importing :mod:`importlib.metadata` (about 20 ms on its own) or any package. As
with :mod:`importlib.metadata`, the first distribution of a name on ``sys.path`` wins, and
within a group the first entry point of a name wins.
"""

from __future__ import annotations

import importlib
import os
import sys

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

METADATA_SUFFIXES = (".dist-info", ".egg-info")


class EntryPoint:
    """One entry point: its ``name``, its ``value`` (``"module:attribute"``) and the
    distribution that declares it."""

    __slots__ = ("distribution", "group", "name", "value")

    def __init__(self, name: str, value: str, group: str, distribution: str = "") -> None:
        self.name = name
        self.value = value
        self.group = group
        self.distribution = distribution

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        """Import the module and return the attribute the value names (or the module)."""
        module_name, _, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module_name.strip())
        for part in attribute.split("[")[0].strip().split(".") if attribute else ():
            found = getattr(found, part)
        return found

    def __repr__(self) -> str:
        return f"EntryPoint({self.name!r}, {self.value!r}, {self.group!r})"


def _distribution_name(folder: str) -> str:
    """``seforge_dice_pool-0.1.dist-info`` -> ``seforge-dice-pool`` (normalised)."""
    stem = folder.rsplit(".", 1)[0]
    name = stem.split("-", 1)[0]
    return name.replace("_", "-").replace(".", "-").lower()


def parse(text: str, group: str, distribution: str = "") -> list[EntryPoint]:
    """The entry points of ``group`` in the text of an ``entry_points.txt``."""
    found: list[EntryPoint] = []
    current = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            continue
        if current != group or "=" not in line:
            continue
        name, _, value = line.partition("=")
        found.append(EntryPoint(name.strip(), value.strip(), group, distribution))
    return found


def _metadata_folders(path: Iterable[str]) -> Iterable[tuple[str, str]]:
    for entry in path:
        folder = entry or "."
        try:
            with os.scandir(folder) as listing:
                names = sorted(d.name for d in listing if d.name.endswith(METADATA_SUFFIXES))
        except OSError:  # a zip on sys.path, a folder that went away
            continue
        for name in names:
            yield name, os.path.join(folder, name)


def entry_points(group: str, path: Iterable[str] | None = None) -> list[EntryPoint]:
    """Every installed entry point of ``group``, in ``sys.path`` order (or ``path``'s)."""
    seen_distributions: set[str] = set()
    seen_names: set[str] = set()
    found: list[EntryPoint] = []
    for name, folder in _metadata_folders(sys.path if path is None else path):
        distribution = _distribution_name(name)
        if distribution in seen_distributions:
            continue
        try:
            with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as file:
                text = file.read(1_000_000)
        except (OSError, UnicodeDecodeError):
            # a left-over metadata folder without entry points (an old build's egg-info
            # in a checkout) does not hide the installed distribution's
            continue
        seen_distributions.add(distribution)
        for point in parse(text, group, distribution):
            if point.name not in seen_names:
                seen_names.add(point.name)
                found.append(point)
    return found
