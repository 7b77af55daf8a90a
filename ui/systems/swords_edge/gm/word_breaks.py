"""Words that break rather than being cut short, in a reference table too narrow for them.

The SFX table's seven columns have less room in a 1024x768 dock than their longest words
("Personal" read "Per…"). A cell's word wider than its column gets soft hyphens between its
letters, so Qt wraps it there, shown with a hyphen, and the row grows to hold it; a word
with fewer than ``2 * EDGE`` letters never breaks, so the columns keep room for those
(:func:`unbreakable_width`)."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

SOFT_HYPHEN = "\u00ad"
_PIECES = re.compile(r"(\s+)")
_JOINS = re.compile(r"(?<=/)|(?<=-)(?=[^\W\d_])")
"""Where Qt wraps within a run of letters (after a slash, after a hyphen before a letter):
the pieces between are the words a line never breaks."""
SPARE = 3
"""Pixels a word keeps to spare before it counts as too wide: Qt lays text out in
fractions of a pixel (a word measured a pixel narrower than its cell still read "Tou…")."""
EDGE = 3
"""The fewest letters a broken word keeps on either side of its hyphen ("Aver-age", not
"Avera-ge"); a shorter word never breaks."""
_TRAILING = "/-.,;:"
"""What stays with a word's last letters ("Provi-nce/")."""


def _letters(word: str) -> int:
    return len(word.rstrip(_TRAILING))


def breakable(text: str, metrics: QFontMetrics, room: int) -> str:
    """``text`` with a soft hyphen between the letters of each word wider than ``room``
    pixels, or nearly (none within :data:`EDGE` letters of the word's ends)."""
    if room <= 0:
        return text

    def split(word: str) -> str:
        end = _letters(word)
        if end < 2 * EDGE or metrics.horizontalAdvance(word) <= room - SPARE:
            return word
        return SOFT_HYPHEN.join([word[:EDGE], *word[EDGE:end - EDGE], word[end - EDGE:]])

    out = []
    for piece in _PIECES.split(text):
        if not piece or piece.isspace():
            out.append(piece)
            continue
        out.append("".join(split(word) for word in _JOINS.split(piece)))
    return "".join(out)


def unbreakable_width(words: list[str], metrics: QFontMetrics) -> int:
    """The width of the widest of ``words`` too short to break (0: none)."""
    return max([metrics.horizontalAdvance(w) + SPARE for w in words
                if _letters(w) < 2 * EDGE] + [0])


class WordBreakingDelegate(QStyledItemDelegate):
    """A narrow table's cells: a word wider than its column wraps, with a hyphen, rather
    than being cut short. The row heights follow, as the view measures them through the
    same text."""

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        if not option.text or option.rect.width() <= 0:
            return
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        room = option.rect.width() - 2 * margin
        option.text = breakable(option.text, QFontMetrics(option.font), room)
