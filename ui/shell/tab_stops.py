"""Item views that are Tab stops only while they have something to offer."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView


def focus_when_filled(view: QAbstractItemView) -> None:
    """``view`` is a Tab stop only while it has rows: an empty list or table shows no
    focus (no row to draw it on) and offers nothing to do, so Tab goes past it; a view
    emptied while it has the focus hands it on to the next control."""

    def follow() -> None:
        model = view.model() if shiboken6.isValid(view) else None
        if model is None:
            return  # the view is going (its model empties as it goes)
        if model.rowCount():
            view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            return
        had_focus = view.hasFocus()
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        if had_focus:
            view.focusNextChild()

    model = view.model()
    model.rowsInserted.connect(lambda *_: follow())
    model.rowsRemoved.connect(lambda *_: follow())
    model.modelReset.connect(follow)
    follow()
