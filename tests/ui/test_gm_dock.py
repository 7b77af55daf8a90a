"""The GM dock's placement survives a restart (QMainWindow.saveState/restoreState),
and the Reference tab filters and pops out tables."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from seforge.systems.swords_edge.reference import TABLES
from ui.systems.swords_edge.gm import GMDock


def _window(qtbot: object) -> tuple[QMainWindow, GMDock]:
    window = QMainWindow()
    window.setCentralWidget(QWidget())
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    dock = GMDock(lambda: [], parent=window)
    return window, dock


def test_dock_identity(qtbot: object) -> None:
    _, dock = _window(qtbot)
    assert dock.objectName() == "gm_screen"
    assert dock.windowTitle() == "GM Screen"
    features = dock.features()
    for feature in (QDockWidget.DockWidgetFeature.DockWidgetFloatable,
                    QDockWidget.DockWidgetFeature.DockWidgetMovable,
                    QDockWidget.DockWidgetFeature.DockWidgetClosable):
        assert features & feature
    titles = [dock.tabs.tabText(i).replace("&", "") for i in range(dock.tabs.count())]
    assert titles == ["Reference", "Test calculator", "SFX", "Recovery"]


def test_placement_survives_restart(qtbot: object) -> None:
    first, dock = _window(qtbot)
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    first.resize(900, 700)
    first.show()
    state = first.saveState()
    second, dock2 = _window(qtbot)
    second.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock2)
    second.resize(900, 700)
    second.show()
    assert second.dockWidgetArea(dock2) == Qt.DockWidgetArea.RightDockWidgetArea
    assert second.restoreState(state)
    assert second.dockWidgetArea(dock2) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert not dock2.isFloating()


def test_floating_survives_restart(qtbot: object) -> None:
    first, dock = _window(qtbot)
    first.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    first.show()
    dock.setFloating(True)
    assert dock.isFloating()
    state = first.saveState()
    second, dock2 = _window(qtbot)
    second.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock2)
    second.show()
    assert second.restoreState(state)
    assert dock2.isFloating()


def test_reference_search_filters_live(qtbot: object) -> None:
    window, dock = _window(qtbot)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.show()
    ref = dock.reference
    assert ref.visible_tables() == [t.id for t in TABLES]
    QTest.keyClicks(ref.search, "undefended")
    visible = ref.visible_tables()
    assert "test" in visible and "ranks" not in visible
    assert ref.sections["test"].model.rowCount() < len(ref.sections["test"].table.rows)
    ref.search.clear()
    assert ref.visible_tables() == [t.id for t in TABLES]
    QTest.keyClicks(ref.search, "zzzz nothing")
    assert ref.visible_tables() == []
    assert not ref.empty.isHidden()


def test_reference_numbers_shown(qtbot: object) -> None:
    _win, dock = _window(qtbot)
    model = dock.reference.sections["ranks"].model
    cells = [model.data(model.index(r, 2)) for r in range(model.rowCount())]
    assert cells == ["3", "5", "8", "12", "17", "23", "31", "40", "51"]


def test_every_reference_table_shows_its_source(qtbot: object) -> None:
    _win, dock = _window(qtbot)
    for table in TABLES:
        section = dock.reference.sections[table.id]
        assert table.source is not None, table.id
        # the reader sees the book's section (and page), the file and lines in the tooltip
        assert section.source.text() == f"Source: {table.source.label}"
        assert table.source.section in section.source.text()
        assert "swords-edge-rules.txt" not in section.source.text()
        assert section.source.toolTip() == table.source.text
        assert "swords-edge-rules.txt" in section.source.toolTip()
    assert dock.reference.sections["levels"].source.text() == (
        "Source: Levels of Success (p. 30)")


def test_show_large(qtbot: object) -> None:
    window, dock = _window(qtbot)
    window.show()
    section = dock.reference.sections["sfx"]
    QTest.mouseClick(section.large_button, Qt.MouseButton.LeftButton)
    assert section.windows
    big = section.windows[-1]
    assert big.isVisible()
    assert big.view.font().pointSize() >= 20
    assert big.model.rowCount() == len(section.table.rows)
    big.size_spin.setValue(30)
    assert big.view.font().pointSize() == 30
    big.close()
