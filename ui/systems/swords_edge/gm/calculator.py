"""The Test calculator: a PC (or a plain modifier) against one or more NCs, step by
step. It draws the Test in progress held by a :class:`PendingTestOwner` and changes
it only through that owner's undoable commands over :mod:`seforge.systems.swords_edge.pending`;
every rule and number comes from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, NCType, Trait
from seforge.systems.swords_edge.pending import (
    JudgedNextStep,
    PendingTest,
)
from seforge.systems.swords_edge.play.luck import record_roll, spend_luck, spend_luck_on_roll
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.resolution.opponents import parse_quick_qualities, quick_nc
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES, STEPS, Step
from seforge.systems.swords_edge.resolution.verdicts import NextStep, Verdict
from ui.shell.steady_text import reserve_lines
from ui.shell.wrap_check import WrapCheckBox
from ui.systems.swords_edge.gm.calculator_layout import ConsequenceHandler as ConsequenceHandler
from ui.systems.swords_edge.gm.calculator_layout import PCStep as PCStep
from ui.systems.swords_edge.gm.calculator_view import CalculatorView
from ui.systems.swords_edge.gm.nc_card import NCCard
from ui.systems.swords_edge.gm.pending_owner import PendingTestOwner
from ui.systems.swords_edge.gm.widgets import (
    CharactersProvider,
    character_title,
)

T = TypeVar("T")


class CalculatorTab(CalculatorView):
    """Momentum, Action and Seize the Momentum for one PC against some NCs."""

    judged = Signal(object)

    def __init__(self, characters_provider: CharactersProvider,
                 parent: QWidget | None = None,
                 owner: PendingTestOwner | None = None) -> None:
        super().__init__(characters_provider, parent, owner)
        self._connect_widgets()
        self.next_step_chosen.connect(self.go_to)
        self.owner.changed.connect(self.redraw)
        self.actor_combo.refresh()
        if self.actor_combo.character() is not self.owner.character:
            self._on_actor_changed()
        self.redraw()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        """Enter in a die judges the dice typed in (a spin box passes Enter on), as Enter
        in the Book NC search adds the NC."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) \
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier \
                and self.focusWidget() in (self.die1, self.die2) \
                and self.judge_button.isEnabled():
            self.judge_roll()
            event.accept()
            return
        super().keyPressEvent(event)

    def _connect_widgets(self) -> None:
        self.actor_combo.currentIndexChanged.connect(self._on_actor_changed)
        self.plain_spin.valueChanged.connect(self._sync_plain_prefix)
        self.plain_spin.valueChanged.connect(
            lambda v: self._apply("Plain modifier", lambda t: pt.set_plain_modifier(t, v),
                                  merge="plain"))
        self.trait_combo.currentIndexChanged.connect(self._on_trait_changed)
        self.penalty_spin.valueChanged.connect(
            lambda v: self._apply("Penalty Ranks", lambda t: pt.set_penalty_ranks(t, v),
                                  merge="penalty"))
        self.add_library_button.clicked.connect(self.add_library_nc)
        search = self.library_combo.lineEdit()
        if search is not None:  # Enter in the search adds the NC found, as Add does
            search.returnPressed.connect(self.add_library_nc)
        self.add_quick_button.clicked.connect(self.add_quick_nc)
        self.quick_qualities.returnPressed.connect(self.add_quick_nc)
        self.clear_button.clicked.connect(self.clear_ncs)
        self.step_group.idToggled.connect(self._on_step_toggled)
        self.new_scene_button.clicked.connect(self.new_scene)
        for combo, option in ((self.role_combo, "role"), (self.level_combo, "momentum_level"),
                              (self.range_combo, "range_band"),
                              (self.reading_combo, "reading")):
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, o=option: self._set_option(o, c.currentData()))
        for box, option in ((self.first_action_check, "first_action"),
                            (self.target_undefended, "target_undefended"),
                            (self.pc_undefended, "pc_undefended"),
                            (self.lost_by_critical, "lost_by_critical")):
            box.toggled.connect(lambda on, o=option: self._set_option(o, on))
        self.action_number.valueChanged.connect(
            lambda v: self._set_option("action_number", v))
        self.target_combo.currentIndexChanged.connect(self._on_target)
        self.new_round_button.clicked.connect(
            lambda: self._apply("New round", pt.new_round))
        self.action_penalty_check.toggled.connect(
            lambda on: self._apply("Penalty for acting again",
                                   lambda t: pt.set_action_penalty(t, on)))
        self.nc_penalty_check.toggled.connect(
            lambda on: self._apply("NC's penalty for acting again",
                                   lambda t: pt.set_nc_penalty(t, on)))
        self.judge_button.clicked.connect(self.judge_roll)
        self.roll_button.clicked.connect(self.roll)
        self.roll_reroll_button.clicked.connect(self.roll_reroll)
        self.offer_button.clicked.connect(self.take_offer)
        self.apply_stress_button.clicked.connect(self.apply_stress)
        self.die1.valueChanged.connect(self._on_dice)
        self.die2.valueChanged.connect(self._on_dice)
        self.reroll_button.clicked.connect(self.luck_reroll)

    # -- changes -------------------------------------------------------------------
    def _apply(self, text: str, mutate: Callable[[PendingTest], T],
               character: Character | bool | None = False, merge: str = "") -> T | None:
        """Change the Test through the owner; a refusal is shown in one line and the
        widgets are drawn back from the unchanged Test."""
        if self._drawing:
            return None
        try:
            result = self.owner.apply(text, mutate, character, merge)
        except RefusedError as exc:
            self._show_message(str(exc))
            self.redraw()
            return None
        self._clear_message()
        return result

    def _clear_message(self) -> None:
        self.message_label.clear()
        self.message_label.hide()

    def _set_option(self, name: str, value: object) -> None:
        self._apply("Change the Action", lambda t: pt.set_options(t, **{name: value}))

    def _on_target(self, _index: int) -> None:
        data = self.target_combo.currentData()
        uid = data if isinstance(data, str) else None
        self._apply("Opponent for the Action", lambda t: pt.set_target(t, uid))

    def choose_target(self, uid: str | None) -> bool:
        """Pick whom the Action is against in the combo, as a user would (None: all of
        them together); False when it is not offered."""
        for index in range(self.target_combo.count()):
            if self.target_combo.itemData(index) == uid:
                self.target_combo.setCurrentIndex(index)
                return True
        return False

    def _on_dice(self, _value: int) -> None:
        d1, d2 = self.die1.value(), self.die2.value()
        self._apply("Dice", lambda t: pt.set_dice(t, d1, d2), merge="dice")

    def set_provider(self, provider: CharactersProvider) -> None:
        self._provider = provider
        self.refresh_characters()

    def add_extra_character(self, character: Character) -> None:
        """Offer ``character`` too (a PC handed over by the scene tracker, say)."""
        if all(character is not c for c in self.characters()):
            self._extra.append(character)
            self.refresh_characters()

    def _actor_name(self, character: Character | None) -> str | None:
        if character is None:
            return None
        return character.name.strip() or character_title(character, 0)

    def load_pairing(self, character: Character,
                     opponents: list[tuple[NarrativeCharacter, int]],
                     spent: set[str], momentum_level: str | None) -> None:
        """Set up a Test of ``character`` against ``opponents`` ((NC, Stress taken) each).

        ``spent`` replaces the keys the PC has spent on Momentum this scene. With a
        ``momentum_level`` the PC has won the Momentum at that Level and the
        calculator opens on the Action (attacking); without one, on the Momentum.
        """
        trait = self.trait()
        test = pt.pairing_test(
            self._actor_name(character), [(nc, stress, "") for nc, stress in opponents],
            trait=trait, penalty_ranks=character.play.penalty_ranks.get(trait, 0),
            spent=spent, momentum_level=momentum_level)
        self.load_test(test, character)

    def load_test(self, test: PendingTest, character: Character | None) -> None:
        """Draw ``test`` (a scene pairing's, say) with ``character`` acting."""
        if character is not None:
            self.add_extra_character(character)
        self._clear_message()  # a refusal of the Test before is no news about this one
        self.owner.replace(test, character, "Open a Test")

    # -- characters ----------------------------------------------------------------
    def refresh_characters(self) -> None:
        self._drawing = True
        try:
            self.actor_combo.refresh()
            self.actor_combo.choose(self.owner.character)
        finally:
            self._drawing = False
        if self.actor_combo.character() is not self.owner.character:
            self._on_actor_changed()
        else:
            self.redraw()  # the acting PC's Qualities may have changed in its document

    def _sync_plain_prefix(self, value: int) -> None:
        self.plain_spin.setPrefix("+" if value >= 0 else "")

    def _on_actor_changed(self, _index: int = 0) -> None:
        character = self.actor_combo.character()
        name = self._actor_name(character)
        penalty = 0 if character is None else \
            character.play.penalty_ranks.get(self.trait(), 0)
        self._apply("Who acts", lambda t: pt.set_actor(t, name, penalty), character)

    def _on_trait_changed(self, _index: int) -> None:
        value = self.trait_combo.currentData()
        trait = Trait(value) if value in {t.value for t in Trait} else Trait.PHYSIQUE
        character = self.character()
        penalty = 0 if character is None else character.play.penalty_ranks.get(trait, 0)
        self._apply("Trait", lambda t: pt.set_trait(t, trait, penalty))

    # -- opposition ----------------------------------------------------------------
    def add_library_nc(self) -> NCCard | None:
        entry_id = self.library_combo.currentData()
        text = self.library_combo.currentText().strip().casefold()
        if self.library_combo.findText(self.library_combo.currentText()) < 0:
            matches = [i for i in range(self.library_combo.count())
                       if text and text in self.library_combo.itemText(i).casefold()]
            if not matches:
                return None
            entry_id = self.library_combo.itemData(matches[0])
        if not entry_id:
            return None
        return self.add_library_by_id(str(entry_id))

    def add_library_by_id(self, entry_id: str) -> NCCard:
        return self.add_card(NCCard(load_nc(entry_id), self.trait(), entry_id))

    def _card(self, uid: str) -> NCCard | None:
        return next((c for c in self.cards if c.uid == uid), None)

    def add_quick_nc(self) -> list[NCCard]:
        try:
            qualities = parse_quick_qualities(self.quick_qualities.text())
        except ValueError as exc:
            self.quick_error.setText(f"Cannot read the Qualities: {exc}")
            self.quick_error.show()
            return []
        self.quick_error.hide()
        nc_type = NCType(self.quick_type.currentData())
        rank = Rank(int(self.quick_rank.currentData()))
        base = self.quick_name.text().strip()
        count = self.quick_count.value()

        def add(test: PendingTest) -> list[str]:
            uids = []
            for _ in range(count):
                name = base or f"{rank.label} {nc_type.value} #{test.next_uid}"
                uids.append(pt.add_opponent(test, quick_nc(name, nc_type, rank,
                                                           qualities)).uid)
            return uids

        uids = self._apply("Add typed NC", add) or []
        return [card for uid in uids if (card := self._card(uid)) is not None]

    def add_card(self, card: NCCard) -> NCCard:
        """Add ``card``'s NC to the Test; ``card`` becomes its view."""
        self._adopt.append(card)
        entry = self._apply("Add NC", lambda t: pt.add_opponent(
            t, card.nc, library_id=card.library_id))
        if card in self._adopt:
            self._adopt.remove(card)
        if entry is None:
            card.deleteLater()
        return card

    def remove_card(self, card: NCCard) -> None:
        uid = card.uid
        self._apply(f"Remove {card.nc.name}", lambda t: pt.remove_opponent(t, uid))

    def clear_ncs(self) -> None:
        if self.owner.test.opponents:
            self._apply("Remove all NCs", pt.clear_opponents)

    def _on_nc_quality(self, uid: str, key: str, on: bool) -> None:
        self._apply("NC Quality", lambda t: pt.set_nc_applied(t, uid, key, on))

    def _on_nc_stress(self, uid: str, value: int) -> None:
        self._apply("NC Stress", lambda t: pt.set_nc_stress(t, uid, value),
                    merge=f"stress:{uid}")

    # -- steps and Qualities -------------------------------------------------------
    def _on_step_toggled(self, index: int, checked: bool) -> None:
        if checked and 0 <= index < len(STEPS):
            self.set_step(STEPS[index])

    def set_step(self, step: Step) -> None:
        self._apply(STEP_TITLES[step], lambda t: pt.set_step(t, step))

    def new_scene(self) -> None:
        self._apply("New scene", pt.new_scene)

    def _on_quality(self, key: str, on: bool) -> None:
        character = self.character()
        if character is None:
            return
        self._apply("PC Quality", lambda t: pt.toggle_quality(t, character, key, on))

    def choose_quality(self, name: str, on: bool = True) -> bool:
        """Tick or untick the PC Quality whose name is ``name`` (for tests and scripts)."""
        for choice in self.choices:
            if choice.name == name:
                box = self.quality_boxes[choice.key]
                if not box.isEnabled():
                    return False
                box.setChecked(on)
                return True
        return False

    # -- drawing -------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw every widget from the owner's Test."""
        test = self.owner.test
        character = self.owner.character
        self._drawing = True
        try:
            if self.actor_combo.character() is not character:
                self.actor_combo.choose(character)
            self.plain_spin.setValue(test.plain_modifier)
            self._sync_plain_prefix(test.plain_modifier)
            self.plain_spin.setEnabled(character is None)
            self.trait_combo.setCurrentIndex(self.trait_combo.findData(test.trait.value))
            self.penalty_spin.setValue(test.penalty_ranks)
            self.step_buttons[test.step].setChecked(True)
            for combo, value in ((self.role_combo, test.role),
                                 (self.level_combo, test.momentum_level),
                                 (self.range_combo, test.range_band),
                                 (self.reading_combo, test.reading)):
                combo.setCurrentIndex(max(combo.findData(value), 0))
            self.first_action_check.setChecked(test.first_action)
            self.action_number.setValue(test.action_number)
            self._draw_targets(test)
            self.target_undefended.setChecked(test.target_undefended)
            self.pc_undefended.setChecked(test.pc_undefended)
            self.lost_by_critical.setChecked(test.lost_by_critical)
            self.die1.setValue(test.dice[0])
            self.die2.setValue(test.dice[1])
            self._draw_cards(test)
            self._draw_qualities(test, character)
        finally:
            self._drawing = False
        self.recalc()
        self.order_tabs()

    def _draw_targets(self, test: PendingTest) -> None:
        """Whom the Action may be against, the current choice selected; and the penalty
        for acting again in the round, as the core proposes it."""
        choices = pt.target_choices(test)
        shown = [(self.target_combo.itemData(i), self.target_combo.itemText(i))
                 for i in range(self.target_combo.count())]
        if shown != choices:
            self.target_combo.clear()
            for uid, label in choices:
                self.target_combo.addItem(label, uid)
        target = pt.action_target(test)
        wanted = target.uid if target is not None else None
        self.target_combo.setCurrentIndex(
            next((i for i, (uid, _label) in enumerate(choices) if uid == wanted), 0))
        penalty = pt.action_penalty(test)
        self.action_penalty_check.setVisible(penalty is not None)
        if penalty is not None:
            text = f"{penalty.label} {format_modifier(penalty.amount)}"
            self.action_penalty_check.setText(text)
            self.action_penalty_check.setChecked(penalty.applied)
            self.action_penalty_check.setAccessibleName(f"Penalty: {text}")
            self.action_penalty_check.setToolTip(
                f"{penalty.why}\nUntick to leave it out, tick to count it.")
        against = pt.nc_action_penalty(test)
        self.nc_penalty_check.setVisible(against is not None)
        if against is not None:
            amount = format_modifier(against.amount)
            self.nc_penalty_check.setText(f"{against.short}, TN {amount}")
            self.nc_penalty_check.setChecked(against.applied)
            self.nc_penalty_check.setAccessibleName(f"NC penalty: {against.label}, TN {amount}")
            self.nc_penalty_check.setToolTip(
                f"{against.why}\nUntick to leave it out, tick to count it.")

    def _draw_cards(self, test: PendingTest) -> None:
        wanted = [o.uid for o in test.opponents]
        for card in list(self.cards):
            if card.uid not in wanted:
                self.cards.remove(card)
                self.cards_box.removeWidget(card)
                card.hide()
                card.deleteLater()
        known = {c.uid: c for c in self.cards}
        ordered: list[NCCard] = []
        for entry in test.opponents:
            found = known.get(entry.uid)
            if found is None:
                card = self._adopt.pop(0) if self._adopt else \
                    NCCard(entry.nc, None, entry.library_id)
                card.setParent(self.no_ncs.parentWidget())
                # its title keeps its tallest: "removed" took a line less, moving the page
                reserve_lines(card.title, 1)
                card.quality_toggled.connect(self._on_nc_quality)
                card.stress_changed.connect(self._on_nc_stress)
                card.remove_requested.connect(self.remove_card)
                card.show_entry(entry, test.step, {})
                card.show()
            else:
                card = found
            ordered.append(card)
        self.cards = ordered
        titles = pt.opponent_titles(test)
        for index, card in enumerate(ordered):
            self.cards_box.insertWidget(index, card)
            entry = test.opponent(card.uid)
            card.show_entry(entry, test.step, pt.nc_blocked_notes(test, entry.uid),
                            titles.get(entry.uid))

    def _draw_qualities(self, test: PendingTest, character: Character | None) -> None:
        self.qualities_box.setVisible(character is not None)
        self.luck_label.setVisible(character is not None)
        self.choices = pt.pc_options(test, character) if character is not None else []
        shape = [(c.key, c.label, c.spent) for c in self.choices]
        if shape != self._drawn_choices:
            self._drawn_choices = shape
            while self.qualities_layout.count():
                item = self.qualities_layout.takeAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.hide()
                    widget.setParent(None)
                    widget.deleteLater()
            self.quality_boxes = {}
            for choice in self.choices:
                made = WrapCheckBox(choice.label, self.qualities_box)  # its note may be long
                made.toggled.connect(lambda on, key=choice.key: self._on_quality(key, on))
                self.quality_boxes[choice.key] = made
                self.qualities_layout.addWidget(made)
        if character is None:
            return
        chosen = test.selected()
        notes = pt.pc_notes(test, character)
        for choice in self.choices:
            box = self.quality_boxes[choice.key]
            box.setChecked(choice.key in chosen)
            box.setEnabled(not choice.spent)
            note = notes.get(choice.key)
            text = choice.label + (f"  ({note})" if note else "")
            box.setText(text)
            box.setAccessibleName(text)
            box.setToolTip(f"{choice.source.capitalize()}: {text}. Tick to put it in this "
                           "step.")

    # -- dice ----------------------------------------------------------------------
    def judge_roll(self) -> Verdict | None:
        character = self.owner.character
        if not self._exertion_paid():
            return None
        verdict = self._apply("Judge roll", lambda t: pt.judge_test(t, character))
        if verdict is not None:
            self.judged.emit(verdict)
        return verdict

    def luck_reroll(self) -> Verdict | None:
        """Spend a Luck on the lower die (it now shows the reroll box's value)."""
        character = self.owner.character
        value = self.reroll_spin.value()
        return self._reroll(lambda t: pt.luck_reroll(t, character, value))

    def roll(self) -> Verdict | None:
        """Roll 2d10 with :attr:`die_roller` and judge them."""
        character = self.owner.character
        roller = self.die_roller
        if not self._exertion_paid():
            return None
        verdict = self._apply("Roll", lambda t: pt.roll_test(t, character, roller))
        if verdict is not None:
            self._to_history("Roll", record_roll)
            self.judged.emit(verdict)
        return verdict

    def roll_reroll(self) -> Verdict | None:
        """Spend a Luck and roll the lower die again with :attr:`die_roller`."""
        character = self.owner.character
        roller = self.die_roller
        return self._reroll(lambda t: pt.roll_reroll(t, character, roller))

    def _exertion_paid(self) -> bool:
        """A roll the scene charges its exertion Luck for (the Luck the extra Traits and
        Elements cost, spent with the roll): refused, saying why, when the PC lacks it."""
        if not self.scene_records:
            return True
        refusal = pt.exertion_refusal(self.owner.test, self.owner.character)
        if refusal is not None:
            self._show_message(refusal)
            return False
        return True

    def _records(self) -> bool:
        return self.pc_step is not None and not self.scene_records \
            and self.owner.character is not None

    def _reroll(self, mutate: Callable[[PendingTest], Verdict]) -> Verdict | None:
        """A Luck reroll: the PC must have the Luck (the core says why not), then the
        Test changes and the PC's owner spends it. It judges the roll again, so in a
        scene it also pays for the extra Traits and Elements ticked since (refused, saying
        why, when the PC lacks that Luck) and gives back what those taken out cost."""
        character = self.owner.character
        if not self._exertion_paid():
            return None
        if self._records() and character is not None:
            try:
                spend_luck(character.model_copy(deep=True), "reroll")
            except RefusedError as exc:
                self._show_message(f"No Luck reroll: {exc}")
                return None
        verdict = self._apply("Luck reroll", mutate)
        if verdict is not None:
            self._to_history("Luck reroll", spend_luck_on_roll)
            self.judged.emit(verdict)
        return verdict

    def _to_history(self, title: str, operation: Callable[[Character, str], None]) -> None:
        """Keep the roll just logged in the acting PC's history, on the PC's owner."""
        character = self.owner.character
        entry = self.owner.test.verdict
        if not self._records() or character is None or entry is None \
                or self.pc_step is None:
            return
        line = pt.roll_line(entry)
        try:
            self.pc_step(character, title, lambda pc: operation(pc, line))
        except RefusedError as exc:
            self._show_message(f"Not kept in the history: {exc}")

    def _show_message(self, text: str) -> None:
        """Say why a change was refused, above the page; scrolled down to the dice the
        GM would not see it there, so the page comes up to it."""
        self.message_label.setText(text)
        self.message_label.show()
        if self.isVisible():
            QTimer.singleShot(0, self, self._bring_message_into_view)

    def _bring_message_into_view(self) -> None:
        label = self.message_label
        if label.isVisible() and label.visibleRegion().isEmpty():
            self.scroll_area.ensureWidgetVisible(label, 0, 6)

    def take_offer(self) -> bool:
        """Hand what the last critical gives to :attr:`consequence_handler`."""
        character = self.owner.character
        offers = pt.consequences(self.owner.test, character)
        if character is None or not offers or self.consequence_handler is None:
            return False
        if not self.consequence_handler(character, offers[0]):
            return False
        self._apply("Record the critical", pt.take_offer)
        return True

    def apply_stress(self) -> None:
        self._apply("Apply Stress", pt.apply_stress)

    def go_to(self, next_step: NextStep | JudgedNextStep) -> None:
        target = next_step.to_next_step() if isinstance(next_step, JudgedNextStep) \
            else next_step
        self._apply(f"Go to {STEP_TITLES[target.step]}", lambda t: pt.go_to(t, target))

    # -- state ---------------------------------------------------------------------
    def save_state(self) -> dict[str, Any]:
        """The Test as JSON data, with the acting character's name."""
        return {"test": self.owner.test.model_dump(mode="json"),
                "character": self._actor_name(self.owner.character)}

    def restore_state(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`save_state` returned; a bad state is skipped (and noted
        in :attr:`restore_errors`)."""
        data = state.get("test")
        if not isinstance(data, dict):
            self.restore_errors.append("no Test in the saved state")
            return
        try:
            test = PendingTest.model_validate(data)
        except ValueError as exc:
            self.restore_errors.append(str(exc).splitlines()[0])
            return
        name = state.get("character")
        character = next((c for c in self.characters()
                          if name and self._actor_name(c) == name), None)
        if character is None and test.actor is not None:
            test.actor = None
        self.owner.replace(test, character, "Restore the Test")
