"""End session: the box that spends an Advancement on clearing every Penalty Rank is
greyed, with the core's reason, while the rules would refuse it (found playing a new
character through a whole session: the box was offered, and refused only after OK);
and a refusal shown in a play dialog goes away with the dialog when it is cancelled."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from seforge.systems.swords_edge.models import Trait
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.dialogs import EndSessionDialog

REJECTED = QDialog.DialogCode.Rejected


@pytest.fixture
def panel(qtbot):  # type: ignore[no-untyped-def]
    character = make_sarah()
    character.play.advancements = []
    widget = PlayPanel(CharacterDocument(character))
    qtbot.addWidget(widget)
    return widget


def _seen_box(qtbot, panel, monkeypatch) -> tuple[bool, str]:  # type: ignore[no-untyped-def]
    """Open End session from its button; what its clear-all box offers."""
    seen: list[tuple[bool, str]] = []

    def look(self: EndSessionDialog) -> int:
        seen.append((self.clear.isEnabled(), self.clear.toolTip()))
        return REJECTED

    monkeypatch.setattr(EndSessionDialog, "exec", look)
    qtbot.mouseClick(panel.end_session_button, Qt.MouseButton.LeftButton)
    assert len(seen) == 1
    return seen[0]


def test_no_advancement_held_greys_the_box(qtbot, panel, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert panel.take_stress(Trait.PHYSIQUE, 2)
    enabled, tip = _seen_box(qtbot, panel, monkeypatch)
    assert not enabled
    assert tip.startswith("Not now:") and "no Advancement from a Pivot is held" in tip


def test_no_penalty_ranks_greys_the_box(qtbot, panel, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    panel.pivot_slot.setCurrentIndex(panel.pivot_slot.findData("goal"))
    qtbot.mouseClick(panel.pivot_button, Qt.MouseButton.LeftButton)
    assert panel.advancements.count() == 1
    enabled, tip = _seen_box(qtbot, panel, monkeypatch)
    assert not enabled and tip.startswith("Not now:")


def test_allowed_box_is_offered_and_clears(qtbot, panel, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    panel.pivot_slot.setCurrentIndex(panel.pivot_slot.findData("goal"))
    qtbot.mouseClick(panel.pivot_button, Qt.MouseButton.LeftButton)
    assert panel.take_stress(Trait.PHYSIQUE, 2)
    enabled, tip = _seen_box(qtbot, panel, monkeypatch)
    assert enabled and not tip.startswith("Not now")

    def clear_all(self: EndSessionDialog) -> int:
        self.clear.setChecked(True)
        self.accept()
        return int(self.result())

    monkeypatch.setattr(EndSessionDialog, "exec", clear_all)
    qtbot.mouseClick(panel.end_session_button, Qt.MouseButton.LeftButton)
    assert not panel.character.play.session_running
    assert not panel.character.play.penalty_ranks
    assert panel.advancements.count() == 0


def test_cancelled_dialog_leaves_no_refusal_in_the_panel(qtbot, panel, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A choice refused in a dialog shows its reason there; once the player cancels
    the dialog, the panel does not go on showing "Not allowed" for it."""
    from ui.systems.swords_edge.play.dialogs import CriticalFailureDialog

    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    shown: list[str] = []

    def refused_then_cancelled(self: CriticalFailureDialog) -> int:
        self.accept()  # OK with nothing named: refused, the dialog stays open
        shown.append(self._refusal.text() if self._refusal is not None else "")
        return int(REJECTED)  # then Cancel

    monkeypatch.setattr(CriticalFailureDialog, "exec", refused_then_cancelled)
    qtbot.mouseClick(panel.failure_button, Qt.MouseButton.LeftButton)
    assert shown and "Not allowed" in shown[0]
    assert panel.message.text() == ""
    assert panel.message.accessibleDescription() == ""


def test_a_closed_step_dialog_does_not_stay_under_the_panel(
        qtbot, panel, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Found in a crash hunt: each step dialog opened (a child of the panel) stayed alive
    under it after it closed, one more per End session."""
    from ui.systems.swords_edge.play.dialogs import StepDialog

    opened: list[bool] = []

    def cancel(_self: EndSessionDialog) -> int:
        opened.append(True)
        return REJECTED

    monkeypatch.setattr(EndSessionDialog, "exec", cancel)
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    for _ in range(3):
        qtbot.mouseClick(panel.end_session_button, Qt.MouseButton.LeftButton)
    assert len(opened) == 3
    qtbot.waitUntil(lambda: not panel.findChildren(StepDialog))
