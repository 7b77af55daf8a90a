"""A reference table too narrow for its words: the columns share the room under one cap
(short words never break, heads kept when they fit), and a long word breaks with at least
three letters on either side of its hyphen."""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.systems.swords_edge.gm.reference_tab import capped, column_widths
from ui.systems.swords_edge.gm.word_breaks import SOFT_HYPHEN, breakable


def test_the_widest_columns_give_up_the_room() -> None:
    assert capped([10, 50, 100], 100) == [10, 45, 45]
    assert capped([10, 50, 100], 200) == [10, 50, 100]
    # each keeps its floor (a head's word), the cap shared by the rest
    assert capped([10, 50, 100], 100, [30, 0, 0]) == [30, 35, 35]
    # floors that cannot all fit are let go
    assert capped([10, 50, 100], 40, [30, 30, 30]) == [10, 15, 15]


def test_short_words_stay_whole_when_the_words_cannot_all_fit() -> None:
    naturals, words = [60, 80, 200], [40, 60, 150]
    widths = column_widths(naturals, words, 200, heads=[50, 50, 50], keep=[40, 30, 30])
    assert sum(widths) <= 200 and widths[0] >= 40  # "Basic" whole
    assert widths[2] < words[2]  # the longest word breaks


def test_a_long_word_breaks_three_letters_in(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert app is not None
    metrics = QFontMetrics(app.font())  # type: ignore[attr-defined]
    broken = breakable("Average Good Province/10", metrics, 10)
    assert broken.split(" ")[0] == SOFT_HYPHEN.join(["Ave", "r", "age"])
    assert broken.split(" ")[1] == "Good"  # too short to break
    assert broken.split(" ")[2].startswith(SOFT_HYPHEN.join(["Pro", "v", "i", "nce/"]))
    assert breakable("Average", metrics, 500) == "Average"  # fits: left alone
