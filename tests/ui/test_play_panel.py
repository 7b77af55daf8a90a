"""The play panel: two sessions at the table, saved, reloaded and undone."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QWidget

from seforge.systems.swords_edge.fileformat import load_character, save_character
from seforge.systems.swords_edge.models import Character, ElementKind, Trait
from seforge.systems.swords_edge.play.history import full_dump, state_at
from seforge.systems.swords_edge.play.pivots import pivot_change_reason
from seforge.systems.swords_edge.play.state import penalty_total
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel
from ui.systems.swords_edge.play.dialogs import (
    AdvancementDialog,
    CriticalFailureDialog,
    EndSceneDialog,
    EndSessionDialog,
    PivotDialog,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING
ACCEPTED = QDialog.DialogCode.Accepted


@pytest.fixture
def setup(qtbot):  # type: ignore[no-untyped-def]
    character = make_sarah()
    document = CharacterDocument(character)
    stack = document.undo_stack
    calls: list[int] = []
    document.changed.connect(lambda _changes: calls.append(1))
    panel = PlayPanel(document)
    qtbot.addWidget(panel)
    return panel, character, stack, calls


def _click(qtbot, button) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _kinds(character: Character) -> list[str]:
    return [entry.kind for entry in character.history]


def test_two_sessions_at_the_table(setup, qtbot, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    panel, c, stack, calls = setup
    initial = full_dump(c)

    # ---- session 1, scene 1: a Pivot Advancement raises the Background
    _click(qtbot, panel.start_button)
    assert c.play.session_running and c.play.luck == 3
    assert panel.luck_tokens.count() == 3
    assert calls  # the host hears of every change
    panel.pivot_slot.setCurrentIndex(panel.pivot_slot.findData("goal"))
    _click(qtbot, panel.pivot_button)
    assert panel.advancements.count() == 1
    assert "Pivot" in panel.advancements.item(0).text()

    def choose_background(self: AdvancementDialog) -> int:
        self.choose("raise", "background")
        return ACCEPTED

    monkeypatch.setattr(AdvancementDialog, "exec", choose_background)
    panel.advancements.setCurrentRow(0)
    _click(qtbot, panel.use_button)
    assert c.background.rank == Rank.GREAT
    assert c.background.advanced == 1

    # a second Pivot Advancement in the same scene is refused: greyed, the reason shown
    assert not panel.pivot_button.isEnabled()
    assert "already earned in this scene" in panel.pivot_button.toolTip()
    assert not panel.earn_pivot("goal")
    assert "already earned in this scene" in panel.last_error()
    assert c.play.advancements == []

    # ---- a Critical Failure on Faculty + Sharp Eyes with Cunning
    def failed_test(self: CriticalFailureDialog) -> int:
        self.set_values(["faculty", "element:0"], CU)
        return ACCEPTED

    monkeypatch.setattr(CriticalFailureDialog, "exec", failed_test)
    _click(qtbot, panel.failure_button)
    assert c.play.advancements[0].source == "critical_failure"
    dialog = AdvancementDialog(c, 0, panel)
    enabled = {(dialog.options[r].use, dialog.options[r].target) for r in dialog.enabled_rows()}
    assert enabled == {("raise", "faculty"), ("raise", "element:0")}
    concept_row = next(i for i, o in enumerate(dialog.options) if o.target == "concept")
    item = dialog.list.item(concept_row)
    assert not item.flags() & Qt.ItemFlag.ItemIsEnabled
    assert "not used" in item.text() and "not used" in item.toolTip()
    trait_row = next(i for i, o in enumerate(dialog.options) if o.target == "trait:Cunning")
    assert not dialog.list.item(trait_row).flags() & Qt.ItemFlag.ItemIsEnabled
    dialog.deleteLater()

    def choose_faculty(self: AdvancementDialog) -> int:
        self.choose("raise", "faculty")
        return ACCEPTED

    monkeypatch.setattr(AdvancementDialog, "exec", choose_faculty)
    panel.advancements.setCurrentRow(0)
    panel.open_advancement_dialog()
    assert c.faculty.rank == Rank.GREAT  # not bound by once a session

    # ---- a Critical Success: a Stunt
    qtbot.keyClicks(panel.stunt_name, "Solid Footwork")
    panel.stunt_trait.set_trait(P)
    _click(qtbot, panel.stunt_button)
    stunt = c.elements[-1]
    assert (stunt.name, stunt.kind, stunt.rank, stunt.trait) == (
        "Solid Footwork", ElementKind.STUNT, Rank.GOOD, P,
    )

    # ---- Stress and scene recovery: only this scene's Penalty Ranks come off
    panel.take_stress(P, 1)
    def no_recovery(self: EndSceneDialog) -> int:
        self.set_values(recovery=None, luck=0)
        return ACCEPTED

    monkeypatch.setattr(EndSceneDialog, "exec", no_recovery)
    _click(qtbot, panel.end_scene_button)
    assert c.play.scene == 2
    assert panel.tracks[P].state() == (1, 0, 3)  # one older box, none from this scene
    panel.stress_trait.set_trait(CH)
    panel.stress_level.setCurrentIndex(1)  # Good: two Penalty Ranks
    _click(qtbot, panel.stress_button)
    assert panel.tracks[CH].state() == (2, 2, 3)

    def legendary_recovery(self: EndSceneDialog) -> int:
        self.set_values(recovery="Legendary", luck=0)
        return ACCEPTED

    monkeypatch.setattr(EndSceneDialog, "exec", legendary_recovery)
    _click(qtbot, panel.end_scene_button)
    assert c.play.penalty_ranks == {P: 1}  # Legendary removes 3, but only 2 were this scene's
    monkeypatch.setattr(EndSessionDialog, "exec", lambda self: ACCEPTED)
    _click(qtbot, panel.end_session_button)
    assert not c.play.session_running and c.play.luck == 0

    # ---- session 2: Stress to Doom, averted with an Advancement
    assert panel.start_session(4)
    assert c.play.luck == 4 and c.play.session == 2
    assert panel.earn_pivot("quirk")
    assert panel.take_stress(P, 2)  # Average with 1 earlier: now Weak
    assert panel.doom_group.isHidden()
    assert panel.take_stress(P, 1)  # a Penalty Rank on a Weak Trait
    assert c.play.doom_trait is P
    assert not panel.doom_group.isHidden()
    assert not panel.take_stress(CH, 1)
    assert "Doom on Physique" in panel.last_error()
    steps_before_avert = stack.count()
    _click(qtbot, panel.avert_button)
    assert c.play.doom_trait is None
    assert c.play.advancements == []
    assert c.play.removed_from_scene
    assert "out of this scene" in panel.status.text()

    # undo brings the Doom and the Advancement back; redo averts it again
    stack.undo()
    assert c.play.doom_trait is P and len(c.play.advancements) == 1
    assert not panel.doom_group.isHidden()
    stack.redo()
    assert c.play.doom_trait is None and c.play.advancements == []
    assert stack.count() == steps_before_avert + 1

    assert panel.end_scene("Good", 0)
    assert panel.end_session()

    # ---- the history shows the character at an earlier point
    stress_row = _kinds(c).index("take_stress")
    panel.select_history(stress_row)
    assert "1 Penalty Rank" in panel.past.toPlainText()
    assert panel.history.rowCount() == len(c.history)

    # ---- save, reload
    path = tmp_path / "sarah.sechar"
    save_character(c, path)
    again = load_character(path)
    assert again.play == c.play
    assert again.play.session == 2 and not again.play.session_running
    assert again.play.penalty_ranks == {P: 2}  # Good Recovery took one of the two
    assert [e.kind for e in again.history] == _kinds(c)
    assert _kinds(again).count("start_session") == 2
    assert "resolve_doom" in _kinds(again) and "stunt" in _kinds(again)
    assert state_at(again, stress_row).play.penalty_ranks == {P: 1}

    # ---- undo everything: back to the start
    while stack.canUndo():
        stack.undo()
    assert full_dump(c) == initial
    assert panel.advancements.count() == 0 and panel.history.rowCount() == 0


def test_refusal_pushes_nothing(setup) -> None:  # type: ignore[no-untyped-def]
    panel, c, stack, _ = setup
    assert not panel.spend_luck("reroll")
    assert "no session is running" in panel.last_error()
    assert stack.count() == 0 and c.history == []
    panel.start_session()
    assert not panel.spend_luck("reroll", 5)
    assert "not enough Luck" in panel.last_error()
    assert panel.spend_luck("reroll", 2)
    assert panel.last_error() == ""
    assert panel.luck_tokens.count() == 1


def test_buy_through_the_dialog(setup, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel, c, _, _ = setup
    panel.start_session()
    panel.earn_pivot("style")

    def buy(self: AdvancementDialog) -> int:
        self.choose("buy")
        ok = self.buttons.button(self.buttons.StandardButton.Ok)
        assert not ok.isEnabled()  # no name yet
        self.name.setText("Tracker")
        self.trait.set_trait(CU)
        assert ok.isEnabled()
        return ACCEPTED

    monkeypatch.setattr(AdvancementDialog, "exec", buy)
    panel.advancements.setCurrentRow(0)
    panel.open_advancement_dialog()
    assert c.elements[-1].name == "Tracker" and c.elements[-1].trait is CU


def test_every_control_is_named(setup) -> None:  # type: ignore[no-untyped-def]
    panel, _, _, _ = setup
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QListWidget,
        QPlainTextEdit,
        QTableWidget,
    )

    kinds = (
        QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QListWidget,
        QPlainTextEdit, QTableWidget,
    )
    controls = [w for w in panel.findChildren(QWidget) if isinstance(w, kinds)]
    assert controls
    for widget in controls:
        if isinstance(widget.parent(), QAbstractSpinBox | QComboBox):
            continue  # the line edit inside a spin box or combo box
        if widget.objectName().startswith("qt_"):
            continue  # Qt's own parts (a table's corner button)
        assert widget.accessibleName(), widget
        assert widget.toolTip(), widget


def test_change_goal_before_a_session(setup, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    panel, c, stack, calls = setup
    old_goal = c.pivots.goal
    button = panel.pivot_buttons["goal"]
    assert button.isEnabled()
    assert panel.pivot_labels["goal"].text() == (old_goal or "none")

    def new_goal(self: PivotDialog) -> int:
        assert self.text.text() == (old_goal or "")
        self.set_values("Find the fabled master", "a rumour in the tavern")
        return ACCEPTED

    monkeypatch.setattr(PivotDialog, "exec", new_goal)
    _click(qtbot, button)
    assert c.pivots.goal == "Find the fabled master"
    assert panel.pivot_labels["goal"].text() == "Find the fabled master"
    assert stack.count() == 1 and calls
    assert _kinds(c) == ["change_pivot"]
    assert panel.history.rowCount() == 1
    assert "Find the fabled master" in panel.history.item(0, 2).text()
    assert panel.history.item(0, 3).text() == "a rumour in the tavern"

    stack.undo()
    assert c.pivots.goal == old_goal
    assert panel.pivot_labels["goal"].text() == (old_goal or "none")
    assert panel.history.rowCount() == 0 and c.history == []
    stack.redo()
    assert c.pivots.goal == "Find the fabled master"

    # blank text removes the Pivot, as one more step
    assert panel.change_pivot("goal", "  ")
    assert c.pivots.goal is None and panel.pivot_labels["goal"].text() == "none"
    assert stack.count() == 2


def test_pivots_locked_once_the_scene_is_under_way(setup) -> None:  # type: ignore[no-untyped-def]
    panel, c, stack, _ = setup
    panel.start_session()
    assert all(b.isEnabled() for b in panel.pivot_buttons.values())  # start of a session
    panel.spend_luck("reroll")
    reason = pivot_change_reason(c)
    assert reason
    for button in panel.pivot_buttons.values():
        assert not button.isEnabled()
        assert button.toolTip() == reason
    steps = stack.count()
    assert not panel.change_pivot("quirk", "Always hums")  # the core refuses, too
    assert reason in panel.last_error()
    assert stack.count() == steps
    stack.undo()  # undoing the Luck makes the change allowed again
    assert all(b.isEnabled() for b in panel.pivot_buttons.values())


def test_end_of_day_and_week_from_the_panel(setup, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The day's Recovery reaches older Penalty Ranks; a week heals one; both undo."""
    from ui.systems.swords_edge.play.dialogs import EndOfDayDialog

    panel, c, stack, _calls = setup
    assert panel.start_session()
    assert panel.take_stress(P, 2)
    assert panel.end_scene(None, 0)  # the Ranks are now older than the scene
    assert c.play.penalty_ranks == {P: 2}
    assert panel.end_day_button.isEnabled() and panel.end_week_button.isEnabled()

    def good_recovery(self: EndOfDayDialog) -> int:
        self.set_values("Average")
        return ACCEPTED

    monkeypatch.setattr(EndOfDayDialog, "exec", good_recovery)
    _click(qtbot, panel.end_day_button)
    assert c.play.penalty_ranks == {P: 1}  # the daily Test reaches older Stress
    assert _kinds(c)[-1] == "end_of_day"
    _click(qtbot, panel.end_week_button)
    assert penalty_total(c) == 0
    assert _kinds(c)[-1] == "end_of_week"
    stack.undo()
    stack.undo()
    assert c.play.penalty_ranks == {P: 2}


