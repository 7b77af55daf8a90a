"""The calculator's numbers: the modifier, the TN, the odds and the verdict of the
last roll, drawn from the owner's Test."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPushButton

from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.pending import JudgedRoll, PendingTest
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.breakdown import TNBreakdown
from seforge.systems.swords_edge.resolution.steps import Step
from seforge.systems.swords_edge.resolution.tips import RULE_TIPS
from seforge.systems.swords_edge.resolution.tns import GroupActionReading
from seforge.systems.swords_edge.table_rules import criticals_reading, undefended_bands
from ui.shell.widgets import tip
from ui.systems.swords_edge.gm.calculator_layout import NO_TN_TEXT, CalculatorLayout
from ui.systems.swords_edge.gm.nc_card import NCCard


class CalculatorView(CalculatorLayout):
    """Reads the Test in progress and draws its numbers and result."""

    next_step_chosen = Signal(object)
    """A next step's button was clicked (a :class:`NextStep` or :class:`JudgedNextStep`)."""

    # -- accessors -----------------------------------------------------------------
    @property
    def test(self) -> PendingTest:
        return self.owner.test

    @property
    def verdict(self) -> JudgedRoll | None:
        return self.owner.test.verdict

    def character(self) -> Character | None:
        return self.owner.character

    def trait(self) -> Trait:
        return self.owner.test.trait

    def step(self) -> Step:
        return self.owner.test.step

    def reading(self) -> GroupActionReading:
        return self.owner.test.reading

    def active_cards(self) -> list[NCCard]:
        return [c for c in self.cards if not c.removed]

    # -- numbers -------------------------------------------------------------------
    def modifier_parts(self) -> list[tuple[str, int]]:
        return [(p.label, p.value)
                for p in pt.modifier_parts(self.owner.test, self.owner.character)]

    def modifier(self) -> int:
        return pt.modifier(self.owner.test, self.owner.character)

    def tn(self) -> TNBreakdown | None:
        return pt.tn(self.owner.test)

    def recalc(self, *_args: object) -> None:
        """Redraw the labels, the odds and the result from the Test."""
        test = self.owner.test
        character = self.owner.character
        step = test.step
        is_action = step == "action"
        self.action_options.setVisible(is_action)
        # Whom the Action is against is a choice with several NCs; New round is one
        # with a single NC too (the next act or reaction is the first again).
        several = len(test.active()) > 1
        self.target_combo.setVisible(several)
        self.target_label.setText("Again&st:" if several else "Round:")
        self.lost_by_critical.setEnabled(test.role == "defend")
        group = len(test.active()) > 1
        uses_reading = step in ("action", "seize")
        self.reading_combo.setEnabled(uses_reading and group)
        self.reading_label.setEnabled(uses_reading and group)
        self.no_ncs.setVisible(not test.opponents)

        if character is not None:
            self.luck_label.setText(self._luck_text(test, character))
            problems = pt.problems(test, character)
            self.problems_label.setText("\n".join(problems))
            self.problems_label.setVisible(bool(problems))
            spent = [c.name for c in self.choices if c.spent]
            self.spent_label.setText("Spent on Momentum this scene: " + ", ".join(spent)
                                     if spent else "")
            self.spent_label.setVisible(bool(spent))
        else:
            self.problems_label.hide()
            self.spent_label.hide()
        self.reroll_label.setText(f"Rerolls: {test.luck_rerolls} Luck"
                                  if test.luck_rerolls else "")
        self.reroll_label.setVisible(bool(test.luck_rerolls))

        parts = self.modifier_parts()
        total = sum(v for _, v in parts)
        self.modifier_label.setText(
            "Modifier: " + ", ".join(f"{name} {format_modifier(v)}" for name, v in parts)
            + f" = {format_modifier(total)}")
        self._draw_verdict(test)
        breakdown = self.tn()
        if breakdown is None:
            self.tn_label.setText("—")
            self.tn_breakdown.setText(NO_TN_TEXT)
            self.judge_button.setEnabled(False)
            self.odds.setEnabled(False)
            return
        self.judge_button.setEnabled(True)
        self.odds.setEnabled(True)
        self.tn_label.setText(str(breakdown.total))
        lines = breakdown.lines()
        if breakdown.note:
            lines.append(breakdown.note)
        self.tn_breakdown.setText("\n".join(lines))
        actor = self.character()
        options = None if actor is None else actor.options  # the actor's table rules
        if is_action and test.pc_undefended:
            self.odds.show_undefended_pc(total, undefended_bands(options))
        else:
            self.odds.show_test(total, breakdown.total, criticals_reading(options))

    def _luck_text(self, test: PendingTest, character: Character) -> str:
        """What the PC's extra Traits and Elements cost in this step; for a Test of a
        scene (which spends that Luck with each roll), also the Luck judging the same
        roll again gives back for those taken out since it was judged."""
        text = f"Luck spent: {pt.exertion_luck(test, character)}"
        back = pt.exertion_refund(test, character) if self.scene_records else 0
        return f"{text} ({back} back when judged again)" if back else text

    def _draw_verdict(self, test: PendingTest) -> None:
        verdict = test.verdict
        # A Luck reroll judges this roll again: not once the core says it cannot (its
        # Stress applied, the Action turned to another NC, no TN), and the buttons say so.
        refusal = pt.reroll_refusal(test)
        for widget in (self.reroll_button, self.reroll_spin, self.roll_reroll_button):
            widget.setEnabled(refusal is None)
        tip_text = RULE_TIPS["luck_reroll"] if refusal is None or refusal == pt.JUDGE_FIRST \
            else f"{RULE_TIPS['luck_reroll']}. Not now: {refusal}"
        self.reroll_button.setToolTip(tip_text)
        self.roll_button.setEnabled(pt.tn(test) is not None)
        self._draw_offers(test)
        self._draw_log(test)
        # The result and its next-step buttons belong to the step that was rolled:
        # once the Test moves on ("Go to Action"), they go.
        shown = verdict if verdict is not None and verdict.step == test.step else None
        if shown != self._drawn_verdict:
            self._drawn_verdict = shown
            self._draw_result(shown)
        self._draw_apply_stress(test)

    def _draw_offers(self, test: PendingTest) -> None:
        """What a critical roll gives, and whether it can be recorded here."""
        offers = pt.consequences(test, self.owner.character)
        self.consequence_label.setText("\n".join(o.text for o in offers))
        self.consequence_label.setVisible(bool(offers))
        self.offer_button.setVisible(bool(offers) and self.consequence_handler is not None
                                     and self.owner.character is not None)

    def _draw_log(self, test: PendingTest) -> None:
        lines = [pt.roll_line(entry) for entry in test.log]
        if [self.log_list.item(i).text() for i in range(self.log_list.count())] != lines:
            self.log_list.clear()
            self.log_list.addItems(lines)
            self.log_list.scrollToBottom()

    def _draw_result(self, verdict: JudgedRoll | None) -> None:
        """The verdict's headline, details and one button per step it leads to."""
        self.result_label.setText(verdict.headline if verdict else "")
        self.result_label.setAccessibleDescription(verdict.headline if verdict else "")
        self.result_detail.setText("\n".join(verdict.lines) if verdict else "")
        for button in self.next_buttons:
            self.next_box.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.next_buttons = []
        steps = verdict.next_steps if verdict else []
        # the Apply button keeps the row while the verdict leads nowhere, and leaves no gap
        # before the next steps' buttons while it does (it shows only when they do not)
        policy = self.apply_stress_button.sizePolicy()
        policy.setRetainSizeWhenHidden(not steps)
        self.apply_stress_button.setSizePolicy(policy)
        for next_step in steps:
            button = QPushButton(next_step.label, self)
            tip(button, next_step.label, "Move on to this step with its settings filled in")
            button.clicked.connect(
                lambda _=False, n=next_step: self.next_step_chosen.emit(n))
            self.next_buttons.append(button)
            self.next_box.addWidget(button)

    def _draw_apply_stress(self, test: PendingTest) -> None:
        verdict = test.verdict
        target = pt.stress_target(test)
        can_apply = (verdict is not None and test.step == "action" and verdict.step == "action"
                     and verdict.stress > 0 and target is not None
                     and not verdict.undefended_pc and test.role == "attack")
        self.apply_stress_button.setVisible(can_apply)
        if can_apply and verdict is not None and target is not None:
            name = pt.opponent_titles(test).get(target.uid, target.nc.name)
            self.apply_stress_button.setText(f"Apply {verdict.stress} Stress to {name}")
