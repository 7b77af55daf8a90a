"""Every system's sample documents and GM Screen pages, opened in a main window.

Shared by the tests that check something on every page of every system (the wheel,
the layout at laptop sizes): a system added to the built-ins gets its editor and its GM
Screen page checked by listing its samples here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

from seforge.core.resources import resource_path
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow

SWORDS_EDGE_SAMPLES = ("sarah-x", "the-rogue")
"""Book PCs opened from the Sword's Edge library (not files of their own)."""


def sample_files() -> dict[str, list[Path]]:
    """The sample files of the other systems, by system id."""
    systems = Path(str(resource_path("systems")))
    return {
        "twod20": sorted((systems / "twod20").glob("*.s2d20")),
        "blades": sorted((systems / "blades").glob("*.blades")),
        "sword-of-life": sorted((systems / "sword_of_life" / "library").glob("*.sol")),
    }


@dataclass(frozen=True)
class Sample:
    system: str
    name: str


def samples() -> list[Sample]:
    found = [Sample("swords-edge", name) for name in SWORDS_EDGE_SAMPLES]
    for system, paths in sample_files().items():
        found += [Sample(system, path.name) for path in paths]
    return found


def open_sample(window: MainWindow, sample: Sample) -> QWidget:
    """Open ``sample`` in ``window`` and return its editor widget."""
    if sample.system == "swords-edge":
        from seforge.systems.swords_edge.library import load_pc

        se_part(window).open_book_character(load_pc(sample.name))
    else:
        path = next(p for p in sample_files()[sample.system] if p.name == sample.name)
        assert window.open_paths([path]) == 1, sample
    QApplication.processEvents()
    editor = window.current_editor()
    assert isinstance(editor, QWidget), sample
    return editor


def gm_screen_systems(window: MainWindow) -> list[str]:
    return window.gm_screen_dock.system_ids()


def tab_pages(root: QWidget) -> Iterator[tuple[str, QWidget]]:
    """Each tab of every tab widget under ``root`` made current in turn (nested tabs
    too), with a name for it; ``root`` itself first."""
    yield "", root
    for tabs in root.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            QApplication.processEvents()
            page = tabs.widget(index)
            yield tabs.tabText(index).replace("&", ""), page
