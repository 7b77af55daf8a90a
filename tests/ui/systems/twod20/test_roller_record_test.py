"""The roller's test from the open record: the record's attribute and skill give the
calculator its target number and Focus, as the core works them out; a skill with a usual
attribute brings it along. Driven through the real window and the roller's combo boxes."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from seforge.systems.twod20.models import Skill
from seforge.systems.twod20.records import target_number
from tests.ui.keyboard import choose_with_keys
from tests.ui.systems.twod20.test_roller_target import gm_page
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow


def _texts(combo: object) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]  # type: ignore[attr-defined]


def test_a_record_s_skill_sets_the_target_number_and_focus(window: MainWindow,
                                                            qtbot: QtBot) -> None:
    page = gm_page(window)
    pick = page.roller.test_pick
    assert not pick.skill.isEnabled() and "Open a 2d20 record" in pick.skill.toolTip()
    owner = window.new_document("2d20", "2d20.character")
    assert isinstance(owner, DocumentOwner)

    def build(doc: object) -> None:
        doc.attributes["Agility"] = 9  # type: ignore[attr-defined]
        doc.attributes["Reason"] = 11  # type: ignore[attr-defined]
        doc.skills = [Skill(name="Fight", rating=2, focus=1),  # type: ignore[attr-defined]
                      Skill(name="Know", rating=3, focus=2, attribute="Reason")]

    owner.apply("Build", build)
    page.set_record(owner)  # what the window part does for the current tab
    calc = page.calculator
    assert pick.skill.isEnabled()
    assert "Fight 2" in _texts(pick.skill) and "Agility 9" in _texts(pick.attribute)
    calc.tn.setValue(5)
    # Fight varies: its attribute is picked too before the numbers change
    choose_with_keys(qtbot, pick.skill, _texts(pick.skill).index("Fight 2"))
    assert calc.tn.value() == 5
    choose_with_keys(qtbot, pick.attribute, _texts(pick.attribute).index("Agility 9"))
    assert (calc.tn.value(), calc.focus.value()) == target_number(owner.document, "Agility",
                                                                   "Fight") == (11, 1)
    # Know brings its usual attribute, Reason
    choose_with_keys(qtbot, pick.skill, _texts(pick.skill).index("Know 3"))
    assert pick.attribute.currentText() == "Reason 11"
    assert (calc.tn.value(), calc.focus.value()) == (14, 2)
    # the record changes: the lists follow it
    owner.apply("Better", lambda doc: doc.skills[1].__setattr__("rating", 4))
    assert "Know 4" in _texts(pick.skill) and pick.skill.currentText() == "Know 4"
    page.set_record(None)
    assert not pick.skill.isEnabled() and _texts(pick.skill) == ["(skill)"]
