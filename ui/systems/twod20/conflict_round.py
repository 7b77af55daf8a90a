"""The tracker's "Pools and rounds" box: Momentum and the GM's pool, the round and who acts
next, keeping the initiative, ending the round or the scene, a Conan session's start, and
the tracker's Undo and Redo."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict, OrderMode, Payment, Side
from seforge.systems.twod20.profiles import Profile
from ui.shell.widgets import spin_box
from ui.systems.twod20.common import flow_of, row_of, set_reason
from ui.systems.twod20.conflict_part import ConflictPart


class RoundPart(ConflictPart):
    """The pools and the round, built by :meth:`_build_pools`."""

    def _build_pools(self) -> QWidget:
        box = QGroupBox("Pools and rounds")
        column = QVBoxLayout(box)
        self.momentum_label = QLabel()
        self.momentum_label.setAccessibleName("Momentum pool")
        self.gm_label = QLabel()
        self.gm_label.setAccessibleName("GM pool")
        self.round_label = QLabel()
        self.round_label.setAccessibleName("Round")
        self.order_label = QLabel()
        self.order_label.setAccessibleName("Who acts next")
        self.order_label.setWordWrap(True)
        self.momentum_add = self._button("+1", "Bank one Momentum (over the cap it "
                                         "is lost)", lambda: self.run(
                                             "Bank 1 Momentum", lambda d: cf.add_momentum(d, 1)))
        self.momentum_spend = self._button("-1", "Spend one Momentum", lambda: self.run(
            "Spend 1 Momentum", lambda d: cf.spend_momentum(d, 1)))
        self.gm_add = self._button("+1", "Add one to the GM's pool", lambda: self.run(
            f"Add 1 {cf.gm_pool_name(self.doc)}", lambda d: cf.add_gm_pool(d, 1)))
        self.gm_spend = self._button("-1", "Spend one from the GM's pool", lambda: self.run(
            f"Spend 1 {cf.gm_pool_name(self.doc)}", lambda d: cf.spend_gm_pool(d, 1)))
        self.momentum_add.setAccessibleName("+1 Momentum")
        self.momentum_spend.setAccessibleName("-1 Momentum")
        self.gm_add.setAccessibleName("+1 to the GM's pool")
        self.gm_spend.setAccessibleName("-1 from the GM's pool")
        self.keep_momentum = self._button("Keep initiative (Momentum)", "", lambda: self.run(
            "Keep the initiative", lambda d: cf.keep_initiative(d, Payment.MOMENTUM)))
        self.keep_gm = self._button("Keep initiative (GM pool)", "", lambda: self.run(
            "Keep the initiative", lambda d: cf.keep_initiative(d, Payment.GM_POOL)))
        self.opener = QComboBox()
        self.opener.setAccessibleName("Who opens the next round")
        self.opener.setToolTip("The side that takes the first turn of the next round")
        self.opener.addItem("Next round: either side", None)
        self.opener.addItem("Next round: player characters", Side.PC.value)
        self.opener.addItem("Next round: NPCs", Side.NPC.value)
        self.opener_pay = QComboBox()
        self.opener_pay.setAccessibleName("How the last actor's side pays to open")
        self.opener_pay.addItem("paid with Momentum", Payment.MOMENTUM.value)
        self.opener_pay.addItem("paid with the GM pool", Payment.GM_POOL.value)
        self.opener_pay.setToolTip("Only when the last actor's own side opens the next round")
        self.end_round_button = self._button("End round", "", self.end_round)
        self.end_scene_button = self._button(
            "End scene", "Clear Stress (SRD), end scene-long effects and start at round 1",
            lambda: self.run("End the scene", cf.end_scene))
        self.gm_name = QLabel()
        self.session_fortune = spin_box("Fortune per PC at the start", 2, 3, 3,
                                        "Each PC begins a Conan session with 2 or 3 Fortune")
        self.session_fortune.setPrefix("Fortune each: ")
        self.session_button = self._button("Start session", "", lambda: self.run(
            "Start the session", lambda d: cf.start_session(d, self.session_fortune.value())))
        self.undo_button = self._button("Undo", "Undo the last change to the tracker",
                                        owner_undo(self))
        self.redo_button = self._button("Redo", "Redo the change just undone", owner_redo(self))
        column.addWidget(flow_of([
            row_of([QLabel("Momentum"), self.momentum_label, self.momentum_add,
                    self.momentum_spend]),
            row_of([self.gm_name, self.gm_label, self.gm_add, self.gm_spend])]))
        order_row = QHBoxLayout()
        order_row.addWidget(self.round_label)
        order_row.addWidget(self.order_label, 1)
        column.addLayout(order_row)
        column.addWidget(flow_of([self.keep_momentum, self.keep_gm]))
        column.addWidget(flow_of([self.opener, self.opener_pay, self.end_round_button,
                                  self.end_scene_button]))
        column.addWidget(flow_of([self.session_fortune, self.session_button,
                                  self.undo_button, self.redo_button]))
        return box

    def end_round(self) -> None:
        data = self.opener.currentData()
        opener = Side(data) if data else None
        payment = Payment(self.opener_pay.currentData())
        self.run("End the round", lambda d: cf.end_round(d, opener, payment))

    def _refresh_history(self) -> None:
        stack = self.owner.undo_stack
        try:
            stack.canUndo()
        except RuntimeError:  # the stack is being torn down with its owner
            return
        set_reason(self.undo_button, None if stack.canUndo() else "nothing to undo",
                   f"Undo: {stack.undoText()}" if stack.canUndo() else "Undo")
        set_reason(self.redo_button, None if stack.canRedo() else "nothing to redo",
                   f"Redo: {stack.redoText()}" if stack.canRedo() else "Redo")

    def _refresh_pools(self) -> None:
        """The pools, the round, who acts next and what keeping the initiative costs."""
        doc = self.doc
        gm = cf.gm_pool_name(doc)
        self.momentum_label.setText(f"{doc.momentum} / {doc.settings.momentum_cap}")
        self.gm_name.setText(gm)
        self.gm_label.setText(str(doc.gm_pool))
        self.gm_add.setText(f"+1 {gm}")
        self.gm_spend.setText(f"-1 {gm}")
        set_reason(self.momentum_spend, cf.why_not_spend_momentum(doc, 1), "Spend one Momentum")
        set_reason(self.gm_spend, cf.why_not_spend_gm_pool(doc, 1), f"Spend one {gm}")
        self.round_label.setText(f"Round {doc.round}")
        self.order_label.setText(order_text(doc))
        cost = doc.settings.keep_initiative_cost
        set_reason(self.keep_momentum, cf.why_not_keep_initiative(doc, Payment.MOMENTUM),
                   f"The last actor's side pays {cost} Momentum to let an ally act next")
        set_reason(self.keep_gm, cf.why_not_keep_initiative(doc, Payment.GM_POOL),
                   f"PCs add {cost} {gm}, NPCs spend {cost} {gm}, to let an ally act next")
        set_reason(self.end_round_button, cf.why_not_end_round(
            doc, Side(self.opener.currentData()) if self.opener.currentData() else None,
            Payment(self.opener_pay.currentData())),
            f"End the round: Momentum drops by {doc.settings.momentum_loss_per_round}, "
            "everyone may act again")

    def _refresh_session(self) -> None:
        """Starting a Conan session: shown in Conan only."""
        doc = self.doc
        conan = doc.profile is Profile.CONAN
        self.session_button.setVisible(conan)
        self.session_fortune.setVisible(conan)
        set_reason(self.session_button, cf.why_not_start_session(doc),
                   "Start a Conan session: Doom at 3 per player character, each PC's Fortune "
                   "set to the number beside")


def owner_undo(view: ConflictPart) -> Callable[[], None]:
    return lambda: view.owner.undo_stack.undo()


def owner_redo(view: ConflictPart) -> Callable[[], None]:
    return lambda: view.owner.undo_stack.redo()


def order_text(doc: Conflict) -> str:
    """Who acts next under the document's action order, and who has still to act."""
    waiting = cf.waiting(doc)
    left = ", ".join(waiting) or "nobody"
    if not waiting:
        # not "NPCs act" (or "Either side may act") with nobody in the conflict or left
        due = "End the round" if doc.combatants else "Add the characters"
    elif doc.order_mode is OrderMode.PCS_FIRST:
        due = "PCs act first" if cf.waiting(doc, Side.PC) else "NPCs act"
    elif doc.order_mode is OrderMode.NARRATIVE:
        due = "The GM picks who acts"
    elif doc.order_mode is OrderMode.INITIATIVE:
        first = cf.initiative_due(doc)
        due = "Anyone may open" if first is None else f"Next by initiative: {', '.join(first)}"
    elif cf.npc_opening_cost(doc):
        due = (f"A player character opens, or an NPC for {cf.npc_opening_cost(doc)} "
               f"{cf.gm_pool_name(doc)}")
    elif doc.next_side is None:
        due = "Either side may act"
    else:
        due = f"Next: {doc.next_side.label}"
    return f"{due}; still to act: {left}"


