"""Controls that keep their place as what they show changes, so nothing under or beside
them moves while the GM plays:

- :class:`SteadyLabel`, a wrapped label as tall as the longest text it may show (a rating's
  example changing from one line to three pushed the builder's rows down);
- :class:`HistoryButton`, Undo or Redo named by one fixed word, the step in its tooltip
  ("Undo Bring in Starship security officer" grew and shrank at every step, pushed Redo onto
  a line of its own and moved the buttons under it);
- :func:`name_list`, a list as wide as its longest name (sized once for "Opponent", it cut
  "Starship security officer" to "Starship se").
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton, QWidget

_TALL = 1 << 20
"""Room enough for any wrapped text."""
NAME_CHARS = 36
"""The widest a :func:`name_list` grows, in characters; a longer name is cut there (its
tooltip gives it whole)."""


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


class HistoryButton(QToolButton):
    """Undo (``undo``) or Redo in ``stack``: enabled when there is a step to take, whose
    name its tooltip gives."""

    def __init__(self, stack: QUndoStack, undo: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stack = stack
        self._undo = undo
        self._word = "Undo" if undo else "Redo"
        self.setText(self._word)
        self.setAccessibleName(self._word)
        self.clicked.connect(self._take)
        if undo:
            stack.canUndoChanged.connect(self._draw)
            stack.undoTextChanged.connect(self._draw)
        else:
            stack.canRedoChanged.connect(self._draw)
            stack.redoTextChanged.connect(self._draw)
        self._draw()

    def _take(self) -> None:
        if self._undo:
            self._stack.undo()
        else:
            self._stack.redo()

    def _draw(self, *_changed: object) -> None:
        stack = self._stack
        able = stack.canUndo() if self._undo else stack.canRedo()
        step = stack.undoText() if self._undo else stack.redoText()
        self.setEnabled(able)
        self.setToolTip(f"{self._word} {step}" if able and step else
                        f"{self._word}: nothing to {self._word.lower()}" if not able
                        else self._word)


def name_list(accessible_name: str) -> QComboBox:
    """A list of names as wide as the longest, up to :data:`NAME_CHARS`; the name chosen
    in its tooltip (set it again after filling the list with its signals blocked)."""
    names = QComboBox()
    names.setAccessibleName(accessible_name)
    names.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    names.setMaximumWidth(names.fontMetrics().averageCharWidth() * NAME_CHARS)
    names.currentTextChanged.connect(names.setToolTip)
    return names
