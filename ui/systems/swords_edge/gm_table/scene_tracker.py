"""The scene tracker: PCs and NCs in a scene, who faces whom, Momentum, Stress,
Luck, Doom, and the end of the scene written to the PCs' files.

Every rule is :class:`seforge.systems.swords_edge.scene.Scene`'s; a refused operation shows the
core's :class:`~seforge.systems.swords_edge.scene.SceneError` message and changes nothing.

Each PC is the character of its owner in the
:class:`~ui.systems.swords_edge.owners.DocumentRegistry`
(the builder tab's document when the PC is open there): whatever a scene step does to
a PC is an undo command on that owner, so the builder tab shows it modified, autosave
keeps it and Undo takes it back; ending the scene saves the owners.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from seforge.core.atomic import atomic_write_bytes
from seforge.systems.swords_edge import library, play
from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    character_from_data,
    character_to_data,
    load_character,
)
from seforge.systems.swords_edge.models import TRAITS, Character, NarrativeCharacter, NCType, Trait
from seforge.systems.swords_edge.nc_builder import nc_matches
from seforge.systems.swords_edge.pending_test import Consequence, PendingTest, roll_line
from seforge.systems.swords_edge.play import full_dump
from seforge.systems.swords_edge.scene import (
    Scene,
    SceneError,
    SceneNC,
    ScenePC,
    load_scene,
    save_scene,
    scene_from_data,
    scene_to_data,
)
from seforge.systems.swords_edge.test_flow import nc_qualities
from ui.shell.settings import data_dir
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
from ui.systems.swords_edge.gm_table.common import TYPE_LABELS, buddy, button, nc_summary, tip, warn
from ui.systems.swords_edge.gm_table.scene_commands import ScenePCCommand, SceneStep
from ui.systems.swords_edge.owners import Changes, DocumentRegistry
from ui.systems.swords_edge.widgets import cell_data, cell_text

NC_MIME = "application/x-seforge-scene-nc"
RULE_SHORT = {NCType.MINION: "out at 1", NCType.REGULAR: "out at 3 in all",
              NCType.HERO: "loses a Rank each"}
CHARACTER_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"
AUTOSAVE_NAME = "current.sescene"
AUTOSAVE_PATHS_NAME = "current.paths.json"
"""Beside the autosaved scene: ``{pc_id: character file or null}``, to re-attach
the PCs on restore."""


def autosave_path() -> Path:
    """Where the tracker autosaves the scene: ``data_dir()/scene/current.sescene``."""
    return data_dir() / "scene" / AUTOSAVE_NAME


def autosave_paths_path() -> Path:
    return autosave_path().with_name(AUTOSAVE_PATHS_NAME)

OpenCalculator = Callable[..., None]
"""``open_calculator(character, ncs)``; a :class:`CalculatorBridge` also gets the
NCs' Stress, the Qualities spent on Momentum and the Momentum Level."""
CharactersProvider = Callable[[], Sequence[tuple[Character, Path | None]]]
OpponentsProvider = Callable[[], Sequence[NarrativeCharacter]]
SaveDocument = Callable[[CharacterDocument], bool]
"""Saves one PC's owner (the main window's Save, with its checks); True when written."""
REFRESH_DELAY_MS = 300
"""How long after the last keystroke in the builder the tracker redraws a PC."""
HOLDER = "scene"
"""How the tracker holds its PCs' owners in the registry."""


def _sentence(exc: Exception) -> str:
    """The core's message with its first letter raised."""
    text = str(exc)
    return text[:1].upper() + text[1:]


def _book_ncs() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc")]


def _no_characters() -> list[tuple[Character, Path | None]]:
    return []


def nc_state_text(entry: SceneNC) -> str:
    """``"Good (TN 17), 2 of 3 Stress"`` or ``"out (Stress)"``."""
    if entry.removed:
        return f"out ({entry.removed_note})"
    rank = f"{entry.current_rank.label} (TN {entry.tn})"
    if entry.nc.type is NCType.REGULAR:
        return f"{rank}, {entry.stress} of 3 Stress"
    if entry.nc.type is NCType.HERO and entry.stress:
        return f"{rank}, {entry.stress} Stress"
    return rank


# ----------------------------------------------------------------------- dialogs


class _Dialog(QDialog):
    def __init__(self, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.form = QFormLayout()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.buttons)


class FacesDialog(_Dialog):
    """Tick the NCs a PC faces."""

    def __init__(self, scene: Scene, pc_id: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Whom does {scene.pc(pc_id).name} face?", parent)
        facing = set(scene.pc(pc_id).facing)
        others = {nid: p.name for p in scene.pcs if p.id != pc_id for nid in p.facing}
        self.boxes: dict[str, QCheckBox] = {}
        for entry in scene.active_ncs():
            text = f"{entry.name} — {nc_summary(entry.nc)}"
            if entry.id in others:
                text += f" (now facing {others[entry.id]})"
            box = QCheckBox(text, self)
            box.setChecked(entry.id in facing)
            tip(box, entry.name, f"Tick if {scene.pc(pc_id).name} faces {entry.name}")
            self.form.addRow(box)
            self.boxes[entry.id] = box
        if not self.boxes:
            self.form.addRow(QLabel("No opponent is in the scene yet.", self))

    def chosen(self) -> list[str]:
        return [nid for nid, box in self.boxes.items() if box.isChecked()]


class MomentumDialog(_Dialog):
    """Record a Momentum Test: who won, at what Level, which PC Qualities went in."""

    def __init__(self, scene: Scene, pc_id: str, parent: QWidget | None = None) -> None:
        entry = scene.pc(pc_id)
        super().__init__(f"Momentum: {entry.name}", parent)
        self.scene = scene
        self.pc_id = pc_id
        self.won = QRadioButton(f"{entry.name} wins", self)
        self.lost = QRadioButton("The NCs keep it", self)
        self.won.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.won)
        group.addButton(self.lost)
        tip(self.won, "PC wins", "The PC won the Momentum Test")
        tip(self.lost, "NCs win", "The NCs hold the Momentum")
        row = QHBoxLayout()
        row.addWidget(self.won)
        row.addWidget(self.lost)
        self.form.addRow("Result:", row)
        self.level = QComboBox(self)
        for level in LEVELS:
            self.level.addItem(level, level)
        tip(self.level, "Level of Success", "The Level the PC won at: +2 on the first Action "
            "per Level above Average")
        self.form.addRow(buddy("&Level:", self.level, self), self.level)
        self.trait = QComboBox(self)
        for trait in TRAITS:
            self.trait.addItem(trait.value, trait.value)
        tip(self.trait, "Trait", "The Trait the PC used")
        self.form.addRow(buddy("&Trait:", self.trait, self), self.trait)
        self.qualities_box = QGroupBox("Qualities put in (all but the Trait are spent for "
                                       "the scene)", self)
        self.qualities_layout = QVBoxLayout(self.qualities_box)
        self.form.addRow(self.qualities_box)
        self.boxes: dict[str, QCheckBox] = {}
        self.trait.currentIndexChanged.connect(self._fill)
        self.won.toggled.connect(self.level.setEnabled)
        self._fill()

    def _fill(self, *_args: object) -> None:
        for box in self.boxes.values():
            self.qualities_layout.removeWidget(box)
            box.deleteLater()
        self.boxes = {}
        trait = Trait(self.trait.currentData())
        character = self.scene.character(self.pc_id)
        spent = set(self.scene.pc(self.pc_id).spent_on_momentum)
        options = play_options(character, trait)
        for key, label in options:
            box = QCheckBox(label, self.qualities_box)
            if key in spent:
                box.setEnabled(False)
                box.setText(f"{label} (spent this scene)")
            box.setChecked(key == f"trait:{trait.value}")
            tip(box, label, "Tick if this Quality went into the Momentum roll")
            self.qualities_layout.addWidget(box)
            self.boxes[key] = box

    def values(self) -> tuple[bool, str | None, list[str]]:
        keys = [k for k, b in self.boxes.items() if b.isChecked() and b.isEnabled()]
        return self.won.isChecked(), self.level.currentData(), keys


