"""The scene's pairings never scroll sideways at 1024x768: with the whole party in the
scene and opponents of every kind paired, each PC's panel reflows (its NC rows and its
buttons wrap) into the width the pairings have beside the opponents and the log. At the
table, under X11, a Troll's state ("Average (TN 12), 0 of 3 Stress") beside its
controls and the row of six PC buttons made the panel wider than the view by about 20
pixels, once the vertical scroll bar took its width."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QStyle
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.play.session import start_session
from tests.ui.helpers import laptop_window, se_part, settle
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

PARTY = ("jyrell", "kyle-devos", "tella-of-jost", "crag")
OPPONENTS = (("goblin", 2), ("troll", 1), ("desert-acolytes-leader", 1))


def _table_scene(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                 made: list[MainWindow], size: tuple[int, int]) -> SceneTracker:
    """The GM's Table on a ``size`` screen, its scene holding the party, each PC facing
    one opponent, and the Scene page in front."""
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    for pc_id in PARTY:
        character = library.load_pc(pc_id)
        start_session(character, luck=2)
        path = tmp_path / f"{pc_id}.sechar"
        save_character(character, path)
        window.open_path(path)
    part = se_part(window)
    table = part.show_gm_table()
    assert table is not None
    tracker = table.scene
    tracker.autosave = False
    menu = tracker.pc_menu  # Add PCs › All 4 above
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.text() == f"All {len(PARTY)} above").trigger()
    ncs = [nc for name, count in OPPONENTS
           for nc in tracker.add_nc(library.load_nc(name), count)]
    for entry, nc in zip(tracker.scene.pcs, ncs, strict=False):
        assert tracker.pair(entry.id, [nc])
    table.tabs.setCurrentWidget(tracker)
    settle()
    qtbot.waitUntil(lambda: all(p.isVisible() for p in tracker.panels.values()))
    settle()
    return tracker


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_the_pairings_never_scroll_sideways(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        made: list[MainWindow], size: tuple[int, int]) -> None:
    tracker = _table_scene(qtbot, monkeypatch, tmp_path, made, size)
    scroll = tracker.pcs_scroll
    assert len(tracker.panels) == len(PARTY)
    # The party is taller than the view: the vertical bar is there and takes its width
    # (the style's own extent), which is what the panels must fit beside.
    bar = scroll.verticalScrollBar()
    assert bar.isVisible()
    extent = scroll.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, bar)
    room = scroll.width() - 2 * scroll.frameWidth() - extent
    assert scroll.viewport().width() == room
    widest = max(tracker.panels.values(), key=lambda p: p.minimumSizeHint().width())
    assert tracker.pcs_host.minimumSizeHint().width() <= room, (
        widest.title(), widest.minimumSizeHint().width(), room)
    assert scroll.horizontalScrollBar().maximum() == 0


def test_a_pc_panel_reflows_into_half_of_a_small_screen(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        made: list[MainWindow]) -> None:
    """Not only at the splitter's first place: the GM may give the log more room. A
    panel's least width is its widest single piece (a button, a long word), not a row of
    them side by side."""
    tracker = _table_scene(qtbot, monkeypatch, tmp_path, made, (1024, 768))
    for panel in tracker.panels.values():
        assert panel.minimumSizeHint().width() <= 400, panel.title()
