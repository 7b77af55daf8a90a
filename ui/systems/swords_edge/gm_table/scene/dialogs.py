"""The scene tracker's dialogs: they collect the GM's choices; the scene decides.

Each dialog only shows what the core offers (the PC's Qualities, Levels, Pivots)
and hands back the choice; :class:`~ui.systems.swords_edge.gm_table.scene.tracker.
SceneTracker` runs it through :class:`seforge.systems.swords_edge.scene.Scene`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.models import TRAITS, Character, NarrativeCharacter, Trait
from seforge.systems.swords_edge.nc_builder import nc_matches
from seforge.systems.swords_edge.play.guards import reason_alone
from seforge.systems.swords_edge.play.stress import doom_names_needed, doom_refusal
from seforge.systems.swords_edge.resolution.stress import (
    DOOM_WEAKNESS_RANK,
    LEGENDARY_WEAKNESS_RANK,
)
from seforge.systems.swords_edge.scene import (
    Scene,
)
from seforge.systems.swords_edge.scene_text import (
    DOOM_OUTCOME_TEXT,
    PLAY_TIPS,
    hit_effect_text,
    hit_levels_text,
    luck_purposes,
    momentum_level_text,
)
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm_table.common import nc_summary
from ui.systems.swords_edge.widgets import fit_to_title


class _Dialog(QDialog):
    def __init__(self, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        fit_to_title(self)
        self.form = QFormLayout()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.buttons)
        self._ordered = False

    def showEvent(self, event: QShowEvent) -> None:  # Qt override
        if not self._ordered:
            self._ordered = True
            self._fields_first()
        super().showEvent(event)

    def _fields_first(self) -> None:
        """The keyboard starts in the first field and Tab reaches OK and Cancel after the
        fields. (The buttons are made before the fields each dialog adds, so Qt's order
        began with them: the dialog opened on OK, and a space typed into a Stunt's name
        pressed it.)"""
        buttons = sorted((b for b in self.buttons.buttons() if b.isVisibleTo(self)),
                         key=lambda b: b.x())
        fields: list[QWidget] = []
        widget = self.nextInFocusChain()
        while widget is not None and widget is not self:
            if (widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisibleTo(self)
                    and widget.isEnabled() and not self.buttons.isAncestorOf(widget)
                    and self.isAncestorOf(widget)):
                fields.append(widget)
            widget = widget.nextInFocusChain()
        if not fields:
            return
        for before, after in pairwise([fields[-1], *buttons]):
            QWidget.setTabOrder(before, after)
        fields[0].setFocus(Qt.FocusReason.TabFocusReason)


class FacesDialog(_Dialog):
    """Tick the NCs a PC faces."""

    def __init__(self, scene: Scene, pc_id: str, parent: QWidget | None = None) -> None:
        titles = scene.pc_titles()
        super().__init__(f"Whom does {titles[pc_id]} face?", parent)
        facing = set(scene.pc(pc_id).facing)
        others = {nid: titles[p.id] for p in scene.pcs if p.id != pc_id for nid in p.facing}
        self.boxes: dict[str, QCheckBox] = {}
        for entry in scene.active_ncs():
            text = f"{entry.name} — {nc_summary(entry.nc)}"
            if entry.id in others:
                text += f" (now facing {others[entry.id]})"
            box = QCheckBox(text, self)
            box.setChecked(entry.id in facing)
            tip(box, entry.name, f"Tick if {titles[pc_id]} faces {entry.name}")
            self.form.addRow(box)
            self.boxes[entry.id] = box
        if not self.boxes:
            self.form.addRow(QLabel("No opponent is in the scene yet.", self))

    def chosen(self) -> list[str]:
        return [nid for nid, box in self.boxes.items() if box.isChecked()]


class MomentumDialog(_Dialog):
    """Record a Momentum Test: who won, at what Level, which PC Qualities went in."""

    def __init__(self, scene: Scene, pc_id: str, parent: QWidget | None = None) -> None:
        title = scene.title(pc_id)
        super().__init__(f"Momentum: {title}", parent)
        self.scene = scene
        self.pc_id = pc_id
        self.won = QRadioButton(f"{title} wins", self)
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
        tip(self.level, "Level of Success", momentum_level_text())
        self.form.addRow(buddy("&Level:", self.level, self), self.level)
        self.trait = QComboBox(self)
        for trait in TRAITS:
            self.trait.addItem(trait.value, trait.value)
        tip(self.trait, "Trait", "The Trait the PC used")
        self.form.addRow(buddy("&Trait:", self.trait, self), self.trait)
        self.qualities_box = QGroupBox(PLAY_TIPS["momentum_qualities"], self)
        self.qualities_layout = QVBoxLayout(self.qualities_box)
        self.form.addRow(self.qualities_box)
        self.boxes: dict[str, QCheckBox] = {}
        self.trait.currentIndexChanged.connect(self._fill)
        self.won.toggled.connect(self.level.setEnabled)
        self._fill()

    def _fill(self, *_args: object) -> None:
        for box in self.boxes.values():
            self.qualities_layout.removeWidget(box)
            box.hide()  # gone now: deleteLater waits for the event loop
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
    from seforge.systems.swords_edge.resolution.qualities import available_for_action

    return [(o.key, f"{o.name} {o.modifier:+d}")
            for o in available_for_action(character, trait, set())]


class PCStressDialog(_Dialog):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Take Stress: {name}", parent)
        self.trait = QComboBox(self)
        for trait in TRAITS:
            self.trait.addItem(trait.value, trait.value)
        tip(self.trait, "Trait", "The Trait the PC defended with")
        self.level = QComboBox(self)
        for level in LEVELS:
            self.level.addItem(level, level)
        tip(self.level, "Level of the hit", f"The attack's Level of Success: {hit_levels_text()}")
        self.effect = QLabel(self)
        self.effect.setObjectName("stress_effect")
        self.effect.setWordWrap(True)
        tip(self.effect, "What the hit does", "The Penalty Ranks this hit puts on the Trait")
        self.trait.currentIndexChanged.connect(self._show_effect)
        self.level.currentIndexChanged.connect(self._show_effect)
        self.why = QLineEdit(self)
        tip(self.why, "Why", "What hit (optional, kept in the history)")
        self.form.addRow(buddy("&Trait:", self.trait, self), self.trait)
        self.form.addRow(buddy("&Level:", self.level, self), self.level)
        self.form.addRow("", self.effect)
        self.form.addRow(buddy("&Why:", self.why, self), self.why)
        self._show_effect()

    def _show_effect(self) -> None:
        """The hit's effect in numbers, as the Level is chosen (the list gave the Level
        alone; how many Penalty Ranks it is was left to the GM's memory)."""
        self.effect.setText(hit_effect_text(str(self.level.currentData()),
                                            str(self.trait.currentData())))


