"""Found playing a 2d20 session in the real app (session 14): the roller's Attack box keeps
the attack picked, the record's PDF buttons and the tracker's Add from record start in the
record's folder, and the round line says who may open round 1."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.models import Character
from tests.ui.keyboard import choose_with_keys
from tests.ui.systems.twod20.test_roller_target import click, gm_page
from tests.ui.systems.twod20.test_session import Loaded
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.twod20.record_editor import RecordEditor

ILSE = Path(__file__).parents[4] / "resources" / "systems" / "twod20" / "ilse-varga.s2d20"


def open_ilse(window: MainWindow, folder: Path) -> tuple[DocumentOwner[Character], RecordEditor]:
    path = folder / "ilse.s2d20"
    shutil.copy(ILSE, path)
    owner = window.controller.open_path(path)
    assert isinstance(owner, DocumentOwner) and isinstance(owner.document, Character)
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.editor, RecordEditor)
    return owner, tab.editor


def test_the_attack_picked_stays_shown_after_rolling_its_damage(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    owner, _editor = open_ilse(window, tmp_path)
    box = roller.weapon
    texts = [box.itemText(i) for i in range(box.count())]
    assert texts == ["(attack set above)", "Service pistol", "Stern words"]
    choose_with_keys(qtbot, box, 1)
    assert roller.qualities.text() == "Piercing 1"
    dice = calc.dmg_dice.value()
    roller.source = Loaded([1, 2, 5, 6] + [3] * 10)
    click(qtbot, roller.roll_damage_button)
    # the roll redraws the roller: the box still names the attack whose dice were rolled
    assert box.currentText() == "Service pistol"
    assert calc.dmg_dice.value() == dice
    # a change to the record keeps the pick (the attack is still there) ...
    owner.apply("Rename", lambda doc: setattr(doc, "name", "Ilse"))
    assert box.currentText() == "Service pistol"
    # ... and an attack renamed on the record shows its new name, still picked
    owner.apply("Rename the pistol", lambda doc: setattr(doc.weapons[0], "name", "Pistol"))
    assert box.currentText() == "Pistol"
    # the attack removed: the box goes back to the calculator's own numbers
    owner.apply("Drop it", lambda doc: setattr(doc, "weapons", doc.weapons[1:]))
    assert box.currentIndex() == 0


def _dialog_folder(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Answer the file dialog ``name`` (getSaveFileName, getOpenFileName) with no file,
    keeping the folder it was asked to start in."""
    asked: list[str] = []

    def answer(_parent: object, _title: str, start: str = "", _filter: str = "",
               *args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(start)
        return "", ""

    monkeypatch.setattr(QFileDialog, name, answer)
    return asked


def test_the_record_s_pdf_buttons_start_in_the_record_s_folder(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "party"
    folder.mkdir()
    _owner, editor = open_ilse(window, folder)
    asked = _dialog_folder(monkeypatch, "getSaveFileName")
    click(qtbot, editor.sheet_button)
    click(qtbot, editor.card_button)
    assert [Path(a) for a in asked] == [folder / "Captain Ilse Varga sheet.pdf",
                                        folder / "Captain Ilse Varga.pdf"]


def test_add_from_record_starts_beside_the_open_record(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "party"
    folder.mkdir()
    page = gm_page(window)
    open_ilse(window, folder)
    asked = _dialog_folder(monkeypatch, "getOpenFileName")
    click(qtbot, page.conflict.record_button)
    assert [Path(a) for a in asked] == [folder]


def test_the_round_line_says_an_npc_opening_round_1_costs_threat(qtbot: QtBot) -> None:
    """Under the SRD's alternating order the line said 'Either side may act' before round 1
    began, while the Guard's Take turn was greyed: the GM picks a PC to open, or pays 2
    Threat for an NPC. Once someone has acted, either side may follow."""
    from seforge.systems.twod20.conflict import OrderMode, Side
    from seforge.systems.twod20.documents import CONFLICT_KIND
    from seforge.systems.twod20.profiles import Profile
    from ui.systems.twod20.conflict_view import ConflictView

    doc = cf.new_conflict(Profile.SRD2022, "Docks")
    assert doc.order_mode is OrderMode.ALTERNATING
    doc = cf.add_combatant(cf.add_combatant(doc, "Ana", Side.PC), "Guard", Side.NPC)
    owner = DocumentOwner(CONFLICT_KIND, cf.add_gm_pool(doc, 2))
    view = ConflictView(owner)
    qtbot.addWidget(view)
    line = view.order_label.text()
    assert "Either side" not in line
    assert line.startswith("A player character opens, or an NPC for 2 Threat")
    view.select("Guard")
    assert not view.turn_button.isEnabled()          # what the line says, the buttons do
    click(qtbot, view.seize_button)                  # the GM pays: the Guard opens
    assert owner.document.gm_pool == 0
    assert view.order_label.text().startswith("Next: ")
    # a table that lets an NPC open for nothing: either side may open
    owner.apply("Free opening", lambda _d: cf.set_settings(doc, npc_opener_cost=0))
    assert view.order_label.text().startswith("Either side may act")


def test_the_roller_rolls_the_assistants_the_odds_count(
        window: MainWindow, qtbot: QtBot) -> None:
    """The calculator's odds counted an assistant's d20, the roller rolled the leader's dice
    alone: a test the odds gave 2 successes came out with 1."""
    from seforge.systems.twod20.settings import AssistGate

    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    page.conflict_owner.apply("Ana", lambda d: cf.add_combatant(d, "Ana"))
    calc.tn.setValue(10)
    calc.difficulty.setValue(2)
    calc.helper_count.setValue(1)
    calc.helpers[0].tn.setValue(12)
    assert calc.settings.assist_gate is AssistGate.LEADER_SUCCEEDS
    # the leader rolls 5 and 18 (one success), the assistant 3 (one success): D2 made
    roller.source = Loaded([5, 18, 3])
    click(qtbot, roller.roll_test_button)
    roll = roller.last_test
    assert roll is not None
    assert roll.helper_faces == ((3,),)
    assert roll.verdict.successes == 2 and roll.verdict.success
    assert "assistant" in roller.test_result.text() and " 3" in roller.test_result.text()
    # the leader scores none: the assistant's success does not count, and the line says so
    roller.source = Loaded([15, 18, 3])
    click(qtbot, roller.roll_test_button)
    roll = roller.last_test
    assert roll is not None and roll.verdict.successes == 0 and not roll.verdict.success
    assert "do not count" in roller.test_result.text()
    # an assistant's 20 is a complication of the test
    roller.source = Loaded([5, 4, 20])
    click(qtbot, roller.roll_test_button)
    roll = roller.last_test
    assert roll is not None and roll.verdict.complications == 1
