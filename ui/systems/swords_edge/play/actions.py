"""The play panel's actions: the rule operations it runs on the character's owner.

Every operation ends in a call into ``seforge.systems.swords_edge.play``; refusals come back as
``RefusedError`` and are shown in the message line and beside the control, never re-checked here.
Each successful step becomes one :class:`PlaySnapshotCommand` on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QToolTip,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, Element, Trait
from seforge.systems.swords_edge.play.advancement import (
    critical_success_stunt,
    earn_critical_failure_advancement,
    use_advancement,
)
from seforge.systems.swords_edge.play.guards import reason_alone
from seforge.systems.swords_edge.play.history import full_dump, trial_copy
from seforge.systems.swords_edge.play.luck import (
    DEFAULT_LUCK,
    gain_luck,
    spend_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    change_pivot,
    earn_pivot_advancement,
)
from seforge.systems.swords_edge.play.recovery import end_of_day, end_of_week
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.state import scene_penalty_total
from seforge.systems.swords_edge.play.stress import (
    arcane_failure,
    resolve_doom,
    return_to_play,
    stress_from_level,
    take_stress,
)
from ui.shell.theme import verdict_colour
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import Changes
from ui.systems.swords_edge.play.commands import PlaySnapshotCommand
from ui.systems.swords_edge.play.dialogs import (
    ONE,
    AdvancementDialog,
    CriticalFailureDialog,
    EndOfDayDialog,
    EndSceneDialog,
    EndSessionDialog,
    PivotDialog,
    StepDialog,
)
from ui.systems.swords_edge.play.widgets import TraitCombo


def not_now(reason: str) -> str:
    """A control's tooltip while the core refuses its step: the reason, worded once (the
    control already names the step: not "Not now: cannot take Stress: …")."""
    return f"Not now: {reason_alone(reason)}"


class PlayActions(QWidget):
    """What the play panel does: each rule operation as one undoable step on the
    character's owner, the refusal shown beside the control that asked. The panel
    (:class:`~ui.systems.swords_edge.play.panel.PlayPanel`) builds the controls read here."""

    message: QLabel
    start_luck: QSpinBox
    luck_purpose: QComboBox
    luck_amount: QSpinBox
    luck_reason: QLineEdit
    stress_trait: TraitCombo
    stress_level: QComboBox
    stress_count: QSpinBox
    pivot_slot: QComboBox
    arcane_sfx: QComboBox
    weakness_name: QLineEdit
    legendary_weakness_name: QLineEdit
    stunt_name: QLineEdit
    stunt_trait: TraitCombo
    advancements: QListWidget

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        """The character's owner: the panel reads its Character and pushes each step on
        its undo stack; it keeps no copy of its own."""
        self._trial: Character | None = None
        self.undo_stack: QUndoStack = document.undo_stack
        self._pressed: QWidget | None = None
        """The button just pressed (the control a refusal belongs beside)."""
        self.refused_beside: QWidget | None = None
        """The control beside which the last refusal was shown."""
        self._in_dialog = False
        """A dialog's OK runs the step: a refusal shows in the dialog, not beside a control."""
        self._refused: Callable[[], object] | None = None
        """The last refused operation; its message goes once it would be allowed."""
        self.setAccessibleName("Play")

    @property
    def character(self) -> Character:
        """The owner's Character, or the copy a rule operation is tried on just now."""
        return self._trial if self._trial is not None else self.document.character

    @character.setter
    def character(self, value: Character) -> None:
        self._trial = None if value is self.document.character else value

    def _on_changed(self) -> None:
        self.document.notify_changed(Changes.PLAY)


    def refresh(self) -> None:
        """Redraw from the character (the panel draws its boxes)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ applying
    def _changed(self) -> None:
        self.refresh()
        self._on_changed()

    def _tint_message(self) -> None:
        self.message.setStyleSheet(f"color: {verdict_colour(False)};")

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._tint_message()

    def refusal(self, action: Callable[[], object]) -> str:
        """Why the core would refuse ``action`` now ("" when it would not), so nothing
        here restates a rule. The actions read ``self.character`` when they run, so it
        is tried on a copy put there for the moment; the character itself is untouched."""
        character = self.character
        self.character = trial_copy(character)  # (a deep copy of 500 history lines per
        # button took a play change 0.3 s)
        try:
            action()
        except RefusedError as exc:
            return str(exc)
        finally:
            self.character = character
        return ""


    def _refresh_message(self) -> None:
        """Clear the refusal once the refused operation would be allowed (after an undo,
        or a change made elsewhere)."""
        if self._refused is not None and not self.refusal(self._refused):
            self._refused = None
            self.message.setText("")
            self.message.setAccessibleDescription("")

    def _apply(self, text: str, action: Callable[[], object]) -> bool:
        """Run one rule operation as an undoable step; show the refusal if any (it goes
        away by itself once the operation would be allowed)."""
        character = self.character
        before = full_dump(character)
        # The actions read ``self.character`` when they run: they run on a copy put
        # there for the moment, and the undo step's redo makes the change. The copy
        # shares the history's entries (no rule changes one in place, and a new line gives
        # the copy a list of its own): a deep copy of 500 lines was most of a change.
        work = trial_copy(character)
        self.character = work
        try:
            action()
        except RefusedError as exc:
            # "Not allowed: cannot take Stress: …" said it twice: the reason alone
            shown = f"Not allowed: {reason_alone(str(exc))}."
            self.message.setText(shown)
            self.message.setAccessibleDescription(str(exc))
            self._refused = action
            self._show_beside_control(shown)
            return False
        finally:
            self.character = character
        self._refused = None
        self._pressed = None
        self.message.setText("")
        after = full_dump(work)
        self.undo_stack.push(
            PlaySnapshotCommand(character, before, after, text, self._changed)
        )
        return True

    def _show_beside_control(self, text: str) -> None:
        """Show a refusal next to the control that asked for it (the message line at
        the top of the panel may be scrolled out of sight in the narrow dock)."""
        pressed, self._pressed = self._pressed, None
        if self._in_dialog:
            return
        control = pressed if pressed is not None else QApplication.focusWidget()
        if control is None or not self.isAncestorOf(control):
            return
        self.refused_beside = control
        QToolTip.showText(control.mapToGlobal(QPoint(0, control.height())), text, control)

    def last_error(self) -> str:
        return self.message.text()


    # --------------------------------------------------------------------- slots
    def start_session(self, luck: int = DEFAULT_LUCK) -> bool:
        return self._apply("Start session", lambda: start_session(self.character, luck))

    def end_scene(self, recovery_level: str | None = None, luck: int = 0) -> bool:
        return self._apply(
            "End scene", lambda: end_scene(self.character, recovery_level, luck)
        )

    def end_session(self, clear_penalties: bool = False) -> bool:
        return self._apply(
            "End session", lambda: end_session(self.character, clear_penalties)
        )

    def spend_luck(self, purpose: str, amount: int = 1) -> bool:
        return self._apply(
            "Spend Luck", lambda: spend_luck(self.character, purpose, amount)
        )

    def gain_luck(self, reason: str, amount: int = 1) -> bool:
        return self._apply("Gain Luck", lambda: gain_luck(self.character, reason, amount))

    def take_stress(self, trait: Trait, count: int, legendary: bool = False) -> bool:
        ok = self._apply(
            "Take Stress", lambda: take_stress(self.character, trait, count, legendary)
        )
        if ok:
            self._fresh_stress_choice()
        return ok

    def _fresh_stress_choice(self) -> None:
        """Back to the first Level once a hit is taken or its Doom settled: the box kept
        offering "Legendary (5, Doom)" after that Doom was over."""
        self.stress_level.setCurrentIndex(0)
        self._on_stress_level(0)

    def resolve_doom(self, outcome: str, advancement: int | None = None) -> bool:
        name = self.weakness_name.text()
        legendary_name = self.legendary_weakness_name.text()
        ok = self._apply(
            "Resolve Doom",
            lambda: resolve_doom(
                self.character, outcome, advancement=advancement, weakness_name=name,
                legendary_weakness_name=legendary_name,
            ),
        )
        if ok:
            self.weakness_name.clear()
            self.legendary_weakness_name.clear()
            self._fresh_stress_choice()
        return ok

    def end_of_day(self, recovery_level: str | None = None) -> bool:
        """The end-of-day Recovery Test at ``recovery_level`` (None: none, or failed)."""
        return self._apply(
            "End of day", lambda: end_of_day(self.character, recovery_level)
        )

    def end_of_week(self) -> bool:
        return self._apply("End of week", lambda: end_of_week(self.character))

    def return_to_play(self) -> bool:
        return self._apply("Back in the game", lambda: return_to_play(self.character))

    def arcane_failure(self, element_index: int) -> bool:
        """A failed Arcane Test with the Element at ``element_index`` (an SFX)."""
        return self._apply(
            "Failed Arcane Test", lambda: arcane_failure(self.character, element_index)
        )

    def earn_pivot(self, slot: str) -> bool:
        return self._apply(
            "Pivot Advancement", lambda: earn_pivot_advancement(self.character, slot)
        )

    def change_pivot(self, slot: str, text: str | None, why: str = "") -> bool:
        return self._apply(
            f"Change {slot.capitalize()} Pivot",
            lambda: change_pivot(self.character, slot, text, why),
        )

    def earn_critical_failure(self, keys: list[str], trait: Trait | None) -> bool:
        return self._apply(
            "Critical Failure Advancement",
            lambda: earn_critical_failure_advancement(self.character, keys, trait),
        )

    def use_advancement(
        self,
        index: int,
        use: str,
        target: str | None = None,
        new_element: Element | None = None,
    ) -> bool:
        return self._apply(
            "Use Advancement",
            lambda: use_advancement(self.character, index, use, target, new_element),
        )

    def add_stunt(self, name: str, trait: Trait) -> bool:
        ok = self._apply(
            "Add Stunt", lambda: critical_success_stunt(self.character, name, trait)
        )
        if ok:
            self.stunt_name.clear()
        return ok

    # ------------------------------------------------------------ button handlers
    def _on_start_clicked(self) -> None:
        self.start_session(self.start_luck.value())

    def _on_spend_clicked(self) -> None:
        self.spend_luck(str(self.luck_purpose.currentData()), self.luck_amount.value())

    def _on_gain_clicked(self) -> None:
        reason = self.luck_reason.text().strip() or "GM award"
        if self.gain_luck(reason):
            self.luck_reason.clear()

    def _on_stress_level(self, index: int) -> None:
        level = self.stress_level.itemData(index)
        if isinstance(level, str):
            count, _legendary = stress_from_level(level)
            self.stress_count.setValue(count)
        self._name_stress_count()

    def _name_stress_count(self) -> None:
        """The count box reads "2 Penalty Ranks" (its unit in the box, so it says what it
        counts by itself)."""
        count = self.stress_count.value()
        self.stress_count.setSuffix(" Penalty Rank" if count == 1 else " Penalty Ranks")

    def stress_is_legendary(self) -> bool:
        """Whether the chosen Level is Legendary: Legendary Stress, which brings a Doom."""
        level = self.stress_level.currentData()
        return isinstance(level, str) and stress_from_level(level)[1]

    def _on_stress_clicked(self) -> None:
        self.take_stress(
            self.stress_trait.trait(),
            self.stress_count.value(),
            self.stress_is_legendary(),
        )

    def _on_pivot_clicked(self) -> None:
        self.earn_pivot(str(self.pivot_slot.currentData()))

    def _on_arcane_clicked(self) -> None:
        index = self.arcane_sfx.currentData()
        if isinstance(index, int):
            self.arcane_failure(index)

    def _on_stunt_clicked(self) -> None:
        self.add_stunt(self.stunt_name.text(), self.stunt_trait.trait())

    def _run_dialog(self, dialog: StepDialog, run: Callable[[], bool]) -> None:
        """Open ``dialog``; its OK runs the step, and a refusal keeps it open with the
        core's reason in it."""

        def step() -> str:
            self._in_dialog = True
            try:
                return "" if run() else self.last_error()
            finally:
                self._in_dialog = False

        dialog.step = step
        before = self.message.text(), self.message.accessibleDescription(), self._refused
        if dialog.exec() == QDialog.DialogCode.Accepted:
            if not dialog.stepped:
                run()  # accepted without its OK (a script or a test)
        else:  # cancelled: a refusal it showed goes with it, not left in the panel
            text, description, self._refused = before
            self.message.setText(text)
            self.message.setAccessibleDescription(description)
        dialog.deleteLater()  # (a child of the panel: each one opened stayed under it)

    def open_end_scene_dialog(self) -> None:
        dialog = EndSceneDialog.for_character(self.character, self)

        def run() -> bool:
            values = dialog.values()
            return self.end_scene(values["recovery"].get(ONE),
                                  values["luck_for_penalties"].get(ONE, 0))

        self._run_dialog(dialog, run)

    def open_end_of_day_dialog(self) -> None:
        dialog = EndOfDayDialog(self)
        self._run_dialog(dialog, lambda: self.end_of_day(dialog.values()))

    def open_end_session_dialog(self) -> None:
        refusal = self.refusal(lambda: end_session(self.character, True))
        dialog = EndSessionDialog(self, clear_refusal=refusal,
                                  scene_penalties=scene_penalty_total(self.character))
        self._run_dialog(dialog, lambda: self.end_session(dialog.values()))

    def open_pivot_dialog(self, slot: str) -> None:
        dialog = PivotDialog(self.character, self, change=slot)
        self._run_dialog(dialog, lambda: self.change_pivot(slot, *dialog.values()))

    def open_critical_failure_dialog(self) -> None:
        dialog = CriticalFailureDialog(self.character, self)
        self._run_dialog(dialog, lambda: self.earn_critical_failure(*dialog.values()))

    def open_advancement_dialog(self) -> None:
        index = self.advancements.currentRow()
        if index < 0:
            self.message.setText("Select a held Advancement first.")
            return
        dialog = AdvancementDialog(self.character, index, self)
        self._run_dialog(dialog, lambda: self.use_advancement(index, *dialog.chosen()))
