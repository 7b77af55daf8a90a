"""Every kind of conflict, method against several opponents and Ace rule has a short name
that fits a narrow box (the long ones were cut at 1366x768) and a sentence on what it does,
both in the core so the window states no rule of its own."""

from __future__ import annotations

from enum import StrEnum

import pytest

from seforge.systems.sword_of_life.odds import KIND_LABELS, KIND_NOTES, ConflictKind
from seforge.systems.sword_of_life.rule_options import ACE_RULE_LABELS, ACE_RULE_NOTES, AceRule
from seforge.systems.sword_of_life.several import METHOD_LABELS, METHOD_NOTES, Method

SHORT = 24
"""The most letters a choice's name has (it fits the conflict screen at 1366x768)."""

CHOICES = [
    (ConflictKind, KIND_LABELS, KIND_NOTES),
    (Method, METHOD_LABELS, METHOD_NOTES),
    (AceRule, ACE_RULE_LABELS, ACE_RULE_NOTES),
]


@pytest.mark.parametrize(("enum", "labels", "notes"), CHOICES,
                         ids=[enum.__name__ for enum, _labels, _notes in CHOICES])
def test_each_choice_has_a_short_name_and_a_note(enum: type[StrEnum], labels: dict[StrEnum, str],
                                                 notes: dict[StrEnum, str]) -> None:
    assert list(labels) == list(enum) == list(notes)  # in the order the boxes offer them
    assert all(0 < len(label) <= SHORT for label in labels.values()), labels
    assert len(set(labels.values())) == len(labels)
    assert all(len(note.split()) >= 5 for note in notes.values()), notes


def test_each_kind_note_names_what_it_draws_and_wears_down() -> None:
    """The explanation the conflict screen shows under its Kind box."""
    assert "Grip" in KIND_NOTES[ConflictKind.COMBAT] and "Edge" in KIND_NOTES[ConflictKind.COMBAT]
    assert "Point" in KIND_NOTES[ConflictKind.DEBATE]
    assert "tests" in KIND_NOTES[ConflictKind.PROBLEM]
