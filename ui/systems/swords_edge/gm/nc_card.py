"""One opposing NC in the calculator: its Qualities (ticked when they apply), its
Stress, and a Remove button. A card draws one
:class:`~seforge.systems.swords_edge.pending.PendingNC`
of the calculator's Test and asks the calculator to change it; it keeps nothing
of its own beyond what it draws."""

from __future__ import annotations

import html
from collections.abc import Mapping

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.models import NarrativeCharacter, Trait
from seforge.systems.swords_edge.pending import PendingNC
from seforge.systems.swords_edge.resolution.opponents import (
    Opponent,
    default_applied,
    nc_qualities,
    nc_quality_notes,
)
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES, STEPS, Step
from ui.shell.flow_layout import FlowLayout


class NCCard(QFrame):
    """``quality_toggled(uid, key, on)``, ``stress_changed(uid, value)`` and
    ``remove_requested(card)`` ask the calculator for a change."""

    quality_toggled = Signal(str, str, bool)
    stress_changed = Signal(str, int)
    remove_requested = Signal(object)

    def __init__(self, nc: NarrativeCharacter, trait: Trait | None, library_id: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.uid = ""
        self.library_id = library_id
        self._entry = PendingNC(
            uid="", nc=nc, library_id=library_id,
            applied={s: sorted(default_applied(nc, s, trait)) for s in STEPS})
        self.step: Step = "momentum"
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("nc_card")
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.stress_spin = QSpinBox(self)
        self.stress_spin.setRange(0, 10)
        self.stress_spin.setPrefix("Stress ")
        self.stress_spin.setAccessibleName(f"Stress taken by {nc.name}")
        self.stress_spin.setToolTip("Stress this NC has taken in the scene")
        self.stress_spin.valueChanged.connect(lambda v: self.stress_changed.emit(self.uid, v))
        self.remove_button = QPushButton("Remove", self)
        self.remove_button.setAccessibleName(f"Remove {nc.name}")
        self.remove_button.setToolTip(f"Take {nc.name} out of the opposition")
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.stress_spin)
        head.addWidget(self.remove_button)
        self.boxes: dict[str, QCheckBox] = {}
        # as many Qualities to a line as fit: in one row, long ones widened the docked
        # calculator past its dock at 1024x768 (Remove and Stress were cut off)
        boxes = FlowLayout(spacing=10)
        for option in nc_qualities(nc):
            box = QCheckBox(option.label, self)
            box.setAccessibleName(f"{nc.name}: {option.label} applies")
            box.setProperty("base_tip", f"Tick when {option.name} ({option.kind}) applies to "
                            "this step; its modifier raises the TN")
            box.toggled.connect(
                lambda on, key=option.key: self.quality_toggled.emit(self.uid, key, on))
            self.boxes[option.key] = box
            boxes.addWidget(box)
        boxes.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(head)
        if self.boxes:
            layout.addLayout(boxes)
        notes = nc_quality_notes(nc)
        if notes:
            note = QLabel(" ".join(notes), self)
            note.setWordWrap(True)
            note.setObjectName("nc_quality_notes")
            layout.addWidget(note)
        self.show_entry(self._entry, "momentum", {})

    def tab_stops(self) -> list[QWidget]:
        """The card's controls as it reads: Stress, Remove, then its Qualities."""
        return [self.stress_spin, self.remove_button, *self.boxes.values()]

    @property
    def nc(self) -> NarrativeCharacter:
        return self._entry.nc

    @property
    def applied(self) -> dict[Step, set[str]]:
        """What the NC applies per step, as drawn (a copy)."""
        return {step: set(self._entry.applied.get(step, [])) for step in STEPS}

    def opponent(self, step: Step | None = None) -> Opponent:
        return self._entry.opponent(self.step if step is None else step)

    @property
    def removed(self) -> bool:
        return self._entry.removed

    def add_stress(self, amount: int) -> None:
        self.stress_spin.setValue(self.stress_spin.value() + amount)

    def show_entry(self, entry: PendingNC, step: Step,
                   blocked: Mapping[str, tuple[str, str]],
                   title: str | None = None) -> None:
        """Draw ``entry`` in ``step``; ``blocked`` maps the keys it may not apply now to
        a short note and a tooltip saying why (the core's ``nc_blocked_notes``);
        ``title`` is its name as the calculator tells it from the others (default: its
        own name)."""
        self._entry = entry
        self.uid = entry.uid
        self.step = step
        self.stress_spin.blockSignals(True)
        self.stress_spin.setValue(entry.stress)
        self.stress_spin.blockSignals(False)
        opponent = entry.opponent(step)
        removed, _rank = opponent.state
        state = "removed" if removed else \
            f"{opponent.rank.label}, TN {opponent.rank.target_number}"
        name = title or entry.nc.name
        self.title.setText(f"<b>{html.escape(name)}</b> — {entry.nc.type.value}, {state}")
        self.setAccessibleName(f"{name}, {entry.nc.type.value}, {state}")
        chosen = set(entry.applied.get(step, []))
        labels = {o.key: o.label for o in nc_qualities(entry.nc)}
        for key, box in self.boxes.items():
            why = blocked.get(key)
            off = why is not None
            box.blockSignals(True)
            box.setChecked(key in chosen and not off)
            box.blockSignals(False)
            box.setEnabled(not removed and not off)
            text = labels.get(key, box.text()) + (f"  ({why[0]})" if why and why[0] else "")
            if box.text() != text:
                box.setText(text)
            box.setToolTip(f"{box.property('base_tip')} — "
                           f"{why[1] if why else STEP_TITLES[step]}")
