"""Text that keeps its room: lines whose text changes while the user plays, sized so that
nothing under or beside them moves when the text comes, goes, grows or shrinks.

Three rules, one for each kind of line the systems show:

- :class:`ElidedLabel`: one line, always one line tall; a text too long for the width ends
  in "…" and shows whole in the tooltip (a heading, a status summary, a list of links);
- :class:`SteadyLabel`: a wrapped label as tall, at its width, as the tallest of the texts it
  may show (known in advance: a rating's examples, the reasons a value is refused);
- :func:`reserve_lines`: a wrapped label that keeps room for N lines whether it says anything
  or not, and once it has needed more keeps that too (a roll's result, a note that appears).

A refused change is said with :mod:`ui.shell.refusal`, in a line kept by one of these.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

_TALL = 1 << 20
"""Room enough for any wrapped text."""


class ElidedLabel(QLabel):
    """A label of one line that keeps its height whatever its text: a text too long for
    its width ends in "…" and shows whole in the tooltip, so nothing below it moves when
    the text grows (a heading that wrapped to two lines pushed a list 17 px down).
    :meth:`text` is the whole text; :meth:`setToolTip` sets what the tooltip says besides."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._tip = ""
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:
        self._full = text
        self._elide()

    def setToolTip(self, tip: str) -> None:
        self._tip = tip
        self._elide()

    def shown_text(self) -> str:
        """The text as drawn (cut short with "…" when it does not fit)."""
        return super().text()

    def _elide(self) -> None:
        room = max(0, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, room)
        if shown != super().text():
            super().setText(shown)
        tip = self._tip
        if shown != self._full and self._full not in tip:
            tip = f"{self._full}\n{tip}" if tip else self._full
        if tip != super().toolTip():
            super().setToolTip(tip)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._elide()  # a new font takes another width

    def _height(self) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().height() + margins.top() + margins.bottom()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self._full) + margins.left() \
            + margins.right()
        return QSize(width, self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._height())


class SteadyLabel(QLabel):
    """A word-wrapped plain-text label whose height at a width is the tallest that any of
    ``texts`` (or the text shown now) takes at that width."""

    def __init__(self, texts: Iterable[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._texts = tuple(texts)

    def _tallest(self, width: int) -> int:
        margins = self.contentsMargins()
        spare = margins.left() + margins.right() + 2 * self.margin()
        inner = max(1, width - spare)
        metrics = self.fontMetrics()
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        tallest = max(metrics.boundingRect(QRect(0, 0, inner, _TALL), flags, text).height()
                      for text in (self.text(), *self._texts))
        return tallest + margins.top() + margins.bottom() + 2 * self.margin()

    def hasHeightForWidth(self) -> bool:
        return True  # Qt's label says no while it is empty: its room would collapse

    def heightForWidth(self, width: int) -> int:
        return max(super().heightForWidth(width), self._tallest(width))

    def minimumSizeHint(self) -> QSize:
        # as Qt sizes a wrapped label: as wide as its widest word (here of every text it may
        # show) and one line tall; its height at the width it gets is heightForWidth's (the
        # tallest text's at the narrowest width made an empty line a word a line tall)
        hint = super().minimumSizeHint()
        margins = self.contentsMargins()
        spare = margins.left() + margins.right() + 2 * self.margin()
        widest = max((self.fontMetrics().horizontalAdvance(word) for text in self._texts
                      for word in text.split()), default=0)
        return QSize(max(hint.width(), widest + spare), hint.height())


def reserve_lines(label: QLabel, lines: int) -> None:
    """Keep room for ``lines`` lines of ``label`` whether it says anything or not, so that
    what is below it does not move as its text comes, goes or grows."""
    _reserve(label, lines)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    policy = label.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    label.setSizePolicy(policy)
    keeper = _KeepTallest(label, lines)
    label.installEventFilter(keeper)


def _reserve(label: QLabel, lines: int) -> None:
    # as tall as ``lines`` lines are laid out: at some sizes (9.9 pt) a line stands taller
    # than the font's whole-pixel line spacing, and 3 lines kept at it grew 3 px
    flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
    text = "\n".join(["Xg"] * max(1, lines))
    tall = label.fontMetrics().boundingRect(QRect(0, 0, _TALL, _TALL), flags, text).height()
    margins = label.contentsMargins()
    label.setMinimumHeight((tall if lines > 0 else 0) + margins.top() + margins.bottom())


class _KeepTallest(QObject):
    """A line that once needed more room than was kept for it keeps that room: it grows
    once, and what is below does not jump back up when it says less again. A new font (the
    window's zoom, set after the label was built) keeps its lines' room in that font: kept
    in the old one, the first text shown grew the label and moved what is below."""

    def __init__(self, label: QLabel, lines: int) -> None:
        super().__init__(label)
        self._lines = lines

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(watched, QLabel):
            return False
        if event.type() == QEvent.Type.FontChange:
            _reserve(watched, self._lines)
        elif event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest) \
                and watched.height() > watched.minimumHeight():
            watched.setMinimumHeight(watched.height())
        return False
