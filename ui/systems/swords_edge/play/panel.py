"""The play panel: a character at the table, session by session.

Every button ends in a call into ``seforge.systems.swords_edge.play``; refusals come back as
``RefusedError`` and are shown in the panel's message line, never re-checked here.
Each successful step becomes one :class:`PlaySnapshotCommand` on the undo stack.

The public methods named like the rules (``start_session``, ``take_stress``...) are
the panel's slots (in :mod:`~ui.systems.swords_edge.play.actions`): the buttons call
them after any dialog, and tests or the main window may call them directly. Call
:meth:`refresh` when the character changes from outside the panel (the main window
does so on the document's ``changed`` signal).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.editing import PIVOT_SLOTS
from seforge.systems.swords_edge.models import TRAITS, Trait
from seforge.systems.swords_edge.play.luck import (
    DEFAULT_LUCK,
    LUCK_PURPOSES,
    gain_luck,
    spend_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    earn_pivot_advancement,
    pivot_change_reason,
)
from seforge.systems.swords_edge.play.recovery import end_of_day, end_of_week
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.state import (
    effective_sfx,
    effective_trait,
    penalty_room,
    sfx_elements,
)
from seforge.systems.swords_edge.play.stress import (
    resolve_doom,
    return_to_play,
    stress_from_level,
    take_stress,
)
from seforge.systems.swords_edge.resolution.stress import LEGENDARY_WEAKNESS_RANK
from seforge.systems.swords_edge.scene_text import PLAY_TIPS, hit_levels_text, session_scene_text
from ui.shell.steady_text import ElidedLabel, SteadyLabel
from ui.shell.widgets import buddy, button, tip
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play.actions import PlayActions, not_now
from ui.systems.swords_edge.play.history_box import PlayHistoryBox
from ui.systems.swords_edge.play.widgets import SCENE_COLOUR, LuckTokens, PenaltyTrack, TraitCombo
from ui.systems.swords_edge.widgets import set_font_scale

TWO_COLUMN_WIDTH = 820
"""Below this width the panel stacks its two columns (e.g. in a side dock)."""
END_SCENE_TIP = "Recovery Test and Luck for this scene's Penalty Ranks"
USE_TIP = "Spend the selected Advancement"
OUT_OF_SCENE = "out of this scene"
OUT_OF_GAME = "OUT OF THE GAME"


class _StatusLine(SteadyLabel):
    """The panel's heading: wrapped, and as tall as it would be with either flag after
    this session's numbers, so that the flag a Doom brings moves no box below it."""

    def keep_room_for(self, session: int, scene: int) -> None:
        base = f"{session_scene_text(session, scene)} (running) · "
        room = (base + OUT_OF_SCENE, base + OUT_OF_GAME)
        if room != self._texts:
            self._texts = room
            self.updateGeometry()


def _button(text: str, tooltip: str, slot: Callable[[], object]) -> QPushButton:
    """A panel button whose accessible name is its text."""
    return button(text, None, text.rstrip("…"), tooltip, slot)


