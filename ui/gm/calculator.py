"""The Test calculator: a PC (or a plain modifier) against one or more NCs, step by
step. Every rule and number comes from seforge.test_flow / testmath / dice."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.dice import LEVELS
from seforge.library import list_entries, load_nc
from seforge.models import Character, NarrativeCharacter, NCType, Trait
from seforge.ranks import Rank, format_modifier
from seforge.test_flow import (
    STEP_TITLES,
    STEPS,
    NextStep,
    QualityChoice,
    Step,
    TNBreakdown,
    Verdict,
    action_extras,
    joint_action_tn,
    judge,
    judge_undefended_pc,
    momentum_tn,
    nc_qualities,
    nc_spent_by_momentum,
    parse_quick_qualities,
    pc_choices,
    quick_nc,
    selection_luck,
    selection_modifier,
    selection_problems,
    spent_by_momentum,
    undefended_pc_tn,
    undefended_target_tn,
)
from seforge.testmath import RANGES, GroupActionReading, penalty_modifier
from ui.gm.nc_card import NCCard
from ui.gm.odds_view import OddsPanel
from ui.gm.widgets import (
    CharacterCombo,
    CharactersProvider,
    OrdinalSpinBox,
    buddy,
    die_spin,
    fill_with_scroll,
    tip,
)

READINGS: tuple[tuple[GroupActionReading, str], ...] = (
    ("sum", "Book's breakdown (sum)"),
    ("printed", "Printed total"),
)
READING_TIP = (
    "How to add up several NCs acting together (Seize the Momentum, or a group defending).\n"
    "Book's breakdown (sum): the first NC's Rank gives the TN and every NC, the first "
    "included, adds the Qualities it applies. Three Basic minions applying “Bureaucrat +2” "
    "make 8 + 2 + 2 + 2 = 14, as the book itemises it.\n"
    "Printed total: the first NC gives only its TN; each other NC adds a group step (its "
    "Rank modifier, at least +2) plus its Qualities. That reproduces the 16 the book prints "
    "for the same minions, but does not add up with its own itemised sum.\n"
    "With a single NC both readings give the same TN."
)
NC_SPENT_NOTE = "used for Momentum"
NC_SPENT_TIP = ("Action: not available. This NC put it into the Momentum Test just before, "
                "and only a Trait may count towards both the Momentum and the Action that "
                "follows it.")


class CalculatorTab(QWidget):
    """Momentum, Action and Seize the Momentum for one PC against some NCs."""

    judged = Signal(object)

    def __init__(self, characters_provider: CharactersProvider,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._provider: CharactersProvider = characters_provider
        self.restore_errors: list[str] = []
        self.cards: list[NCCard] = []
        self.quality_boxes: dict[str, QCheckBox] = {}
        self.choices: list[QualityChoice] = []
        self.selected: dict[Step, set[str]] = {s: set() for s in STEPS}
        self.spent: dict[int, set[str]] = {}
        self._extra: list[Character] = []
        self.verdict: Verdict | None = None
        self._quick_count = 0
        self._building = False

        content = QWidget(self)
        body = QVBoxLayout(content)
        body.setContentsMargins(6, 6, 6, 6)
        body.addWidget(self._build_actor(content))
        body.addWidget(self._build_opposition(content))
        body.addWidget(self._build_step(content))
        body.addWidget(self._build_result(content))
        body.addStretch(1)
        self.scroll = fill_with_scroll(self, content, "Test calculator")

        self.actor_combo.refresh()
        self._on_actor_changed()

    # -- building ------------------------------------------------------------------
    def _build_actor(self, parent: QWidget) -> QGroupBox:
        group = QGroupBox("Who acts", parent)
        self.actor_combo = CharacterCombo(self._provider_proxy, group)
        self.plain_spin = QSpinBox(group)
        self.plain_spin.setRange(-40, 60)
        self.plain_spin.setPrefix("+")
        tip(self.plain_spin, "Plain modifier",
            "The PC's total modifier from Qualities, typed in (used when no character is "
            "chosen)")
        self.trait_combo = QComboBox(group)
        for trait in Trait:
            self.trait_combo.addItem(trait.value, trait.value)
        tip(self.trait_combo, "Trait", "The Trait the PC uses for Momentum (and the Action)")
        self.penalty_spin = QSpinBox(group)
        self.penalty_spin.setRange(0, 7)
        tip(self.penalty_spin, "Penalty Ranks on the Trait",
            "Penalty Ranks on the Trait in use (-2 each); filled from the character's play "
            "state, edit freely")
        form = QFormLayout(group)
        form.addRow(buddy("&Character:", self.actor_combo, group), self.actor_combo)
        form.addRow(buddy("&Plain modifier:", self.plain_spin, group), self.plain_spin)
        form.addRow(buddy("&Trait:", self.trait_combo, group), self.trait_combo)
        form.addRow(buddy("Penalty &Ranks:", self.penalty_spin, group), self.penalty_spin)
        self.actor_combo.currentIndexChanged.connect(self._on_actor_changed)
        self.plain_spin.valueChanged.connect(self._sync_plain_prefix)
        self.plain_spin.valueChanged.connect(self.recalc)
        self.trait_combo.currentIndexChanged.connect(self._on_trait_changed)
        self.penalty_spin.valueChanged.connect(self._rebuild_qualities)
        return group

    def _provider_proxy(self) -> list[Character]:
        return self.characters()

    def characters(self) -> list[Character]:
        """The characters offered: the provider's, then those added with
        :meth:`add_extra_character` (unless the provider lists them too)."""
        base = list(self._provider())
        return base + [c for c in self._extra if all(c is not b for b in base)]

    def set_provider(self, provider: CharactersProvider) -> None:
        self._provider = provider
        self.refresh_characters()

    def add_extra_character(self, character: Character) -> None:
        """Offer ``character`` too (a PC handed over by the scene tracker, say)."""
        if all(character is not c for c in self.characters()):
            self._extra.append(character)
            self.refresh_characters()

    def load_pairing(self, character: Character,
                     opponents: list[tuple[NarrativeCharacter, int]],
                     spent: set[str], momentum_level: str | None) -> None:
        """Set up a Test of ``character`` against ``opponents`` ((NC, Stress taken) each).

        ``spent`` replaces the keys the PC has spent on Momentum this scene. With a
        ``momentum_level`` the PC has won the Momentum at that Level and the
        calculator opens on the Action (attacking); without one, on the Momentum.
        """
        self.add_extra_character(character)
        self.spent[id(character)] = set(spent)
        self.refresh_characters()
        self.actor_combo.choose(character)
        self.clear_ncs()
        for nc, stress in opponents:
            card = self.add_card(NCCard(nc, self.trait()))
            card.stress_spin.setValue(max(stress, 0))
        step: Step = "momentum" if momentum_level is None else "action"
        self.go_to(NextStep("", step, "attack", momentum_level))

    def _build_opposition(self, parent: QWidget) -> QGroupBox:
        group = QGroupBox("Opposition", parent)
        self.library_combo = QComboBox(group)
        self.library_combo.setEditable(True)
        self.library_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for entry in list_entries("nc"):
            nc = load_nc(entry.id)
            self.library_combo.addItem(
                f"{entry.name} ({nc.rank.label} {nc.type.value})", entry.id)
        completer = self.library_combo.completer()
        if completer is not None:
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.library_combo.setCurrentIndex(-1)
        self.library_combo.lineEdit().setPlaceholderText("Type to search the book's NCs")
        tip(self.library_combo, "Book NC", "Pick one of the book's NCs (type part of a name)")
        self.add_library_button = QPushButton("Add", group)
        tip(self.add_library_button, "Add book NC", "Add the chosen book NC to the opposition")
        self.add_library_button.clicked.connect(self.add_library_nc)

        self.quick_name = QLineEdit(group)
        self.quick_name.setPlaceholderText("Name (optional)")
        tip(self.quick_name, "Quick NC name", "A name for the NC you are typing in")
        self.quick_type = QComboBox(group)
        for nc_type in NCType:
            self.quick_type.addItem(nc_type.value, nc_type.value)
        tip(self.quick_type, "Quick NC type", "Minion (out at 1 Stress), regular (3 Stress) or "
            "hero (loses a Rank per Stress)")
        self.quick_rank = QComboBox(group)
        for rank in Rank:
            self.quick_rank.addItem(f"{rank.label} (TN {rank.target_number})", int(rank))
        self.quick_rank.setCurrentIndex(int(Rank.AVERAGE))
        tip(self.quick_rank, "Quick NC Rank", "The NC's Rank: it sets the base TN")
        self.quick_qualities = QLineEdit(group)
        self.quick_qualities.setPlaceholderText("Applied Qualities, e.g. Bureaucrat +2, Tough +4")
        tip(self.quick_qualities, "Quick NC Qualities",
            "Qualities that apply, each with its modifier, separated by commas")
        self.quick_count = QSpinBox(group)
        self.quick_count.setRange(1, 20)
        self.quick_count.setPrefix("× ")
        tip(self.quick_count, "How many", "How many identical NCs to add")
        self.add_quick_button = QPushButton("Add typed NC", group)
        tip(self.add_quick_button, "Add typed NC", "Add the NC described on this line")
        self.add_quick_button.clicked.connect(self.add_quick_nc)
        self.quick_qualities.returnPressed.connect(self.add_quick_nc)
        self.clear_button = QPushButton("Remove all", group)
        tip(self.clear_button, "Remove all NCs", "Empty the opposition")
        self.clear_button.clicked.connect(self.clear_ncs)
        self.quick_error = QLabel(group)
        self.quick_error.setWordWrap(True)
        self.quick_error.hide()

        grid = QGridLayout()
        grid.addWidget(buddy("&Book NC:", self.library_combo, group), 0, 0)
        grid.addWidget(self.library_combo, 0, 1, 1, 3)
        grid.addWidget(self.add_library_button, 0, 4)
        grid.addWidget(buddy("T&yped:", self.quick_name, group), 1, 0)
        grid.addWidget(self.quick_name, 1, 1)
        grid.addWidget(self.quick_type, 1, 2)
        grid.addWidget(self.quick_rank, 1, 3)
        grid.addWidget(self.quick_count, 1, 4)
        grid.addWidget(self.quick_qualities, 2, 1, 1, 3)
        grid.addWidget(self.add_quick_button, 2, 4)
        grid.setColumnStretch(1, 1)
        self.cards_box = QVBoxLayout()
        self.cards_box.setSpacing(4)
        self.no_ncs = QLabel("No NCs yet: add one from the book or type one in.", group)
        layout = QVBoxLayout(group)
        layout.addLayout(grid)
        layout.addWidget(self.quick_error)
        layout.addWidget(self.no_ncs)
        layout.addLayout(self.cards_box)
        layout.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignRight)
        return group

    def _build_step(self, parent: QWidget) -> QGroupBox:
        group = QGroupBox("Step", parent)
        self.step_group = QButtonGroup(group)
        self.step_buttons: dict[Step, QRadioButton] = {}
        row = QHBoxLayout()
        shortcuts = {"momentum": "&Momentum", "action": "&Action", "seize": "S&eize the Momentum"}
        tips = {
            "momentum": "Who acts: the PC's Trait (and any Qualities they are willing to spend) "
                        "against the NCs' joint Momentum TN",
            "action": "The attack (or the defence) that follows Momentum",
            "seize": "A Momentum loser's new Momentum Test against the NCs' joint Action TN",
        }
        for index, step in enumerate(STEPS):
            button = QRadioButton(shortcuts[step], group)
            tip(button, STEP_TITLES[step], tips[step])
            self.step_group.addButton(button, index)
            self.step_buttons[step] = button
            row.addWidget(button)
        row.addStretch(1)
        self.step_buttons["momentum"].setChecked(True)
        self.step_group.idToggled.connect(self._on_step_toggled)

        # Action options
        self.action_options = QWidget(group)
        self.role_combo = QComboBox(self.action_options)
        self.role_combo.addItem("PC attacks", "attack")
        self.role_combo.addItem("PC defends", "defend")
        tip(self.role_combo, "Role", "Whether the PC won the Momentum (attacks) or lost it "
            "(defends)")
        self.level_combo = QComboBox(self.action_options)
        self.level_combo.addItem("— (none)", None)
        for level in LEVELS:
            self.level_combo.addItem(level, level)
        tip(self.level_combo, "Momentum Level", "The Level the PC won Momentum at: +2 per "
            "Level above Average on the first Action")
        self.first_action_check = QCheckBox("First action", self.action_options)
        self.first_action_check.setChecked(True)
        tip(self.first_action_check, "First action", "The Momentum bonus counts on the first "
            "Action of the first round only")
        self.action_number = OrdinalSpinBox(self.action_options)
        self.action_number.setRange(1, 10)
        tip(self.action_number, "Action this round", "Which act or reaction of the round this "
            "is: each after the first costs -2 more")
        self.range_combo = QComboBox(self.action_options)
        for band in RANGES:
            self.range_combo.addItem(band, band)
        tip(self.range_combo, "Range", "Range of a ranged attack (optional rule)")
        self.target_undefended = QCheckBox("Target is Undefended", self.action_options)
        tip(self.target_undefended, "Target is Undefended",
            "Attacking an Undefended character: the TN is 5")
        self.pc_undefended = QCheckBox("PC is Undefended", self.action_options)
        tip(self.pc_undefended, "PC is Undefended",
            "The PC is attacked while Undefended: roll against 17 with only Penalty Ranks; "
            "the shortfall sets the hit's Level")
        self.lost_by_critical = QCheckBox("Lost Momentum on a natural 2", self.action_options)
        tip(self.lost_by_critical, "Lost Momentum on a natural 2",
            "A defender who lost Momentum to a natural 2 gets only the Good reward from a "
            "Great or Exceptional defence")
        opt = QFormLayout(self.action_options)
        opt.setContentsMargins(0, 0, 0, 0)
        opt.addRow(buddy("R&ole:", self.role_combo, group), self.role_combo)
        level_row = QHBoxLayout()
        level_row.addWidget(self.level_combo, 1)
        level_row.addWidget(self.first_action_check)
        opt.addRow(buddy("Momentum &Level:", self.level_combo, group), level_row)
        opt.addRow(buddy("Action &no.:", self.action_number, group), self.action_number)
        opt.addRow(buddy("Ra&nge:", self.range_combo, group), self.range_combo)
        flags = QVBoxLayout()
        flags.addWidget(self.target_undefended)
        flags.addWidget(self.pc_undefended)
        flags.addWidget(self.lost_by_critical)
        opt.addRow(flags)

        self.reading_combo = QComboBox(group)
        for key, label in READINGS:
            self.reading_combo.addItem(label, key)
        tip(self.reading_combo, "Group TN reading", READING_TIP)
        self.reading_label = buddy("&Group TN reading:", self.reading_combo, group)
        self.reading_label.setToolTip(READING_TIP)
        reading_row = QHBoxLayout()
        reading_row.addWidget(self.reading_label)
        reading_row.addWidget(self.reading_combo, 1)

        # PC Qualities
        self.qualities_box = QGroupBox("PC's Qualities in this step", group)
        self.qualities_layout = QVBoxLayout(self.qualities_box)
        self.qualities_layout.setSpacing(2)
        self.luck_label = QLabel("Luck spent: 0", group)
        self.luck_label.setObjectName("luck_label")
        tip(self.luck_label, "Luck spent", "Luck the extra Traits and Elements cost (Exertion)")
        self.problems_label = QLabel(group)
        self.problems_label.setWordWrap(True)
        self.spent_label = QLabel(group)
        self.spent_label.setWordWrap(True)
        self.new_scene_button = QPushButton("New scene", group)
        tip(self.new_scene_button, "New scene", "Forget which Qualities were spent on Momentum "
            "(they come back in a new scene)")
        self.new_scene_button.clicked.connect(self.new_scene)
        luck_row = QHBoxLayout()
        luck_row.addWidget(self.luck_label, 1)
        luck_row.addWidget(self.new_scene_button)

        layout = QVBoxLayout(group)
        layout.addLayout(row)
        layout.addWidget(self.action_options)
        layout.addLayout(reading_row)
        layout.addWidget(self.qualities_box)
        layout.addLayout(luck_row)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.spent_label)

        for widget in (self.role_combo, self.level_combo, self.range_combo, self.reading_combo):
            widget.currentIndexChanged.connect(self.recalc)
        for box in (self.first_action_check, self.target_undefended, self.pc_undefended,
                    self.lost_by_critical):
            box.toggled.connect(self.recalc)
        self.action_number.valueChanged.connect(self.recalc)
        return group

    def _build_result(self, parent: QWidget) -> QGroupBox:
        group = QGroupBox("Numbers", parent)
        self.modifier_label = QLabel(group)
        self.modifier_label.setObjectName("modifier_breakdown")
        self.modifier_label.setWordWrap(True)
        tip(self.modifier_label, "Modifier breakdown", "What the total modifier is made of")
        self.tn_label = QLabel(group)
        self.tn_label.setObjectName("tn_total")
        tip(self.tn_label, "Target Number", "The TN for this step")
        self.tn_breakdown = QLabel(group)
        self.tn_breakdown.setObjectName("tn_breakdown")
        self.tn_breakdown.setWordWrap(True)
        self.tn_breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tip(self.tn_breakdown, "TN breakdown", "Base TN, group steps and applied NC Qualities")
        self.odds = OddsPanel(group)

        self.die1 = die_spin("First die", group)
        self.die2 = die_spin("Second die", group)
        self.judge_button = QPushButton("&Judge roll", group)
        tip(self.judge_button, "Judge roll", "Name the result of the dice entered")
        self.judge_button.clicked.connect(self.judge_roll)
        self.result_label = QLabel(group)
        self.result_label.setObjectName("result_headline")
        self.result_label.setWordWrap(True)
        tip(self.result_label, "Result", "The result of the last roll judged")
        self.result_detail = QLabel(group)
        self.result_detail.setObjectName("result_detail")
        self.result_detail.setWordWrap(True)
        tip(self.result_detail, "Result details", "Stress, effects, rewards")
        self.next_box = QHBoxLayout()
        self.next_buttons: list[QPushButton] = []
        self.apply_stress_button = QPushButton(group)
        self.apply_stress_button.hide()
        tip(self.apply_stress_button, "Apply Stress", "Add this Stress to the first NC's tally")
        self.apply_stress_button.clicked.connect(self.apply_stress)
        dice = QHBoxLayout()
        dice.addWidget(buddy("&Dice:", self.die1, group))
        dice.addWidget(self.die1)
        dice.addWidget(self.die2)
        dice.addWidget(self.judge_button)
        dice.addStretch(1)

        layout = QVBoxLayout(group)
        tn_row = QHBoxLayout()
        tn_row.addWidget(QLabel("<b>TN:</b>", group))
        tn_row.addWidget(self.tn_label, 1)
        layout.addLayout(tn_row)
        layout.addWidget(self.tn_breakdown)
        layout.addWidget(self.modifier_label)
        layout.addWidget(self.odds)
        layout.addLayout(dice)
        layout.addWidget(self.result_label)
        layout.addWidget(self.result_detail)
        layout.addLayout(self.next_box)
        layout.addWidget(self.apply_stress_button, 0, Qt.AlignmentFlag.AlignLeft)
        return group

    # -- accessors -----------------------------------------------------------------
    def character(self) -> Character | None:
        return self.actor_combo.character()

    def trait(self) -> Trait:
        value = self.trait_combo.currentData()
        return Trait(value) if value in {t.value for t in Trait} else Trait.PHYSIQUE

    def step(self) -> Step:
        return STEPS[max(self.step_group.checkedId(), 0)]

    def reading(self) -> GroupActionReading:
        return "printed" if self.reading_combo.currentData() == "printed" else "sum"

    def active_cards(self) -> list[NCCard]:
        return [c for c in self.cards if not c.removed]

    def _spent_set(self) -> set[str]:
        character = self.character()
        return self.spent.setdefault(id(character), set()) if character is not None else set()

    # -- characters ----------------------------------------------------------------
    def refresh_characters(self) -> None:
        self.actor_combo.refresh()
        self._on_actor_changed()

    def _sync_plain_prefix(self, value: int) -> None:
        self.plain_spin.setPrefix("+" if value >= 0 else "")

    def _on_actor_changed(self, _index: int = 0) -> None:
        character = self.character()
        self.plain_spin.setEnabled(character is None)
        self.qualities_box.setVisible(character is not None)
        self.luck_label.setVisible(character is not None)
        self._load_penalty()
        self._reset_selection()

    def _load_penalty(self) -> None:
        character = self.character()
        self.penalty_spin.blockSignals(True)
        self.penalty_spin.setValue(
            character.play.penalty_ranks.get(self.trait(), 0) if character is not None else 0)
        self.penalty_spin.blockSignals(False)

    def _on_trait_changed(self, _index: int) -> None:
        self._load_penalty()
        for card in self.cards:
            card.reset_momentum_defaults(self.trait())
        self._reset_selection()

    def _reset_selection(self) -> None:
        trait_k = f"trait:{self.trait().value}"
        self.selected = {s: {trait_k} for s in STEPS}
        self.selected["action"] |= {"concept", "background", "faculty"}
        self._rebuild_qualities()

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
        return self.add_card(NCCard(load_nc(str(entry_id)), self.trait(), str(entry_id)))

    def add_library_by_id(self, entry_id: str) -> NCCard:
        return self.add_card(NCCard(load_nc(entry_id), self.trait(), entry_id))

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
        added = []
        base = self.quick_name.text().strip()
        for _ in range(self.quick_count.value()):
            self._quick_count += 1
            name = base or f"{rank.label} {nc_type.value} #{self._quick_count}"
            added.append(self.add_card(NCCard(quick_nc(name, nc_type, rank, qualities),
                                              self.trait())))
        return added

    def add_card(self, card: NCCard) -> NCCard:
        card.setParent(self.no_ncs.parentWidget())
        card.set_step(self.step())
        card.changed.connect(self.recalc)
        card.remove_requested.connect(self.remove_card)
        self.cards.append(card)
        self.cards_box.addWidget(card)
        self.recalc()
        return card

    def remove_card(self, card: NCCard) -> None:
        if card in self.cards:
            self.cards.remove(card)
            self.cards_box.removeWidget(card)
            card.hide()
            card.deleteLater()
            self.recalc()

    def clear_ncs(self) -> None:
        for card in list(self.cards):
            self.remove_card(card)

    # -- steps and Qualities -------------------------------------------------------
    def _on_step_toggled(self, _id: int, checked: bool) -> None:
        if checked:
            for card in self.cards:
                card.set_step(self.step())
            self._rebuild_qualities()

    def set_step(self, step: Step) -> None:
        self.step_buttons[step].setChecked(True)

    def new_scene(self) -> None:
        self.spent.clear()
        self._rebuild_qualities()

    def _rebuild_qualities(self, *_args: object) -> None:
        self._building = True
        while self.qualities_layout.count():
            item = self.qualities_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.quality_boxes = {}
        character = self.character()
        self.choices = []
        if character is not None:
            penalties = dict(character.play.penalty_ranks)
            penalties[self.trait()] = self.penalty_spin.value()
            self.choices = pc_choices(character, self.trait(), self._spent_set(), penalties)
            chosen = self.selected[self.step()]
            chosen -= {c.key for c in self.choices if c.spent}
            for choice in self.choices:
                box = QCheckBox(choice.label, self.qualities_box)
                box.setChecked(choice.key in chosen)
                box.setEnabled(not choice.spent)
                box.toggled.connect(lambda on, key=choice.key: self._on_quality(key, on))
                self.quality_boxes[choice.key] = box
                self.qualities_layout.addWidget(box)
        self._building = False
        self.recalc()

    def _on_quality(self, key: str, on: bool) -> None:
        if on:
            self.selected[self.step()].add(key)
        else:
            self.selected[self.step()].discard(key)
        self.recalc()

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

    def _label_qualities(self) -> None:
        chosen = self.selected[self.step()]
        picked_elements = sum(1 for c in self.choices if c.needs == "element"
                              and c.key in chosen)
        elements_before = 0
        for choice in self.choices:
            box = self.quality_boxes.get(choice.key)
            if box is None:
                continue
            notes = []
            if choice.spent:
                notes.append("spent on Momentum this scene")
            elif choice.needs == "trait":
                notes.append("Luck exertion: 1 Luck")
            elif choice.needs == "element":
                if choice.key in chosen:
                    if elements_before >= 1:
                        notes.append("Luck exertion: 1 Luck")
                    elements_before += 1
                elif picked_elements >= 1:
                    notes.append("Luck exertion: 1 Luck")
            if choice.requires is not None:
                notes.append(f"needs {choice.requires.value}")
            text = choice.label + (f"  ({'; '.join(notes)})" if notes else "")
            box.setText(text)
            box.setAccessibleName(text)
            box.setToolTip(f"{choice.source.capitalize()}: {text}. Tick to put it in this "
                           "step.")

    def nc_blocked(self, card: NCCard) -> set[str]:
        """The keys of ``card``'s Qualities it may not apply in the current step."""
        if self.step() != "action":
            return set()
        return nc_spent_by_momentum(card.nc, card.applied["momentum"])

    def _apply_nc_momentum_rule(self) -> None:
        """Grey out, in the Action, the NC Qualities its Momentum used (not a Trait)."""
        step = self.step()
        for card in self.cards:
            blocked = self.nc_blocked(card)
            card.applied["action"] -= blocked
            removed = card.removed
            for option in nc_qualities(card.nc):
                box = card.boxes.get(option.key)
                if box is None:
                    continue
                off = option.key in blocked
                if off and box.isChecked():
                    box.blockSignals(True)
                    box.setChecked(False)
                    box.blockSignals(False)
                box.setEnabled(not removed and not off)
                text = option.label + (f"  ({NC_SPENT_NOTE})" if off else "")
                if box.text() != text:
                    box.setText(text)
                base = box.toolTip().split(" — ")[0]
                box.setToolTip(f"{base} — {NC_SPENT_TIP if off else STEP_TITLES[step]}")

    # -- numbers -------------------------------------------------------------------
    def modifier_parts(self) -> list[tuple[str, int]]:
        step = self.step()
        character = self.character()
        if step == "action" and self.pc_undefended.isChecked():
            return [("Penalty Ranks", penalty_modifier(self.penalty_spin.value()))]
        parts: list[tuple[str, int]] = []
        if character is None:
            parts.append(("Plain modifier", self.plain_spin.value()))
            if self.penalty_spin.value():
                parts.append(("Penalty Ranks", penalty_modifier(self.penalty_spin.value())))
        else:
            chosen = self.selected[step]
            for choice in self.choices:
                if choice.key in chosen and not choice.spent:
                    parts.append((choice.name, choice.modifier))
            fetish = selection_modifier(character, self.choices, chosen - self._spent_set()) \
                - sum(v for _, v in parts)
            if fetish:
                parts.append(("Fetish", fetish))
        if step == "action":
            for part in action_extras(self.level_combo.currentData(),
                                      self.first_action_check.isChecked(),
                                      self.action_number.value(),
                                      str(self.range_combo.currentData())):
                parts.append((part.label, part.value))
        return parts

    def modifier(self) -> int:
        return sum(v for _, v in self.modifier_parts())

    def tn(self) -> TNBreakdown | None:
        step = self.step()
        if step == "action" and self.pc_undefended.isChecked():
            return undefended_pc_tn()
        if step == "action" and self.target_undefended.isChecked():
            return undefended_target_tn()
        cards = self.active_cards()
        if not cards:
            return None
        opponents = [c.opponent(step) for c in cards]
        if step == "momentum":
            return momentum_tn(opponents)
        return joint_action_tn(opponents, self.reading())

    def recalc(self, *_args: object) -> None:
        if self._building:
            return
        self._apply_nc_momentum_rule()
        step = self.step()
        is_action = step == "action"
        self.action_options.setVisible(is_action)
        defend = self.role_combo.currentData() == "defend"
        self.lost_by_critical.setEnabled(defend)
        group = len(self.active_cards()) > 1
        uses_reading = step in ("action", "seize")
        self.reading_combo.setEnabled(uses_reading and group)
        self.reading_label.setEnabled(uses_reading and group)
        self.no_ncs.setVisible(not self.cards)
        self._label_qualities()

        character = self.character()
        if character is not None:
            chosen = self.selected[step]
            luck = selection_luck(self.choices, chosen)
            self.luck_label.setText(f"Luck spent: {luck}")
            problems = selection_problems(self.choices, chosen)
            self.problems_label.setText("\n".join(problems))
            self.problems_label.setVisible(bool(problems))
            spent = [c.name for c in self.choices if c.spent]
            self.spent_label.setText("Spent on Momentum this scene: " + ", ".join(spent)
                                     if spent else "")
            self.spent_label.setVisible(bool(spent))
        else:
            self.problems_label.hide()
            self.spent_label.hide()

        parts = self.modifier_parts()
        total = sum(v for _, v in parts)
        self.modifier_label.setText(
            "Modifier: " + ", ".join(f"{name} {format_modifier(v)}" for name, v in parts)
            + f" = {format_modifier(total)}")
        breakdown = self.tn()
        if breakdown is None:
            self.tn_label.setText("—")
            self.tn_breakdown.setText("Add an NC (or tick “Target is Undefended”) to set a TN.")
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
        if is_action and self.pc_undefended.isChecked():
            self.odds.show_undefended_pc(total)
        else:
            self.odds.show_test(total, breakdown.total)

    # -- dice ----------------------------------------------------------------------
    def judge_roll(self) -> Verdict | None:
        breakdown = self.tn()
        if breakdown is None:
            return None
        step = self.step()
        d1, d2 = self.die1.value(), self.die2.value()
        if step == "action" and self.pc_undefended.isChecked():
            verdict = judge_undefended_pc(d1, d2, self.modifier())
        else:
            role = "defend" if self.role_combo.currentData() == "defend" else "attack"
            verdict = judge(step, d1, d2, self.modifier(), breakdown.total, role=role,
                            opponents=[c.opponent(step) for c in self.active_cards()],
                            target_undefended=self.target_undefended.isChecked(),
                            lost_momentum_by_critical=self.lost_by_critical.isChecked())
        self.show_verdict(verdict)
        if step in ("momentum", "seize") and self.character() is not None:
            used = spent_by_momentum(self.selected[step])
            if used:
                self._spent_set().update(used)
                self.selected["action"] -= used
        self.judged.emit(verdict)
        return verdict

    def show_verdict(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.result_label.setText(f"<b>{verdict.headline}</b>")
        self.result_label.setAccessibleDescription(verdict.headline)
        self.result_detail.setText("\n".join(verdict.lines))
        for button in self.next_buttons:
            self.next_box.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.next_buttons = []
        for next_step in verdict.next_steps:
            button = QPushButton(next_step.label, self)
            tip(button, next_step.label, "Move on to this step with its settings filled in")
            button.clicked.connect(lambda _=False, n=next_step: self.go_to(n))
            self.next_buttons.append(button)
            self.next_box.addWidget(button)
        cards = self.active_cards()
        can_apply = (self.step() == "action" and verdict.stress > 0 and bool(cards)
                     and not self.pc_undefended.isChecked()
                     and self.role_combo.currentData() == "attack")
        self.apply_stress_button.setVisible(can_apply)
        if can_apply:
            self.apply_stress_button.setText(f"Apply {verdict.stress} Stress to "
                                             f"{cards[0].nc.name}")

    def apply_stress(self) -> None:
        cards = self.active_cards()
        if self.verdict is not None and cards:
            cards[0].add_stress(self.verdict.stress)
            self.apply_stress_button.hide()

    def go_to(self, next_step: NextStep) -> None:
        self.role_combo.setCurrentIndex(0 if next_step.role == "attack" else 1)
        index = self.level_combo.findData(next_step.momentum_level)
        self.level_combo.setCurrentIndex(max(index, 0))
        self.first_action_check.setChecked(True)
        self.action_number.setValue(1)
        self.pc_undefended.setChecked(False)
        self.target_undefended.setChecked(False)
        self.set_step(next_step.step)
        self._rebuild_qualities()

    # -- state ---------------------------------------------------------------------
    def save_state(self) -> dict[str, Any]:
        character = self.character()
        return {
            "character": character.name if character is not None else None,
            "plain": self.plain_spin.value(),
            "trait": self.trait().value,
            "penalty": self.penalty_spin.value(),
            "step": self.step(),
            "role": self.role_combo.currentData(),
            "level": self.level_combo.currentData(),
            "first_action": self.first_action_check.isChecked(),
            "action_number": self.action_number.value(),
            "range": self.range_combo.currentData(),
            "target_undefended": self.target_undefended.isChecked(),
            "pc_undefended": self.pc_undefended.isChecked(),
            "reading": self.reading(),
            "dice": [self.die1.value(), self.die2.value()],
            "ncs": [card.save_state() for card in self.cards],
        }

    def restore_state(self, state: dict[str, Any]) -> None:
        """Put back what :meth:`save_state` returned; unknown or bad values are skipped."""
        try:
            name = state.get("character")
            if name:
                for index in range(1, self.actor_combo.count()):
                    if self.actor_combo.itemText(index) == name:
                        self.actor_combo.setCurrentIndex(index)
            self.plain_spin.setValue(int(state.get("plain", 0)))
            index = self.trait_combo.findText(str(state.get("trait", "")))
            if index >= 0:
                self.trait_combo.setCurrentIndex(index)
            self.penalty_spin.setValue(int(state.get("penalty", 0)))
            self.clear_ncs()
            for data in state.get("ncs", []):
                self.add_card(NCCard.from_state(data))
            step = state.get("step")
            if step in STEPS:
                self.set_step(step)
            for combo, key in ((self.role_combo, "role"), (self.level_combo, "level"),
                               (self.range_combo, "range"), (self.reading_combo, "reading")):
                index = combo.findData(state.get(key))
                if index >= 0:
                    combo.setCurrentIndex(index)
            self.first_action_check.setChecked(bool(state.get("first_action", True)))
            self.action_number.setValue(int(state.get("action_number", 1)))
            self.target_undefended.setChecked(bool(state.get("target_undefended", False)))
            self.pc_undefended.setChecked(bool(state.get("pc_undefended", False)))
            dice = state.get("dice", [5, 5])
            self.die1.setValue(int(dice[0]))
            self.die2.setValue(int(dice[1]))
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            self.restore_errors.append(str(exc))
        self.recalc()

