"""What a page shows wrong at a laptop's size: sideways scrolling, cut text, unnamed
controls. Used by the layout harness (test_screen_fit_pages) on every system's pages and by
the systems' own fit tests (:func:`problems` is all of the checks but the names)."""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QScrollBar,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QTextEdit,
    QToolButton,
    QWidget,
)

SLACK = 1
"""Pixels of rounding allowed before a text counts as cut."""


def describe(widget: QWidget) -> str:
    name = widget.accessibleName() or widget.objectName()
    text = getattr(widget, "text", None)
    shown = text() if callable(text) else ""
    label = name or (shown[:30] if isinstance(shown, str) else "")
    return f"{type(widget).__name__} {label!r}".strip()


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def sideways_scrolling(root: QWidget) -> list[str]:
    """Scroll areas under ``root`` (``root`` too) whose horizontal bar has somewhere
    to go."""
    found = []
    areas = [root] if isinstance(root, QAbstractScrollArea) else []
    for area in [*areas, *root.findChildren(QAbstractScrollArea)]:
        if not _shown(area) or isinstance(area, (QTextEdit, QPlainTextEdit)):
            continue
        bar = area.horizontalScrollBar()
        if bar.maximum() > 0:
            found.append(f"{describe(area)} scrolls sideways by {bar.maximum()} px")
    return found


def _plain(text: str) -> str:
    """The text as drawn: rich text as plain text, mnemonic markers left out."""
    if not QtGui.Qt.mightBeRichText(text):  # type: ignore[attr-defined]
        return text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def cut_text(root: QWidget) -> list[str]:
    """Labels, buttons and header sections under ``root`` whose text is wider than the
    room they have."""
    found = []
    for label in root.findChildren(QLabel):
        if not _shown(label) or label.wordWrap() or not label.text().strip():
            continue
        if label.pixmap() is not None and not label.pixmap().isNull():
            continue
        lines = _plain(label.text()).splitlines() or [""]
        metrics = label.fontMetrics()
        wanted = max(metrics.horizontalAdvance(line) for line in lines)
        room = label.contentsRect().width() - 2 * label.margin() - label.indent()
        if wanted > room + SLACK:
            found.append(f"{describe(label)} needs {wanted} px, has {room}")
    for button in root.findChildren(QAbstractButton):
        if not _shown(button) or not button.text().strip():
            continue
        if not isinstance(button, (QPushButton, QToolButton, QCheckBox, QRadioButton)):
            continue
        if isinstance(button, QToolButton) and (
                button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly):
            continue
        wanted = _button_text_width(button)
        if wanted > button.width() + SLACK:
            found.append(f"{describe(button)} needs {wanted} px, has {button.width()}")
    for header in root.findChildren(QHeaderView):
        if not _shown(header) or header.orientation() != Qt.Orientation.Horizontal:
            continue
        model = header.model()
        if model is None:
            continue
        metrics = header.fontMetrics()
        for section in range(header.count()):
            if header.isSectionHidden(section):
                continue
            text = model.headerData(section, Qt.Orientation.Horizontal)
            if not isinstance(text, str) or not text.strip():
                continue
            room = header.sectionSize(section)
            # the text and the style's margins on either side of it
            wanted = metrics.horizontalAdvance(text) + 2 * header.style().pixelMetric(
                header.style().PixelMetric.PM_HeaderMargin, None, header)
            tip = model.headerData(section, Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str) and text.strip() in tip:
                continue  # elided on screen, the whole head in its tooltip (issue 26)
            if wanted > room + SLACK:
                found.append(f"header {text!r} of {describe(header.parentWidget() or header)}"
                             f" needs {wanted} px, has {room}")
    return found


def _button_text_width(button: QAbstractButton) -> int:
    """The width ``button``'s text, icon and the style's margins take (not the style's
    minimum button width, which a small button may well go below)."""
    style = button.style()
    text = _plain(button.text())
    width = button.fontMetrics().horizontalAdvance(text)
    if not button.icon().isNull():
        width += button.iconSize().width() + 4
    if isinstance(button, (QCheckBox, QRadioButton)):
        indicator = (style.PixelMetric.PM_IndicatorWidth if isinstance(button, QCheckBox)
                     else style.PixelMetric.PM_ExclusiveIndicatorWidth)
        width += style.pixelMetric(indicator, None, button) + style.pixelMetric(
            style.PixelMetric.PM_CheckBoxLabelSpacing, None, button)
    else:
        width += 2 * style.pixelMetric(style.PixelMetric.PM_ButtonMargin, None, button)
        if isinstance(button, QToolButton) and button.popupMode() == (
                QToolButton.ToolButtonPopupMode.MenuButtonPopup):
            width += style.pixelMetric(style.PixelMetric.PM_MenuButtonIndicator, None, button)
    return width