def play_options(character: Character, trait: Trait) -> list[tuple[str, str]]:
    """(key, label) of what a PC may put into a Test on ``trait``."""
    from seforge.systems.swords_edge.testmath import available_for_action

    return [(o.key, f"{o.name} {o.modifier:+d}")
            for o in available_for_action(character, trait, set())]


class PCStressDialog(_Dialog):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Stress on {name}", parent)
        self.trait = QComboBox(self)
        for trait in TRAITS:
            self.trait.addItem(trait.value, trait.value)
        tip(self.trait, "Trait", "The Trait the PC defended with")
        self.level = QComboBox(self)
        for level in LEVELS:
            self.level.addItem(level, level)
        tip(self.level, "Level of the hit", "The attack's Level of Success: Average 1 "
            "Penalty Rank, Good 2, Great 3, Exceptional 3 and Undefended, Legendary Doom")
        self.why = QLineEdit(self)
        tip(self.why, "Why", "What hit (optional, kept in the history)")
        self.form.addRow(buddy("&Trait:", self.trait, self), self.trait)
        self.form.addRow(buddy("&Level:", self.level, self), self.level)
        self.form.addRow(buddy("&Why:", self.why, self), self.why)


class DoomDialog(_Dialog):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Resolve {name}'s Doom", parent)
        self.outcome = QComboBox(self)
        for key, text in (("survived", "Survived: a Poor Weakness, out of this scene"),
                          ("averted", "Averted with a held Advancement"),
                          ("out", "Out of the game")):
            self.outcome.addItem(text, key)
        tip(self.outcome, "Outcome", "How the Doom is settled")
        self.weakness = QLineEdit(self)
        tip(self.weakness, "Weakness name", "The name of the Weakness a survived Doom leaves")
        self.form.addRow(buddy("&Outcome:", self.outcome, self), self.outcome)
        self.form.addRow(buddy("&Weakness:", self.weakness, self), self.weakness)


class LuckDialog(_Dialog):
    def __init__(self, name: str, give: bool, parent: QWidget | None = None) -> None:
        super().__init__(f"{'Give Luck to' if give else 'Spend Luck of'} {name}", parent)
        self.give = give
        self.amount = QSpinBox(self)
        self.amount.setRange(1, 10)
        tip(self.amount, "Amount", "How much Luck")
        self.purpose = QComboBox(self)
        for key, text in play.LUCK_PURPOSES.items():
            if key != "remove_stress":
                self.purpose.addItem(text.capitalize(), key)
        tip(self.purpose, "Use", "What the Luck is spent on")
        self.why = QLineEdit(self)
        tip(self.why, "Reason", "Why (kept in the character's history)")
        self.form.addRow(buddy("&Amount:", self.amount, self), self.amount)
        if not give:
            self.form.addRow(buddy("&Use:", self.purpose, self), self.purpose)
        self.form.addRow(buddy("&Reason:", self.why, self), self.why)


class PivotDialog(_Dialog):
    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(f"A Pivot of {character.name} came into play", parent)
        self.slot = QComboBox(self)
        for slot in ("goal", "quirk", "style"):
            text = getattr(character.pivots, slot)
            if text:
                self.slot.addItem(f"{slot.capitalize()}: {text}", slot)
        tip(self.slot, "Pivot", "The Pivot the scene touched (one Advancement per scene)")
        self.why = QLineEdit(self)
        tip(self.why, "Reason", "What happened (kept in the history)")
        self.form.addRow(buddy("&Pivot:", self.slot, self), self.slot)
        self.form.addRow(buddy("&Reason:", self.why, self), self.why)


class StuntDialog(_Dialog):
    """A natural 20: name the new Stunt and the Trait it is linked to."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Critical success: a Stunt for {name}", parent)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText("What did they pull off?")
        tip(self.name, "Stunt name", "The new Stunt's name (a permanent Good Element)")
        self.trait = QComboBox(self)
        for trait in TRAITS:
            self.trait.addItem(trait.value, trait.value)
        tip(self.trait, "Trait", "The Trait used in the roll: the Stunt is linked to it")
        self.why = QLineEdit(self)
        tip(self.why, "Reason", "What happened (kept in the history)")
        self.form.addRow(buddy("&Name:", self.name, self), self.name)
        self.form.addRow(buddy("&Trait:", self.trait, self), self.trait)
        self.form.addRow(buddy("&Reason:", self.why, self), self.why)

    def values(self) -> tuple[str, Trait, str]:
        return self.name.text(), Trait(self.trait.currentData()), self.why.text()


class AddOpponentsDialog(_Dialog):
    """Pick an opponent from the library and a count."""

    def __init__(self, ncs: Sequence[NarrativeCharacter], parent: QWidget | None = None) -> None:
        super().__init__("Add opponents to the scene", parent)
        self.ncs = list(ncs)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search…")
        tip(self.search, "Search opponents", "Type part of a name, genre or Quality")
        self.list = QListWidget(self)
        tip(self.list, "Opponents", "The opponent to add")
        self.count = QSpinBox(self)
        self.count.setRange(1, 20)
        tip(self.count, "How many", "How many of them enter the scene (numbered)")
        self.form.addRow(buddy("&Find:", self.search, self), self.search)
        self.form.addRow(self.list)
        self.form.addRow(buddy("&How many:", self.count, self), self.count)
        self.search.textChanged.connect(self._fill)
        self.list.itemActivated.connect(lambda *_: self.accept())
        self.resize(460, 480)
        self._fill()

    def _fill(self, *_args: object) -> None:
        self.list.clear()
        for nc in self.ncs:
            if nc_matches(nc, self.search.text()):
                item = QListWidgetItem(f"{nc.name} — {nc_summary(nc)}"
                                       + (f" · {nc.genre}" if nc.genre else ""))
                item.setData(Qt.ItemDataRole.UserRole, nc)
                self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)

    def choose(self, name: str) -> bool:
        for index in range(self.list.count()):
            nc = self.list.item(index).data(Qt.ItemDataRole.UserRole)
            if nc.name == name:
                self.list.setCurrentRow(index)
                return True
        return False

    def chosen(self) -> tuple[NarrativeCharacter, int] | None:
        item = self.list.currentItem()
        if item is None:
            return None
        return item.data(Qt.ItemDataRole.UserRole), self.count.value()


class EndSceneDialog(_Dialog):
    """Walk every PC through the end of the scene: Recovery, Luck, a Pivot."""

    def __init__(self, scene: Scene, parent: QWidget | None = None) -> None:
        super().__init__("End the scene", parent)
        self.scene = scene
        self.recovery: dict[str, QComboBox] = {}
        self.luck: dict[str, QSpinBox] = {}
        self.pivot: dict[str, QComboBox] = {}
        intro = QLabel("For each PC: the Recovery Test's Level (it removes Penalty Ranks "
                       "taken in this scene), Luck spent to remove more of them, and a Pivot "
                       "that came into play (one Advancement per scene).", self)
        intro.setWordWrap(True)
        self.form.addRow(intro)
        grid = QGridLayout()
        for column, text in enumerate(("PC", "This scene's Penalty Ranks", "Recovery Test",
                                       "Luck on penalties", "Pivot touched")):
            header = QLabel(f"<b>{text}</b>", self)
            grid.addWidget(header, 0, column)
        for row, entry in enumerate(scene.pcs, start=1):
            character = scene.character(entry.id)
            grid.addWidget(QLabel(entry.name, self), row, 0)
            penalties = play.scene_penalty_total(character)
            grid.addWidget(QLabel(str(penalties), self), row, 1)
            recovery = QComboBox(self)
            recovery.addItem("No Test / failed", None)
            for level in LEVELS:
                recovery.addItem(level, level)
            tip(recovery, f"{entry.name}: Recovery", f"The Level of {entry.name}'s Recovery "
                "Test (Average removes 1 Penalty Rank of this scene, Good 2…)")
            luck = QSpinBox(self)
            luck.setRange(0, max(0, min(character.play.luck, penalties)))
            tip(luck, f"{entry.name}: Luck on penalties",
                f"Luck {entry.name} spends to remove one more of this scene's Penalty Ranks "
                f"each (holds {character.play.luck})")
            pivot = QComboBox(self)
            pivot.addItem("None", None)
            reason = ""
            for slot in ("goal", "quirk", "style"):
                text = getattr(character.pivots, slot)
                if text:
                    pivot.addItem(f"{slot.capitalize()}: {text}", slot)
            if character.play.pivot_advancement_this_scene:
                reason = " (already earned one this scene)"
                pivot.setEnabled(False)
            tip(pivot, f"{entry.name}: Pivot touched",
                f"The Pivot of {entry.name} the scene brought into play{reason}")
            if character.play.out_of_play:
                for widget in (recovery, luck, pivot):
                    widget.setEnabled(False)
            grid.addWidget(recovery, row, 2)
            grid.addWidget(luck, row, 3)
            grid.addWidget(pivot, row, 4)
            self.recovery[entry.id] = recovery
            self.luck[entry.id] = luck
            self.pivot[entry.id] = pivot
        self.form.addRow(grid)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("End the scene")

    def set_values(self, pc_id: str, recovery: str | None = None, luck: int = 0,
                   pivot: str | None = None) -> None:
        """Fill one PC's row (for scripts and tests)."""
        self.recovery[pc_id].setCurrentIndex(max(0, self.recovery[pc_id].findData(recovery)))
        self.luck[pc_id].setValue(luck)
        self.pivot[pc_id].setCurrentIndex(max(0, self.pivot[pc_id].findData(pivot)))

    def values(self) -> dict[str, dict[str, Any]]:
        return {
            "recovery": {pid: c.currentData() for pid, c in self.recovery.items()
                         if c.isEnabled()},
            "luck_for_penalties": {pid: s.value() for pid, s in self.luck.items() if s.value()},
            "pivot_touched": {pid: c.currentData() for pid, c in self.pivot.items()
                              if c.isEnabled() and c.currentData()},
        }


