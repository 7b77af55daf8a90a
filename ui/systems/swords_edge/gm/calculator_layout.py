"""The Test calculator's widgets and their layout (no behaviour: the tab in
:mod:`~ui.systems.swords_edge.gm.calculator` connects and draws them)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from PySide6.QtCore import Qt
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

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.library import list_entries, load_nc
from seforge.systems.swords_edge.models import Character, NCType, Trait
from seforge.systems.swords_edge.pending import (
    ROUND_TIPS,
    Consequence,
    DieRoller,
    JudgedRoll,
    secure_die,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.qualities import QualityChoice
from seforge.systems.swords_edge.resolution.ranges import RANGES
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES, STEPS, Step
from seforge.systems.swords_edge.resolution.tips import READING_TIP, RULE_TIPS
from seforge.systems.swords_edge.resolution.tns import GroupActionReading
from ui.shell.flow_layout import FlowLayout, flow_row
from ui.shell.steady_text import SteadyLabel, reserve_lines
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm.nc_card import NCCard
from ui.systems.swords_edge.gm.odds_view import OddsPanel
from ui.systems.swords_edge.gm.pending_owner import PendingTestOwner
from ui.systems.swords_edge.gm.widgets import (
    CharacterCombo,
    CharactersProvider,
    OrdinalSpinBox,
    die_spin,
    fill_with_scroll,
)

ConsequenceHandler = Callable[[Character, Consequence], bool]
PCStep = Callable[[Character, str, Callable[[Character], object]], bool]
"""Runs a :mod:`seforge.systems.swords_edge.play` operation (given the Character to
change) on a PC through its owner's ``apply``: one undo step on the PC's owner;
False when the PC has no owner (nothing ran). RefusedError refuses."""

NO_TN_TEXT = "Add an NC (or tick “Target is Undefended”) to set a TN."
"""What the TN's working says while the Test has no TN."""
RESULT_LINES = 3
"""The lines kept for a verdict's details (its Stress and what the Stress does)."""

READINGS: tuple[tuple[GroupActionReading, str], ...] = (
    ("sum", "Book's breakdown (sum)"),
    ("printed", "Printed total"),
)