def test_back_in_the_game_after_a_doom(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    panel, c, stack, _calls = setup
    panel.show()
    assert not panel.return_button.isVisible()
    assert panel.start_session()
    assert panel.take_stress(P, 1, legendary=True)
    _click(qtbot, panel.out_button)
    assert c.play.out_of_play and panel.return_button.isVisible()
    assert not panel.end_day_button.isEnabled()  # the core refuses: out of the game
    assert panel.end_day_button.toolTip().startswith("Not now: ")
    _click(qtbot, panel.return_button)
    assert not c.play.out_of_play and not panel.return_button.isVisible()
    assert _kinds(c)[-1] == "return_to_play"
    stack.undo()
    assert c.play.out_of_play


def test_failed_arcane_test_from_the_panel(qtbot) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge import library

    tella = library.load_pc("tella-of-jost")
    document = CharacterDocument(tella)
    stack = document.undo_stack
    panel = PlayPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    assert not panel.arcane_button.isVisible()  # only under the SFX subsystem
    tella.options.sfx_subsystem = True
    panel.refresh()
    assert panel.arcane_button.isVisible()
    assert panel.arcane_sfx.currentText() == "Voice of Command"
    _click(qtbot, panel.arcane_button)  # no session yet: refused, nothing changes
    assert panel.last_error().startswith("Not allowed: ") and not tella.play.sfx_penalty_ranks
    assert panel.start_session()
    _click(qtbot, panel.arcane_button)
    assert tella.play.sfx_penalty_ranks == {"Voice of Command": 1}
    assert panel.last_error() == "" and "Voice of Command 1" in panel.sfx_label.text()
    stack.undo()
    assert not tella.play.sfx_penalty_ranks


def test_refused_steps_are_greyed_with_the_reason(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: a step the rules refuse now is disabled, its tooltip saying why (from the
    core), and comes back once it is allowed; nothing is pushed meanwhile."""
    panel, c, stack, _calls = setup
    panel.show()
    assert not c.play.session_running
    for button in (panel.gain_button, panel.spend_button):
        assert not button.isEnabled()
        assert button.toolTip().startswith("Not now:") and "session" in button.toolTip()
    _click(qtbot, panel.start_button)
    assert c.play.session_running and stack.count() >= 1
    assert panel.gain_button.isEnabled()
    assert panel.gain_button.toolTip() == "Give the character one Luck"
    panel.luck_amount.setValue(panel.luck_amount.maximum())
    assert not panel.spend_button.isEnabled()  # more Luck than the character has
    assert "Luck" in panel.spend_button.toolTip()
    panel.luck_amount.setValue(1)
    assert panel.spend_button.isEnabled()


def test_a_refusal_on_click_shows_beside_the_control(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A refusal the panel only learns on click is shown next to the control clicked,
    not only in the message line at the top of the (scrolled) panel."""
    panel, _c, stack, _calls = setup
    panel.show()
    _click(qtbot, panel.start_button)
    steps = stack.count()
    panel.luck_amount.setValue(panel.luck_amount.maximum())
    button = panel.spend_button
    button.setEnabled(True)  # as if the rules changed their mind after the last redraw
    _click(qtbot, button)
    assert stack.count() == steps
    assert panel.last_error().startswith("Not allowed:")
    assert panel.refused_beside is button


def test_history_and_advancements_wrap_in_a_narrow_dock(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """In the narrow side dock every history line and held Advancement shows whole,
    wrapped, with no sideways scroll bar (the reasons sat off to the right, out of view)."""
    panel, _, _, _ = setup
    panel.set_two_columns(False)
    panel.resize(360, 1400)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.start_session()
    assert panel.spend_luck("exertion", 1)
    assert panel.history.isColumnHidden(3)  # no reason anywhere yet: "What" has the width
    panel.luck_reason.setText("Her Weakness was invoked by the GM at the card table")
    _click(qtbot, panel.gain_button)
    assert panel.earn_pivot("goal")
    qtbot.wait(50)
    history, held = panel.history, panel.advancements
    assert history.rowCount() == 4 and held.count() == 1
    assert history.horizontalScrollBar().maximum() == 0
    assert held.horizontalScrollBar().maximum() == 0
    line = history.fontMetrics().height()
    spent = next(r for r in range(4) if "Spent" in history.item(r, 2).text())
    assert history.rowHeight(spent) > 1.5 * line  # wrapped, not cut
    assert held.visualItemRect(held.item(0)).height() > 1.5 * line
    assert all(not history.isColumnHidden(col) for col in range(4))


def test_the_stress_level_shows_whole_in_a_narrow_dock(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The attacker's level has the box's width: beside the Trait, the Play dock of a
    1024 x 768 window cut its longest choice to "Legendary (5, Doo"."""
    from seforge.systems.swords_edge.library import load_pc
    from tests.ui.helpers import se_part

    window.resize(1024, 740)
    part = se_part(window)
    document = part.open_book_character(load_pc("jyrell"))
    part.play_dock.show()
    part.play_dock.raise_()
    qtbot.waitUntil(lambda: part.play_dock.isVisible())
    level = part.play_dock.panel_for(document).stress_level
    qtbot.wait(50)
    longest = max((level.itemText(i) for i in range(level.count())),
                  key=level.fontMetrics().horizontalAdvance)
    assert "Doom" in longest
    assert level.width() > level.fontMetrics().horizontalAdvance(longest) + 24  # + arrow


def test_enter_in_a_reason_or_name_field_does_what_its_button_does(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found with a real keyboard: typing why the character gains Luck and pressing Enter
    did nothing; Enter now gives the Luck, and in the Stunt's name adds the Stunt (each
    through its button, so a refused step stays refused)."""
    panel, _c, stack, _calls = setup
    qtbot.keyClick(panel.luck_reason, Qt.Key.Key_Return)  # no session yet: Gain is refused
    assert stack.count() == 0
    _click(qtbot, panel.start_button)
    document = panel.document
    luck = document.character.play.luck
    steps = stack.count()
    qtbot.keyClicks(panel.luck_reason, "Weakness invoked")
    qtbot.keyClick(panel.luck_reason, Qt.Key.Key_Return)
    assert document.character.play.luck == luck + 1
    assert stack.count() == steps + 1
    assert "Weakness invoked" in str(document.character.history[-1])
    qtbot.keyClicks(panel.stunt_name, "Solid Footwork")
    panel.stunt_trait.set_trait(P)
    qtbot.keyClick(panel.stunt_name, Qt.Key.Key_Enter)
    assert document.character.elements[-1].name == "Solid Footwork"


def test_a_long_status_wraps_instead_of_scrolling_the_dock_sideways(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing at 1024 x 768: after a Doom the character survived, the status line
    "Session 1 · Scene 1 (running) · out of this scene" did not wrap, and the whole Play
    dock scrolled sideways with every button's right half out of view."""
    from PySide6.QtWidgets import QScrollArea

    from seforge.systems.swords_edge.library import load_pc
    from tests.ui.helpers import se_part

    window.resize(1024, 740)
    part = se_part(window)
    document = part.open_book_character(load_pc("jyrell"))
    part.play_dock.show()
    part.play_dock.raise_()
    qtbot.waitUntil(lambda: part.play_dock.isVisible())
    panel = part.play_dock.panel_for(document)
    scroll = next(s for s in part.play_dock.findChildren(QScrollArea) if s.widget() is panel)
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(P.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)  # Legendary: Doom
    _click(qtbot, panel.stress_button)
    assert panel.doom_group.isVisibleTo(panel)
    qtbot.keyClicks(panel.weakness_name, "Bad Leg")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred")
    _click(qtbot, panel.survive_button)
    assert "out of this scene" in panel.status.text()
    qtbot.wait(50)
    assert scroll.horizontalScrollBar().maximum() == 0
    assert panel.status.height() > 1.5 * panel.status.fontMetrics().height()  # wrapped


def test_a_step_refused_after_its_dialog_says_why_in_the_dialog(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing: a character out of the scene after a Doom, Critical Failure…, tick
    the Concept, OK: the dialog closed, nothing happened, and the reason went to the
    message line at the top of the dock, scrolled out of view. The dialog now stays
    open with the core's reason in it; Cancel leaves the character as it was."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    panel, c, stack, _calls = setup
    panel.show()
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(P.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)  # Legendary: Doom
    _click(qtbot, panel.stress_button)
    qtbot.keyClicks(panel.weakness_name, "Bad Leg")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred")
    _click(qtbot, panel.survive_button)
    assert c.play.removed_from_scene
    steps = stack.count()
    seen: list[object] = []

    def in_the_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, CriticalFailureDialog)
        dialog.boxes["concept"].setChecked(True)
        buttons = dialog.findChild(QDialogButtonBox)
        _click(qtbot, buttons.button(QDialogButtonBox.StandardButton.Ok))
        seen.append(dialog.isVisible())
        seen.append(" ".join(label.text() for label in dialog.findChildren(QLabel)
                             if label.isVisible()))
        QApplication.processEvents()  # the dialog grows for the reason, nothing squeezed
        seen.append([combo.accessibleName() for combo in dialog.findChildren(QComboBox)
                     if combo.height() < combo.minimumSizeHint().height()])
        _click(qtbot, buttons.button(QDialogButtonBox.StandardButton.Cancel))

    QTimer.singleShot(0, in_the_dialog)
    _click(qtbot, panel.failure_button)
    assert seen and seen[0] is True  # still open after the refused OK
    assert "out of" in str(seen[1]) and "Not allowed" in str(seen[1])
    assert seen[2] == []
    assert stack.count() == steps and not c.play.advancements


def test_end_scene_and_end_session_are_greyed_with_the_reason_off_session(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing: after End session, End scene… and End session… still looked
    available; each opened its dialog only to refuse on OK. Like Start session and End
    of day, they are now greyed while the core refuses them, the reason in the tooltip."""
    panel, _c, _stack, _calls = setup
    for button in (panel.end_scene_button, panel.end_session_button):
        assert not button.isEnabled()  # no session yet
        assert button.toolTip().startswith("Not now:") and "session" in button.toolTip()
    _click(qtbot, panel.start_button)
    assert panel.end_scene_button.isEnabled() and panel.end_session_button.isEnabled()
    assert not panel.end_scene_button.toolTip().startswith("Not now")
    assert panel.end_session()
    assert not panel.end_scene_button.isEnabled()
    assert not panel.end_session_button.isEnabled()


def test_earn_from_pivot_and_use_are_greyed_with_the_reason(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing: with no Advancement held, Use… did nothing to see (its message went
    to the top of the scrolled dock), and Earn from Pivot looked available a second time
    in a scene. Both are greyed now, the reason in the tooltip."""
    panel, _c, _stack, _calls = setup
    assert not panel.use_button.isEnabled()
    assert panel.use_button.toolTip().startswith("Not now:")
    assert not panel.pivot_button.isEnabled()  # no session yet
    assert panel.pivot_button.toolTip().startswith("Not now:")
    _click(qtbot, panel.start_button)
    assert panel.pivot_button.isEnabled()
    _click(qtbot, panel.pivot_button)
    assert panel.advancements.count() == 1
    assert panel.use_button.isEnabled()
    assert not panel.use_button.toolTip().startswith("Not now")
    assert not panel.pivot_button.isEnabled()  # one a scene
    assert "scene" in panel.pivot_button.toolTip()


def test_avert_is_greyed_with_the_reason_without_a_pivot_advancement(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing: with a Doom pending and no Advancement from a Pivot, Avert looked
    available and refused only on click. It is greyed now, the core's reason in its
    tooltip, and comes back once a Pivot Advancement is held."""
    panel, c, _stack, _calls = setup
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(P.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)  # Legendary: Doom
    _click(qtbot, panel.stress_button)
    assert c.play.doom_trait is P
    assert not panel.avert_button.isEnabled()
    assert panel.avert_button.toolTip().startswith("Not now:")
    assert "Advancement" in panel.avert_button.toolTip()
    assert panel.out_button.isEnabled()
    assert panel.earn_pivot("goal")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred")  # Legendary: its Weakness
    assert panel.avert_button.isEnabled()
    assert not panel.avert_button.toolTip().startswith("Not now")
    _click(qtbot, panel.avert_button)
    assert c.play.doom_trait is None and not c.play.advancements


def test_the_history_still_shows_its_last_line_after_the_dock_narrows(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found reopening a played character in the 1024 x 768 dock: the history scrolled to
    its end, then its lines were wrapped again for the dock's width, taller, and the last
    line (the newest change) sat half out of view at the bottom. The page shows the latest
    lines as tall as they are now, wrapped anew: none scrolls out of view."""
    panel, _c, _stack, _calls = setup
    panel.set_two_columns(False)
    assert panel.start_session()  # played while the dock was behind another one
    for n in range(12):
        assert panel.gain_luck(f"the GM liked the scene, reason number {n} of many")
    panel.resize(340, 2000)  # then shown in the narrow dock: the lines wrap anew
    panel.show()
    qtbot.waitExposed(panel)
    history = panel.history
    last_row = history.rowCount() - 1
    qtbot.waitUntil(lambda: history.rowHeight(last_row) > 2 * history.fontMetrics().height())
    qtbot.wait(50)
    bar = history.verticalScrollBar()
    assert bar.maximum() == 0
    last = history.visualRect(history.model().index(last_row, 2))
    assert history.viewport().rect().contains(last)  # the newest line, whole
    panel.resize(360, 2000)
    qtbot.wait(50)
    last = history.visualRect(history.model().index(last_row, 2))
    assert bar.maximum() == 0 and history.viewport().rect().contains(last)


def test_a_legendary_doom_asks_for_both_weaknesses_names(setup, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Found playing: after Legendary Stress a survivor gains two Weaknesses (the Doom's
    and the Legendary Stress's), but the Doom box asked for one name; the other came out
    as "Legendary wound (Physique)" to be renamed in the sheet. It asks for both now; the
    second field shows only for a Legendary Doom."""
    panel, c, _stack, _calls = setup
    panel.show()
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(P.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)  # Legendary: Doom
    _click(qtbot, panel.stress_button)
    assert panel.legendary_weakness_name.isVisible()
    qtbot.keyClicks(panel.weakness_name, "Limp")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred Hands")
    _click(qtbot, panel.survive_button)
    names = {e.name: e.rank for e in c.elements}
    assert "Limp" in names and "Scarred Hands" in names
    assert names["Scarred Hands"] > names["Limp"]  # the Legendary one is the milder
    assert panel.legendary_weakness_name.text() == ""
    # an ordinary Doom (a Penalty Rank on a Weak Trait) gives one Weakness: one field
    panel.end_scene()
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(CH.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.findData("Great"))
    _click(qtbot, panel.stress_button)
    panel.stress_level.setCurrentIndex(0)
    _click(qtbot, panel.stress_button)
    assert c.play.doom_trait is CH and not c.play.doom_legendary
    assert panel.doom_group.isVisible()
    assert not panel.legendary_weakness_name.isVisible()
