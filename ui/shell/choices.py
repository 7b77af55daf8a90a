"""Choices with short names and a sentence each on what they do, for every system: a
narrow box shows the short names (the whole explanations were cut), the open list shows
each one's sentence as its tooltip, and the box's tooltip gives them all.

Tooltips here are rich text: Qt wraps those to a readable width, where a plain-text
tooltip stays one line as wide as its longest sentence (960 pixels for some)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox


def wrapped_tip(*paragraphs: str) -> str:
    """A tooltip of ``paragraphs`` that Qt wraps (empty ones left out)."""
    return "".join(f"<p>{html.escape(text, quote=False)}</p>" for text in paragraphs if text)


def choices_tip(intro: str, labels: Mapping[Any, str], notes: Mapping[Any, str]) -> str:
    """``intro``, then each choice's short name and what it does, a paragraph each."""
    return wrapped_tip(intro, *(f"{label}: {notes[choice]}" for choice, label in labels.items()))


def explained_choices(combo: QComboBox, labels: Mapping[Any, str],
                      notes: Mapping[Any, str], intro: str) -> QComboBox:
    """``combo`` offering each choice by its short name (the core's ``labels``; an item's
    data is the choice's value), with what it does (the core's ``notes``) as the item's
    tooltip; the combo's own tooltip is ``intro`` and every choice's note."""
    for choice, label in labels.items():
        combo.addItem(label, getattr(choice, "value", choice))
        combo.setItemData(combo.count() - 1, wrapped_tip(notes[choice]),
                          Qt.ItemDataRole.ToolTipRole)
    combo.setToolTip(choices_tip(intro, labels, notes))
    return combo
