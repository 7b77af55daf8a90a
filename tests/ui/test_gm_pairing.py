"""The calculator's public pairing API, and the NCs' Momentum rule in the Action."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox

from seforge.library import load_nc, load_pc
from seforge.models import NCType, Trait
from seforge.ranks import Rank
from seforge.test_flow import parse_quick_qualities, quick_nc
from ui.gm.calculator import CalculatorTab
from ui.gm.nc_card import NCCard


@pytest.fixture
def calc(qtbot: object) -> CalculatorTab:
    tab = CalculatorTab(lambda: [])
    qtbot.addWidget(tab)  # type: ignore[attr-defined]
    tab.resize(900, 900)
    tab.show()
    return tab


def _tick(box: QCheckBox, on: bool = True) -> None:
    if box.isChecked() != on:
        QTest.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() == on


def _choose_step(calc: CalculatorTab, step: str) -> None:
    button = calc.step_buttons[step]  # type: ignore[index]
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.isChecked()


def test_gorgon_stone_gaze_used_for_momentum_is_greyed_in_the_action(
        calc: CalculatorTab) -> None:
    card = calc.add_library_by_id("gorgon")
    calc.trait_combo.setCurrentIndex(calc.trait_combo.findData(Trait.CHARISMA.value))
    assert calc.step() == "momentum"
    gaze, charisma = card.boxes["element:0"], card.boxes["trait:Charisma"]
    assert gaze.text().startswith("Stone Gaze")
    assert charisma.isChecked()  # the NC's Trait matching the PC's
    _tick(gaze)
    assert calc.tn_label.text() == str(23 + 6 + 4)  # Great hero, Charisma, Stone Gaze

    _choose_step(calc, "action")
    assert not gaze.isEnabled() and not gaze.isChecked()
    assert "Momentum" in gaze.toolTip() and "Action" in gaze.toolTip()
    assert "used for Momentum" in gaze.text()
    assert charisma.isEnabled()  # a Trait may modify both
    assert card.boxes["element:1"].isEnabled()  # Create Fear was not used
    _tick(charisma)
    assert calc.tn_label.text() == str(23 + 4 + 6)  # Great hero, Concept, Charisma
    assert "element:0" not in card.applied["action"]

    # Stress on the hero (which re-enables a card's boxes) keeps the rule.
    card.stress_spin.setValue(1)
    assert not gaze.isEnabled() and charisma.isEnabled()

    # Back in the Momentum the Element is usable again, with its own tooltip.
    _choose_step(calc, "momentum")
    assert gaze.isEnabled() and gaze.isChecked()
    assert gaze.toolTip().endswith("— Momentum")
    assert gaze.text() == "Stone Gaze +4"


def test_typed_nc_keeps_its_qualities_in_the_action(calc: CalculatorTab) -> None:
    clerk = quick_nc("Clerk", NCType.MINION, Rank.BASIC, parse_quick_qualities("Bureaucrat +2"))
    card = calc.add_card(NCCard(clerk, calc.trait()))
    _choose_step(calc, "action")
    assert card.boxes["element:0"].isEnabled() and card.boxes["element:0"].isChecked()


def test_load_pairing(calc: CalculatorTab) -> None:
    jyrell = load_pc("jyrell")
    assert calc.characters() == []
    calc.load_pairing(jyrell, [(load_nc("shock-troopers"), 0), (load_nc("gorgon"), 1)],
                      {"element:1"}, "Good")
    assert calc.characters() == [jyrell]
    assert calc.character() is jyrell
    assert [c.nc.name for c in calc.cards] == ["Shock Troopers", "Gorgon"]
    assert [c.stress_spin.value() for c in calc.cards] == [0, 1]
    assert calc.step() == "action" and calc.level_combo.currentData() == "Good"
    assert calc.role_combo.currentData() == "attack"
    assert not calc.quality_boxes["element:1"].isEnabled()

    # A second pairing replaces the NCs and the spent set; the PC is listed once.
    calc.load_pairing(jyrell, [(load_nc("gorgon"), 0)], set(), None)
    assert calc.characters() == [jyrell]
    assert [c.nc.name for c in calc.cards] == ["Gorgon"]
    assert calc.step() == "momentum" and calc.level_combo.currentData() is None
    assert calc.quality_boxes["element:1"].isEnabled()
    assert calc.cards[0].applied["momentum"] == {f"trait:{Trait.PHYSIQUE.value}"}
