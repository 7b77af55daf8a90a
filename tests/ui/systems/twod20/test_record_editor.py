"""The 2d20 record editor driven through its widgets: every edit goes through the owner."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.twod20.documents import CHARACTER_KIND, CONFLICT_KIND
from seforge.systems.twod20.editing import add_weapon
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.system import SYSTEM
from ui.systems.twod20.record_editor import RecordEditor
from ui.systems.twod20.twod20_ui import SYSTEM_UI, ConflictEditor


def editor(qtbot: QtBot) -> RecordEditor:
    made = SYSTEM_UI.new_editor("2d20.character")
    assert isinstance(made, RecordEditor)
    qtbot.addWidget(made)
    made.resize(1366, 740)
    made.show()
    return made


def test_attributes_and_derived_values(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    owner = ed.owner
    with qtbot.waitSignal(owner.changed):
        ed._attribute_boxes["Will"].setValue(11)
    survive = next(i for i, s in enumerate(owner.document.skills) if s.name == "Survive")
    ed.skill_table.rows[survive][1].setValue(2)
    assert owner.document.attributes["Will"] == 11
    texts = [ed.derived.item(i).text() for i in range(ed.derived.count())]
    assert any(text.startswith("Maximum Stress: 13\n") and "Survive 2" in text for text in texts)
    owner.undo_stack.undo()
    owner.undo_stack.undo()
    assert owner.document.attributes["Will"] == 8
    assert ed._attribute_boxes["Will"].value() == 8


def test_focus_is_limited_to_the_target_number(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    _name, rating, focus, _focuses, attribute = ed.skill_table.rows[0]      # Fight
    attribute.setCurrentIndex(attribute.findData("Agility"))
    rating.setValue(2)
    assert ed.owner.document.skills[0].attribute == "Agility"
    assert focus.maximum() == 10
    assert "Agility + Fight = 10" in focus.toolTip()
    focus.setValue(10)
    assert ed.owner.document.skills[0].focus == 10


def test_harm_limit_disables_adding_with_the_reason(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    for _ in range(3):
        ed.add_wound.click()
    assert len(ed.owner.document.harms) == 3
    assert not ed.add_wound.isEnabled()
    assert "Defeated" in ed.add_wound.toolTip()
    problems = [ed.problems.item(i).text() for i in range(ed.problems.count())]
    assert any("Defeated and Dying" in p for p in problems)
    ed.harms.setCurrentRow(0)
    ed.treat.click()
    assert ed.owner.document.harms[0].treated
    ed.remove_harm.click()
    assert len(ed.owner.document.harms) == 2 and ed.add_wound.isEnabled()


def test_name_text_and_profile(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    qtbot.keyClicks(ed.name, "Ilse")
    qtbot.keyClick(ed.name, Qt.Key.Key_Return)
    assert ed.owner.document.name == "Ilse" and ed.owner.title() == "Ilse"
    ed.texts["talents"].setPlainText("Steady Hand")
    QApplication.sendEvent(ed.texts["talents"], QFocusEvent(QEvent.Type.FocusOut))
    assert ed.owner.document.talents == "Steady Hand"
    ed.profile.setCurrentIndex(ed.profile.findData(Profile.CONAN.value))
    assert ed.owner.document.profile is Profile.CONAN
    assert "Awareness" in ed._attribute_boxes and ed.numbers["renown"].isVisibleTo(ed)
    assert ed.owner.document.talents == "Steady Hand"
    texts = [ed.derived.item(i).text() for i in range(ed.derived.count())]
    assert any(text.startswith("Vigor: 8\n") for text in texts)
    ed.owner.undo_stack.undo()
    assert ed.owner.document.profile is Profile.SRD2022 and "Will" in ed._attribute_boxes


def test_skills_and_attacks_lists(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    qtbot.keyClicks(ed.new_skill, "Piloting")
    ed.skill_table.add()
    assert ed.owner.document.skills[-1].name == "Piloting"
    assert ed.skills.rowCount() == 7
    ed.skill_table.add()
    assert "needs a name" in ed.message.text()
    ed.run("Add an attack", add_weapon)
    assert ed.weapons.rowCount() == 1
    ed.attack_table.rows[0][1].setValue(3)
    assert ed.owner.document.weapons[0].dice == 3


def test_open_a_sample_record_and_a_conflict(qtbot: QtBot, tmp_path: Path) -> None:
    sample = SYSTEM.library()[1].path
    opened = SYSTEM_UI.open_editor(sample)
    assert isinstance(opened, RecordEditor)
    qtbot.addWidget(opened)
    assert opened.owner.document.profile is Profile.CONAN
    assert opened.name.text() == "Thak the Reaver"
    target = tmp_path / "thak.s2d20"
    opened.owner.save(target)
    assert CHARACTER_KIND.load(target) == opened.owner.document
    conflict = SYSTEM_UI.new_editor("2d20.conflict")
    assert isinstance(conflict, ConflictEditor)
    qtbot.addWidget(conflict.widget())
    conflict.profile.setCurrentIndex(conflict.profile.findData(Profile.CONAN.value))
    assert conflict.owner.document.profile is Profile.CONAN
    assert conflict.view.gm_name.text() == "Doom"
    conflict.owner.undo_stack.undo()
    assert conflict.profile.currentData() == Profile.SRD2022.value
    path = tmp_path / "fight.s2d20conflict"
    conflict.owner.save(path)
    again = SYSTEM_UI.open_editor(path)
    assert isinstance(again, ConflictEditor)
    qtbot.addWidget(again.widget())
    assert again.owner.document == CONFLICT_KIND.load(path)


def test_fatigue_is_limited_to_maximum_stress(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    assert ed.numbers["fatigue"].maximum() == 8          # Brawn/Will 8 + Survive 0
    assert "unfatigued maximum Stress, 8" in ed.numbers["fatigue"].toolTip()
    ed.numbers["fatigue"].setValue(8)
    texts = [ed.derived.item(i).text() for i in range(ed.derived.count())]
    assert texts[0].startswith("Maximum Stress: 0")


def test_save_a_stat_card(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    ed = editor(qtbot)
    ed.name.setText("Ilse")
    ed.name.editingFinished.emit()
    target = tmp_path / "ilse"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *args: (str(target), "")))
    ed.card_button.click()
    pdf = tmp_path / "ilse.pdf"
    assert "saved to ilse.pdf" in ed.message.text()
    assert "Ilse" in PdfReader(pdf).pages[0].extract_text()


def tab_walk(start: QWidget, steps: int) -> list[str]:
    """The accessible names Tab visits from ``start``, as the keyboard moves the focus."""
    start.setFocus()
    names: list[str] = []
    for _ in range(steps):
        focused = QApplication.focusWidget()
        assert focused is not None
        QTest.keyClick(focused, Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        assert now is not None
        names.append(now.accessibleName())
    return names


@pytest.mark.parametrize("profile", list(Profile))
def test_tab_goes_from_the_profile_through_the_attributes(qtbot: QtBot,
                                                          profile: Profile) -> None:
    ed = editor(qtbot)
    ed.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is ed)
    ed.profile.setCurrentIndex(ed.profile.findData(profile.value))
    QApplication.processEvents()     # the boxes of another profile's list show up
    attributes = list(ed._attribute_boxes)
    walked = tab_walk(ed.profile, len(attributes) + 1)
    assert walked == [*attributes, "Armour"]


def test_a_typed_attribute_is_one_undo_step(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    box = ed._attribute_boxes["Agility"]
    box.selectAll()
    qtbot.keyClicks(box, "12")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert ed.owner.document.attributes["Agility"] == 12
    ed.owner.undo_stack.undo()
    assert ed.owner.document.attributes["Agility"] == 8


def test_typing_after_add_attack_names_the_new_attack(qtbot: QtBot) -> None:
    ed = editor(qtbot)
    add = next(b for b in ed.findChildren(type(ed.add_wound)) if b.text() == "Add attack")
    add.click()
    name = ed.attack_table.rows[-1][0]
    qtbot.keyClicks(name, "Sword")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert [w.name for w in ed.owner.document.weapons] == ["Sword"]     # not "WeaponSword"


def test_a_focused_name_follows_an_undo_from_the_menu(qtbot: QtBot) -> None:
    """The record's name committed, then undone while the field keeps the focus: the
    field follows, and leaving it does not name the record again."""
    ed = editor(qtbot)
    ed.activateWindow()
    ed.name.setFocus()
    qtbot.waitUntil(ed.name.hasFocus)
    qtbot.keyClicks(ed.name, "Ilse")
    qtbot.keyClick(ed.name, Qt.Key.Key_Return)
    assert ed.owner.document.name == "Ilse"
    ed.owner.undo_stack.undo()
    assert ed.owner.document.name == "" and ed.name.text() == ""
    ed.name.clearFocus()
    qtbot.waitUntil(lambda: not ed.name.hasFocus())
    assert ed.owner.document.name == "" and ed.owner.undo_stack.canRedo()
