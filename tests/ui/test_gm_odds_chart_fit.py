"""The odds chart of the Sword's Edge GM Screen names every bar whole: at both laptop
sizes, with the GM Screen docked, each Level's label under its bar fits the room it has
("Exceptional" and "Legendary" were cut to "Exce…" and "Lege…")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from tests.ui.helpers import against_two_troopers, laptop_gm_screen, settle
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm.odds_view import LevelChart


def cut_labels(chart: LevelChart) -> list[str]:
    """Each bar whose label is not shown whole inside its room, inside the chart, clear
    of the other labels."""
    whole = QRectF(chart.rect())
    fm = chart.fontMetrics()
    found: list[str] = []
    drawn: list[QRectF] = []
    layout = chart.label_layout()
    assert len(layout) == len(chart.bars())
    for (name, _chance, _ok), (text, room, rect) in zip(chart.bars(), layout, strict=True):
        problems = []
        if text != name:
            problems.append(f"shown as {text!r}")
        if fm.horizontalAdvance(name) > room.width():
            problems.append(f"{fm.horizontalAdvance(name)} px wide in {room.width():.0f} px")
        if not room.contains(rect) or not whole.contains(rect):
            problems.append("drawn outside its room")
        if any(rect.intersects(other) for other in drawn):
            problems.append("over another label")
        drawn.append(rect)
        if problems:
            found.append(f"{name}: {', '.join(problems)} (chart {chart.width()} px)")
    return found


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_every_level_label_of_the_odds_charts_is_whole(
        size: tuple[int, int], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
        made: list[MainWindow]) -> None:
    window, dock = laptop_gm_screen(qtbot, monkeypatch, size, "jyrell", made)
    calc = against_two_troopers(dock, window.current_document().character)
    settle()
    found: list[str] = []
    assert calc.odds.chart.isVisible() and len(calc.odds.chart.bars()) == 6
    found += [f"calculator: {p}" for p in cut_labels(calc.odds.chart)]
    # An Undefended PC's chart ("No hit" and the Levels of the hit).
    calc.set_step("action")
    calc.pc_undefended.click()
    settle()
    assert calc.odds.chart.bars()[0][0] == "No hit"
    found += [f"calculator, Undefended PC: {p}" for p in cut_labels(calc.odds.chart)]
    for page in (dock.sfx, dock.recovery):
        dock.tabs.setCurrentWidget(page)
        settle()
        chart = page.odds.chart
        assert chart.isVisible() and chart.bars()
        found += [f"{dock.tabs.tabText(dock.tabs.currentIndex())}: {p}"
                  for p in cut_labels(chart)]
    assert found == [], "\n".join(found)
