"""Small dialogs of the play panel. They collect choices; the rules live in
``seforge.systems.swords_edge.play`` (the Advancement dialog only shows what
``advancement_options`` says).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.editing import PIVOT_SLOTS
from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.play.advancement import AdvancementOption, advancement_options
from seforge.systems.swords_edge.play.guards import reason_alone
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.play.pivots import pivot_earn_reason
from seforge.systems.swords_edge.play.state import scene_penalty_total
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.scene_text import (
    PLAY_TIPS,
    end_session_note,
    recovery_levels_text,
)
from ui.shell.theme import verdict_colour
from ui.shell.widgets import buddy, ok_cancel, tip
from ui.systems.swords_edge.play.widgets import TraitCombo
from ui.systems.swords_edge.widgets import fit_to_title

NO_TEST = "No Recovery Test, or it failed"
ONE = "pc"
"""The id of the one row of :meth:`EndSceneDialog.for_character`."""


class StepDialog(QDialog):
    """A dialog whose OK runs its step (``step``, set by the play panel) before it
    closes: a step the core refuses keeps the dialog open with the reason at its top,
    where the player is looking (the panel's message line may be scrolled away)."""

    step: Callable[[], str] | None = None
    """Runs the step; "" when done, else why it was refused."""
    stepped = False
    """The step ran through OK (an ``exec`` replaced in a test leaves it False)."""
    _refusal: QLabel | None = None

    def accept(self) -> None:
        if self.step is not None:
            reason = self.step()
            if reason:
                self._show_refusal(reason)
                return
            self.stepped = True
        super().accept()

    def _show_refusal(self, reason: str) -> None:
        if self._refusal is None:
            self._refusal = QLabel(self)
            self._refusal.setWordWrap(True)
            self._refusal.setAccessibleName("Refused")
            self._refusal.setStyleSheet(f"color: {verdict_colour(False)};")
            layout = self.layout()
            if isinstance(layout, QBoxLayout):
                layout.insertWidget(0, self._refusal)
        self._refusal.setText(reason)
        self._refusal.setAccessibleDescription(reason)
        self._refusal.show()
        layout = self.layout()
        if layout is not None:  # grow for the reason rather than squeeze the fields
            layout.activate()
            needed = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                      else layout.totalSizeHint().height())
            if needed > self.height():
                self.resize(self.width(), needed)


