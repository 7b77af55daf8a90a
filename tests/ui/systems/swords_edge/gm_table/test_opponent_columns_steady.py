"""GM's Table › Opponents: the list's columns keep their widths while the filters change
(session 15, H11). Each column but Name took the width of the rows shown, so typing in the
search box ("Rustler": one opponent of no genre) narrowed Genre and widened Name under the
eye. The columns are sized once from the whole library's widest texts, Genre no wider than
a cap (a longer genre cut short, whole in its tooltip), and the list never scrolls sideways
at 1024x768."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.fileformat import save_nc
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.nc_builder import new_nc, suggest_nc_path, user_nc_folder
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary

LONG_GENRE = "Weird western horror on the frontier"


def _settle(qtbot: QtBot) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


def _own(data: Path, name: str, genre: str) -> None:
    nc = new_nc(NCType.HERO, Rank.GREAT, name).model_copy(update={"genre": genre})
    save_nc(nc, suggest_nc_path(user_nc_folder(data), nc))


@pytest.mark.parametrize("width", [400, 525])   # the list's side at 1024x768 and 1366x768
def test_filtering_keeps_the_column_widths(qtbot: QtBot, tmp_path: Path, width: int) -> None:
    _own(tmp_path, "Rustler Boss", "")
    _own(tmp_path, "Bone Preacher", LONG_GENRE)
    library = OpponentLibrary(tmp_path)
    qtbot.addWidget(library)
    library.resize(width * 2, 330)
    library.show()
    _settle(qtbot)
    tree = library.tree
    header = tree.header()
    side = tree.parentWidget()
    assert side is not None
    side.setFixedWidth(width)
    _settle(qtbot)

    def widths() -> list[int]:
        return [header.sectionSize(column) for column in range(tree.columnCount())]

    def no_sideways_scroll() -> None:
        assert header.length() <= tree.viewport().width()
        assert not tree.horizontalScrollBar().isVisible()

    whole = widths()
    no_sideways_scroll()
    for text in ("Rustler", "Goblin", "zzz nothing", ""):
        library.search_edit.setText(text)
        _settle(qtbot)
        assert widths() == whole, text
        no_sideways_scroll()
    for index in range(library.genre_combo.count()):
        library.genre_combo.setCurrentIndex(index)
        _settle(qtbot)
        assert widths() == whole, library.genre_combo.currentText()
    # the long genre: cut short in its column, whole in its tooltip
    library.genre_combo.setCurrentIndex(0)
    library.search_edit.setText("Bone Preacher")
    _settle(qtbot)
    item = tree.topLevelItem(0)
    assert item is not None and item.text(3) == LONG_GENRE
    assert tree.fontMetrics().horizontalAdvance(LONG_GENRE) > header.sectionSize(3)
    assert item.toolTip(3) == LONG_GENRE
    assert tree.textElideMode() == Qt.TextElideMode.ElideRight


def test_the_columns_follow_the_window_s_zoom(qtbot: QtBot, tmp_path: Path) -> None:
    """At 110% (View › Zoom, set after the list was built) "Exceptional (31)" was cut short
    in the Rank column sized in the font before."""
    library = OpponentLibrary(tmp_path)
    qtbot.addWidget(library)
    library.resize(1000, 330)
    library.show()
    _settle(qtbot)
    font = QFont(library.font())
    font.setPointSizeF(font.pointSizeF() * 1.1)
    library.setFont(font)
    _settle(qtbot)
    tree, header = library.tree, library.tree.header()
    for column in (1, 2, 4):       # as wide as the list draws its widest text, or more
        assert header.sectionSize(column) >= tree.sizeHintForColumn(column), column
