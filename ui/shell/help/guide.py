"""The user guide's pages: a General section, then one section per installed game system.

One source: the pages are written in ``docs/user-guide/`` (where a forge shows them) and
``python -m seforge.docgen`` copies them to ``resources/guide/``, which a checkout, a wheel and
the PyInstaller bundle all read through :func:`seforge.core.resources.resource_path` (a test
fails when the copy differs). The window renders them with Qt's Markdown support.

The shell names no game. The General pages are the program's own (:data:`GENERAL_FILES`). A
system brings its pages by name: ``<system id>.md`` (its main page) and
``<system id>.<topic>.md`` (more pages, in name order) in the guide; a system installed as its
own package puts them in a ``guide/`` folder beside its UI module instead. A system with no
page gets a short one saying what it makes.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

from seforge.core.resources import resource_path

GENERAL = "General"
"""The title of the section of the program's own pages."""

GENERAL_FILES: tuple[tuple[str, str], ...] = (
    ("start", "getting-started.md"),
    ("formats", "files.md"),
)
"""The General pages' keys (for ``help:KEY`` links) and files, in the order listed."""


class GuideSystem(Protocol):
    """What the guide needs of an installed system (its UI part)."""

    @property
    def system_id(self) -> str: ...

    @property
    def title(self) -> str: ...


@dataclass(frozen=True)
class GuidePage:
    key: str
    """``help:KEY`` names it: a General page's key, or the file's name without ``.md``
    (a system's main page: its id)."""
    file: str
    """The page's file name in ``docs/user-guide/`` (and ``resources/guide/``)."""
    title: str
    """The page's first heading."""
    markdown: str
    """The whole page as written."""
    section: str = GENERAL
    """The section that lists it: General or its system's title."""


@dataclass(frozen=True)
class GuideSection:
    title: str
    pages: tuple[GuidePage, ...]
    system_id: str = ""
    """The system whose pages these are (empty for General)."""


def _title(markdown: str, fallback: str) -> str:
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def _read(path: Path | importlib.resources.abc.Traversable, name: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return f"# {name}\n\nThis page of the guide is missing from this installation.\n"


def load_page(key: str, file: str, section: str = GENERAL) -> GuidePage:
    """Read one page of the guide (a missing file gives a page that says so, not a crash)."""
    text = _read(resource_path("guide", file), file)
    return GuidePage(key, file, _title(text, file), text, section)


def _system_files(system_id: str) -> list[str]:
    """The guide's own pages of a system: ``<id>.md``, then ``<id>.<topic>.md``."""
    folder = resource_path("guide")
    main = [f"{system_id}.md"] if (folder / f"{system_id}.md").is_file() else []
    more = sorted(p.name for p in folder.glob(f"{system_id}.*.md"))
    return main + more


def _package_pages(system: GuideSystem, section: str) -> list[GuidePage]:
    """The pages in a ``guide/`` folder beside the system UI's module (an installed
    system's own package), in name order."""
    package = type(system).__module__.rpartition(".")[0]
    if not package:
        return []
    try:
        folder = importlib.resources.files(package) / "guide"
        files = sorted((f for f in folder.iterdir() if f.name.endswith(".md")),
                       key=lambda f: f.name)
    except (ModuleNotFoundError, OSError, TypeError):
        return []
    found = []
    for entry in files:
        stem = entry.name.removesuffix(".md")
        key = system.system_id if stem == system.system_id else f"{system.system_id}.{stem}"
        text = _read(entry, entry.name)
        found.append(GuidePage(key, entry.name, _title(text, stem), text, section))
    return found


def _placeholder(system: GuideSystem) -> GuidePage:
    text = (f"# {system.title}\n\nThis game system brings no pages of its own to the guide. "
            "Its documents are on the start page and under **File › New**; its tables and "
            "calculators are on the **GM Screen**.\n")
    return GuidePage(system.system_id, "", system.title, text, system.title)


def system_section(system: GuideSystem) -> GuideSection:
    """The section of one installed system: its own pages, or a short placeholder."""
    files = _system_files(system.system_id)
    found = [load_page(file.removesuffix(".md"), file, system.title) for file in files]
    if not found:
        found = _package_pages(system, system.title)
    return GuideSection(system.title, tuple(found or [_placeholder(system)]),
                        system.system_id)


@cache
def general_section() -> GuideSection:
    return GuideSection(GENERAL, tuple(load_page(key, file) for key, file in GENERAL_FILES))


def sections(systems: Iterable[GuideSystem]) -> tuple[GuideSection, ...]:
    """General, then one section per system, in the order given (the app's)."""
    return (general_section(), *(system_section(system) for system in systems))


def installed_systems() -> list[GuideSystem]:
    """The app's installed systems (their UI parts), in the app's order."""
    from ui.shell.system_uis import loaded_systems

    return list(loaded_systems())


def all_pages(found: Sequence[GuideSection]) -> tuple[GuidePage, ...]:
    return tuple(page for section in found for page in section.pages)


def pages() -> tuple[GuidePage, ...]:
    """Every page of the guide for the installed systems, in the order listed."""
    return all_pages(sections(installed_systems()))


def find_page(found: Sequence[GuidePage], key: str) -> GuidePage:
    """The page ``key`` among ``found`` (KeyError when there is none)."""
    for item in found:
        if item.key == key:
            return item
    raise KeyError(key)


def page(key: str) -> GuidePage:
    """The page ``key`` of the installed systems' guide."""
    return find_page(pages(), key)


def key_for_link(href: str, found: Sequence[GuidePage] = ()) -> str | None:
    """The page a link inside the guide points to (``game.md``, ``./files.md#limits``,
    ``help:formats``), or None for a link that leaves the guide."""
    if href.startswith("help:"):
        return href[5:]
    if "://" in href or href.startswith("mailto:"):
        return None
    name = href.partition("#")[0].removeprefix("./")
    for key, file in GENERAL_FILES:
        if name == file:
            return key
    for item in found:
        if item.file and name == item.file:
            return item.key
    return None