class EndSceneDialog(StepDialog):
    """The end of a scene for one PC or several: each one's Recovery Test Level (it
    removes Penalty Ranks taken in this scene), Luck spent to remove more of them and,
    with ``pivots``, a Pivot that came into play (one Advancement per scene).

    ``pcs`` is ``(id, character)`` for each PC; :meth:`values` answers by id. The Play
    dock shows one character (:meth:`for_character`), the scene tracker every PC."""

    def __init__(self, pcs: Sequence[tuple[str, Character]], parent: QWidget | None = None,
                 *, pivots: bool = True, title: str = "End the scene") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        fit_to_title(self)
        self.setAccessibleName(title)
        self.recovery: dict[str, QComboBox] = {}
        self.luck: dict[str, QSpinBox] = {}
        self.pivot: dict[str, QComboBox] = {}
        layout = QVBoxLayout(self)
        rows = list(pcs)
        text = ("The Level of the Recovery Test and Luck spent to remove more of this "
                "scene's Penalty Ranks" + (", and a Pivot that came into play." if pivots
                                           else "."))
        intro = QLabel(f"For each PC: {text[0].lower()}{text[1:]}" if len(rows) > 1 else text,
                       self)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        grid = QGridLayout()
        headers = ["PC", "This scene's Penalty Ranks", "Recovery Test", "Luck on penalties"]
        if pivots:
            headers.append("Pivot touched")
        for column, text in enumerate(headers):
            grid.addWidget(QLabel(f"<b>{text}</b>", self), 0, column)
        for row, (pc_id, character) in enumerate(rows, start=1):
            self._add_row(grid, row, pc_id, character, pivots)
        layout.addLayout(grid)
        self.buttons = ok_cancel(self)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("End the scene")
        layout.addWidget(self.buttons)

    @classmethod
    def for_character(cls, character: Character,
                      parent: QWidget | None = None) -> EndSceneDialog:
        """The end of the scene for one character (no Pivot: the Play dock earns it
        on its own)."""
        return cls([(ONE, character)], parent, pivots=False, title="End scene")

    def _add_row(self, grid: QGridLayout, row: int, pc_id: str, character: Character,
                 pivots: bool) -> None:
        name = character.name or "Unnamed"
        penalties = scene_penalty_total(character)
        grid.addWidget(QLabel(name, self), row, 0)
        grid.addWidget(QLabel(str(penalties), self), row, 1)
        recovery = QComboBox(self)
        recovery.addItem(NO_TEST, None)
        for level in LEVELS:
            recovery.addItem(f"{level} success", level)
        tip(recovery, f"{name}: Recovery Test level", recovery_levels_text())
        luck = QSpinBox(self)
        luck.setRange(0, max(0, min(character.play.luck, penalties)))
        tip(luck, f"{name}: Luck to spend on this scene's Penalty Ranks",
            f"{PLAY_TIPS['scene_luck']} (holds {character.play.luck})")
        grid.addWidget(recovery, row, 2)
        grid.addWidget(luck, row, 3)
        self.recovery[pc_id] = recovery
        self.luck[pc_id] = luck
        widgets: list[QWidget] = [recovery, luck]
        if pivots:
            pivot = QComboBox(self)
            pivot.addItem("None", None)
            for slot in PIVOT_SLOTS:
                text = getattr(character.pivots, slot)
                if text:
                    pivot.addItem(f"{slot.capitalize()}: {text}", slot)
            refusal = pivot_earn_reason(character)
            reason = f" (not now: {refusal})" if refusal else ""
            pivot.setEnabled(not refusal)
            tip(pivot, f"{name}: Pivot touched",
                f"The Pivot of {name} the scene brought into play{reason}; "
                f"{PLAY_TIPS['pivot_advancement'].lower()}")
            grid.addWidget(pivot, row, 4)
            self.pivot[pc_id] = pivot
            widgets.append(pivot)
        if character.play.out_of_play:
            for widget in widgets:
                widget.setEnabled(False)

    def set_values(self, pc_id: str = "", recovery: str | None = None, luck: int = 0,
                   pivot: str | None = None) -> None:
        """Fill one PC's row (``""``: the only one; for scripts and tests)."""
        pc_id = pc_id or next(iter(self.recovery))
        self.recovery[pc_id].setCurrentIndex(max(0, self.recovery[pc_id].findData(recovery)))
        self.luck[pc_id].setValue(luck)
        if pc_id in self.pivot:
            self.pivot[pc_id].setCurrentIndex(max(0, self.pivot[pc_id].findData(pivot)))

    def values(self) -> dict[str, dict[str, Any]]:
        """``recovery``, ``luck_for_penalties`` and ``pivot_touched`` by PC id, as
        :meth:`seforge.systems.swords_edge.scene.Scene.end_scene` takes them."""
        return {
            "recovery": {pid: c.currentData() for pid, c in self.recovery.items()
                         if c.isEnabled()},
            "luck_for_penalties": {pid: s.value() for pid, s in self.luck.items() if s.value()},
            "pivot_touched": {pid: c.currentData() for pid, c in self.pivot.items()
                              if c.isEnabled() and c.currentData()},
        }


