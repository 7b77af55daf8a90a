"""The GM Screen's Reference tables at the dock's first width on a 1024×768 laptop: every
column head reads whole (a player session saw the Ranks table's "Modifier" cut to
"Mo…"). A head may wrap onto more lines at its word breaks, never inside a word.

One table is the exception: the SFX table's seven columns have less room at 1024×768
than their cells' short words (which cannot break: "Touch", "Close") and their heads'
together. The cells come first there; a head that then cannot read whole is elided, and
its tooltip gives it whole."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QHeaderView, QStyle
from pytestqt.qtbot import QtBot

from tests.ui.helpers import laptop_gm_screen, settle
from ui.shell.window import MainWindow


def _cut_heads(header: QHeaderView, name: str) -> list[str]:
    """Heads of ``header`` not shown whole: elided, a word wider than its column, or
    more wrapped lines than the header is tall."""
    model = header.model()
    metrics = header.fontMetrics()
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    found = []
    for section in range(header.count()):
        full = str(model.headerData(section, Qt.Orientation.Horizontal,
                                    Qt.ItemDataRole.ToolTipRole))
        shown = model.headerData(section, Qt.Orientation.Horizontal)
        room = header.sectionSize(section) - 2 * margin
        word = max(metrics.horizontalAdvance(w) for w in full.split())
        lines = metrics.boundingRect(QRect(0, 0, max(room, 1), 10_000),
                                     int(Qt.TextFlag.TextWordWrap), full).height()
        if shown != full:
            found.append(f"{name}: {full!r} shown as {shown!r}")
        elif word > room:
            found.append(f"{name}: a word of {full!r} needs {word} px, has {room}")
        elif lines > header.height() - 2:
            found.append(f"{name}: {full!r} needs {lines} px of height, has "
                         f"{header.height()}")
    return found


@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_every_reference_head_reads_whole(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                          made: list[MainWindow],
                                          size: tuple[int, int]) -> None:
    _window, dock = laptop_gm_screen(qtbot, monkeypatch, size, "jyrell", made)
    dock.tabs.setCurrentWidget(dock.reference)
    settle()
    found = []
    for table_id, section in dock.reference.sections.items():
        section.view.ensurePolished()
        cut = _cut_heads(section.view.horizontalHeader(), table_id)
        if table_id == "sfx" and size == (1024, 768):
            model = section.view.model()
            tips = [str(model.headerData(c, Qt.Orientation.Horizontal,
                                         Qt.ItemDataRole.ToolTipRole))
                    for c in range(model.columnCount())]
            assert tips == list(section.table.columns)  # whole in the tooltips
            assert len(cut) <= 2, cut  # the two narrowest columns' heads at most
            continue
        found += cut
    assert found == [], "\n".join(found)
