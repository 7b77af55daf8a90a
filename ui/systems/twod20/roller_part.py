"""What every part of the 2d20 dice roller shares: the calculator it rolls for, the documents
it may write to, whom it rolls for and whom the damage hits, its log, and the small widgets
its rows are made of."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QWidget,
)

from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Conflict
from seforge.systems.twod20.models import Character
from ui.shell.document_owner import DocumentOwner
from ui.shell.name_pick import NamePick
from ui.systems.twod20.calculator import Calculator

RECORD = "\x00record"
"""The target combo's data for the record open in the window (tracker entries hold names)."""

RECORD_KEEPS = "a record keeps only the Fortune spent (Momentum needs the tracker)"
"""Why a test without Fortune dice is not written to the open record."""


class RollerPart(QGroupBox):
    """The base of the roller and of each of its parts (:mod:`.roller_targets`, where it
    writes and whom it rolls for and hits; :mod:`.roller_log`, the writes its log follows;
    :mod:`.roller_damage`, the damage rolled and applied), which
    :class:`~ui.systems.twod20.roller_view.RollerPanel` puts together.

    ``conflict_changed`` is emitted when the roller is pointed at another conflict or a
    conflict it can write to changes or is saved under another name; ``undo_changed`` when
    the history Edit › Undo should follow from inside the roller
    (:meth:`~ui.systems.twod20.roller_targets.TargetsPart.undo_stack`) is another one.
    """

    conflict_changed = Signal()
    undo_changed = Signal()

    calculator: Calculator
    home_owner: DocumentOwner[Conflict]
    conflict_owner: DocumentOwner[Conflict]
    tab_conflicts: list[DocumentOwner[Conflict]]
    record_owner: DocumentOwner[Character] | None
    _rolls: dict[str, int]
    source: roller.Dice
    writes_to: QComboBox
    weapon: QComboBox
    who: NamePick
    hits: NamePick
    mental: QCheckBox
    log: QListWidget
    roll_test_button: QPushButton
    apply_test_button: QPushButton

    def refresh(self) -> None:
        """Redraw the roller from the documents (the panel's own)."""
        raise NotImplementedError

    @staticmethod
    def _combo(name: str, tip: str) -> QComboBox:
        combo = QComboBox()
        combo.setAccessibleName(name)
        combo.setToolTip(tip)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(12)
        return combo

    @staticmethod
    def _pair(first: QWidget, second: QWidget) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(first)
        row.addWidget(second)
        return row

    @staticmethod
    def _result(text: str, name: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setAccessibleName(name)
        return label

    def _button(self, text: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(slot)
        return button

    def _alive(self) -> bool:
        """The roller and its buttons still exist: at quit Qt deletes them while a
        document's history, deleted later, may still say it moved (a traceback once)."""
        return shiboken6.isValid(self) and all(
            shiboken6.isValid(b) for b in (self.apply_test_button, self.roll_test_button))

    def _target(self) -> tuple[str, str]:
        """("record", "") or ("tracker", name), or ("", reason) when there is none."""
        data = self.who.currentData()
        if data is None:
            return "", "choose who rolled: add characters to the tracker or open a record"
        if data == RECORD:
            return ("record", "") if self.record_owner is not None else (
                "", "the record is no longer open")
        return "tracker", str(data)

    def _damage_target(self) -> tuple[str, str]:
        """Whom the damage hits: ("record", "") or ("tracker", name), or ("", reason)."""
        data = self.hits.currentData()
        if data is None:
            return "", "choose whom the damage hits: add characters to the tracker or open a record"
        if data == RECORD:
            return ("record", "") if self.record_owner is not None else (
                "", "the record is no longer open")
        return "tracker", str(data)

    def _record_name(self) -> str:
        """The open record's name, as the log and the undo steps call it."""
        owner = self.record_owner
        return (owner.document.name or "the record") if owner is not None else ""

    def _log(self, text: str) -> None:
        self.log.insertItem(0, text)
        self.log.setCurrentRow(0)
