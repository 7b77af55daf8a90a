"""One opposing NC in the calculator: its Qualities (ticked when they apply), its
Stress, and a Remove button."""

from __future__ import annotations

from typing import Any

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

from seforge.models import NarrativeCharacter, Trait
from seforge.test_flow import (
    STEP_TITLES,
    STEPS,
    Opponent,
    Step,
    default_applied,
    nc_qualities,
)


class NCCard(QFrame):
    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, nc: NarrativeCharacter, trait: Trait | None, library_id: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.nc = nc
        self.library_id = library_id
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("nc_card")
        self.applied: dict[Step, set[str]] = {
            step: default_applied(nc, step, trait) for step in STEPS
        }
        self.step: Step = "momentum"
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.stress_spin = QSpinBox(self)
        self.stress_spin.setRange(0, 10)
        self.stress_spin.setPrefix("Stress ")
        self.stress_spin.setAccessibleName(f"Stress taken by {nc.name}")
        self.stress_spin.setToolTip("Stress this NC has taken in the scene")
        self.stress_spin.valueChanged.connect(self._on_stress)
        self.remove_button = QPushButton("Remove", self)
        self.remove_button.setAccessibleName(f"Remove {nc.name}")
        self.remove_button.setToolTip(f"Take {nc.name} out of the opposition")
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.stress_spin)
        head.addWidget(self.remove_button)
        self.boxes: dict[str, QCheckBox] = {}
        boxes = QHBoxLayout()
        boxes.setSpacing(10)
        for option in nc_qualities(nc):
            box = QCheckBox(option.label, self)
            box.setAccessibleName(f"{nc.name}: {option.label} applies")
            box.setToolTip(f"Tick when {option.name} ({option.kind}) applies to this step; "
                           "its modifier raises the TN")
            box.toggled.connect(lambda on, key=option.key: self._on_box(key, on))
            self.boxes[option.key] = box
            boxes.addWidget(box)
        boxes.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        layout.addLayout(head)
        if self.boxes:
            layout.addLayout(boxes)
        self._update_title()

    def _on_box(self, key: str, on: bool) -> None:
        if on:
            self.applied[self.step].add(key)
        else:
            self.applied[self.step].discard(key)
        self.changed.emit()

    def _on_stress(self, _value: int) -> None:
        self._update_title()
        self.changed.emit()

    def _update_title(self) -> None:
        opponent = self.opponent()
        removed, rank = opponent.state
        state = "removed" if removed else f"{opponent.rank.label}, TN {opponent.rank.target_number}"
        self.title.setText(f"<b>{self.nc.name}</b> — {self.nc.type.value}, {state}")
        self.setAccessibleName(f"{self.nc.name}, {self.nc.type.value}, {state}")
        self.setEnabled(True)
        for box in self.boxes.values():
            box.setEnabled(not removed)
        del rank

    def set_step(self, step: Step) -> None:
        self.step = step
        for key, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(key in self.applied[step])
            box.blockSignals(False)
        for box in self.boxes.values():
            box.setToolTip(box.toolTip().split(" — ")[0] + f" — {STEP_TITLES[step]}")

    def reset_momentum_defaults(self, trait: Trait | None) -> None:
        self.applied["momentum"] = default_applied(self.nc, "momentum", trait)
        self.set_step(self.step)

    def opponent(self, step: Step | None = None) -> Opponent:
        chosen = self.step if step is None else step
        return Opponent(self.nc, frozenset(self.applied[chosen]), self.stress_spin.value())

    @property
    def removed(self) -> bool:
        return self.opponent().state[0]

    def add_stress(self, amount: int) -> None:
        self.stress_spin.setValue(self.stress_spin.value() + amount)

    # -- state -------------------------------------------------------------------
    def save_state(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "stress": self.stress_spin.value(),
            "applied": {s: sorted(v) for s, v in self.applied.items()},
        }
        if self.library_id:
            data["library"] = self.library_id
        else:
            data["nc"] = self.nc.model_dump(mode="json")
        return data

    @classmethod
    def from_state(cls, data: dict[str, Any], parent: QWidget | None = None) -> NCCard:
        from seforge.library import load_nc

        library_id = str(data.get("library") or "")
        nc = (load_nc(library_id) if library_id
              else NarrativeCharacter.model_validate(data["nc"]))
        card = cls(nc, None, library_id, parent)
        for step in STEPS:
            keys = data.get("applied", {}).get(step)
            if keys is not None:
                card.applied[step] = {str(k) for k in keys}
        card.stress_spin.setValue(int(data.get("stress", 0)))
        card.set_step(card.step)
        return card
