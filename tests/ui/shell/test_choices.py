"""Choices with short names and a sentence each (every system's narrow boxes): the items
carry the choice's value, and the tooltips are rich text so Qt wraps them (a plain-text
tooltip was one line as wide as its longest sentence, up to 960 pixels)."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText is QtGui's
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from ui.shell.choices import choices_tip, explained_choices, wrapped_tip


class Order(StrEnum):
    ALTERNATE = "alternate"
    FIRST = "pcs-first"


LABELS = {Order.ALTERNATE: "Sides alternate", Order.FIRST: "PCs first"}
NOTES = {Order.ALTERNATE: "The turn passes from side to side.",
         Order.FIRST: "Every PC acts, then the NPCs (unless 2 < 3 & the GM pays)."}


def test_the_items_carry_values_and_wrapping_notes(qtbot: QtBot) -> None:
    combo = explained_choices(QComboBox(), LABELS, NOTES, "Who acts next")
    qtbot.addWidget(combo)
    assert [combo.itemText(i) for i in range(combo.count())] == list(LABELS.values())
    assert [combo.itemData(i) for i in range(combo.count())] == ["alternate", "pcs-first"]
    assert Order(combo.itemData(1)) is Order.FIRST
    for index, note in enumerate(NOTES.values()):
        tip = combo.itemData(index, Qt.ItemDataRole.ToolTipRole)
        assert GuiQt.mightBeRichText(tip)  # Qt wraps a rich-text tooltip
        assert tip == wrapped_tip(note)
    assert GuiQt.mightBeRichText(combo.toolTip())
    assert combo.toolTip() == choices_tip("Who acts next", LABELS, NOTES)
    assert "<p>Sides alternate: The turn passes from side to side.</p>" in combo.toolTip()


def test_notes_are_escaped_not_read_as_markup() -> None:
    assert wrapped_tip("2 < 3 & it's so", "") == "<p>2 &lt; 3 &amp; it's so</p>"
