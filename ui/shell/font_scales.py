"""Text sizes that keep their ratio to the window's (headings stay larger than the text
when the window is zoomed), and the section heading; small, for the first frame."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

FONT_SCALE = "fontScale"
"""Widget property: this widget's font size relative to its window's (see
:func:`set_font_scale`), so a zoom keeps headings larger than the text."""


def section_label(text: str) -> QLabel:
    """A small bold heading in the sheet's style."""
    label = QLabel(text.upper())
    font = label.font()
    font.setLetterSpacing(font.SpacingType.PercentageSpacing, 108)
    label.setFont(font)
    set_font_scale(label, 0.9, bold=True)
    return label


def set_font_scale(widget: QWidget, factor: float, bold: bool = False) -> None:
    """Give ``widget`` a font ``factor`` times its parent's size (bold if asked), and
    keep that ratio when the builder is zoomed (:func:`apply_font_scales`)."""
    widget.setProperty(FONT_SCALE, factor)
    font = widget.font()
    font.setBold(bold or font.bold())
    parent = widget.parentWidget()
    base = parent.font().pointSizeF() if parent is not None else font.pointSizeF()
    font.setPointSizeF(base * factor)
    widget.setFont(font)


def apply_font_scales(root: QWidget) -> None:
    """Re-size the fonts of the widgets under ``root`` that keep a ratio to the text
    size (after a zoom changed it)."""
    for widget in root.findChildren(QWidget):
        factor = widget.property(FONT_SCALE)
        parent = widget.parentWidget()
        if isinstance(factor, float) and parent is not None:
            font = widget.font()
            font.setPointSizeF(parent.font().pointSizeF() * factor)
            widget.setFont(font)


USER_ROLE = 256
"""``Qt.ItemDataRole.UserRole``, as a number: naming it would build PySide's enums of the
whole ``Qt`` namespace (about 15 ms) before the first frame (a test compares them)."""
