"""Every choice of the tracker's and the records' settings has a short name that fits a
narrow box (the long ones were cut at 1366x768) and a sentence on what it does, both in
the core so the window states no rule of its own."""

from __future__ import annotations

from enum import StrEnum

import pytest

from seforge.systems.twod20.conflict_model import ORDER_MODE_LABELS, ORDER_MODE_NOTES, OrderMode
from seforge.systems.twod20.settings import (
    ASSIST_GATE_LABELS,
    ASSIST_GATE_NOTES,
    FOCUS_RULE_LABELS,
    FOCUS_RULE_NOTES,
    HARM_LIMIT_RULE_LABELS,
    HARM_LIMIT_RULE_NOTES,
    OPPOSED_TIE_LABELS,
    OPPOSED_TIE_NOTES,
    AssistGate,
    FocusRule,
    HarmLimitRule,
    OpposedTieRule,
)

SHORT = 16
"""The most letters a choice's name has (it fits the tracker's settings at 1366x768)."""

CHOICES = [
    (OrderMode, ORDER_MODE_LABELS, ORDER_MODE_NOTES),
    (OpposedTieRule, OPPOSED_TIE_LABELS, OPPOSED_TIE_NOTES),
    (AssistGate, ASSIST_GATE_LABELS, ASSIST_GATE_NOTES),
    (HarmLimitRule, HARM_LIMIT_RULE_LABELS, HARM_LIMIT_RULE_NOTES),
    (FocusRule, FOCUS_RULE_LABELS, FOCUS_RULE_NOTES),
]


@pytest.mark.parametrize(("enum", "labels", "notes"), CHOICES,
                         ids=[enum.__name__ for enum, _labels, _notes in CHOICES])
def test_each_choice_has_a_short_name_and_a_note(enum: type[StrEnum], labels: dict[StrEnum, str],
                                                 notes: dict[StrEnum, str]) -> None:
    assert list(labels) == list(enum) == list(notes)  # in the order the boxes offer them
    assert all(0 < len(label) <= SHORT for label in labels.values()), labels
    assert len(set(labels.values())) == len(labels)
    assert all(len(note.split()) >= 5 for note in notes.values()), notes