class CalculatorLayout(QWidget):
    """The calculator's widgets, laid out: who acts, the opposition, the step and
    the numbers. It holds no behaviour; :class:`CalculatorTab` connects them."""

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

    def use_history(self, stack: QUndoStack | None) -> None:
        """Point Undo and Redo at ``stack`` (a scene's, while the Test is one of its
        pairings and its steps go there); None: the calculator's own."""
        stack = stack if stack is not None else self.owner.undo_stack
        self._history = stack
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

    def history_stack(self) -> QUndoStack:
        """The history the calculator's Undo and Redo act on now (a scene's while the Test
        is one of its pairings): what Edit › Undo should act on with the focus here."""
        return self._history

    def tab_stops(self) -> list[QWidget]:
        """The calculator's controls in the order the page reads. Tab follows it: a flow
        row's controls and those made later (an NC's card, the PC's Quality boxes, a
        next step's button) would otherwise come after everything else."""
        return [
            self.undo_button, self.redo_button,
            self.actor_combo, self.plain_spin, self.trait_combo, self.penalty_spin,
            self.library_combo, self.add_library_button, self.quick_name, self.quick_type,
            self.quick_rank, self.quick_count, self.quick_qualities, self.add_quick_button,
            *(stop for card in self.cards for stop in card.tab_stops()), self.clear_button,
            *self.step_buttons.values(), self.role_combo, self.target_combo,
            self.new_round_button, self.level_combo, self.first_action_check,
            self.action_number, self.range_combo, self.target_undefended, self.pc_undefended,
            self.lost_by_critical, self.reading_combo, *self.quality_boxes.values(),
            self.new_scene_button, self.nc_penalty_check, self.action_penalty_check,
            self.odds.chart, self.die1,
            self.die2, self.judge_button, self.roll_button, self.reroll_spin,
            self.reroll_button, self.roll_reroll_button, self.offer_button,
            *self.next_buttons, self.apply_stress_button, self.log_list,
        ]

    def order_tabs(self) -> None:
        """Put the Tab order back in reading order (:meth:`tab_stops`)."""
        for before, after in pairwise(self.tab_stops()):
            QWidget.setTabOrder(before, after)

    def _provider_proxy(self) -> list[Character]:
        return self.characters()

    def characters(self) -> list[Character]:
        """The characters offered: the provider's, then those added with
        :meth:`add_extra_character` (unless the provider lists them too)."""
        base = list(self._provider())
        return base + [c for c in self._extra if all(c is not b for b in base)]

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
        form.addRow(buddy("Character:", self.actor_combo, group), self.actor_combo)
        form.addRow(buddy("&Plain modifier:", self.plain_spin, group), self.plain_spin)
        form.addRow(buddy("&Trait:", self.trait_combo, group), self.trait_combo)
        form.addRow(buddy("Penalty &Ranks:", self.penalty_spin, group), self.penalty_spin)
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
            line_edit.setPlaceholderText("Search NCs")
        tip(self.library_combo, "Book NC", "Pick one of the book's NCs (type part of a name)")
        self.add_library_button = QPushButton("Add", group)
        tip(self.add_library_button, "Add book NC", "Add the chosen book NC to the opposition")

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
        self.quick_qualities.setPlaceholderText("Qualities, e.g. Tough +4")
        tip(self.quick_qualities, "Quick NC Qualities",
            "Qualities that apply, each with its modifier, separated by commas (e.g. "
            "Bureaucrat +2, Tough +4)")
        self.quick_count = QSpinBox(group)
        self.quick_count.setRange(1, 20)
        self.quick_count.setPrefix("× ")
        tip(self.quick_count, "How many", "How many identical NCs to add")
        self.add_quick_button = QPushButton("Add typed NC", group)
        tip(self.add_quick_button, "Add typed NC", "Add the NC described on this line")
        self.clear_button = QPushButton("Remove all", group)
        tip(self.clear_button, "Remove all NCs", "Empty the opposition")
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
        shortcuts = {"momentum": "&Momentum", "action": "&Action", "seize": "Sei&ze the Momentum"}
        for index, step in enumerate(STEPS):
            button = QRadioButton(shortcuts[step], group)
            tip(button, STEP_TITLES[step], RULE_TIPS[f"step:{step}"])
            self.step_group.addButton(button, index)
            self.step_buttons[step] = button
            row.addWidget(button)
        self.step_buttons["momentum"].setChecked(True)

        # Action options
        self.action_options = QWidget(group)
        self.role_combo = QComboBox(self.action_options)
        self.role_combo.addItem("PC attacks", "attack")
        self.role_combo.addItem("PC defends", "defend")
        tip(self.role_combo, "Role", "Whether the PC won the Momentum (attacks) or lost it "
            "(defends)")
        self.target_combo = QComboBox(self.action_options)
        self.target_combo.setObjectName("action_target")
        tip(self.target_combo, "Against", ROUND_TIPS["target"])
        self.new_round_button = QPushButton("New ro&und", self.action_options)
        tip(self.new_round_button, "New round", ROUND_TIPS["new_round"])
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
        self.target_row = QWidget(self.action_options)
        target_layout = QHBoxLayout(self.target_row)
        target_layout.setContentsMargins(0, 0, 0, 0)
        target_layout.addWidget(self.target_combo, 1)
        target_layout.addWidget(self.new_round_button)
        target_layout.addStretch(0)  # New round stays a button's width without the combo
        self.target_label = buddy("Again&st:", self.target_combo, group)
        opt.addRow(self.target_label, self.target_row)
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
        # in a flow row the combo gets only its size hint: make that hold the longest label
        self.reading_combo.setMinimumContentsLength(max(len(label) for _k, label in READINGS))
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
        self.luck_label.setWordWrap(True)  # "(1 back when judged again)" in a narrow dock
        tip(self.luck_label, "Luck spent", RULE_TIPS["exertion"])
        self.problems_label = QLabel(group)
        self.problems_label.setWordWrap(True)
        self.spent_label = QLabel(group)
        self.spent_label.setWordWrap(True)
        self.new_scene_button = QPushButton("New scene", group)
        tip(self.new_scene_button, "New scene", "Forget which Qualities were spent on Momentum "
            "(they come back in a new scene)")
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

        return group

    def _build_result(self, parent: QWidget) -> QGroupBox:
        group = QGroupBox("Numbers", parent)
        self.modifier_label = QLabel(group)
        self.modifier_label.setObjectName("modifier_breakdown")
        self.modifier_label.setWordWrap(True)
        tip(self.modifier_label, "Modifier breakdown", "What the total modifier is made of")
        self.action_penalty_check = QCheckBox(group)
        self.action_penalty_check.setObjectName("action_penalty")
        self.action_penalty_check.hide()
        self.nc_penalty_check = QCheckBox(group)
        self.nc_penalty_check.setObjectName("nc_penalty")
        self.nc_penalty_check.hide()
        self.tn_label = QLabel(group)
        self.tn_label.setObjectName("tn_total")
        tip(self.tn_label, "Target Number", "The TN for this step")
        # as tall as the note with no TN: the last NC leaving (its Stress applied) made it
        # two lines where the TN's working took one, and the page moved under the mouse
        self.tn_breakdown = SteadyLabel([NO_TN_TEXT], group)
        self.tn_breakdown.setObjectName("tn_breakdown")
        self.tn_breakdown.setWordWrap(True)
        self.tn_breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tip(self.tn_breakdown, "TN breakdown", "Base TN, group steps and applied NC Qualities")
        self.odds = OddsPanel(group)

        self.die1 = die_spin("First die", group)
        self.die2 = die_spin("Second die", group)
        self.judge_button = QPushButton("&Judge roll", group)
        tip(self.judge_button, "Judge roll", "Name the result of the dice entered")
        # the verdict's lines keep their room before the first roll is judged: they came
        # where nothing was kept and pushed the roll history 28 px down under the mouse
        self.result_label = QLabel(group)
        self.result_label.setObjectName("result_headline")
        self.result_label.setWordWrap(True)
        # bold by its font, not markup: the line kept for it is measured in that font
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        bold = self.result_label.font()
        bold.setBold(True)
        self.result_label.setFont(bold)
        reserve_lines(self.result_label, 1)
        tip(self.result_label, "Result", "The result of the last roll judged")
        self.result_detail = QLabel(group)
        self.result_detail.setObjectName("result_detail")
        self.result_detail.setWordWrap(True)
        reserve_lines(self.result_detail, RESULT_LINES)
        tip(self.result_detail, "Result details", "Stress, effects, rewards")
        self.next_box = FlowLayout()
        self.next_buttons: list[QPushButton] = []
        self.roll_button = QPushButton("Roll the d&ice", group)
        tip(self.roll_button, "Roll the dice", RULE_TIPS["roll"])
        self.roll_reroll_button = QPushButton("Roll a Luck reroll", group)
        tip(self.roll_reroll_button, "Roll a Luck reroll", RULE_TIPS["roll_reroll"])
        self.consequence_label = QLabel(group)
        self.consequence_label.setObjectName("consequence")
        self.consequence_label.setWordWrap(True)
        tip(self.consequence_label, "What the critical roll gives", "A natural 2 or 20 on the "
            "first roll: what the PC gains")
        self.offer_button = QPushButton("Record it", group)
        tip(self.offer_button, "Record what the critical gives",
            "Record it for the PC (in the scene the Test belongs to)")
        self.offer_button.hide()
        self.log_list = QListWidget(group)
        self.log_list.setObjectName("roll_log")
        self.log_list.setWordWrap(True)  # long roll lines wrap: no sideways scrolling
        self.log_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log_list.setMaximumHeight(120)
        tip(self.log_list, "Roll log", "Every roll judged in this Test, newest last")
        self.apply_stress_button = QPushButton(group)
        # its room kept while hidden: clicked, it went and the roll history below
        # jumped up under the mouse
        policy = self.apply_stress_button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.apply_stress_button.setSizePolicy(policy)
        self.apply_stress_button.hide()
        tip(self.apply_stress_button, "Apply Stress", "Add this Stress to the first NC's tally")
        # on the row of the verdict's next steps, which comes after it: one row kept for
        # either (a row of its own for the next steps pushed the history down)
        self.next_box.addWidget(self.apply_stress_button)
        self.reroll_spin = die_spin("Rerolled die", group)
        self.reroll_button = QPushButton("Luc&k reroll", group)
        tip(self.reroll_button, "Luck reroll", RULE_TIPS["luck_reroll"])
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
        layout.addWidget(self.nc_penalty_check)
        layout.addWidget(self.modifier_label)
        layout.addWidget(self.action_penalty_check)
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
        layout.addWidget(buddy("Roll histor&y:", self.log_list, group))
        layout.addWidget(self.log_list)
        return group