class PlayPanel(PlayActions):
    """Luck, Penalty Ranks, Doom, Advancements, Stunts and the history of one character."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        # "Session 1 · Scene 1 (running) · out of this scene" is wider than the side dock:
        # wrapped, and as tall from the start as its longest text, else the flag that
        # came with a Doom pushed every box down under the mouse
        self.status = _StatusLine(())
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.status.setAccessibleName("Session status")
        self.status.setToolTip("Where the character is in play")
        set_font_scale(self.status, 1.15, bold=True)
        # one line, always there: a refusal that wrapped (or came and went) pushed every
        # box down under the mouse; a long one is cut short, whole in its tooltip
        self.message = ElidedLabel()
        self.message.setAccessibleName("Message")
        self.message.setToolTip("Why the last action was refused")
        self._tint_message()
        outer.addWidget(self.status)
        outer.addWidget(self.message)

        columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._columns = columns
        outer.addLayout(columns, 1)
        left = QVBoxLayout()
        right = QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)

        left.addWidget(self._session_box())
        left.addWidget(self._pivots_box())
        left.addWidget(self._luck_box())
        left.addWidget(self._penalty_box())
        left.addWidget(self._stress_box())
        left.addWidget(self._doom_box())
        left.addStretch(1)
        right.addWidget(self._advancement_box())
        right.addWidget(self._stunt_box())
        right.addWidget(self._history_box(), 1)
        for changed in (self.luck_purpose.currentIndexChanged, self.luck_amount.valueChanged,
                        self.stress_level.currentIndexChanged,
                        self.stress_trait.currentIndexChanged,
                        self.stress_count.valueChanged,
                        self.pivot_slot.currentIndexChanged, self.weakness_name.textChanged,
                        self.legendary_weakness_name.textChanged):
            changed.connect(lambda *_: self._refresh_step_buttons())
        for control in self.findChildren(QPushButton):  # where a refusal on click shows
            control.pressed.connect(lambda c=control: setattr(self, "_pressed", c))

    def set_two_columns(self, two: bool) -> None:
        """Lay the boxes out in two columns (wide) or one (a narrow side dock)."""
        wanted = (QBoxLayout.Direction.LeftToRight if two
                  else QBoxLayout.Direction.TopToBottom)
        if self._columns.direction() != wanted:
            self._columns.setDirection(wanted)
        # stacked, the left boxes keep their natural height and the history takes the rest
        self._columns.setStretch(0, 1 if two else 0)

    def _session_box(self) -> QGroupBox:
        box = QGroupBox("Session")
        grid = QGridLayout(box)
        self.start_luck = QSpinBox()
        self.start_luck.setRange(0, 20)
        self.start_luck.setValue(DEFAULT_LUCK)
        tip(self.start_luck, "Starting Luck", PLAY_TIPS["starting_luck"])
        self.start_button = _button(
            "Start session", "Begin a session with fresh Luck", self._on_start_clicked
        )
        self.end_scene_button = _button(
            "End scene…", END_SCENE_TIP,
            self.open_end_scene_dialog,
        )
        self.end_session_button = _button(
            "End session…", PLAY_TIPS["end_session"],
            self.open_end_session_dialog,
        )
        luck_row = QHBoxLayout()
        luck_row.addWidget(buddy("Starting Luck:", self.start_luck))
        luck_row.addWidget(self.start_luck)
        luck_row.addStretch(1)
        grid.addLayout(luck_row, 0, 0)
        grid.addWidget(self.start_button, 0, 1)
        self.end_day_button = _button(
            "End of day…", PLAY_TIPS["end_of_day"],
            self.open_end_of_day_dialog,
        )
        self.end_week_button = _button(
            "End of week", PLAY_TIPS["end_of_week"],
            self.end_of_week,
        )
        self.return_button = _button(
            "Back in the game", PLAY_TIPS["return_to_play"],
            self.return_to_play,
        )
        # two columns of buttons under the Luck row: the narrow dock never scrolls sideways
        grid.addWidget(self.end_scene_button, 1, 0)
        grid.addWidget(self.end_session_button, 1, 1)
        grid.addWidget(self.end_day_button, 2, 0)
        grid.addWidget(self.end_week_button, 2, 1)
        grid.addWidget(self.return_button, 3, 0, 1, 2)
        return box

    def _pivots_box(self) -> QGroupBox:
        box = QGroupBox("Pivots")
        box.setToolTip(PLAY_TIPS["pivots"])
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        self.pivot_labels: dict[str, QLabel] = {}
        self.pivot_buttons: dict[str, QPushButton] = {}
        for row, slot in enumerate(PIVOT_SLOTS):
            name = slot.capitalize()
            value = QLabel()
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setAccessibleName(f"{name} Pivot")
            button = _button(
                "Change…", "", functools.partial(self.open_pivot_dialog, slot)
            )
            button.setAccessibleName(f"Change {name}")
            grid.addWidget(QLabel(f"{name}:"), row, 0)
            grid.addWidget(value, row, 1)
            grid.addWidget(button, row, 2)
            self.pivot_labels[slot] = value
            self.pivot_buttons[slot] = button
        return box

    def _luck_box(self) -> QGroupBox:
        box = QGroupBox("Luck")
        grid = QGridLayout(box)
        self.luck_tokens = LuckTokens()
        grid.addWidget(self.luck_tokens, 0, 0, 1, 4)
        self.luck_purpose = QComboBox()
        for key, text in LUCK_PURPOSES.items():
            if key != "remove_stress":
                self.luck_purpose.addItem(text[0].upper() + text[1:], key)
        tip(self.luck_purpose, "Spend Luck on", "What the Luck is spent on")
        self.luck_amount = QSpinBox()
        self.luck_amount.setRange(1, 20)
        tip(self.luck_amount, "Luck to spend", "How many Luck to spend")
        self.spend_button = _button("Spend", "Spend Luck", self._on_spend_clicked)
        self.luck_reason = QLineEdit()
        self.luck_reason.setPlaceholderText("Why, e.g. Weakness invoked")
        tip(self.luck_reason, "Reason for Luck", "Why the character gains Luck")
        self.gain_button = _button("Gain 1", "Give the character one Luck", self._on_gain_clicked)
        self.luck_reason.returnPressed.connect(self.gain_button.click)  # Enter: Gain 1
        grid.addWidget(self.luck_purpose, 1, 0, 1, 4)
        grid.addWidget(self.luck_amount, 2, 2)
        grid.addWidget(self.spend_button, 2, 3)
        grid.addWidget(self.luck_reason, 3, 0, 1, 3)
        grid.addWidget(self.gain_button, 3, 3)
        grid.setColumnStretch(0, 1)
        return box

    def _penalty_box(self) -> QGroupBox:
        box = QGroupBox("Penalty Ranks")
        grid = QGridLayout(box)
        self.tracks: dict[Trait, PenaltyTrack] = {}
        self.trait_labels: dict[Trait, QLabel] = {}
        for row, trait in enumerate(TRAITS):
            name = QLabel(trait.value)
            track = PenaltyTrack(trait)
            working = QLabel()
            working.setAccessibleName(f"{trait.value} working Rank")
            working.setToolTip(f"The Rank {trait.value} works at after its Penalty Ranks")
            working.setWordWrap(True)
            working.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            # the working Rank under the boxes keeps the box narrow enough for a side dock
            grid.addWidget(name, 2 * row, 0)
            grid.addWidget(track, 2 * row, 1)
            grid.addWidget(working, 2 * row + 1, 1)
            self.tracks[trait] = track
            self.trait_labels[trait] = working
        legend = QLabel(
            f'<span style="color:{SCENE_COLOUR.name()}">■</span> this scene (recoverable '
            "at its end) &nbsp; Trait colour: earlier scenes &nbsp; ╳ below Weak"
        )
        legend.setAccessibleName("Penalty legend")
        legend.setWordWrap(True)
        legend.setToolTip("Amber boxes were taken in this scene")
        grid.addWidget(legend, 2 * len(TRAITS), 0, 1, 2)
        self.sfx_label = QLabel()
        self.sfx_label.setWordWrap(True)
        self.sfx_label.setAccessibleName("SFX Penalty Ranks")
        self.sfx_label.setToolTip("Penalty Ranks on SFX Qualities from failed Arcane Tests")
        grid.addWidget(self.sfx_label, 2 * len(TRAITS) + 1, 0, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        return box

    def _stress_box(self) -> QGroupBox:
        box = QGroupBox("Take Stress")
        row = QGridLayout(box)
        self.stress_trait = TraitCombo("Stress Trait")
        # one thing each (found at the table: "Average (1)", a count box and a
        # "Legendary" tick said the same things, and could contradict each other): the
        # Level of the hit (Legendary brings the Doom), and the Penalty Ranks it puts on,
        # set by the Level and changed by hand for a hit the table counts otherwise
        self.stress_level = QComboBox()
        for level in LEVELS:
            _count, legendary = stress_from_level(level)
            self.stress_level.addItem(f"{level} (Doom)" if legendary else level, level)
        tip(self.stress_level, "Attacker's Level of Success",
            f"The attacker's Level of Success sets the Penalty Ranks: {hit_levels_text()}")
        self.stress_count = QSpinBox()
        self.stress_count.setRange(1, 10)
        tip(self.stress_count, "Penalty Ranks", "How many Penalty Ranks the hit puts on the "
            "Trait: the Level's count, or another for a hit the table counts otherwise")
        self.stress_count.valueChanged.connect(self._name_stress_count)
        self.stress_level.currentIndexChanged.connect(self._on_stress_level)
        self.stress_button = _button(
            "Take", "Put the Penalty Ranks on the Trait", self._on_stress_clicked
        )
        # the level has a row of its own: beside the Trait, the narrow dock cut its
        # longest choice to "Legendary (5, Doo"
        row.addWidget(self.stress_level, 0, 0, 1, 2)
        row.addWidget(self.stress_trait, 1, 0)
        row.addWidget(self.stress_count, 1, 1)
        row.addWidget(self.stress_button, 2, 1)
        self.arcane_sfx = QComboBox()
        tip(self.arcane_sfx, "SFX of the failed Arcane Test", "The SFX Quality the failed "
            "Arcane Test used")
        self.arcane_button = _button(
            "Failed Arcane Test", PLAY_TIPS["arcane_failure"],
            self._on_arcane_clicked,
        )
        row.addWidget(self.arcane_sfx, 3, 0)
        row.addWidget(self.arcane_button, 3, 1)
        row.setColumnStretch(0, 1)
        row.setColumnStretch(1, 1)
        self._on_stress_level(0)
        return box

    def _doom_box(self) -> QGroupBox:
        self.doom_group = QGroupBox("Doom")
        grid = QGridLayout(self.doom_group)
        self.doom_label = QLabel()
        self.doom_label.setWordWrap(True)
        self.doom_label.setAccessibleName("Pending Doom")
        self.weakness_name = QLineEdit()
        self.weakness_name.setPlaceholderText("Name of the Weakness a survivor gains")
        tip(self.weakness_name, "Doom Weakness name", PLAY_TIPS["doom_weakness"])
        # Legendary Stress leaves a Weakness of its own, survived or averted
        self.legendary_weakness_name = QLineEdit()
        self.legendary_weakness_name.setPlaceholderText(
            "Name of the Legendary Stress Weakness")
        tip(self.legendary_weakness_name, "Legendary Stress Weakness name",
            f"Name of the {LEGENDARY_WEAKNESS_RANK.label} Weakness the Legendary Stress "
            "leaves, whether the Doom is survived or averted")
        self.avert_button = _button(
            "Avert (Advancement)", PLAY_TIPS["doom_averted"],
            lambda: self.resolve_doom("averted"),
        )
        self.survive_button = _button(
            "Survived", PLAY_TIPS["doom_survived"], lambda: self.resolve_doom("survived")
        )
        self.out_button = _button(
            "Out of the game", "Dead or gone, as the table decides",
            lambda: self.resolve_doom("out"),
        )
        grid.addWidget(self.doom_label, 0, 0, 1, 3)
        grid.addWidget(self.weakness_name, 1, 0, 1, 3)
        grid.addWidget(self.legendary_weakness_name, 2, 0, 1, 3)
        grid.addWidget(self.avert_button, 3, 0, 1, 2)
        grid.addWidget(self.survive_button, 4, 0)
        grid.addWidget(self.out_button, 4, 1)
        return self.doom_group

    def _advancement_box(self) -> QGroupBox:
        box = QGroupBox("Advancements")
        grid = QGridLayout(box)
        self.advancements = QListWidget()
        self.advancements.setMaximumHeight(110)
        # a long Pivot wraps instead of running off to the right of the narrow dock
        self.advancements.setWordWrap(True)
        self.advancements.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.advancements.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        tip(self.advancements, "Held Advancements", "Advancements held and where they came from")
        self.advancements.itemDoubleClicked.connect(
            lambda _item: self.open_advancement_dialog()
        )
        self.pivot_slot = QComboBox()
        for slot in ("goal", "quirk", "style"):
            self.pivot_slot.addItem(slot.capitalize(), slot)
        tip(self.pivot_slot, "Pivot used", "Which Pivot came into play this scene")
        self.pivot_button = _button(
            "Earn from Pivot", PLAY_TIPS["pivot_advancement"],
            self._on_pivot_clicked,
        )
        self.failure_button = _button(
            "Critical Failure…", "A natural 2: an Advancement for the Qualities used",
            self.open_critical_failure_dialog,
        )
        self.use_button = _button("Use…", USE_TIP, self.open_advancement_dialog)
        self.advancements.currentRowChanged.connect(lambda _row: self._refresh_use_button())
        grid.addWidget(self.advancements, 0, 0, 1, 2)
        grid.addWidget(self.pivot_slot, 1, 0)
        grid.addWidget(self.pivot_button, 1, 1)
        grid.addWidget(self.failure_button, 2, 0)
        grid.addWidget(self.use_button, 2, 1)
        return box

    def _stunt_box(self) -> QGroupBox:
        box = QGroupBox("Critical Success: Stunt")
        row = QGridLayout(box)
        self.stunt_name = QLineEdit()
        self.stunt_name.setPlaceholderText("Stunt name, e.g. Solid Footwork")
        tip(self.stunt_name, "Stunt name", PLAY_TIPS["stunt_name"])
        self.stunt_trait = TraitCombo("Stunt Trait")
        self.stunt_button = _button(
            "Add Stunt", PLAY_TIPS["add_stunt"], self._on_stunt_clicked
        )
        self.stunt_name.returnPressed.connect(self.stunt_button.click)  # Enter: Add Stunt
        row.addWidget(self.stunt_name, 0, 0, 1, 2)
        row.addWidget(self.stunt_trait, 1, 0)
        row.addWidget(self.stunt_button, 1, 1)
        row.setColumnStretch(0, 1)
        return box

    def _history_box(self) -> QGroupBox:
        box = PlayHistoryBox(self.fontMetrics().height() + 8)
        self.history = box.table
        self.past = box.past
        self.history.currentCellChanged.connect(lambda row, *_: self.select_history(row))
        self._history = box
        return box

    # ---------------------------------------------------------------- refreshing
    def refresh(self) -> None:
        """Show the character's current state."""
        c = self.character
        p = c.play
        if p.session == 0:
            status = "No session played yet"
        else:
            state = "running" if p.session_running else "ended"
            status = f"{session_scene_text(p.session, p.scene)} ({state})"
        flags = []
        if p.removed_from_scene:
            flags.append(OUT_OF_SCENE)
        if p.out_of_play:
            flags.append(OUT_OF_GAME)
        if flags:
            status += " · " + ", ".join(flags)
        self.status.keep_room_for(max(p.session, 1), max(p.scene, 1))
        self.status.setText(status)
        self.status.setAccessibleDescription(status)
        self._refresh_session_buttons()
        self._refresh_recovery_buttons()
        self._refresh_step_buttons()
        self._refresh_message()
        self.luck_tokens.set_count(p.luck)
        for trait in TRAITS:
            total = p.penalty_ranks.get(trait, 0)
            working = effective_trait(c, trait)
            capacity = total + penalty_room(c, trait)
            self.tracks[trait].set_state(
                total, p.scene_penalty_ranks.get(trait, 0), capacity, working.display()
            )
            base = c.trait_rank(trait)
            text = base.display() if not total else f"{base.display()} → {working.display()}"
            self.trait_labels[trait].setText(text)
        sfx = [
            f"{e.name} {p.sfx_penalty_ranks.get(e.name, 0)} (works at "
            f"{effective_sfx(c, e).display()})"
            for e in sfx_elements(c)
            # Arcane Penalty Ranks belong to the SFX Qualities subsystem (L715).
            if c.options.sfx_subsystem or p.sfx_penalty_ranks.get(e.name, 0)
        ]
        self.sfx_label.setText("SFX Penalty Ranks: " + ", ".join(sfx) if sfx else "")
        self.sfx_label.setVisible(bool(sfx))
        if p.doom_trait is not None:
            kind = "Legendary Stress" if p.doom_legendary else "a Penalty Rank on a Weak Trait"
            self.doom_label.setText(
                f"Doom on {p.doom_trait.value} from {kind}. Decide how it ends."
            )
        self.doom_group.setVisible(p.doom_trait is not None)
        self.legendary_weakness_name.setVisible(p.doom_trait is not None and p.doom_legendary)
        self._refresh_arcane()
        self._refresh_pivots()
        self._refresh_advancements()
        self._refresh_history()

    def _refresh_pivots(self) -> None:
        reason = pivot_change_reason(self.character)
        for slot in PIVOT_SLOTS:
            name = slot.capitalize()
            text = getattr(self.character.pivots, slot)
            label = self.pivot_labels[slot]
            label.setText(text or "none")
            font = label.font()
            font.setItalic(not text)
            label.setFont(font)
            label.setForegroundRole(
                QPalette.ColorRole.WindowText if text else QPalette.ColorRole.PlaceholderText
            )
            label.setToolTip(text or f"The character has no {name}")
            button = self.pivot_buttons[slot]
            button.setEnabled(not reason)
            hint = reason or f"Set, replace or remove the {name}"
            button.setToolTip(hint)
            button.setAccessibleDescription(hint)

    def _refresh_advancements(self) -> None:
        row = self.advancements.currentRow()
        self.advancements.clear()
        for adv in self.character.play.advancements:
            source = "Critical Failure" if adv.source == "critical_failure" else "Pivot"
            where = f" (S{adv.earned_session}·{adv.earned_scene})" if adv.earned_session else ""
            item = QListWidgetItem(f"{source}{where}: {adv.note}")
            item.setToolTip(item.text())
            self.advancements.addItem(item)
        if self.advancements.count():
            self.advancements.setCurrentRow(min(max(row, 0), self.advancements.count() - 1))
        self._refresh_use_button()

    def _refresh_use_button(self) -> None:
        """Use… is greyed, saying why, until a held Advancement is selected."""
        if not self.advancements.count():
            hint = "Not now: no Advancement is held"
        elif self.advancements.currentRow() < 0:
            hint = "Not now: select a held Advancement first"
        else:
            hint = USE_TIP
        self.use_button.setEnabled(not hint.startswith("Not now"))
        self.use_button.setToolTip(hint)
        self.use_button.setAccessibleDescription(hint)

    def _refresh_history(self) -> None:
        self._history.show_character(self.character)

    def select_history(self, row: int) -> None:
        """Show the character as it was after history entry ``row`` (read-only)."""
        self._history.select(self.character, row)

    def _refresh_session_buttons(self) -> None:
        """Start session is greyed while it cannot be done, and says why; so is Starting
        Luck, which counts only then (tried at the default: a Luck out of range must not
        grey the very box that sets it)."""
        luck = self.start_luck.value()
        reason = self.refusal(lambda: start_session(self.character, luck))
        self.start_button.setEnabled(not reason)
        hint = not_now(reason) if reason else "Begin a session with fresh Luck"
        self.start_button.setToolTip(hint)
        self.start_button.setAccessibleDescription(hint)
        reason = self.refusal(lambda: start_session(self.character, DEFAULT_LUCK))
        self.start_luck.setEnabled(not reason)
        hint = PLAY_TIPS["starting_luck"] + "; it counts only at the start of a session"
        if reason:
            hint += f". {not_now(reason)}"
        self.start_luck.setToolTip(hint)
        self.start_luck.setAccessibleDescription(hint)

    def _refresh_step_buttons(self) -> None:
        """Spend Luck, Gain 1, Take Stress, Earn from Pivot, Avert and Survived, as their
        inputs stand: greyed with the core's reason while the rules refuse them (Survived
        until each Weakness it leaves has a name)."""
        if not hasattr(self, "pivot_button"):
            return  # still being built
        purpose = str(self.luck_purpose.currentData())
        amount = self.luck_amount.value()
        trait = self.stress_trait.trait()
        count = self.stress_count.value()
        legendary = self.stress_is_legendary()
        slot = str(self.pivot_slot.currentData())
        name = self.weakness_name.text()
        legendary_name = self.legendary_weakness_name.text()
        for widget, action in (
            (self.spend_button, lambda: spend_luck(self.character, purpose, amount)),
            (self.gain_button, lambda: gain_luck(self.character, "GM award", 1)),
            (self.stress_button,
             lambda: take_stress(self.character, trait, count, legendary)),
            (self.pivot_button, lambda: earn_pivot_advancement(self.character, slot)),
            (self.avert_button, lambda: resolve_doom(
                self.character, "averted", legendary_weakness_name=legendary_name)),
            (self.survive_button, lambda: resolve_doom(
                self.character, "survived", weakness_name=name,
                legendary_weakness_name=legendary_name)),
        ):
            hint = widget.property("seforge_hint")
            if not isinstance(hint, str):
                hint = widget.toolTip()
                widget.setProperty("seforge_hint", hint)
            reason = self.refusal(action)
            widget.setEnabled(not reason)
            text = not_now(reason) if reason else hint
            widget.setToolTip(text)
            widget.setAccessibleDescription(text)

    def _refresh_recovery_buttons(self) -> None:
        """End scene and session, end of day and of week, and the way back into the
        game: greyed with the core's reason while they cannot be done (whatever the
        dialog's choices); the way back shows only when needed."""
        for widget, action, hint in (
            (self.end_scene_button, lambda: end_scene(self.character), END_SCENE_TIP),
            (self.end_session_button, lambda: end_session(self.character),
             PLAY_TIPS["end_session"]),
            (self.end_day_button, lambda: end_of_day(self.character, None),
             PLAY_TIPS["end_of_day"]),
            (self.end_week_button, lambda: end_of_week(self.character),
             PLAY_TIPS["end_of_week"]),
            (self.return_button, lambda: return_to_play(self.character),
             PLAY_TIPS["return_to_play"]),
        ):
            reason = self.refusal(action)
            widget.setEnabled(not reason)
            text = not_now(reason) if reason else hint
            widget.setToolTip(text)
            widget.setAccessibleDescription(text)
        self.return_button.setVisible(self.character.play.out_of_play)

    def _refresh_arcane(self) -> None:
        """The failed Arcane Test, for a character playing with the SFX subsystem."""
        c = self.character
        sfx = [(i, e) for i, e in enumerate(c.elements) if e in sfx_elements(c)]
        shown = c.options.sfx_subsystem and bool(sfx)
        self.arcane_sfx.setVisible(shown)
        self.arcane_button.setVisible(shown)
        wanted = [(e.name, i) for i, e in sfx]
        current = [(self.arcane_sfx.itemText(i), self.arcane_sfx.itemData(i))
                   for i in range(self.arcane_sfx.count())]
        if wanted != current:
            chosen = self.arcane_sfx.currentData()
            self.arcane_sfx.clear()
            for name, index in wanted:
                self.arcane_sfx.addItem(name, index)
            self.arcane_sfx.setCurrentIndex(max(0, self.arcane_sfx.findData(chosen)))

