"""Small widgets and formatting shared by the 2d20 views."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QLabel, QSpinBox, QWidget


def percent(value: Fraction) -> str:
    """An exact probability as a percentage for the eye ("23.76%", "<0.01%", "100%")."""
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    shown = float(value) * 100
    if shown < 0.01:
        return "<0.01%"
    if shown > 99.99:
        return ">99.99%"
    return f"{shown:.2f}%"


def exact_tip(value: Fraction) -> str:
    return f"exactly {value.numerator}/{value.denominator}" if value.denominator != 1 \
        else f"exactly {value.numerator}"


def set_probability(label: QLabel, value: Fraction, prefix: str = "") -> None:
    """Show ``value`` as a percentage with its exact fraction in the tooltip."""
    label.setText(f"{prefix}{percent(value)}")
    label.setToolTip(exact_tip(value))


def spin(low: int, high: int, value: int, name: str, tip: str,
         parent: QWidget | None = None) -> QSpinBox:
    """A spin box with its legal range, accessible name and tooltip."""
    box = QSpinBox(parent)
    box.setRange(low, high)
    box.setValue(max(low, min(high, value)))
    box.setAccessibleName(name)
    box.setToolTip(tip)
    return box


def set_reason(widget: QWidget, reason: str | None, tip: str) -> None:
    """Enable ``widget`` when ``reason`` is None, else disable it and say why."""
    widget.setEnabled(reason is None)
    widget.setToolTip(tip if reason is None else f"{tip} — not now: {reason}")
