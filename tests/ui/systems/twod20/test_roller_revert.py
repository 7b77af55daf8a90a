"""The GM Screen's roller and File › Revert: a result written to a conflict tab stands when
the tab is read again from a file saved with it, and may be written again (once) when the
file was saved without it. Driven through the real window: the roller's buttons, the tab's
Save, Undo and Revert, the roller's log."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from seforge.systems.twod20.conflict import Conflict
from tests.ui.systems.twod20.test_roller_target import click, gm_page, open_tab, pick, pit_file
from tests.ui.systems.twod20.test_session import Loaded  # dice showing given faces
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.twod20.roller_view import RollerPanel


@pytest.fixture(autouse=True)
def revert_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.shell import dialogs

    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: "Revert")


def _guard_test_applied(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> tuple[
        RollerPanel, DocumentOwner[Conflict], int]:
    """The pit open in a tab, the roller writing to it; the Guard rolls three d20s and the
    test is applied (a bought d20 paid in Doom). The pool of Doom before the write."""
    page = gm_page(window)
    roller, calc = page.roller, page.calculator
    owner, _editor = open_tab(window, pit_file(tmp_path))
    calc.tn.setValue(12)
    pick(roller.who, "Guard")
    calc.dice_count.setValue(3)
    roller.source = Loaded([1, 7, 20])
    click(qtbot, roller.roll_test_button)
    doom = owner.document.gm_pool
    click(qtbot, roller.apply_test_button)
    assert owner.document.gm_pool < doom
    assert not roller.apply_test_button.isEnabled()
    return roller, owner, doom


def _in_the_tab(window: MainWindow, action: str) -> None:
    """File › Save, File › Revert or Edit › Undo in the conflict's tab."""
    window.tabs.currentWidget().setFocus()
    getattr(window, f"{action}_action").trigger()


def test_a_result_reverted_away_may_be_written_again_once(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    roller, owner, doom = _guard_test_applied(window, qtbot, tmp_path)
    _in_the_tab(window, "revert")
    assert owner.document.gm_pool == doom and owner.undo_stack.count() == 0
    assert roller.log.item(0).text().startswith("Reverted: the test applied to Guard")
    click(qtbot, roller.apply_test_button)
    assert owner.document.gm_pool < doom
    assert not roller.apply_test_button.isEnabled()


def test_a_result_reverted_with_a_file_saved_with_it_stays_written(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """Saved with the result and read again, the tab holds it: the roll is not written
    twice (it used to be offered again, and paid twice)."""
    roller, owner, doom = _guard_test_applied(window, qtbot, tmp_path)
    paid = owner.document.gm_pool
    _in_the_tab(window, "save")
    _in_the_tab(window, "revert")
    assert owner.document.gm_pool == paid < doom
    assert not roller.apply_test_button.isEnabled()
    assert "written already" in roller.apply_test_button.toolTip()
    assert "undo" not in roller.apply_test_button.toolTip()  # nothing left to undo


def test_a_result_saved_then_undone_comes_back_with_a_revert(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    roller, owner, doom = _guard_test_applied(window, qtbot, tmp_path)
    paid = owner.document.gm_pool
    _in_the_tab(window, "save")
    _in_the_tab(window, "undo")
    assert owner.document.gm_pool == doom
    assert roller.log.item(0).text().startswith("Undone: the test applied to Guard")
    assert roller.apply_test_button.isEnabled()
    _in_the_tab(window, "revert")
    assert owner.document.gm_pool == paid
    assert roller.log.item(0).text().startswith("Back with the saved file: the test")
    assert not roller.apply_test_button.isEnabled()
