"""The tracker's "Selected character" panel: the turn and the initiative, Fortune, Stress,
Harms, Cover and Morale, the tracks' maximums, Armour and Courage of the character selected in
the table, each an undoable change through the owner."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QSpinBox, QWidget

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict, OrderMode, Side
from seforge.systems.twod20.damage import MAX_COVER_DICE
from seforge.systems.twod20.models import HarmKind
from seforge.systems.twod20.profiles import Profile
from ui.shell.widgets import spin_box, whole_numbers
from ui.systems.twod20.common import flow_of, set_reason, wrapping_form
from ui.systems.twod20.conflict_part import ConflictPart


class CharacterPart(ConflictPart):
    """The panel of the character selected, built by :meth:`_build_character_panel` (after
    the view's Remove button, which it greys with the rest while nobody is selected)."""

    remove_button: QWidget

    def _build_character_panel(self) -> QWidget:
        box = QGroupBox("Selected character")
        form = wrapping_form(QFormLayout(box))
        self.selected_label = QLabel("Nobody selected")
        form.addRow(self.selected_label)
        self.turn_button = self._button("Take turn", "", self.take_turn)
        self.seize_button = self._button("Seize initiative", "", self.seize)
        self.early_button = self._button("Act early", "", lambda: self._on_selected(
            "Act early", lambda d, n: cf.act_early(d, n)))
        form.addRow(flow_of([self.turn_button, self.seize_button, self.early_button]))
        self.fortune_spend = self._button("Spend Fortune", "", lambda: self._on_selected(
            "Spend 1 Fortune", lambda d, n: cf.spend_fortune(d, n)))
        self.fortune_gain = self._button("Gain Fortune", "Give one Fortune", lambda: (
            self._on_selected("Gain 1 Fortune", lambda d, n: cf.gain_fortune(d, n))))
        form.addRow(flow_of([self.fortune_spend, self.fortune_gain]))
        self.stress_amount = spin_box("Stress amount", 0, 99, 1, "Stress after Resistance")
        self.stress_kind = QComboBox()
        self.stress_kind.setAccessibleName("Physical or mental")
        self.stress_kind.addItem("physical", False)
        self.stress_kind.addItem("mental", True)
        self.take_button = self._button("Take", "", lambda: self._on_selected(
            "Take Stress", lambda d, n: cf.take_stress(
                d, n, self.stress_amount.value(), bool(self.stress_kind.currentData()))))
        self.recover_button = self._button("Recover", "Remove Stress or regain Vigor/Resolve",
                                           lambda: self._on_selected(
            "Recover", lambda d, n: cf.recover_stress(
                d, n, self.stress_amount.value(), bool(self.stress_kind.currentData()))))
        self.stress_amount.valueChanged.connect(self._refresh_selected)
        self.stress_kind.currentIndexChanged.connect(self._refresh_selected)
        form.addRow("Stress", flow_of([self.stress_amount, self.stress_kind, self.take_button,
                                       self.recover_button]))
        self.wound_button = self._button("Add Wound", "Mark a physical Harm", lambda: (
            self._on_selected("Add a Wound", lambda d, n: cf.add_harm(d, n, HarmKind.WOUND))))
        self.trauma_button = self._button("Add Trauma", "Mark a mental Harm", lambda: (
            self._on_selected("Add a Trauma", lambda d, n: cf.add_harm(d, n, HarmKind.TRAUMA))))
        self.heal_button = self._button("Remove Harm", "Remove the last Harm", self.remove_harm)
        form.addRow("Harms", flow_of([self.wound_button, self.trauma_button,
                                      self.heal_button]))
        self.cover = spin_box("Cover dice", 0, MAX_COVER_DICE, 0, "Cover dice protecting the "
                              "character (physical Resistance)")
        self.morale = spin_box("Morale dice", 0, MAX_COVER_DICE, 0, "Morale dice (mental "
                               "Resistance); Confidence gives at most 4")
        self.cover.valueChanged.connect(lambda v: self._on_selected(
            "Set Cover", lambda d, n: cf.update_combatant(d, n, cover_dice=v)))
        self.morale.valueChanged.connect(lambda v: self._on_selected(
            "Set Morale", lambda d, n: cf.update_combatant(d, n, morale_dice=v)))
        self.initiative = spin_box("Initiative score", 0, cf.MAX_TRACK, 0,
                                   "Initiative score for the initiative-score order: the higher "
                                   "of Agility and Insight")
        self.initiative.valueChanged.connect(lambda v: self._on_selected(
            "Set initiative", lambda d, n: cf.update_combatant(d, n, initiative=v)))
        self.initiative_label = QLabel("Initiative")
        form.addRow(self.initiative_label, self.initiative)
        form.addRow("Cover dice", self.cover)
        form.addRow("Morale dice", self.morale)
        self.track_max = spin_box("Maximum of the track", 0, cf.MAX_TRACK, 10,
                                  "Maximum Stress (SRD) or Vigor (Conan)")
        self.track_max.valueChanged.connect(self._set_max)
        self.max_label = QLabel("Maximum")
        form.addRow(self.max_label, self.track_max)
        self.resolve_max = spin_box("Maximum Resolve", 0, cf.MAX_TRACK, 10,
                                    "Resolve = Willpower + Discipline (Conan)")
        self.resolve_max.valueChanged.connect(lambda v: self._on_selected(
            "Set maximum Resolve", lambda d, n: cf.update_combatant(
                d, n, max_resolve=v, resolve=min(v, cf.find(d, n).resolve))))
        self.resolve_label = QLabel("Maximum Resolve")
        form.addRow(self.resolve_label, self.resolve_max)
        self.armour = soak_box("Armour")
        self.courage = soak_box("Courage")
        self.armour.valueChanged.connect(lambda v: self._on_selected(
            "Set Armour", lambda d, n: cf.set_soak(d, n, known(v), cf.find(d, n).courage)))
        self.courage.valueChanged.connect(lambda v: self._on_selected(
            "Set Courage", lambda d, n: cf.set_soak(d, n, cf.find(d, n).armour, known(v))))
        form.addRow("Armour", self.armour)
        form.addRow("Courage", self.courage)
        whole_numbers(self.cover, self.morale, self.initiative, self.track_max,
                      self.resolve_max, self.armour, self.courage)
        self.own_tips: dict[QWidget, str] = {widget: widget.toolTip() for widget in (
            self.turn_button, self.seize_button, self.fortune_spend, self.fortune_gain,
            self.take_button, self.recover_button, self.wound_button, self.trauma_button,
            self.heal_button, self.cover, self.morale, self.track_max, self.resolve_max,
            self.remove_button, self.early_button, self.initiative, self.armour,
            self.courage)}
        """The controls that act on the selected character, each with its own tooltip
        (given back once a character is selected: Cover and Morale kept "select a character
        first")."""
        return box

    def _on_selected(self, text: str, change: Callable[[Conflict, str], Conflict]) -> None:
        name = self.selected()
        if name is None:
            self.message.setText("Select a character first.")
            return
        self.run(f"{text}: {name}", lambda d: change(d, name))

    def _set_max(self, value: int) -> None:
        field = "max_vigor" if self.doc.profile is Profile.CONAN else "max_stress"
        if self.doc.profile is Profile.CONAN:
            self._on_selected("Set maximum Vigor", lambda d, n: cf.update_combatant(
                d, n, max_vigor=value, vigor=min(value, cf.find(d, n).vigor)))
        else:
            self._on_selected("Set maximum Stress", lambda d, n: cf.update_combatant(
                d, n, **{field: value, "stress": min(value, cf.find(d, n).stress)}))

    def take_turn(self) -> None:
        self._on_selected("Take a turn", lambda d, n: cf.take_turn(d, n))

    def seize(self) -> None:
        name = self.selected()
        if (name is not None and self.doc.order_mode is OrderMode.ALTERNATING
                and cf.find(self.doc, name).side is Side.NPC and cf.is_opening(self.doc)):
            self._on_selected("An NPC opens round 1", lambda d, n: cf.npc_open(d, n))
            return
        self._on_selected("Seize the initiative", lambda d, n: cf.seize_initiative(d, n))

    def remove_harm(self) -> None:
        name = self.selected()
        if name is None:
            return
        last = len(cf.find(self.doc, name).harms) - 1
        self.run(f"Remove a Harm: {name}", lambda d: cf.remove_harm(d, name, last))

    def _refresh_selected(self) -> None:
        doc = self.doc
        name = self.selected()
        conan = doc.profile is Profile.CONAN
        self.max_label.setText("Maximum Vigor" if conan else "Maximum Stress")
        self.track_max.setAccessibleName(self.max_label.text())
        self.resolve_max.setVisible(conan)
        self.resolve_label.setVisible(conan)
        by_score = doc.order_mode is OrderMode.INITIATIVE
        self.early_button.setVisible(by_score)
        self.initiative.setVisible(by_score)
        self.initiative_label.setVisible(by_score)
        if name is None:
            self.selected_label.setText("Nobody selected")
            for widget in self.own_tips:
                widget.setEnabled(False)
                widget.setToolTip("Select a character in the table first")
            return
        c = cf.find(doc, name)
        self.selected_label.setText(f"{name} ({'PC' if c.side is Side.PC else 'NPC'})")
        for widget, tip in self.own_tips.items():
            widget.setEnabled(True)
            widget.setToolTip(tip)
        set_reason(self.turn_button, cf.why_not_take_turn(doc, name),
                   f"{name} takes their turn")
        if (doc.order_mode is OrderMode.ALTERNATING and c.side is Side.NPC
                and cf.is_opening(doc)):
            opener = doc.settings.npc_opener_cost
            self.seize_button.setText(f"Open round 1 ({opener} {cf.gm_pool_name(doc)})")
            set_reason(self.seize_button, cf.why_not_npc_open(doc, name),
                       f"Spend {opener} {cf.gm_pool_name(doc)} so this NPC opens round 1")
        else:
            self.seize_button.setText("Seize initiative")
            set_reason(self.seize_button, cf.why_not_seize(doc, name),
                       f"Spend {doc.settings.seize_initiative_cost} {cf.gm_pool_name(doc)} "
                       "so this NPC acts now")
        if doc.order_mode is OrderMode.INITIATIVE:
            set_reason(self.early_button, cf.why_not_act_early(doc, name),
                       f"Act before your initiative: {cf.act_early_cost(doc, name)} "
                       f"{cf.gm_pool_name(doc)} (added by a PC, spent for an NPC)")
        set_reason(self.fortune_spend, cf.why_not_spend_fortune(doc, name),
                   "Spend one Fortune")
        amount, mental = self.stress_amount.value(), bool(self.stress_kind.currentData())
        harms_at = cf.stress_harms_marked(doc, name, amount, mental)
        past = cf.stress_harms(doc, name, amount, mental) - harms_at
        self.take_button.setToolTip(
            f"Take the Stress; it would cause {harms_at} Harm{'s' if harms_at != 1 else ''} now"
            + (f" ({past} more past the Harm limit: the GM's call)" if past else ""))
        self.heal_button.setEnabled(bool(c.harms))
        for box, value in ((self.cover, c.cover_dice), (self.morale, c.morale_dice),
                           (self.resolve_max, c.max_resolve), (self.initiative, c.initiative),
                           (self.armour, UNKNOWN if c.armour is None else c.armour),
                           (self.courage, UNKNOWN if c.courage is None else c.courage),
                           (self.track_max, c.max_vigor if doc.profile is Profile.CONAN
                            else c.max_stress)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self.table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


UNKNOWN = -1
"""An Armour or Courage box's value when the character's is not known (shown in words)."""


def soak_box(name: str) -> QSpinBox:
    """A box for a character's Armour or Courage, its lowest step saying it is not known."""
    box = spin_box(name, UNKNOWN, cf.MAX_TRACK, UNKNOWN, soak_tip(name))
    box.setSpecialValueText("not set")
    return box


def soak_tip(name: str) -> str:
    """What an Armour or Courage box is for (its tooltip while a character is selected)."""
    kind = "physical" if name == "Armour" else "mental"
    return (f"{name}: the static Soak against {kind} damage the roller uses when it hits "
            "this character; not set, it uses the calculator's Armour")


def known(value: int) -> int | None:
    """An Armour or Courage box's value for the tracker (None: not known)."""
    return None if value == UNKNOWN else value

