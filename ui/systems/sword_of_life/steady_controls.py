"""Controls that keep their place as what they show changes, so nothing under or beside
them moves while the GM plays (a label as tall as the longest text it may show is the
shell's :class:`~ui.shell.steady_text.SteadyLabel`):

- :class:`HistoryButton`, Undo or Redo named by one fixed word, the step in its tooltip
  ("Undo Bring in Starship security officer" grew and shrank at every step, pushed Redo onto
  a line of its own and moved the buttons under it);
- :func:`name_list`, a list as wide as its longest name (sized once for "Opponent", it cut
  "Starship security officer" to "Starship se").
"""

from __future__ import annotations

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QComboBox, QToolButton, QWidget

NAME_CHARS = 36
"""The widest a :func:`name_list` grows, in characters; a longer name is cut there (its
tooltip gives it whole)."""


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
