"""Combo boxes whose shown text is cut: :func:`tests.ui.shell.layout_check.cut_text` measures
labels, buttons and header sections but not a combo box's current text, which Qt clips at the
end of the combo's text field (no ellipsis)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QWidget

from tests.ui.shell.layout_check import SLACK, describe


def combo_text_room(combo: QComboBox) -> int:
    """The width a non-editable combo box has for its current text, as the style paints it
    (the text field less Qt's 1 px either side, and the item's icon if it has one)."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    room = field.width() - 2
    if not option.currentIcon.isNull():
        room -= option.iconSize.width() + 4
    return room


def cut_combos(root: QWidget) -> list[str]:
    """Shown, non-editable combo boxes under ``root`` whose current text is wider than the
    room they give it."""
    found = []
    for combo in root.findChildren(QComboBox):
        if not combo.isVisible() or combo.width() <= 0 or combo.isEditable():
            continue
        text = combo.currentText()
        if not text.strip():
            continue
        wanted = combo.fontMetrics().horizontalAdvance(text)
        room = combo_text_room(combo)
        if wanted > room + SLACK:
            found.append(f"{describe(combo)} shows {text!r} in {room} px of {wanted}")
    return found


def cut_combo_items(root: QWidget) -> list[str]:
    """:func:`cut_combos` for every item of every shown combo box under ``root``, as if the
    user chose it (the current item is put back)."""
    found = []
    for combo in root.findChildren(QComboBox):
        if not combo.isVisible() or combo.width() <= 0 or combo.isEditable():
            continue
        room = combo_text_room(combo)
        for index in range(combo.count()):
            text = combo.itemText(index)
            wanted = combo.fontMetrics().horizontalAdvance(text)
            if wanted > room + SLACK:
                found.append(f"{describe(combo)} item {text!r} in {room} px of {wanted}")
    return found
