"""Take Stress says what the chosen hit does in numbers ("3 Penalty Ranks on Physique"),
following the Level and the Trait picked. Before, the list gave the Level alone."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from ui.systems.swords_edge.gm_table.scene.dialogs import PCStressDialog


def _down_to(combo: object, text: str) -> None:
    combo.setFocus()  # type: ignore[attr-defined]
    while combo.currentText() != text:  # type: ignore[attr-defined]
        QTest.keyClick(combo, Qt.Key.Key_Down)  # type: ignore[arg-type]


def test_the_hit_is_told_in_penalty_ranks(qtbot: QtBot) -> None:
    dialog = PCStressDialog("Crag")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.effect.text() == "1 Penalty Rank on Physique"
    _down_to(dialog.level, "Great")
    assert dialog.effect.text() == "3 Penalty Ranks on Physique"
    _down_to(dialog.trait, "Cunning")
    assert dialog.effect.text() == "3 Penalty Ranks on Cunning"
    _down_to(dialog.level, "Exceptional")
    assert dialog.effect.text() == (
        "4 Penalty Ranks on Cunning; Undefended for the rest of the scene")
    _down_to(dialog.level, "Legendary")
    assert dialog.effect.text() == "5 Penalty Ranks on Cunning and a Doom"
