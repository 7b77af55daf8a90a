"""Small helpers the Blades views share (no rules here: they only show what the core says)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from PySide6.QtWidgets import QLabel, QTableWidgetItem, QWidget

from seforge.core.trackers import RefusedError
from ui.shell.document_owner import DocumentOwner


def refuse(widget: QWidget, reason: str | None, tooltip: str) -> None:
    """Enable ``widget`` with ``tooltip``, or disable it with the reason it is refused."""
    widget.setEnabled(reason is None)
    widget.setToolTip(tooltip if reason is None else f"{tooltip}\nNot now: {reason}.")


def apply(owner: DocumentOwner[Any], text: str, mutate: Callable[[Any], None],
          status: QLabel | None = None) -> bool:
    """Run a core mutator as one undo step; a refusal is shown in ``status`` (no change)."""
    try:
        owner.apply(text, mutate)
    except (RefusedError, ValueError) as refused:
        if status is not None:
            status.setText(f"Not done: {getattr(refused, 'reason', str(refused))}")
            status.setVisible(True)
        return False
    if status is not None:
        status.clear()
        status.setVisible(False)
    return True


def percent_item(value: Fraction) -> QTableWidgetItem:
    """A table cell with an exact percentage, the fraction in its tooltip."""
    item = QTableWidgetItem(f"{float(value) * 100:.2f}%")
    item.setToolTip(f"exactly {value}")
    item.setData(0x0100, str(value))
    return item


def text_item(text: str, tooltip: str = "") -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setToolTip(tooltip or text)
    return item


def dots_text(rating: int, cap: int = 4) -> str:
    return "●" * rating + "○" * max(0, cap - rating)
