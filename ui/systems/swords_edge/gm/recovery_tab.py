"""The Recovery mode: a Recovery Test at TN 17 at the end of a scene or of a day."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.play.state import scene_penalty_total
from seforge.systems.swords_edge.resolution.recovery import (
    RECOVERY_TN,
    RecoveryResult,
    judge_recovery,
)
from seforge.systems.swords_edge.scene_text import PLAY_TIPS
from ui.shell.flow_layout import FlowLayout
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm.odds_view import OddsPanel
from ui.systems.swords_edge.gm.widgets import (
    CharacterCombo,
    CharactersProvider,
    die_spin,
    fill_with_scroll,
)


class RecoveryTab(QWidget):
    def __init__(self, characters_provider: CharactersProvider,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: RecoveryResult | None = None
        box = QGroupBox("Recovery Test", self)
        self.actor_combo = CharacterCombo(characters_provider, box)
        self.actor_combo.currentIndexChanged.connect(self._on_actor)
        self.scene_radio = QRadioButton("End of &scene", box)
        self.day_radio = QRadioButton("End of &day", box)
        tip(self.scene_radio, "End of scene", PLAY_TIPS["recovery_scene"])
        tip(self.day_radio, "End of day", PLAY_TIPS["recovery_day"])
        self.scene_radio.setChecked(True)
        self.when = QButtonGroup(box)
        self.when.addButton(self.scene_radio)
        self.when.addButton(self.day_radio)
        self.when.buttonToggled.connect(self.recalc)
        self.qualities_spin = QSpinBox(box)
        self.qualities_spin.setRange(-20, 40)
        tip(self.qualities_spin, "Recovery Qualities modifier",
            "Fitting Qualities such as a hardy Concept (never a Trait), added up")
        self.qualities_spin.valueChanged.connect(self.recalc)
        self.luck_spin = QSpinBox(box)
        self.luck_spin.setRange(0, 30)
        tip(self.luck_spin, "Luck spent on this scene's Penalty Ranks",
            PLAY_TIPS["scene_luck"])
        self.luck_spin.valueChanged.connect(self.recalc)
        self.scene_label = QLabel(box)
        self.scene_label.setWordWrap(True)
        self.tn_label = QLabel(str(RECOVERY_TN), box)
        self.tn_label.setObjectName("recovery_tn")
        tip(self.tn_label, "Recovery TN", "The Recovery Test is always against a Good TN")
        when_row = FlowLayout()
        when_row.addWidget(self.scene_radio)
        when_row.addWidget(self.day_radio)
        form = QFormLayout(box)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(buddy("Cha&racter:", self.actor_combo, box), self.actor_combo)
        form.addRow("When:", when_row)
        form.addRow(buddy("&Qualities (never a Trait):", self.qualities_spin, box),
                    self.qualities_spin)
        form.addRow("TN:", self.tn_label)
        form.addRow(buddy("&Luck on Penalty Ranks:", self.luck_spin, box), self.luck_spin)
        form.addRow(self.scene_label)

        self.odds = OddsPanel(self)
        dice_box = QGroupBox("Roll", self)
        self.die1 = die_spin("First die", dice_box)
        self.die2 = die_spin("Second die", dice_box)
        self.judge_button = QPushButton("&Judge roll", dice_box)
        tip(self.judge_button, "Judge Recovery roll", "How many Penalty Ranks the roll removes")
        self.judge_button.clicked.connect(self.judge_roll)
        self.result_label = QLabel(dice_box)
        self.result_label.setObjectName("recovery_result")
        self.result_label.setWordWrap(True)
        tip(self.result_label, "Recovery result", "What the roll removed")
        dice = FlowLayout()
        dice.addWidget(buddy("D&ice:", self.die1, dice_box))
        dice.addWidget(self.die1)
        dice.addWidget(self.die2)
        dice.addWidget(self.judge_button)
        dlay = QVBoxLayout(dice_box)
        dlay.addLayout(dice)
        dlay.addWidget(self.result_label)

        content = QWidget(self)
        body = QVBoxLayout(content)
        body.addWidget(box)
        body.addWidget(self.odds)
        body.addWidget(dice_box)
        body.addStretch(1)
        fill_with_scroll(self, content)
        self._on_actor()

    def daily(self) -> bool:
        return self.day_radio.isChecked()

    def scene_penalties(self) -> int | None:
        character = self.actor_combo.character()
        return None if character is None else scene_penalty_total(character)

    def refresh_characters(self) -> None:
        self.actor_combo.refresh()
        self._on_actor()

    def _on_actor(self, *_args: object) -> None:
        self.recalc()

    def recalc(self, *_args: object) -> None:
        scene = self.scene_penalties()
        if scene is None:
            self.scene_label.setText("No character chosen: the Penalty Ranks taken this "
                                     "scene are not known.")
        else:
            self.scene_label.setText(f"Penalty Ranks taken this scene: {scene}.")
        self.odds.show_test(self.qualities_spin.value(), RECOVERY_TN)

    def judge_roll(self) -> RecoveryResult:
        luck = self.luck_spin.value()
        result = judge_recovery(self.die1.value(), self.die2.value(),
                                self.qualities_spin.value(), daily=self.daily(), luck=luck,
                                scene_penalties=self.scene_penalties())
        self.result = result
        self.result_label.setText(f"<b>{result.verdict.headline}</b><br>"
                                  + "<br>".join(result.verdict.lines))
        return result

    def save_state(self) -> dict[str, Any]:
        return {"daily": self.daily(), "qualities": self.qualities_spin.value(),
                "luck": self.luck_spin.value()}

    def restore_state(self, state: dict[str, Any]) -> None:
        (self.day_radio if state.get("daily") else self.scene_radio).setChecked(True)
        try:
            self.qualities_spin.setValue(int(state.get("qualities", 0)))
            self.luck_spin.setValue(int(state.get("luck", 0)))
        except (TypeError, ValueError):
            pass
        self.recalc()
