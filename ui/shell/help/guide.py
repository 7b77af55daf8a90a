"""The user guide's pages: the Markdown of ``docs/user-guide/``, shipped as package data.

One source: the pages are written in ``docs/user-guide/`` (where a forge shows them) and
``python -m seforge.docgen`` copies them to ``resources/guide/``, which a checkout, a wheel and
the PyInstaller bundle all read through :func:`seforge.core.resources.resource_path` (a test
fails when the copy differs). The window renders them with Qt's Markdown support.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from seforge.core.resources import resource_path

PAGE_FILES: tuple[tuple[str, str], ...] = (
    ("start", "getting-started.md"),
    ("swords-edge", "swords-edge.md"),
    ("2d20", "2d20.md"),
    ("blades", "blades.md"),
    ("sword-of-life", "sword-of-life.md"),
    ("formats", "files.md"),
)
"""Each page's key (for ``help:KEY`` links and :meth:`HelpWindow.show_page`) and its file, in
the order the window lists them."""

ALIASES: dict[str, str] = {
    "build": "swords-edge",
    "play": "swords-edge",
    "gm": "swords-edge",
    "print": "swords-edge",
    "twod20": "2d20",
    "sol": "sword-of-life",
}
"""Older page keys and short names, and the page that now holds them."""


@dataclass(frozen=True)
class GuidePage:
    key: str
    file: str
    """The page's file name in ``docs/user-guide/`` (and ``resources/guide/``)."""
    title: str
    """The page's first heading."""
    markdown: str
    """The whole page as written."""


def _title(markdown: str, fallback: str) -> str:
    for line in markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def load_page(key: str, file: str) -> GuidePage:
    """Read one page (a missing file gives a page that says so, not a crash)."""
    try:
        text = resource_path("guide", file).read_text(encoding="utf-8")
    except OSError:
        text = f"# {file}\n\nThis page of the guide is missing from this installation.\n"
    return GuidePage(key, file, _title(text, file), text)


@cache
def pages() -> tuple[GuidePage, ...]:
    return tuple(load_page(key, file) for key, file in PAGE_FILES)


def page(key: str) -> GuidePage:
    """The page ``key`` (an alias such as ``"play"`` gives the page that holds it)."""
    key = ALIASES.get(key, key)
    for item in pages():
        if item.key == key:
            return item
    raise KeyError(key)


def key_for_link(href: str) -> str | None:
    """The page a link inside the guide points to (``blades.md``, ``./files.md#limits``,
    ``help:formats``), or None for a link that leaves the guide."""
    if href.startswith("help:"):
        return ALIASES.get(href[5:], href[5:])
    name = href.partition("#")[0].removeprefix("./")
    for key, file in PAGE_FILES:
        if name == file:
            return key
    return None
