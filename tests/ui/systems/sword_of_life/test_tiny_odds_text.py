"""A chance below 0.01% shows as "<0.01%" in the odds labels, which are rich text: the
"<" must not be read as the start of a tag (the figure vanished)."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument
from pytestqt.qtbot import QtBot

from ui.systems.sword_of_life.gm_screen import OddsCalculator


def _shown(html: str) -> str:
    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


def test_a_tiny_chance_shows_as_less_than_a_hundredth_of_a_percent(qtbot: QtBot) -> None:
    calculator = OddsCalculator()
    qtbot.addWidget(calculator)
    calculator.cards.setValue(1)
    calculator.against.setValue(26)
    shown = _shown(calculator.result.text())
    assert "Win <0.01%" in shown and ">99.99%" in shown