# ------------------------------------------------------------------------ panels


class NCOverview(QTableWidget):
    """Every NC in the scene; rows can be dragged onto a PC to pair them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setHorizontalHeaderLabels(["Opponent", "Type", "State", "Faces"])
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        tip(self, "Opponents in the scene", "Every NC in the scene; drag rows onto a PC to "
            "pair them")

    def selected_ids(self) -> list[str]:
        rows = sorted({i.row() for i in self.selectedIndexes()})
        return [str(cell_data(self, r, 0)) for r in rows]

    def mimeData(self, items: Sequence[QTableWidgetItem]) -> QMimeData:
        data = QMimeData()
        rows = sorted({i.row() for i in items})
        ids = [str(cell_data(self, r, 0)) for r in rows]
        data.setData(NC_MIME, "\n".join(ids).encode("utf-8"))
        data.setText(", ".join(cell_text(self, r, 0) for r in rows))
        return data

    def mimeTypes(self) -> list[str]:
        return [NC_MIME]


class PCPanel(QGroupBox):
    """One PC: status, the NCs it faces with their buttons, and the PC's actions."""

    def __init__(self, tracker: SceneTracker, entry: ScenePC) -> None:
        super().__init__(entry.name, tracker)
        self.tracker = tracker
        self.pc_id = entry.id
        self.setObjectName(f"pc:{entry.id}")
        self.setAcceptDrops(True)
        scene = tracker.scene
        character = scene.character(entry.id)
        self.setAccessibleName(f"{entry.name}'s pairing")
        layout = QVBoxLayout(self)
        layout.setSpacing(4)

        pstate = character.play
        status = [f"Luck {pstate.luck}"]
        if entry.luck_spent:
            status.append(f"{entry.luck_spent} spent this scene")
        penalties = ", ".join(f"{t.value} {n}" for t, n in pstate.penalty_ranks.items() if n)
        status.append(f"Penalty Ranks: {penalties or 'none'}")
        if pstate.advancements:
            status.append(f"{len(pstate.advancements)} Advancement"
                          f"{'s' if len(pstate.advancements) != 1 else ''} held")
        self.status_label = QLabel(" · ".join(status), self)
        self.status_label.setObjectName("pc_status")
        self.status_label.setWordWrap(True)
        tip(self.status_label, f"{entry.name}: status", self.status_label.text())
        layout.addWidget(self.status_label)
        alerts = []
        if pstate.doom_trait is not None:
            alerts.append(f"Doom on {pstate.doom_trait.value}: resolve it before the scene "
                          "ends")
        if entry.undefended:
            alerts.append("Undefended for the rest of the scene")
        if pstate.removed_from_scene:
            alerts.append("Out of this scene")
        if pstate.out_of_play:
            alerts.append("Out of the game")
        if alerts:
            alert = QLabel(" · ".join(alerts), self)
            alert.setObjectName("pc_alert")
            alert.setStyleSheet("color: #d9534f; font-weight: bold;")
            alert.setWordWrap(True)
            tip(alert, f"{entry.name}: alerts", alert.text())
            layout.addWidget(alert)

        self.momentum_label = QLabel(tracker.momentum_text(entry.id), self)
        self.momentum_label.setObjectName("momentum")
        self.momentum_label.setWordWrap(True)
        tip(self.momentum_label, f"{entry.name}: Momentum", self.momentum_label.text())
        layout.addWidget(self.momentum_label)
        if entry.spent_on_momentum:
            spent = ", ".join(play.describe_key(character, k) for k in entry.spent_on_momentum)
            spent_label = QLabel(f"Spent on Momentum this scene: {spent}", self)
            spent_label.setObjectName("spent")
            spent_label.setWordWrap(True)
            tip(spent_label, f"{entry.name}: spent Qualities", spent_label.text())
            layout.addWidget(spent_label)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 2)
        self.stress_spins: dict[str, QSpinBox] = {}
        self.stress_buttons: dict[str, QPushButton] = {}
        self.remove_buttons: dict[str, QPushButton] = {}
        self.applies_buttons: dict[str, QToolButton] = {}
        facing = [scene.nc(i) for i in entry.facing]
        if facing:
            for column, text in enumerate(("Opponent", "State", "Brings to Momentum")):
                grid.addWidget(QLabel(f"<b>{text}</b>", self), 0, column)
        for row, nc_entry in enumerate(facing, start=1):
            tracker.add_nc_row(self, grid, row, nc_entry, self.pc_id)
        layout.addLayout(grid)
        if not facing:
            none = QLabel("Faces nobody yet: use “Faces…” or drag opponents here.", self)
            none.setEnabled(False)
            layout.addWidget(none)

        row1 = QHBoxLayout()
        row2 = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, help_text, target in (
            ("faces", "&Faces…", "Choose the opponents this PC faces", row1),
            ("momentum", "&Momentum…", "Record the Momentum Test of this pairing", row1),
            ("calculator", "Open in &calculator", "Open the Test calculator with this PC and "
             "the opponents they face filled in", row1),
            ("stress", "Take &Stress…", "The PC is hit: Penalty Ranks on a Trait", row2),
            ("doom", "Resolve &Doom…", "Settle the PC's pending Doom", row2),
            ("spend", "Spend &Luck…", "The PC spends Luck (reroll, exertion…)", row2),
            ("give", "&Give Luck…", "Reward the PC with Luck", row2),
            ("pivot", "&Pivot touched…", "A Pivot came into play: an Advancement now", row2),
            ("stunt", "S&tunt…", "A natural 20: the PC gains a permanent Good Stunt", row2),
        ):
            button = QPushButton(text, self)
            button.setObjectName(f"{key}:{entry.id}")
            tip(button, f"{text.replace('&', '').rstrip('…')} ({entry.name})", help_text)
            target.addWidget(button)
            self.buttons[key] = button
        row1.addStretch(1)
        row2.addStretch(1)
        layout.addLayout(row1)
        layout.addLayout(row2)
        self.buttons["faces"].clicked.connect(lambda: tracker.faces_dialog(self.pc_id))
        self.buttons["momentum"].clicked.connect(lambda: tracker.momentum_dialog(self.pc_id))
        self.buttons["calculator"].clicked.connect(
            lambda: tracker.open_in_calculator(self.pc_id))
        self.buttons["calculator"].setEnabled(tracker.open_calculator is not None
                                              and bool(scene.facing(entry.id)))
        self.buttons["stress"].clicked.connect(lambda: tracker.pc_stress_dialog(self.pc_id))
        self.buttons["doom"].clicked.connect(lambda: tracker.doom_dialog(self.pc_id))
        self.buttons["doom"].setEnabled(pstate.doom_trait is not None)
        self.buttons["spend"].clicked.connect(lambda: tracker.luck_dialog(self.pc_id, False))
        self.buttons["give"].clicked.connect(lambda: tracker.luck_dialog(self.pc_id, True))
        self.buttons["pivot"].clicked.connect(lambda: tracker.pivot_dialog(self.pc_id))
        self.buttons["stunt"].clicked.connect(lambda: tracker.stunt_dialog(self.pc_id))
        self.buttons["stunt"].setEnabled(pstate.session_running and not pstate.out_of_play
                                         and not pstate.removed_from_scene)
        has_pivot = any(getattr(character.pivots, s) for s in ("goal", "quirk", "style"))
        self.buttons["pivot"].setEnabled(has_pivot and not pstate.pivot_advancement_this_scene)
        if scene.ended:
            for button in self.buttons.values():
                button.setEnabled(False)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(NC_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if not event.mimeData().hasFormat(NC_MIME):
            return
        ids = bytes(event.mimeData().data(NC_MIME).data()).decode("utf-8").split("\n")
        event.acceptProposedAction()
        self.tracker.add_to_pairing(self.pc_id, [i for i in ids if i])


# ----------------------------------------------------------------------- tracker


class SceneTracker(QWidget):
    """The scene on the GM's table, over a :class:`seforge.systems.swords_edge.scene.Scene`.

    ``paths`` maps a PC's scene id to its character file: the end of the scene
    writes each PC there. ``files_written(list[Path])`` is emitted afterwards.

    With ``autosave`` (the default), every change writes the scene to
    :func:`autosave_path` (atomically) with the PCs' files beside it;
    :meth:`offer_restore` brings such a scene back.
    """

    changed = Signal()
    files_written = Signal(list)

    def __init__(
        self,
        scene: Scene | None = None,
        open_calculator: OpenCalculator | None = None,
        characters_provider: CharactersProvider | None = None,
        opponents_provider: OpponentsProvider | None = None,
        parent: QWidget | None = None,
        autosave: bool = True,
        registry: DocumentRegistry | None = None,
        save_document: SaveDocument | None = None,
    ) -> None:
        super().__init__(parent)
        self.autosave = False
        self.registry = registry if registry is not None else DocumentRegistry(self)
        self.save_document = save_document
        self._watched: list[CharacterDocument] = []
        self._busy = False
        """True while a scene step runs (its own changes need no second refresh)."""
        self.undo_stack = QUndoStack(self)
        """The scene's own half of every step (NC Stress, pairings, the log...)."""
        self._known: dict[str, Character] = {}
        """Every Character a PC id was bound to, to rebind after an undo."""
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(REFRESH_DELAY_MS)
        self._later.timeout.connect(self.refresh)
        self.scene = scene or Scene(name="Scene 1")
        self.open_calculator = open_calculator
        self.characters_provider = characters_provider or _no_characters
        self.opponents_provider = opponents_provider or _book_ncs
        self.paths: dict[str, Path | None] = {}
        self.panels: dict[str, PCPanel] = {}
        self._build()
        self.refresh()
        self.autosave = autosave
        """Whether changes are written to :func:`autosave_path` (off while building,
        so a scene waiting to be restored is not overwritten)."""

    # -- building -------------------------------------------------------------------
    def _build(self) -> None:
        self.name_edit = QLineEdit(self.scene.name, self)
        tip(self.name_edit, "Scene name", "A name for the scene (shown in the log)")
        self.name_edit.textEdited.connect(self._on_name)
        self.add_pc_button = QPushButton("Add &PCs", self)
        tip(self.add_pc_button, "Add PCs", "Bring PCs from the campaign or the open "
            "characters into the scene, or open a character file")
        self.pc_menu = QMenu(self.add_pc_button)
        self.pc_menu.aboutToShow.connect(self._fill_pc_menu)
        self.add_pc_button.setMenu(self.pc_menu)
        self.add_nc_button = button(
            "Add &opponents…", self, "Add opponents",
            "Bring opponents from the library into the "
            "scene, several at once if you like",
            self.add_opponents_dialog)
        self.end_button = button(
            "&End scene…", self, "End scene",
            "Walk each PC through Recovery, Luck and Pivots, "
            "then write their files",
            self.end_scene_dialog)
        self.new_button = button(
            "&Next scene", self, "Next scene",
            "Start a new scene with the same PCs (opponents "
            "leave)",
            self.next_scene)
        top = QHBoxLayout()
        top.addWidget(buddy("Sce&ne:", self.name_edit, self))
        top.addWidget(self.name_edit, 1)
        for widget in (self.add_pc_button, self.add_nc_button, self.end_button,
                       self.new_button):
            top.addWidget(widget)

        self.pcs_host = QWidget(self)
        self.pcs_layout = QVBoxLayout(self.pcs_host)
        self.pcs_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.no_pcs = QLabel("No PCs in the scene: use “Add PCs”.", self.pcs_host)
        self.pcs_layout.addWidget(self.no_pcs)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.pcs_host)
        scroll.setAccessibleName("Pairings")
        self.pcs_scroll = scroll

        right = QWidget(self)
        self.overview = NCOverview(right)
        self.overview.setObjectName("scene_ncs")
        self.overview_stress = QSpinBox(right)
        self.overview_stress.setRange(1, 10)
        self.overview_stress.setPrefix("Stress ")
        tip(self.overview_stress, "Stress to give", "How much Stress the selected opponents "
            "take, each")
        self.overview_stress_button = QPushButton("Give Stress", right)
        tip(self.overview_stress_button, "Give Stress to selected",
            "The selected opponents each take this much Stress")
        self.overview_stress_button.clicked.connect(
            lambda: [self.nc_takes_stress(i, self.overview_stress.value())
                     for i in self.overview.selected_ids()])
        self.overview_remove_button = QPushButton("Remove", right)
        tip(self.overview_remove_button, "Remove selected", "Take the selected opponents out "
            "of the scene (fled, surrendered, the GM's call)")
        self.overview_remove_button.clicked.connect(
            lambda: [self.remove_nc(i) for i in self.overview.selected_ids()])
        row = QHBoxLayout()
        row.addWidget(self.overview_stress)
        row.addWidget(self.overview_stress_button)
        row.addWidget(self.overview_remove_button)
        row.addStretch(1)
        self.log_list = QListWidget(right)
        self.log_list.setObjectName("scene_log")
        self.log_list.setWordWrap(True)
        tip(self.log_list, "Scene log", "What happened in the scene, in order")
        self.status_label = QLabel(right)
        self.status_label.setWordWrap(True)
        tip(self.status_label, "Scene status", "The last thing the tracker did")
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("<b>Opponents in the scene</b>", right))
        right_layout.addWidget(self.overview, 2)
        right_layout.addLayout(row)
        right_layout.addWidget(buddy("<b>&Log</b>", self.log_list, right))
        right_layout.addWidget(self.log_list, 3)
        right_layout.addWidget(self.status_label)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(scroll)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([850, 430])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

    def add_nc_row(self, panel: PCPanel, grid: QGridLayout, row: int, entry: SceneNC,
                   pc_id: str) -> None:
        """One NC row of a pairing: name, state, what it brings, Stress n, Remove."""
        name = QLabel(f"{entry.name} <small>({TYPE_LABELS[entry.nc.type].lower()})</small>",
                      panel)
        state = QLabel(nc_state_text(entry), panel)
        state.setObjectName(f"state:{entry.id}")
        tip(state, f"{entry.name}: state", nc_state_text(entry))
        grid.addWidget(name, row, 0)
        grid.addWidget(state, row, 1)
        if entry.removed:
            name.setEnabled(False)
            state.setEnabled(False)
            return
        applies = QToolButton(panel)
        applies.setObjectName(f"applies:{pc_id}:{entry.id}")
        applies.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        applies.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        menu = QMenu(applies)
        chosen = set(self.scene.momentum_applied(pc_id).get(entry.id, []))
        for quality in nc_qualities(entry.nc, entry.current_rank):
            if quality.kind == "concept":
                continue
            action = QAction(f"{quality.label} (TN {quality.tn})", menu)
            action.setCheckable(True)
            action.setChecked(quality.key in chosen)
            action.setData(quality.key)
            action.toggled.connect(
                lambda on, k=quality.key: self.set_applied(pc_id, entry.id, k, on))
            menu.addAction(action)
        if menu.isEmpty():
            none = menu.addAction("Nothing but its Rank (no Trait or Element)")
            none.setEnabled(False)
        applies.setMenu(menu)
        labels = [a.text().split(" (TN")[0] for a in menu.actions() if a.isChecked()]
        applies.setText(", ".join(labels) if labels else "Rank only")
        tip(applies, f"{entry.name}: brings to Momentum",
            "The Trait (and Elements) this NC brings to the Momentum Test; never its Concept")
        spin = QSpinBox(panel)
        spin.setRange(1, 10)
        spin.setMaximumWidth(56)
        spin.setObjectName(f"n:{entry.id}")
        tip(spin, f"Stress for {entry.name}", f"How much Stress {entry.name} takes")
        stress = QPushButton("Stress", panel)
        stress.setObjectName(f"stress:{entry.id}")
        tip(stress, f"Stress {entry.name}",
            f"{entry.name} takes the Stress set beside it ({RULE_SHORT[entry.nc.type]})")
        stress.clicked.connect(lambda: self.nc_takes_stress(entry.id, spin.value()))
        remove = QPushButton("Remove", panel)
        remove.setObjectName(f"remove:{entry.id}")
        tip(remove, f"Remove {entry.name}", f"Take {entry.name} out of the scene (the GM's "
            "call)")
        remove.clicked.connect(lambda: self.remove_nc(entry.id))
        for column, widget in enumerate((applies, spin, stress, remove), start=2):
            grid.addWidget(widget, row, column)
        panel.stress_spins[entry.id] = spin
        panel.stress_buttons[entry.id] = stress
        panel.remove_buttons[entry.id] = remove
        panel.applies_buttons[entry.id] = applies

    # -- showing --------------------------------------------------------------------
    def momentum_text(self, pc_id: str) -> str:
        entry = self.scene.pc(pc_id)
        if not self.scene.facing(pc_id):
            return "Momentum: no opponent faced"
        try:
            tn = f"Momentum TN {self.momentum_tn(pc_id)}"
        except SceneError as exc:
            tn = f"Momentum TN: {exc}"
        if entry.momentum == "pc":
            bonus = self.scene.first_action_bonus(pc_id)
            who = f"{entry.name} holds the Momentum ({entry.momentum_level}"
            who += f", +{bonus} on the first Action)" if bonus else ")"
        elif entry.momentum == "nc":
            who = "The opponents hold the Momentum"
        else:
            who = "Momentum not tested yet"
        return f"{tn} · {who}"

    def momentum_tn(self, pc_id: str) -> int:
        """The pairing's Momentum TN with the NC Qualities chosen (SceneError if none)."""
        return self.scene.momentum_tn_for(pc_id, self.scene.momentum_applied(pc_id))

    def refresh(self) -> None:
        self._later.stop()
        self._sync_owners()
        focus = self.focusWidget()
        focus_name = focus.objectName() if focus is not None and self.isAncestorOf(focus) \
            else ""
        for panel in self.panels.values():
            self.pcs_layout.removeWidget(panel)
            panel.hide()
            panel.deleteLater()
        self.panels = {}
        for entry in self.scene.pcs:
            panel = PCPanel(self, entry)
            self.pcs_layout.addWidget(panel)
            self.panels[entry.id] = panel
        self.no_pcs.setVisible(not self.scene.pcs)
        self._refresh_overview()
        self.log_list.clear()
        self.log_list.addItems(self.scene.log)
        self.log_list.scrollToBottom()
        ended = self.scene.ended
        self.add_pc_button.setEnabled(not ended)
        self.add_nc_button.setEnabled(not ended)
        self.end_button.setEnabled(not ended and bool(self.scene.pcs))
        self.new_button.setEnabled(ended)
        for widget in (self.overview_stress, self.overview_stress_button,
                       self.overview_remove_button):
            widget.setEnabled(not ended)
        if focus_name:
            target = self.findChild(QWidget, focus_name)
            if target is not None and target.isEnabled():
                target.setFocus()
        self.save_autosave()
        self.changed.emit()

    # -- autosave -------------------------------------------------------------------
    def save_autosave(self) -> bool:
        """Write the scene to :func:`autosave_path` and, beside it, each PC's file path
        and its state in the scene (Penalty Ranks, Luck, Stunts are only written to the
        PC files when the scene ends, so the autosave must carry them)."""
        if not self.autosave:
            return False
        target = autosave_path()
        pcs: dict[str, dict[str, object]] = {}
        for entry in self.scene.pcs:
            path = self.paths.get(entry.id)
            character = (self.scene.character(entry.id) if self.scene.is_bound(entry.id)
                         else None)
            pcs[entry.id] = {
                "path": str(path.absolute()) if path is not None else None,
                "character": character_to_data(character) if character is not None else None,
            }
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(autosave_paths_path(),
                               (json.dumps(pcs, indent=2, ensure_ascii=False) + "\n")
                               .encode("utf-8"))
            save_scene(self.scene, target)
        except OSError as exc:
            self.status_label.setText(f"The scene could not be autosaved ({exc.strerror}).")
            return False
        return True

    def discard_autosave(self) -> None:
        for path in (autosave_path(), autosave_paths_path()):
            path.unlink(missing_ok=True)

    def restore_autosave(self) -> bool:
        """Bring back the autosaved scene with each PC as it stood in the scene; where
        that state is missing (an older autosave), the PC is read from its file, and a
        PC with neither leaves the scene."""
        try:
            scene = load_scene(autosave_path())
        except CharacterFileError as exc:
            warn(self, "Restore scene", str(exc))
            return False
        try:
            raw = json.loads(autosave_paths_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = {}
        stored = raw if isinstance(raw, dict) else {}
        paths: dict[str, Path | None] = {}
        problems: list[str] = []
        for entry in list(scene.pcs):
            item = stored.get(entry.id)
            # Older autosaves stored just the path.
            record = item if isinstance(item, dict) else {"path": item, "character": None}
            text = record.get("path")
            state = record.get("character")
            reason = "no character file"
            character = None
            if isinstance(state, dict):
                try:
                    character = character_from_data(state, entry.name or entry.id)
                except CharacterFileError as exc:
                    reason = str(exc)
            if character is None and isinstance(text, str) and text:
                try:
                    character = load_character(Path(text))
                except CharacterFileError as exc:
                    reason = str(exc)
            if character is not None:
                path = Path(text) if isinstance(text, str) and text else None
                document = self._restored_owner(character, path)
                scene.bind(entry.id, document.character)
                paths[entry.id] = path
                if not scene.ended:
                    try:
                        self._step_on(document, "Start session",
                                      partial(scene.ensure_session, document.character))
                    except SceneError as exc:
                        problems.append(_sentence(exc))
                continue
            problems.append(f"{entry.name or entry.id}: {reason}; left out of the scene.")
            scene.remove_pc(entry.id, reason)
        self.set_scene(scene, paths)
        self.status_label.setText("The autosaved scene was restored.")
        if problems:
            warn(self, "Restore scene", "\n".join(problems))
        return True

    def _restored_owner(self, state: Character, path: Path | None) -> CharacterDocument:
        """The owner of a restored PC: its file's owner brought to the state it had in
        the scene (one undo step, so the document shows modified), else ``state``."""
        document = None
        if path is not None:
            try:
                document = self.registry.open(path, HOLDER)
            except CharacterFileError:
                document = None
        if document is None:
            document = self.registry.adopt(state, path, HOLDER)
            if path is not None:
                document.mark_modified()
            return document
        wanted = full_dump(state)
        self._step_on(document, "Restore the scene's state",
                      lambda: play.restore(document.character, wanted))
        return document

    def _step_on(self, document: CharacterDocument, title: str,
                 operation: Callable[[], Any]) -> Any:
        """Run ``operation`` on one owner's character as one undo step."""
        old = full_dump(document.character)
        result = operation()
        self._record(document, old, title)
        return result

    def _record(self, document: CharacterDocument, old: dict[str, Any],
                title: str) -> ScenePCCommand | None:
        new = full_dump(document.character)
        if new == old:
            return None
        text = f"Scene: {title} ({document.character.name or document.title()})"
        command = ScenePCCommand(document.character, old, new, text,
                                 lambda: self._owner_changed(document))
        busy, self._busy = self._busy, True  # the caller redraws once, afterwards
        try:
            document.push(command)
        finally:
            self._busy = busy
        return command

    def _forget_history(self) -> None:
        """A new scene starts a new history; the PCs' halves of the old steps stay on
        their owners (undoable there) but no longer reach for the old scene."""
        for index in range(self.undo_stack.count()):
            step = self.undo_stack.command(index)
            if isinstance(step, SceneStep):
                step.unlink()
        self.undo_stack.clear()

    def _restore_scene(self, data: dict[str, Any]) -> None:
        """Undo/redo of a scene step: the scene as it was, with the same Characters
        (the name the GM typed since is kept)."""
        scene = scene_from_data(data)
        scene.name = self.scene.name
        for entry in scene.pcs:
            character = self._known.get(entry.id)
            if character is not None:
                scene.bind(entry.id, character)
        self.scene = scene
        self.refresh()

    def offer_restore(self) -> bool:
        """If an autosaved scene exists, ask to restore or discard it."""
        if not autosave_path().exists():
            return False
        answer = QMessageBox.question(
            self, "Restore scene",
            "A scene from last time was saved. Restore it, with each PC as they stood "
            "in it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard,
            QMessageBox.StandardButton.Yes)
        if answer == QMessageBox.StandardButton.Yes:
            return self.restore_autosave()
        self.discard_autosave()
        return False

    def _refresh_overview(self) -> None:
        facing: dict[str, list[str]] = {}
        for pc in self.scene.pcs:
            for nid in pc.facing:
                facing.setdefault(nid, []).append(pc.name)
        self.overview.setRowCount(len(self.scene.ncs))
        for row, entry in enumerate(self.scene.ncs):
            cells = [entry.name, TYPE_LABELS[entry.nc.type], nc_state_text(entry),
                     ", ".join(facing.get(entry.id, [])) or ("—" if entry.removed
                                                            else "nobody")]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                if entry.removed:
                    font = item.font()
                    font.setStrikeOut(column == 0)
                    item.setFont(font)
                    item.setForeground(self.palette().color(
                        self.palette().ColorGroup.Disabled, self.palette().ColorRole.Text))
                self.overview.setItem(row, column, item)

    def nc_states(self) -> dict[str, str]:
        """The state column of the overview, by NC name (for tests and readers)."""
        return {cell_text(self.overview, r, 0): cell_text(self.overview, r, 2)
                for r in range(self.overview.rowCount())}

    def _run(self, title: str, operation: Callable[[], Any],
             joining: CharacterDocument | None = None) -> Any:
        """Run a scene operation; a SceneError becomes a warning and changes nothing.

        What the step did to each PC becomes an undo command on that PC's owner."""
        try:
            result = self._apply(title, operation, joining)
        except SceneError as exc:
            warn(self, title, _sentence(exc))
            return None
        self.status_label.setText(str(result) if result is not None else "")
        self.refresh()
        return result

    def document_of(self, pc_id: str) -> CharacterDocument | None:
        """The owner of a PC's character (None if the PC is not attached)."""
        if not self.scene.is_bound(pc_id):
            return None
        return self.registry.find_character(self.scene.character(pc_id))

    def _owners(self, joining: CharacterDocument | None = None
                ) -> list[tuple[CharacterDocument, dict[str, Any]]]:
        found: list[tuple[CharacterDocument, dict[str, Any]]] = []
        documents = [self.document_of(entry.id) for entry in self.scene.pcs] + [joining]
        for document in documents:
            if document is not None and all(d is not document for d, _ in found):
                found.append((document, full_dump(document.character)))
        return found

    def _apply(self, title: str, operation: Callable[[], Any],
               joining: CharacterDocument | None = None, scene_step: bool = True) -> Any:
        """Run ``operation``; each PC it changed (and ``joining``, a PC coming into the
        scene) gets one undo step on its owner."""
        before = self._owners(joining)
        scene_before = scene_to_data(self.scene)
        self._busy = True
        try:
            result = operation()
        finally:
            self._busy = False
        partners = []
        for document, old in before:
            command = self._record(document, old, title)
            if command is not None:
                partners.append((document, command))
        scene_after = scene_to_data(self.scene)
        if scene_step and (partners or scene_after != scene_before):
            self.undo_stack.push(SceneStep(self._restore_scene, scene_before, scene_after,
                                           f"Scene: {title}", self.undo_stack, partners))
        return result

    def _owner_changed(self, document: CharacterDocument) -> None:
        """After a scene step's redo/undo: tell the owner's views (and redraw here)."""
        if self._busy:
            document.notify_changed(Changes.PLAY | Changes.SCENE)
            return
        self._busy = True
        try:
            document.notify_changed(Changes.PLAY | Changes.SCENE)
        finally:
            self._busy = False
        self.refresh()

    def _on_document_changed(self, changes: object) -> None:
        """A PC changed elsewhere (builder, Play dock, reload): show it. Typing in the
        builder (names, notes) is shown a moment later, once per burst, rather than
        rebuilding the panels and rewriting the autosave on every key."""
        if self._busy:
            return
        if isinstance(changes, Changes) and not changes & ~Changes.IDENTITY:
            self._later.start()
        else:
            self.refresh()

    def _sync_owners(self, release: bool = False) -> None:
        """Hold the owners of the scene's PCs and listen to them; with ``release``
        (a new scene, whose history starts afresh) let go of the others."""
        for entry in self.scene.pcs:
            if self.scene.is_bound(entry.id):
                self._known[entry.id] = self.scene.character(entry.id)
        documents = [d for d in (self.document_of(p.id) for p in self.scene.pcs)
                     if d is not None]
        if release:
            self.registry.hold_only(HOLDER, documents)
        else:
            for document in documents:
                self.registry.add(document, HOLDER)
        for document in self._watched:
            if all(document is not d for d in documents):
                with contextlib.suppress(RuntimeError, TypeError):
                    document.changed.disconnect(self._on_document_changed)
        kept = [d for d in self._watched if any(d is k for k in documents)]
        for document in documents:
            if all(document is not d for d in kept):
                document.changed.connect(self._on_document_changed)
                kept.append(document)
        self._watched = kept

    def _on_name(self, text: str) -> None:
        self.scene.name = text
        self.save_autosave()

    # -- PCs and NCs ----------------------------------------------------------------
    def add_pc(self, character: Character, path: Path | None = None) -> str | None:
        """Bring a PC into the scene (the core starts their session if none is running).

        The PC is the character of its owner: the open document of ``path`` (or of this
        very Character) if there is one, else a new owner the registry keeps."""
        document = self.registry.adopt(character, Path(path) if path is not None else None,
                                       HOLDER)
        character = document.character
        event = self._run("Add PC", lambda: self.scene.add_pc(character, start_session=True),
                          document)
        if event is None:
            self._sync_owners()
            return None
        pc_id: str = event.ids[0]
        self.paths[pc_id] = document.path
        self.refresh()
        return pc_id

    def note(self, text: str) -> bool:
        """Add the GM's own line to the scene log."""
        return self._run("Note", lambda: self.scene.note(text)) is not None

    def add_pc_file(self, path: Path) -> str | None:
        try:
            document = self.registry.open(Path(path), HOLDER)
        except CharacterFileError as exc:
            warn(self, "Add PC", str(exc))
            return None
        return self.add_pc(document.character, document.path)

    def _fill_pc_menu(self) -> None:
        self.pc_menu.clear()
        in_scene = [self.scene.character(p.id) for p in self.scene.pcs
                    if self.scene.is_bound(p.id)]
        in_paths = [p for pid, p in self.paths.items()
                    if p is not None and any(e.id == pid for e in self.scene.pcs)]
        for character, path in self.characters_provider():
            if any(character is c for c in in_scene):
                continue
            if path is not None and any(Path(path).resolve() == p.resolve()
                                        for p in in_paths):
                continue
            action = self.pc_menu.addAction(character.name or "(unnamed)")
            action.setToolTip(str(path) if path else "Not saved to a file yet")
            action.triggered.connect(lambda _c=False, ch=character, p=path: self.add_pc(ch, p))
        if self.pc_menu.isEmpty():
            none = self.pc_menu.addAction("No campaign or open character to add")
            none.setEnabled(False)
        self.pc_menu.addSeparator()
        self.pc_menu.addAction("From a character file…", self._add_pc_from_file)

    def _add_pc_from_file(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, "Add PCs", str(Path.home()),
                                                CHARACTER_FILTER)
        for name in names:
            self.add_pc_file(Path(name))

    def add_nc(self, nc: NarrativeCharacter, count: int = 1) -> list[str]:
        event = self._run("Add opponents", lambda: self.scene.add_nc(nc, count))
        return list(event.ids) if event is not None else []

    def add_opponents_dialog(self) -> list[str]:
        dialog = AddOpponentsDialog(self.opponents_provider(), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return []
        chosen = dialog.chosen()
        return self.add_nc(*chosen) if chosen is not None else []

    def pair(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        event = self._run("Pair", lambda: self.scene.pair(pc_id, list(nc_ids)))
        return event is not None

    def add_to_pairing(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        current = [n.id for n in self.scene.facing(pc_id)]
        return self.pair(pc_id, current + [i for i in nc_ids if i not in current])

    def faces_dialog(self, pc_id: str) -> bool:
        dialog = FacesDialog(self.scene, pc_id, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.pair(pc_id, dialog.chosen())

    def set_applied(self, pc_id: str, nc_id: str, key: str, on: bool) -> None:
        """Whether NC ``nc_id`` brings Quality ``key`` to ``pc_id``'s Momentum Test."""
        self._run("Momentum", lambda: self.scene.set_momentum_quality(pc_id, nc_id, key, on))

    # -- Momentum -------------------------------------------------------------------
    def record_momentum(self, pc_id: str, won: bool, level: str | None = None,
                        qualities: Sequence[str] = ()) -> bool:
        return self._run("Momentum", lambda: self.scene.record_momentum(
            pc_id, won, level, list(qualities))) is not None

    def momentum_dialog(self, pc_id: str) -> bool:
        try:
            dialog = MomentumDialog(self.scene, pc_id, self)
        except SceneError as exc:
            warn(self, "Momentum", _sentence(exc))
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

            self.open_calculator.open_test(character, self.scene.pairing_test(pc_id), store,
                                           record)
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
            return self._run("Critical Failure", lambda: self.scene.critical_failure(
                pc_id, list(offer.qualities), offer.trait, "Test calculator")) is not None
        dialog = StuntDialog(self.scene.pc(pc_id).name, self)
        if offer.trait is not None:
            dialog.trait.setCurrentIndex(dialog.trait.findData(offer.trait.value))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())

    def store_test(self, pc_id: str, test: PendingTest) -> None:
        """Keep the calculator's latest Test as the pairing's (saved with the scene)."""
        try:
            before = self.scene.pc(pc_id).test
            self.scene.store_test(pc_id, test)
        except SceneError:
            return  # the PC left the scene meanwhile
        known = len(before.log) if before is not None else 0
        new = test.log[known:] if len(test.log) > known else []
        changed = False
        if not self.scene.ended:
            for entry in new:
                self.scene.note(roll_line(entry))
                changed = True
            if new and self.scene.is_bound(pc_id):
                # Each roll is in the PC's history too, an undo step on its owner.
                character = self.scene.character(pc_id)
                lines = [roll_line(entry) for entry in new]

                def record() -> None:
                    for line in lines:
                        play.record_roll(character, line)

                self._apply("Roll", record, scene_step=False)
            # Moving on from a judged Momentum (or Seize) roll settles who holds it.
            judged = test.verdict
            if before is not None and judged is not None and judged == before.verdict \
                    and judged.step in ("momentum", "seize") and before.step == judged.step \
                    and test.step == "action":
                try:
                    self.scene.record_momentum(pc_id, judged.success, judged.level,
                                               judged.used)
                except SceneError as exc:
                    self.status_label.setText(f"Momentum: {_sentence(exc)}")
                changed = True
            # A Luck reroll in the calculator is Luck the PC spends.
            rerolls = test.luck_rerolls - (before.luck_rerolls if before is not None else 0)
            if rerolls > 0:
                try:
                    # On the PC's owner, like any scene step (the calculator keeps
                    # its own history of the Test).
                    self._apply("Luck reroll", lambda: self.scene.spend_luck(
                        pc_id, "reroll", rerolls, "Test calculator"), scene_step=False)
                except SceneError as exc:
                    self.status_label.setText(f"Luck reroll: {_sentence(exc)}")
                changed = True
            # Stress the calculator put on an NC is the scene's too.
            for opponent in test.opponents:
                try:
                    target = self.scene.nc(opponent.scene_id)
                except SceneError:
                    continue
                more = opponent.stress - target.stress
                if more > 0 and not target.removed:
                    self.scene.nc_takes_stress(target.id, more, "Test calculator")
                    changed = True
        if changed:
            self.refresh()
        else:
            self.save_autosave()

    # -- Stress and the rest --------------------------------------------------------
    def nc_takes_stress(self, nc_id: str, stress: int = 1, why: str = "") -> bool:
        return self._run("Stress", lambda: self.scene.nc_takes_stress(nc_id, stress, why)) \
            is not None

    def remove_nc(self, nc_id: str, why: str = "") -> bool:
        return self._run("Remove", lambda: self.scene.remove_nc(nc_id, why)) is not None

    def pc_takes_stress(self, pc_id: str, trait: Trait, level: str, why: str = "") -> bool:
        return self._run("Stress", lambda: self.scene.pc_takes_stress(
            pc_id, trait, level, why)) is not None

    def pc_stress_dialog(self, pc_id: str) -> bool:
        dialog = PCStressDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.pc_takes_stress(pc_id, Trait(dialog.trait.currentData()),
                                    str(dialog.level.currentData()), dialog.why.text())

    def resolve_doom(self, pc_id: str, outcome: str, **options: Any) -> bool:
        return self._run("Doom", lambda: self.scene.resolve_doom(
            pc_id, outcome, **options)) is not None

    def doom_dialog(self, pc_id: str) -> bool:
        dialog = DoomDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        options = {"weakness_name": dialog.weakness.text()}
        return self.resolve_doom(pc_id, str(dialog.outcome.currentData()), **options)

    def spend_luck(self, pc_id: str, purpose: str = "reroll", amount: int = 1,
                   why: str = "") -> bool:
        return self._run("Luck", lambda: self.scene.spend_luck(
            pc_id, purpose, amount, why)) is not None

    def give_luck(self, pc_id: str, reason: str = "the GM's reward", amount: int = 1) -> bool:
        return self._run("Luck", lambda: self.scene.give_luck(pc_id, reason, amount)) \
            is not None

    def luck_dialog(self, pc_id: str, give: bool) -> bool:
        dialog = LuckDialog(self.scene.pc(pc_id).name, give, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if give:
            return self.give_luck(pc_id, dialog.why.text() or "the GM's reward",
                                  dialog.amount.value())
        return self.spend_luck(pc_id, str(dialog.purpose.currentData()),
                               dialog.amount.value(), dialog.why.text())

    def earn_pivot(self, pc_id: str, slot: str, why: str = "") -> bool:
        return self._run("Pivot", lambda: self.scene.earn_pivot(pc_id, slot, why)) is not None

    def pivot_dialog(self, pc_id: str) -> bool:
        dialog = PivotDialog(self.scene.character(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.slot.currentData():
            return False
        return self.earn_pivot(pc_id, str(dialog.slot.currentData()), dialog.why.text())

    def stunt(self, pc_id: str, name: str, trait: Trait, why: str = "") -> bool:
        """A natural 20: a permanent Good Stunt (written to the file at the scene's end)."""
        return self._run("Stunt", lambda: self.scene.stunt(pc_id, name, trait, why)) \
            is not None

    def stunt_dialog(self, pc_id: str) -> bool:
        dialog = StuntDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())

    # -- the end --------------------------------------------------------------------
    def end_scene_dialog(self) -> bool:
        if self.scene.ended or not self.scene.pcs:
            return False
        dialog = EndSceneDialog(self.scene, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.finish_scene(**dialog.values())

    def finish_scene(self, recovery: dict[str, str | None] | None = None,
                     luck_for_penalties: dict[str, int] | None = None,
                     pivot_touched: dict[str, str | None] | None = None) -> bool:
        """End the scene (all or nothing, in the core), then write every PC's file."""
        try:
            self._apply("End scene", lambda: self.scene.end_scene(
                recovery, luck_for_penalties, pivot_touched))
        except SceneError as exc:
            warn(self, "End scene", _sentence(exc))
            return False
        written: list[Path] = []
        problems: list[str] = []
        for entry in self.scene.pcs:
            document = self.document_of(entry.id)
            path = document.path if document is not None else self.paths.get(entry.id)
            if path is None or document is None:
                problems.append(f"{entry.name}: no file to write (save the character)")
                continue
            if not document.is_modified() and not document.disk_changed():
                written.append(path)
                continue
            if self.save_document is not None:
                if not self.save_document(document):
                    problems.append(f"{path.name}: not written")
                    continue
            else:
                try:
                    document.save()
                except OSError as exc:
                    problems.append(f"{path.name}: cannot be written ({exc.strerror})")
                    continue
            written.append(path)
        if written:
            self.scene.note(f"Written: {', '.join(p.name for p in written)}.")
        self.status_label.setText(
            f"The scene has ended; {len(written)} character file"
            f"{'s' if len(written) != 1 else ''} written.")
        self.refresh()
        if problems:
            warn(self, "End scene", "\n".join(problems))
        self.files_written.emit(written)
        return True

    def next_scene(self) -> None:
        """A new scene with the same PCs (their files were written at the end)."""
        old = self.scene
        pcs = [(old.character(p.id), self.paths.get(p.id)) for p in old.pcs]
        self.scene = Scene(name="")
        self.name_edit.setText("")
        self.paths = {}
        self._forget_history()
        self._known = {}
        for character, path in pcs:
            event = self.scene.add_pc(character)
            document = self.registry.find_character(character)
            self.paths[event.ids[0]] = document.path if document is not None else path
        self.refresh()

    def set_scene(self, scene: Scene, paths: dict[str, Path | None] | None = None) -> None:
        """Show another scene (its PCs must be attached with ``Scene.bind``)."""
        self.scene = scene
        self.paths = dict(paths or {})
        self._forget_history()
        self._known = {}
        self.name_edit.setText(scene.name)
        self._sync_owners(release=True)
        self.refresh()