class DoomDialog(_Dialog):
    """How a PC's pending Doom ends, with the name of each Weakness it leaves: OK stays
    greyed, the core's reason under the fields, until the outcome can be settled."""

    def __init__(self, name: str, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(f"Resolve {name}'s Doom", parent)
        self._character = character
        self.outcome = QComboBox(self)
        for key, text in DOOM_OUTCOME_TEXT.items():
            self.outcome.addItem(text, key)
        tip(self.outcome, "Outcome", "How the Doom is settled")
        self.weakness = QLineEdit(self)
        self.weakness.setPlaceholderText("e.g. Bad Leg")
        tip(self.weakness, "Weakness name",
            f"The name of the {DOOM_WEAKNESS_RANK.label} Weakness a survived Doom leaves")
        self.legendary = QLineEdit(self)
        self.legendary.setPlaceholderText("e.g. Scarred Hands")
        tip(self.legendary, "Legendary Stress Weakness name",
            f"The name of the {LEGENDARY_WEAKNESS_RANK.label} Weakness the Legendary Stress "
            "leaves, survived or averted")
        self.reason = QLabel(self)
        self.reason.setObjectName("doom_reason")
        self.reason.setWordWrap(True)
        self.reason.setAccessibleName("Why OK is greyed")
        self.form.addRow(buddy("&Outcome:", self.outcome, self), self.outcome)
        self.form.addRow(buddy("&Weakness:", self.weakness, self), self.weakness)
        self.form.addRow(buddy("&Legendary Weakness:", self.legendary, self), self.legendary)
        self.form.addRow("", self.reason)
        self.outcome.currentIndexChanged.connect(self._refresh)
        self.weakness.textChanged.connect(self._refresh)
        self.legendary.textChanged.connect(self._refresh)
        self._refresh()

    def _refresh(self) -> None:
        """Show the name fields the outcome needs; grey OK with the core's reason."""
        outcome = str(self.outcome.currentData())
        poor, basic = doom_names_needed(self._character, outcome)
        for field, needed in ((self.weakness, poor), (self.legendary, basic)):
            self.form.setRowVisible(field, needed)
        refusal = doom_refusal(self._character, outcome, self.weakness.text(),
                               self.legendary.text())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not refusal)
        why = f"Not yet: {reason_alone(refusal)}." if refusal else ""
        self.reason.setText(why)
        self.reason.setVisible(bool(refusal))
        ok.setToolTip(why)
        ok.setAccessibleDescription(why)


class LuckDialog(_Dialog):
    def __init__(self, name: str, give: bool, parent: QWidget | None = None) -> None:
        super().__init__(f"{'Give Luck to' if give else 'Spend Luck of'} {name}", parent)
        self.give = give
        self.amount = QSpinBox(self)
        self.amount.setRange(1, 10)
        tip(self.amount, "Amount", "How much Luck")
        self.purpose = QComboBox(self)
        for key, text in luck_purposes().items():
            self.purpose.addItem(text, key)
        tip(self.purpose, "Use", "What the Luck is spent on")
        self.why = QLineEdit(self)
        tip(self.why, "Reason", "Why (kept in the character's history)")
        self.form.addRow(buddy("&Amount:", self.amount, self), self.amount)
        if not give:
            self.form.addRow(buddy("&Use:", self.purpose, self), self.purpose)
        self.form.addRow(buddy("&Reason:", self.why, self), self.why)


class StuntDialog(_Dialog):
    """A natural 20: name the new Stunt and the Trait it is linked to."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(f"Critical success: a Stunt for {name}", parent)
        self.name = QLineEdit(self)
        self.name.setPlaceholderText("What did they pull off?")
        tip(self.name, "Stunt name", PLAY_TIPS["stunt_name"])
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