class EndOfDayDialog(StepDialog):
    """The Level of the end-of-day Recovery Test (it reaches any Penalty Ranks)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("End of day")
        fit_to_title(self)
        self.setAccessibleName("End of day")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.level = QComboBox(self)
        self.level.addItem(NO_TEST, None)
        for level in LEVELS:
            self.level.addItem(f"{level} success", level)
        tip(self.level, "Recovery Test level", recovery_levels_text(daily=True))
        form.addRow(buddy("&Recovery Test:", self.level, self), self.level)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))

    def set_values(self, level: str | None) -> None:
        self.level.setCurrentIndex(max(0, self.level.findData(level)))

    def values(self) -> str | None:
        level = self.level.currentData()
        return level if isinstance(level, str) else None


class EndSessionDialog(StepDialog):
    """Whether to spend an Advancement clearing all Penalty Ranks as the session ends
    (``scene_penalties``: those taken in the running scene, which the note names).

    ``clear_refusal`` is the core's reason why that cannot be done now ("" when it
    can): the box is then greyed and says why, rather than refusing after OK."""

    def __init__(self, parent: QWidget | None = None, *, clear_refusal: str = "",
                 scene_penalties: int = 0) -> None:
        super().__init__(parent)
        self.setWindowTitle("End session")
        fit_to_title(self)
        self.setAccessibleName("End session")
        layout = QVBoxLayout(self)
        # the running scene ends with the session: say what its Penalty Ranks lose
        self.note = QLabel(end_session_note(scene_penalties))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.clear = QCheckBox("Use an Advancement to clear all Penalty Ranks")
        self.clear.setAccessibleName("Clear all Penalty Ranks with an Advancement")
        hint = (f"Not now: {reason_alone(clear_refusal)}" if clear_refusal
                else PLAY_TIPS["clear_penalties"])
        self.clear.setEnabled(not clear_refusal)
        self.clear.setToolTip(hint)
        self.clear.setAccessibleDescription(hint)
        layout.addWidget(self.clear)
        layout.addWidget(ok_cancel(self))

    def values(self) -> bool:
        return self.clear.isChecked()


class CriticalFailureDialog(StepDialog):
    """Which Qualities and Trait the critically failed Test used."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Critical Failure")
        fit_to_title(self)
        self.setAccessibleName("Critical Failure")
        layout = QVBoxLayout(self)
        intro = QLabel(PLAY_TIPS["critical_failure"])
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.boxes: dict[str, QCheckBox] = {}
        keys = ["concept", "background", "faculty"]
        keys += [
            QualityKey.of_element(i)
            for i, e in enumerate(character.elements)
            if e.kind not in (ElementKind.WEAKNESS, ElementKind.FETISH)
        ]
        for key in keys:
            box = QCheckBox(describe_key(character, key))
            box.setAccessibleName(f"Used {describe_key(character, key)}")
            box.setToolTip("Tick if this Quality modified the failed Test")
            layout.addWidget(box)
            self.boxes[key] = box
        form = QFormLayout()
        self.trait = QComboBox()
        self._traits: list[Trait | None] = [None, *Trait]
        for trait in self._traits:
            self.trait.addItem("No Trait" if trait is None else trait.value)
        self.trait.setAccessibleName("Trait used in the Test")
        self.trait.setToolTip("The Trait that modified the failed Test")
        form.addRow("Trait used:", self.trait)
        self.second_trait = QComboBox()
        for trait in self._traits:
            self.second_trait.addItem("None" if trait is None else trait.value)
        self.second_trait.setAccessibleName("Second Trait added with Luck")
        self.second_trait.setToolTip(
            "A second Trait brought into the Test with Luck; then no Trait may rise")
        form.addRow("Second Trait (Luck):", self.second_trait)
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))

    def set_values(self, keys: list[str], trait: Trait | None,
                   second: Trait | None = None) -> None:
        for key, box in self.boxes.items():
            box.setChecked(key in keys)
        self.trait.setCurrentIndex(self._traits.index(trait))
        self.second_trait.setCurrentIndex(self._traits.index(second))

    def values(self) -> tuple[list[str], Trait | None]:
        keys = [k for k, box in self.boxes.items() if box.isChecked()]
        second = self._traits[max(self.second_trait.currentIndex(), 0)]
        if second is not None:
            keys.append(QualityKey.of_trait(second))
        return keys, self._traits[max(self.trait.currentIndex(), 0)]


