"""The crew page tells its map's "Turf" claims apart, and at 1024x768 the Factions table
shows a hold at war whole, without sideways scrolling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from seforge.core.resources import resource_path
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.models import Crew
from tests.ui.helpers import laptop_window
from ui.shell.window import MainWindow
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.crew_editor import CrewEditor, CrewWidget


def _pick_type(widget: CrewWidget, name: str) -> None:
    index = widget.type_pick.findData(name)
    widget.type_pick.setCurrentIndex(index)
    widget.type_pick.activated.emit(index)


def test_each_turf_claim_says_where_it_is(qtbot: QtBot) -> None:
    editor = SYSTEM_UI.new_editor("blades.crew")
    assert isinstance(editor, CrewEditor)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    widget.show()
    _pick_type(widget, "Smugglers")
    texts = [widget.claims.item(i).text() for i in range(widget.claims.count())]
    turfs = [t for t in texts if t.startswith("Turf")]
    assert len(turfs) == 4
    assert len(set(turfs)) == 4, turfs  # no two rows alike
    assert turfs[0] == "Turf (map row 1, column 1) — not held"
    assert "Side Business — not held" in texts
    assert "map row 1, column 2" in widget.claims.item(1).toolTip()
    # ticking one says which is held
    widget.claims.item(6).setCheckState(Qt.CheckState.Checked)
    assert editor.owner.document.claims[6].held
    assert widget.claims.item(6).text() == "Turf (map row 2, column 2) — held"


@pytest.fixture
def made(prompts: list[str]) -> Iterator[list[MainWindow]]:
    windows: list[MainWindow] = []
    yield windows
    for window in windows:
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()


def _settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def _shown_whole(table: QTableWidget, row: int, column: int) -> bool:
    """Whether the cell's text fits its cell as drawn (wrapped at word breaks)."""
    item = table.item(row, column)
    rect = table.visualItemRect(item)
    margin = 2 * (table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin,
                                            None, table) + 1)
    inner = rect.adjusted(0, 0, -margin, 0)
    needed = table.fontMetrics().boundingRect(
        inner, int(Qt.TextFlag.TextWordWrap), item.text())
    return needed.width() <= inner.width() and needed.height() <= rect.height()


def _war_crew(path: Path) -> Path:
    crew = Crew(name="The Lampblacks")
    crew_rules.set_crew_type(crew, "Smugglers")
    crew.tier, crew.hold = 2, "strong"
    for name, tier, status in (("Red Sashes", 2, -3), ("The Bluecoats", 3, -1),
                               ("The Church of Ecstasy of the Flesh", 4, 0)):
        crew_rules.add_faction(crew, name, tier, status)
    CREW.save(crew, path)
    return path


@pytest.mark.parametrize("opened", [False, True])
@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_a_hold_at_war_is_shown_whole(size: tuple[int, int], opened: bool, qtbot: QtBot,
                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      made: list[MainWindow]) -> None:
    """Set at war through the widgets, or opened from a file already at war (the table
    is filled before the window gives its columns their widths)."""
    window = laptop_window(qtbot, monkeypatch, size)
    made.append(window)
    _settle()
    # a session: a scoundrel open first brings the Blades GM Screen beside the crew
    window.open_path(Path(resource_path("systems", "blades", "nadja-hound.blades")))
    _settle()
    assert window.gm_screen_dock.isVisible()
    if opened:
        window.open_path(_war_crew(tmp_path / "lampblacks.bladescrew"))
        _settle()
        crew = window.current_editor()
        assert isinstance(crew, CrewWidget)
    else:
        window.new_document("blades", "blades.crew")
        _settle()
        crew = window.current_editor()
        assert isinstance(crew, CrewWidget)
        _pick_type(crew, "Smugglers")
        for name, tier in (("Red Sashes", 2), ("The Bluecoats", 3),
                           ("The Church of Ecstasy of the Flesh", 4)):
            qtbot.keyClicks(crew.faction_name, name)
            crew.faction_tier.setValue(tier)
            qtbot.mouseClick(crew.add_faction, Qt.MouseButton.LeftButton)
        crew.factions.selectRow(0)
        crew.status_spin.setValue(-3)
        qtbot.mouseClick(crew.set_status, Qt.MouseButton.LeftButton)
        _settle()
    table = crew.factions
    assert table.item(0, 2).text() == "weak (strong once the war ends)"
    assert not table.horizontalScrollBar().isVisible()
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            assert _shown_whole(table, row, column), table.item(row, column).text()
