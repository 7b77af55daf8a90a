"""Found in a played evening (session 15): the Play dock's Take Stress box had a Level
list reading "Average (1)", a count box and a "Legendary" tick, three controls saying
overlapping things (and able to contradict each other: "Average (1)", 5, Legendary).
Now each says one thing: the Level of the hit (Legendary brings the Doom) and the
Penalty Ranks it puts on, which the Level sets and the player may change."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QWidget

from seforge.systems.swords_edge.models import Trait
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


@pytest.fixture
def panel(qtbot) -> PlayPanel:  # type: ignore[no-untyped-def]
    panel = PlayPanel(CharacterDocument(make_sarah()))
    qtbot.addWidget(panel)
    panel.show()
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    return panel


def _stress_box_controls(panel: PlayPanel) -> list[QWidget]:
    box = panel.stress_button.parentWidget()
    assert box is not None
    return [w for w in box.findChildren(QWidget) if w.isVisible()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus]


def test_each_take_stress_control_says_one_thing(panel: PlayPanel) -> None:
    box = panel.stress_button.parentWidget()
    assert box is not None and not box.findChildren(QCheckBox)  # no Legendary tick
    texts = [panel.stress_level.itemText(i) for i in range(panel.stress_level.count())]
    assert texts == ["Average", "Good", "Great", "Exceptional", "Legendary (Doom)"]
    assert panel.stress_count.text() == "1 Penalty Rank"
    panel.stress_level.setCurrentIndex(panel.stress_level.findData("Good"))
    assert panel.stress_count.text() == "2 Penalty Ranks"


def test_no_behaviour_is_lost(panel: PlayPanel) -> None:
    c = panel.character
    # a Legendary hit the table counts at 3: still Legendary Stress, so a Doom
    panel.stress_trait.set_trait(CU)
    panel.stress_level.setCurrentIndex(panel.stress_level.findData("Legendary"))
    assert panel.stress_count.value() == 5
    panel.stress_count.setValue(3)
    panel.stress_button.click()
    assert c.play.penalty_ranks[CU] == 3 and c.play.doom_trait is CU and c.play.doom_legendary


def test_a_count_by_hand_is_no_doom_below_legendary(panel: PlayPanel) -> None:
    c = panel.character
    panel.stress_trait.set_trait(P)
    panel.stress_level.setCurrentIndex(panel.stress_level.findData("Average"))
    panel.stress_count.setValue(2)
    panel.stress_button.click()
    assert c.play.penalty_ranks[P] == 2 and c.play.doom_trait is None


def test_the_controls_are_named_and_on_the_keyboard(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    controls = _stress_box_controls(panel)
    for widget in (panel.stress_level, panel.stress_trait, panel.stress_count,
                   panel.stress_button):
        assert widget in controls
        assert widget.accessibleName()
    names = {w.accessibleName() for w in controls}
    assert {"Attacker's Level of Success", "Penalty Ranks", "Take"} <= names
    panel.stress_count.setFocus()
    qtbot.keyClick(panel.stress_count, Qt.Key.Key_Up)
    assert panel.stress_count.value() == 2
