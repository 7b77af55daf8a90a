"""The Test calculator: a PC (or a plain modifier) against one or more NCs, step by
step. It draws the Test in progress held by a :class:`PendingTestOwner` and changes
it only through that owner's undoable commands over :mod:`seforge.systems.swords_edge.pending`;
every rule and number comes from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoStack
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
    QListWidget,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.library import list_entries, load_nc
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, NCType, Trait
from seforge.systems.swords_edge.pending import (
    Consequence,
    DieRoller,
    JudgedNextStep,
    JudgedRoll,
    PendingTest,
    secure_die,
)
from seforge.systems.swords_edge.play.luck import record_roll, spend_luck, spend_luck_on_roll
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.resolution.breakdown import TNBreakdown
from seforge.systems.swords_edge.resolution.opponents import parse_quick_qualities, quick_nc
from seforge.systems.swords_edge.resolution.qualities import QualityChoice
from seforge.systems.swords_edge.resolution.ranges import RANGES
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES, STEPS, Step
from seforge.systems.swords_edge.resolution.tips import READING_TIP, RULE_TIPS
from seforge.systems.swords_edge.resolution.tns import GroupActionReading
from seforge.systems.swords_edge.resolution.verdicts import NextStep, Verdict
from seforge.systems.swords_edge.table_rules import criticals_reading, undefended_bands
from ui.shell.flow_layout import FlowLayout, flow_row
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm.nc_card import NCCard
from ui.systems.swords_edge.gm.odds_view import OddsPanel
from ui.systems.swords_edge.gm.pending_owner import PendingTestOwner
from ui.systems.swords_edge.gm.widgets import (
    CharacterCombo,
    CharactersProvider,
    OrdinalSpinBox,
    character_title,
    die_spin,
    fill_with_scroll,
)

T = TypeVar("T")
ConsequenceHandler = Callable[[Character, Consequence], bool]
PCStep = Callable[[Character, str, Callable[[Character], object]], bool]
"""Runs a :mod:`seforge.systems.swords_edge.play` operation (given the Character to
change) on a PC through its owner's ``apply``: one undo step on the PC's owner;
False when the PC has no owner (nothing ran). RefusedError refuses."""

READINGS: tuple[tuple[GroupActionReading, str], ...] = (
    ("sum", "Book's breakdown (sum)"),
    ("printed", "Printed total"),
)


class CalculatorTab(QWidget):
    """Momentum, Action and Seize the Momentum for one PC against some NCs."""

    judged = Signal(object)

    def __init__(self, characters_provider: CharactersProvider,
                 parent: QWidget | None = None,
                 owner: PendingTestOwner | None = None) -> None:
        super().__init__(parent)
        self._provider: CharactersProvider = characters_provider
        self.owner = owner if owner is not None else PendingTestOwner(self)
        self.restore_errors: list[str] = []
        self.cards: list[NCCard] = []
        self.quality_boxes: dict[str, QCheckBox] = {}
        self.choices: list[QualityChoice] = []
        self._extra: list[Character] = []
        self._adopt: list[NCCard] = []
        self._drawing = False
        self._drawn_choices: list[tuple[str, str, bool]] | None = None
        self._drawn_verdict: JudgedRoll | None = None
        self.consequence_handler: ConsequenceHandler | None = None
        """Records what a critical roll gives (set while the Test is a scene pairing's);
        returns True when it was recorded."""
        self.die_roller: DieRoller = secure_die
        """Where the Roll buttons get a d10 (the secrets module; tests may swap it)."""
        self.pc_step: PCStep | None = None
        """Records the dice roller's rolls in the PC's history (and spends the Luck
        of a Luck reroll) through the PC's owner; set by the window holding owners."""
        self.scene_records = False
        """True while a scene pairing's tracker records this Test's rolls and Luck."""

        content = QWidget(self)
        body = QVBoxLayout(content)
        body.setContentsMargins(6, 6, 6, 6)
        body.addLayout(self._build_history(content))
        body.addWidget(self._build_actor(content))
        body.addWidget(self._build_opposition(content))
        body.addWidget(self._build_step(content))
        body.addWidget(self._build_result(content))
        body.addStretch(1)
        self.scroll_area = fill_with_scroll(self, content, "Test calculator")

        self.owner.changed.connect(self.redraw)
        self.actor_combo.refresh()
        if self.actor_combo.character() is not self.owner.character:
            self._on_actor_changed()
        self.redraw()

    def use_history(self, stack: QUndoStack | None) -> None:
        """Point Undo and Redo at ``stack`` (a scene's, while the Test is one of its
        pairings and its steps go there); None: the calculator's own."""
        stack = stack if stack is not None else self.owner.undo_stack
        for widget, action, name, text in (
            (self.undo_button, stack.createUndoAction(self, "Undo"), "Undo",
             "Undo the last change to this Test"),
            (self.redo_button, stack.createRedoAction(self, "Redo"), "Redo",
             "Redo the change just undone"),
        ):
            old = widget.defaultAction()
            widget.setDefaultAction(action)
            if old is not None:
                old.deleteLater()
            tip(widget, name, text)

    # -- building ------------------------------------------------------------------
    def _build_history(self, parent: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        self.message_label = QLabel(parent)
        self.message_label.setObjectName("calculator_message")
        self.message_label.setWordWrap(True)
        tip(self.message_label, "Calculator message", "Why the last change was refused")
        self.undo_button = QToolButton(parent)
        self.undo_button.setDefaultAction(self.owner.undo_stack.createUndoAction(self, "Undo"))
        tip(self.undo_button, "Undo", "Undo the last change to this Test")
        self.redo_button = QToolButton(parent)
        self.use_history(None)
        row.addWidget(self.message_label, 1)
        row.addStretch(0)
        row.addWidget(self.undo_button)
        row.addWidget(self.redo_button)
        return row

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
        tip(self.penalty_spin, "Penalty Ranks on the Trait", RULE_TIPS["penalty_ranks"])
        form = QFormLayout(group)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(buddy("&Character:", self.actor_combo, group), self.actor_combo)
        form.addRow(buddy("&Plain modifier:", self.plain_spin, group), self.plain_spin)
        form.addRow(buddy("&Trait:", self.trait_combo, group), self.trait_combo)
        form.addRow(buddy("Penalty &Ranks:", self.penalty_spin, group), self.penalty_spin)
        self.actor_combo.currentIndexChanged.connect(self._on_actor_changed)
        self.plain_spin.valueChanged.connect(self._sync_plain_prefix)
        self.plain_spin.valueChanged.connect(
            lambda v: self._apply("Plain modifier", lambda t: pt.set_plain_modifier(t, v),
                                  merge="plain"))
        self.trait_combo.currentIndexChanged.connect(self._on_trait_changed)
        self.penalty_spin.valueChanged.connect(
            lambda v: self._apply("Penalty Ranks", lambda t: pt.set_penalty_ranks(t, v),
                                  merge="penalty"))
        return group

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
        line_edit = self.library_combo.lineEdit()
        if line_edit is not None:
            line_edit.setPlaceholderText("Type to search the book's NCs")
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
        tip(self.quick_type, "Quick NC type", RULE_TIPS["nc_type"])
        self.quick_rank = QComboBox(group)
        for rank in Rank:
            self.quick_rank.addItem(f"{rank.label} (TN {rank.target_number})", int(rank))
        self.quick_rank.setCurrentIndex(int(Rank.AVERAGE))
        self.quick_rank.setMinimumContentsLength(14)  # "Average (TN 15)" whole
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

        # short rows that fit the dock's width: the typed NC's type, Rank and count
        # wrap onto more lines when narrow
        grid = QGridLayout()
        grid.addWidget(buddy("&Book NC:", self.library_combo, group), 0, 0)
        grid.addWidget(self.library_combo, 0, 1)
        grid.addWidget(self.add_library_button, 0, 2)
        grid.addWidget(buddy("T&yped:", self.quick_name, group), 1, 0)
        grid.addWidget(self.quick_name, 1, 1, 1, 2)
        grid.addWidget(flow_row(self.quick_type, self.quick_rank, self.quick_count), 2, 1, 1, 2)
        grid.addWidget(self.quick_qualities, 3, 1, 1, 2)
        grid.addWidget(self.add_quick_button, 4, 1, 1, 2, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(1, 1)
        self.cards_box = QVBoxLayout()
        self.cards_box.setSpacing(4)
        self.no_ncs = QLabel("No NCs yet: add one from the book or type one in.", group)
        self.no_ncs.setWordWrap(True)
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
        row = FlowLayout()
        shortcuts = {"momentum": "&Momentum", "action": "&Action", "seize": "S&eize the Momentum"}
        for index, step in enumerate(STEPS):
            button = QRadioButton(shortcuts[step], group)
            tip(button, STEP_TITLES[step], RULE_TIPS[f"step:{step}"])
            self.step_group.addButton(button, index)
            self.step_buttons[step] = button
            row.addWidget(button)
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
        tip(self.level_combo, "Momentum Level", RULE_TIPS["momentum_level"])
        self.first_action_check = QCheckBox("First action", self.action_options)
        self.first_action_check.setChecked(True)
        tip(self.first_action_check, "First action", RULE_TIPS["first_action"])
        self.action_number = OrdinalSpinBox(self.action_options)
        self.action_number.setRange(1, 10)
        tip(self.action_number, "Action this round", RULE_TIPS["action_number"])
        self.range_combo = QComboBox(self.action_options)
        for band in RANGES:
            self.range_combo.addItem(band, band)
        tip(self.range_combo, "Range", "Range of a ranged attack (optional rule)")
        self.target_undefended = QCheckBox("Target is Undefended", self.action_options)
        tip(self.target_undefended, "Target is Undefended", RULE_TIPS["target_undefended"])
        self.pc_undefended = QCheckBox("PC is Undefended", self.action_options)
        tip(self.pc_undefended, "PC is Undefended", RULE_TIPS["pc_undefended"])
        self.lost_by_critical = QCheckBox("Lost Momentum on a natural 2", self.action_options)
        tip(self.lost_by_critical, "Lost Momentum on a natural 2", RULE_TIPS["lost_by_critical"])
        opt = QFormLayout(self.action_options)
        opt.setContentsMargins(0, 0, 0, 0)
        opt.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        opt.addRow(buddy("R&ole:", self.role_combo, group), self.role_combo)
        level_row = QVBoxLayout()
        level_row.addWidget(self.level_combo)
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
        reading_row = FlowLayout()
        reading_row.addWidget(self.reading_label)
        reading_row.addWidget(self.reading_combo)

        # PC Qualities
        self.qualities_box = QGroupBox("PC's Qualities in this step", group)
        self.qualities_layout = QVBoxLayout(self.qualities_box)
        self.qualities_layout.setSpacing(2)
        self.luck_label = QLabel("Luck spent: 0", group)
        self.luck_label.setObjectName("luck_label")
        tip(self.luck_label, "Luck spent", RULE_TIPS["exertion"])
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
        self.next_box = FlowLayout()
        self.next_buttons: list[QPushButton] = []
        self.roll_button = QPushButton("Roll the d&ice", group)
        tip(self.roll_button, "Roll the dice", RULE_TIPS["roll"])
        self.roll_button.clicked.connect(self.roll)
        self.roll_reroll_button = QPushButton("Roll a Luck reroll", group)
        tip(self.roll_reroll_button, "Roll a Luck reroll", RULE_TIPS["roll_reroll"])
        self.roll_reroll_button.clicked.connect(self.roll_reroll)
        self.consequence_label = QLabel(group)
        self.consequence_label.setObjectName("consequence")
        self.consequence_label.setWordWrap(True)
        tip(self.consequence_label, "What the critical roll gives", "A natural 2 or 20 on the "
            "first roll: what the PC gains")
        self.offer_button = QPushButton("Record it", group)
        tip(self.offer_button, "Record what the critical gives",
            "Record it for the PC (in the scene the Test belongs to)")
        self.offer_button.clicked.connect(self.take_offer)
        self.offer_button.hide()
        self.log_list = QListWidget(group)
        self.log_list.setObjectName("roll_log")
        self.log_list.setMaximumHeight(120)
        tip(self.log_list, "Roll log", "Every roll judged in this Test, newest last")
        self.apply_stress_button = QPushButton(group)
        self.apply_stress_button.hide()
        tip(self.apply_stress_button, "Apply Stress", "Add this Stress to the first NC's tally")
        self.apply_stress_button.clicked.connect(self.apply_stress)
        self.die1.valueChanged.connect(self._on_dice)
        self.die2.valueChanged.connect(self._on_dice)
        self.reroll_spin = die_spin("Rerolled die", group)
        self.reroll_button = QPushButton("Luc&k reroll", group)
        tip(self.reroll_button, "Luck reroll", RULE_TIPS["luck_reroll"])
        self.reroll_button.clicked.connect(self.luck_reroll)
        self.reroll_label = QLabel(group)
        self.reroll_label.setObjectName("reroll_label")
        tip(self.reroll_label, "Luck rerolls", "Luck spent on rerolls in this Test")
        dice = FlowLayout()
        dice.addWidget(buddy("&Dice:", self.die1, group))
        dice.addWidget(self.die1)
        dice.addWidget(self.die2)
        dice.addWidget(self.judge_button)
        dice.addWidget(self.roll_button)
        reroll = FlowLayout()
        reroll.addWidget(buddy("Reroll sho&ws:", self.reroll_spin, group))
        reroll.addWidget(self.reroll_spin)
        reroll.addWidget(self.reroll_button)
        reroll.addWidget(self.roll_reroll_button)
        reroll.addWidget(self.reroll_label)

        layout = QVBoxLayout(group)
        tn_row = QHBoxLayout()
        tn_row.addWidget(QLabel("<b>TN:</b>", group))
        tn_row.addWidget(self.tn_label, 1)
        layout.addLayout(tn_row)
        layout.addWidget(self.tn_breakdown)
        layout.addWidget(self.modifier_label)
        layout.addWidget(self.odds)
        layout.addLayout(dice)
        layout.addLayout(reroll)
        layout.addWidget(self.result_label)
        layout.addWidget(self.result_detail)
        offer_row = QHBoxLayout()
        offer_row.addWidget(self.consequence_label, 1)
        offer_row.addWidget(self.offer_button)
        layout.addLayout(offer_row)
        layout.addLayout(self.next_box)
        layout.addWidget(self.apply_stress_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(buddy("Roll &history:", self.log_list, group))
        layout.addWidget(self.log_list)
        return group

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
            self.message_label.setText(str(exc))
            self.message_label.show()
            self.redraw()
            return None
        self.message_label.clear()
        self.message_label.hide()
        return result

    def _set_option(self, name: str, value: object) -> None:
        self._apply("Change the Action", lambda t: pt.set_options(t, **{name: value}))

    def _on_dice(self, _value: int) -> None:
        d1, d2 = self.die1.value(), self.die2.value()
        self._apply("Dice", lambda t: pt.set_dice(t, d1, d2), merge="dice")

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
        self.owner.replace(test, character, "Open a Test")

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
                card.quality_toggled.connect(self._on_nc_quality)
                card.stress_changed.connect(self._on_nc_stress)
                card.remove_requested.connect(self.remove_card)
                card.show_entry(entry, test.step, set())
                card.show()
            else:
                card = found
            ordered.append(card)
        self.cards = ordered
        for index, card in enumerate(ordered):
            self.cards_box.insertWidget(index, card)
            entry = test.opponent(card.uid)
            card.show_entry(entry, test.step, pt.nc_blocked(test, entry.uid))

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
                box = QCheckBox(choice.label, self.qualities_box)
                box.toggled.connect(lambda on, key=choice.key: self._on_quality(key, on))
                self.quality_boxes[choice.key] = box
                self.qualities_layout.addWidget(box)
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
        self.lost_by_critical.setEnabled(test.role == "defend")
        group = len(test.active()) > 1
        uses_reading = step in ("action", "seize")
        self.reading_combo.setEnabled(uses_reading and group)
        self.reading_label.setEnabled(uses_reading and group)
        self.no_ncs.setVisible(not test.opponents)

        if character is not None:
            self.luck_label.setText(f"Luck spent: {pt.exertion_luck(test, character)}")
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
        actor = self.character()
        options = None if actor is None else actor.options  # the actor's table rules
        if is_action and test.pc_undefended:
            self.odds.show_undefended_pc(total, undefended_bands(options))
        else:
            self.odds.show_test(total, breakdown.total, criticals_reading(options))

    def _draw_verdict(self, test: PendingTest) -> None:
        verdict = test.verdict
        can_reroll = verdict is not None and verdict.step == test.step
        self.reroll_button.setEnabled(can_reroll)
        self.reroll_spin.setEnabled(can_reroll)
        self.roll_reroll_button.setEnabled(can_reroll)
        self.roll_button.setEnabled(pt.tn(test) is not None)
        offers = pt.consequences(test, self.owner.character)
        self.consequence_label.setText("\n".join(o.text for o in offers))
        self.consequence_label.setVisible(bool(offers))
        self.offer_button.setVisible(bool(offers) and self.consequence_handler is not None
                                     and self.owner.character is not None)
        lines = [pt.roll_line(entry) for entry in test.log]
        if [self.log_list.item(i).text() for i in range(self.log_list.count())] != lines:
            self.log_list.clear()
            self.log_list.addItems(lines)
            self.log_list.scrollToBottom()
        if verdict != self._drawn_verdict:
            self._drawn_verdict = verdict
            self.result_label.setText(f"<b>{verdict.headline}</b>" if verdict else "")
            self.result_label.setAccessibleDescription(verdict.headline if verdict else "")
            self.result_detail.setText("\n".join(verdict.lines) if verdict else "")
            for button in self.next_buttons:
                self.next_box.removeWidget(button)
                button.hide()
                button.deleteLater()
            self.next_buttons = []
            for next_step in verdict.next_steps if verdict else []:
                button = QPushButton(next_step.label, self)
                tip(button, next_step.label, "Move on to this step with its settings filled in")
                button.clicked.connect(lambda _=False, n=next_step: self.go_to(n))
                self.next_buttons.append(button)
                self.next_box.addWidget(button)
        active = test.active()
        can_apply = (verdict is not None and test.step == "action" and verdict.step == "action"
                     and verdict.stress > 0 and bool(active) and not verdict.undefended_pc
                     and test.role == "attack")
        self.apply_stress_button.setVisible(can_apply)
        if can_apply and verdict is not None:
            self.apply_stress_button.setText(f"Apply {verdict.stress} Stress to "
                                             f"{active[0].nc.name}")

    # -- dice ----------------------------------------------------------------------
    def judge_roll(self) -> Verdict | None:
        character = self.owner.character
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

    def _records(self) -> bool:
        return self.pc_step is not None and not self.scene_records \
            and self.owner.character is not None

    def _reroll(self, mutate: Callable[[PendingTest], Verdict]) -> Verdict | None:
        """A Luck reroll: the PC must have the Luck (the core says why not), then the
        Test changes and the PC's owner spends it."""
        character = self.owner.character
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
        self.message_label.setText(text)
        self.message_label.show()

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
