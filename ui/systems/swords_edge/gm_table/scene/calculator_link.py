"""The scene tracker's link to the Test calculator: Momentum, a pairing opened in
the calculator, and what the calculator's steps bring back to the scene (a base of
:class:`~ui.systems.swords_edge.gm_table.scene.tracker.SceneTracker`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QDialog,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.pending import (
    Consequence,
    PendingTest,
    exertion_of,
    roll_line,
)
from seforge.systems.swords_edge.play.luck import record_roll
from seforge.systems.swords_edge.scene import (
    Scene,
)
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.scene.dialogs import (
    MomentumDialog,
    StuntDialog,
)
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import sentence
from ui.systems.swords_edge.gm_table.scene_commands import SceneStep

CHARACTER_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"


class SceneCalculatorLink(QWidget):
    """Momentum and the Test calculator's steps on the scene's pairings."""

    if TYPE_CHECKING:
        scene: Scene
        undo_stack: QUndoStack
        open_calculator: Callable[..., None] | None
        _routed: bool
        _test_step: list[SceneStep] | None

        def _run(self, title: str, operation: Callable[[Scene], Any],
                 joining: CharacterDocument | None = None) -> Any: ...

        def _apply(self, title: str, operation: Callable[[Scene], Any],
                   joining: CharacterDocument | None = None) -> Any: ...

        def stunt(self, pc_id: str, name: str, trait: Trait, why: str = "") -> bool: ...

        def save_autosave(self) -> bool: ...

        def show_notice(self, text: str) -> None: ...

        def refresh(self) -> None: ...

    # -- Momentum -------------------------------------------------------------------
    def record_momentum(self, pc_id: str, won: bool, level: str | None = None,
                        qualities: Sequence[str] = ()) -> bool:
        return self._run("Momentum", lambda scene: scene.record_momentum(
            pc_id, won, level, list(qualities))) is not None

    def momentum_dialog(self, pc_id: str) -> bool:
        try:
            dialog = MomentumDialog(self.scene, pc_id, self)
        except RefusedError as exc:
            warn(self, "Momentum", sentence(exc))
            return False
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.record_momentum(pc_id, *dialog.values())

    def open_in_calculator(self, pc_id: str) -> bool:
        """Hand the pairing to the Test calculator (if a callback was given)."""
        if self.open_calculator is None:
            return False
        character = self.scene.character(pc_id)
        faced = self.scene.facing(pc_id)
        entry = self.scene.pc(pc_id)
        if isinstance(self.open_calculator, CalculatorBridge):
            pid = entry.id

            def store(test: PendingTest) -> None:
                self.store_test(pid, test)

            def record(_pc: Character, offer: Consequence) -> bool:
                return self.record_consequence(pid, offer)

            self._routed = True
            self.open_calculator.open_test(character, self.scene.pairing_test(pc_id), store,
                                           record, push_step=self.push_calculator_step,
                                           history=self.undo_stack)
        else:
            ncs = []
            for n in faced:
                copy = n.nc.model_copy(deep=True)
                copy.rank = n.current_rank
                ncs.append(copy)
            self.open_calculator(character, ncs)
        return True

    def record_consequence(self, pc_id: str, offer: Consequence) -> bool:
        """Record what a critical roll in the calculator gives the PC: the Critical
        Failure's Advancement, or (asking for its name) the Stunt."""
        if offer.kind == "advancement":
            return self._run("Critical Failure", lambda scene: scene.critical_failure(
                pc_id, list(offer.qualities), offer.trait, "Test calculator")) is not None
        dialog = StuntDialog(self.scene.title(pc_id), self)
        if offer.trait is not None:
            dialog.trait.setCurrentIndex(dialog.trait.findData(offer.trait.value))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())

    def push_calculator_step(self, command: QUndoCommand) -> None:
        """Put a calculator step on a pairing on the scene's undo stack, with what it
        did to the scene and its PCs: one Undo takes back the Test, the log lines, the
        NC Stress and the PCs' rolls and Luck together."""
        held: list[SceneStep] = []
        self.undo_stack.beginMacro(f"Scene: {command.text()}")
        self._test_step = held
        try:
            self.undo_stack.push(command)  # its redo hands the Test to store_test
        finally:
            self._test_step = None
            for step in held:
                self.undo_stack.push(step)
            self.undo_stack.endMacro()

    def store_test(self, pc_id: str, test: PendingTest) -> None:
        """Keep the calculator's latest Test as the pairing's (saved with the scene),
        with what it brings: its rolls in the log and the PC's history, the Luck its
        extra Traits and Elements cost (exertion, or given back for those taken out of a
        roll judged again) and the Luck of a reroll, a settled
        Momentum, NC Stress. A step the scene's Undo or Redo replays changes nothing
        here (the scene's half of that step restores the scene)."""
        if self._routed and self._test_step is None:
            return
        try:
            before = self.scene.pc(pc_id).test
        except RefusedError:
            return  # the PC left the scene meanwhile
        if self.scene.ended:
            self._apply("Test calculator", lambda scene: scene.store_test(pc_id, test))
            self.save_autosave()
            return
        known = len(before.log) if before is not None else 0
        new = test.log[known:] if len(test.log) > known else []
        rerolls = test.luck_rerolls - (before.luck_rerolls if before is not None else 0)
        exertion = exertion_of(new)
        title = "Luck reroll" if rerolls > 0 else "Roll" if new else "Test calculator"
        notes: list[str] = []
        # Whether the panels show something new (not only the Test: no redraw then).
        shown = [bool(new) or rerolls > 0 or exertion != 0]

        def operation(scene: Scene) -> None:
            scene.store_test(pc_id, test)
            # The Luck the roll's extra Traits and Elements cost is spent with it (the
            # calculator refused the roll when the PC lacked it); a roll judged again
            # with fewer of them gives back what those cost.
            try:
                if exertion > 0:
                    scene.spend_luck(pc_id, "exertion", exertion, "Test calculator")
                elif exertion < 0:
                    scene.refund_exertion(pc_id, -exertion, "Test calculator")
            except RefusedError as exc:
                notes.append(f"Luck exertion: {sentence(exc)}")
            for entry in new:
                scene.note(roll_line(entry))
            if new and scene.is_bound(pc_id):
                # Each roll is in the PC's history too, an undo step on its owner.
                character = scene.character(pc_id)
                for entry in new:
                    record_roll(character, roll_line(entry))
            # Moving on from a judged Momentum (or Seize) roll settles who holds it.
            judged = test.verdict
            if before is not None and judged is not None and judged == before.verdict \
                    and judged.step in ("momentum", "seize") and before.step == judged.step \
                    and test.step == "action":
                try:
                    scene.record_momentum(pc_id, judged.success, judged.level,
                                               judged.used)
                except RefusedError as exc:
                    notes.append(f"Momentum: {sentence(exc)}")
                shown[0] = True
            # A Luck reroll in the calculator is Luck the PC spends.
            if rerolls > 0:
                try:
                    scene.spend_luck(pc_id, "reroll", rerolls, "Test calculator")
                except RefusedError as exc:
                    notes.append(f"Luck reroll: {sentence(exc)}")
            # Stress the calculator put on an NC is the scene's too.
            for opponent in test.opponents:
                try:
                    target = scene.nc(opponent.scene_id)
                except RefusedError:
                    continue
                more = opponent.stress - target.stress
                if more > 0 and not target.removed:
                    scene.nc_takes_stress(target.id, more, "Test calculator")
                    shown[0] = True

        self._apply(title, operation)
        if notes:
            self.show_notice(" ".join(notes))
        if shown[0]:
            self.refresh()
        else:
            self.save_autosave()