class AdvancementDialog(StepDialog):
    """Every use of one held Advancement; those the rules refuse are disabled with
    the reason shown beside them."""

    def __init__(self, character: Character, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Use an Advancement")
        fit_to_title(self)
        self.setAccessibleName("Use an Advancement")
        self.resize(560, 460)
        adv = character.play.advancements[index]
        layout = QVBoxLayout(self)
        source = "Critical Failure" if adv.source == "critical_failure" else "Pivot"
        head = QLabel(f"{source} Advancement. {adv.note}".strip())
        head.setWordWrap(True)
        layout.addWidget(head)
        self.options: list[AdvancementOption] = advancement_options(character, index)
        self.list = QListWidget()
        self.list.setAccessibleName("Advancement uses")
        self.list.setToolTip("What this Advancement can do now; greyed-out uses say why not")
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for option in self.options:
            text = option.label
            if not option.allowed:
                text += f"\n    not now: {option.reason}"
            item = QListWidgetItem(text)
            item.setToolTip(option.reason or option.label)
            if not option.allowed:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        layout.addWidget(self.list)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setAccessibleName("New Quality name")
        self.name.setToolTip(PLAY_TIPS["buy_quality"])
        self.trait = TraitCombo("New Quality Trait")
        self.kind = QComboBox()
        self._kinds = [ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX]
        for label in ("Quality", "Item", "SFX"):
            self.kind.addItem(label)
        self.kind.setAccessibleName("New Quality kind")
        self.kind.setToolTip("What kind of Element the new Quality is")
        form.addRow("New Quality:", self.name)
        form.addRow("Linked to:", self.trait)
        form.addRow("Kind:", self.kind)
        layout.addLayout(form)
        self.buttons = ok_cancel(self)
        layout.addWidget(self.buttons)
        self.list.currentRowChanged.connect(self._on_row)
        self.name.textChanged.connect(lambda _text: self._on_row(self.list.currentRow()))
        enabled = self.enabled_rows()
        if enabled:
            self.list.setCurrentRow(enabled[0])
        self._on_row(self.list.currentRow())

    def _on_row(self, row: int) -> None:
        option = self.options[row] if 0 <= row < len(self.options) else None
        buying = option is not None and option.use == "buy"
        for widget in (self.name, self.trait, self.kind):
            widget.setEnabled(buying)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ready = option is not None and option.allowed
        if buying:
            ready = ready and bool(self.name.text().strip())
        ok.setEnabled(ready)

    def enabled_rows(self) -> list[int]:
        return [
            i
            for i in range(self.list.count())
            if self.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled
        ]

    def choose(self, use: str, target: str | None = None) -> None:
        for row, option in enumerate(self.options):
            if option.use == use and option.target == target:
                self.list.setCurrentRow(row)
                return
        raise KeyError((use, target))

    def chosen(self) -> tuple[str, str | None, Element | None]:
        option = self.options[self.list.currentRow()]
        element = None
        if option.use == "buy":
            element = Element(
                name=self.name.text().strip(),
                trait=self.trait.trait(),
                kind=self._kinds[max(self.kind.currentIndex(), 0)],
            )
        return option.use, option.target, element


class PivotDialog(StepDialog):
    """A Pivot of ``character``: with ``change`` (a slot), its new text (blank removes
    it) and why; without, which Pivot came into play this scene and why (it earns an
    Advancement). Whether either is allowed now is the core's call
    (``play.change_pivot``, ``Scene.earn_pivot``)."""

    def __init__(self, character: Character, parent: QWidget | None = None, *,
                 change: str | None = None) -> None:
        super().__init__(parent)
        self.change = change
        title = (f"Change {change.capitalize()} Pivot" if change
                 else f"A Pivot of {character.name} came into play")
        self.setWindowTitle(title)
        fit_to_title(self)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.text = QLineEdit(self)
        self.slot = QComboBox(self)
        self.why = QLineEdit(self)
        if change:
            name = change.capitalize()
            self.resize(420, 0)
            note = QLabel(PLAY_TIPS["pivot_one"].format(slot=name), self)
            note.setWordWrap(True)
            layout.addWidget(note)
            self.text.setText(getattr(character.pivots, change) or "")
            self.text.setClearButtonEnabled(True)
            self.text.setPlaceholderText(f"No {name} (blank removes it)")
            tip(self.text, f"New {name}", f"The new {name} Pivot; blank removes it")
            form.addRow(buddy(f"&{name}:", self.text, self), self.text)
            self.why.setPlaceholderText("Optional, e.g. found the fabled master")
            tip(self.why, f"Reason for the {name} change", "Shown in the history beside the "
                "change")
            form.addRow(buddy("&Why:", self.why, self), self.why)
            self.slot.hide()
            self.slot.addItem(name, change)
        else:
            for slot in PIVOT_SLOTS:
                text = getattr(character.pivots, slot)
                if text:
                    self.slot.addItem(f"{slot.capitalize()}: {text}", slot)
            tip(self.slot, "Pivot", PLAY_TIPS["pivot_touched"])
            tip(self.why, "Reason", "What happened (kept in the history)")
            form.addRow(buddy("&Pivot:", self.slot, self), self.slot)
            form.addRow(buddy("&Reason:", self.why, self), self.why)
            self.text.hide()
        layout.addLayout(form)
        layout.addWidget(ok_cancel(self))

    def set_values(self, text: str, why: str = "") -> None:
        """The new text (a change) or the slot (a Pivot touched), and why."""
        if self.change:
            self.text.setText(text)
        else:
            self.slot.setCurrentIndex(max(0, self.slot.findData(text)))
        self.why.setText(why)

    def values(self) -> tuple[str, str]:
        """The new text (a change) or the slot touched ("" if none), and why."""
        if self.change:
            return self.text.text(), self.why.text()
        return str(self.slot.currentData() or ""), self.why.text()