_INPUTS = (QLineEdit, QComboBox, QAbstractSpinBox, QTextEdit, QPlainTextEdit,
           QAbstractSlider, QCheckBox, QRadioButton, QAbstractItemView)


def unnamed_inputs(root: QWidget) -> list[str]:
    """Input controls under ``root`` with no accessible name (an explicit one, a
    buddy label or their own text)."""
    buddies = {id(label.buddy()) for label in root.window().findChildren(QLabel)
               if label.buddy() is not None}
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, _INPUTS) or isinstance(widget, (QScrollBar, QHeaderView)):
            continue
        if not widget.isVisible():
            continue
        parent = widget.parentWidget()
        if isinstance(parent, (QComboBox, QAbstractSpinBox)):
            continue  # the line edit inside a combo or spin box
        if isinstance(widget, (QTextEdit, QPlainTextEdit)) and widget.isReadOnly():
            continue
        if isinstance(widget, QAbstractItemView) and parent is not None and isinstance(
                parent.parentWidget(), QAbstractItemView):
            continue
        named = bool(widget.accessibleName().strip()) or id(widget) in buddies
        if isinstance(widget, (QCheckBox, QRadioButton)) and widget.text().strip():
            named = True
        if not named:
            found.append(describe(widget))
    return found


def cut_wrapped_text(root: QWidget) -> list[str]:
    """Word-wrapped labels under ``root`` that need more height than they have, or hold a
    word wider than their width (a word never wraps, so it is cut)."""
    found = []
    for label in root.findChildren(QLabel):
        if not _shown(label) or not label.wordWrap() or not label.text().strip():
            continue
        if label.pixmap() is not None and not label.pixmap().isNull():
            continue
        room = label.contentsRect().width() - 2 * label.margin() - label.indent()
        words = _plain(label.text()).split() or [""]
        widest = max(label.fontMetrics().horizontalAdvance(word) for word in words)
        if widest > room + SLACK:
            found.append(f"{describe(label)} has a word of {widest} px in {room}")
            continue
        need = label.heightForWidth(label.width())
        if need > label.height() + SLACK:
            found.append(f"{describe(label)} needs {need} px of height, has {label.height()}")
    return found


def cut_at_the_right(root: QWidget) -> list[str]:
    """Scroll areas under ``root`` whose page is wider than their view (cut at the right
    even when the sideways bar is switched off)."""
    found = []
    for area in root.findChildren(QScrollArea):
        inner = area.widget()
        if not _shown(area) or inner is None:
            continue
        over = inner.width() - area.viewport().width()
        if over > 0:
            found.append(f"{describe(area)} is cut at the right by {over} px")
    return found


def problems(root: QWidget) -> list[str]:
    """Every check but the names: sideways scrolling, text cut on one line or wrapped (a
    combo box's shown choice too), pages cut at the right."""
    return [*sideways_scrolling(root), *cut_text(root), *cut_wrapped_text(root),
            *cut_combos(root), *cut_at_the_right(root)]


def placeholder_room(edit: QLineEdit) -> int:
    """The width a line edit has for its placeholder (its text area, as Qt paints it)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    area = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    return area.width() - margins.left() - margins.right() - 2 * 2  # Qt's 2 px each side


def cut_placeholders(root: QWidget) -> list[str]:
    """Line edits and editable combo boxes under ``root`` that show an empty field's
    placeholder cut short (Qt elides it with "…")."""
    found = []
    for edit in root.findChildren(QLineEdit):
        text = edit.placeholderText()
        if not edit.isVisible() or not text:
            continue
        wanted = edit.fontMetrics().horizontalAdvance(text)
        room = placeholder_room(edit)
        if wanted > room:
            holder = edit.parentWidget()
            owner = holder if isinstance(holder, QComboBox) else edit
            found.append(f"{describe(owner)} shows {text!r} in {room} px of {wanted}")
    return found


# A combo box clips its shown text at the end of its field, with no "…" (Qt).
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
        if callable(getattr(combo, "shown_text", None)):
            continue  # it draws its text shortened, with "…", the whole in its tooltip
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
