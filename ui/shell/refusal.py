"""Showing a refused change where the user looks: one line, nothing lost.

The core refuses a change it does not allow with a :class:`~seforge.core.refused.RefusedError`
(or a ``ValueError`` with a one-line message). Every page shows it the same way: in a
status line under the control that was used ("Not done: the crew has no coin."), or, for
an action with no place of its own to answer in, in a message box. A refusal changes
nothing, so there is nothing to undo.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QScrollArea, QWidget

from seforge.core.refused import RefusedError
from ui.shell.document_owner import DocumentOwner, ModelT

REFUSALS = (RefusedError, ValueError)
"""What the core raises when it refuses a change (a RefusedError is a ValueError too)."""


UNSAID = "the rules do not allow it"
"""What a refusal says when it came without a reason."""


def refusal_text(error: BaseException | str | None) -> str:
    """The one line a user reads: a RefusedError's reason, else the message's first line
    (a reason given as text is taken as it is)."""
    if error is None:
        return UNSAID
    if isinstance(error, str):
        reason = error
    else:
        reason = error.reason if isinstance(error, RefusedError) else str(error)
    lines = reason.strip().splitlines()
    return lines[0].strip() if lines else UNSAID


def sentence(prefix: str, reason: str) -> str:
    """``"Not done: the crew has no coin."``: a prefix, the reason, one full stop."""
    reason = reason.strip()
    if reason and reason[-1] not in ".!?":
        reason += "."
    return f"{prefix}: {reason}" if prefix else reason


def status_line(parent: QWidget | None = None, name: str = "Last refusal") -> QLabel:
    """A status line for a page's refusals: wraps, hidden while there is nothing to say,
    named for a screen reader."""
    label = QLabel(parent)
    label.setObjectName("refusal")
    label.setWordWrap(True)
    label.setAccessibleName(name)
    label.setVisible(False)
    return label


def show_refusal(status: QLabel, error: BaseException | str | None,
                 prefix: str = "Not done") -> None:
    """Show ``error`` (an exception or its reason) in ``status`` and make it visible."""
    status.setText(sentence(prefix, refusal_text(error)))
    status.setToolTip(status.text())
    set_visible_in_place(status, True)


def clear_refusal(status: QLabel) -> None:
    """Nothing refused any more: empty the line and hide it."""
    status.clear()
    status.setToolTip("")
    set_visible_in_place(status, False)


def _scroll_area_of(widget: QWidget) -> QScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    return parent


def set_visible_in_place(widget: QWidget, visible: bool) -> None:
    """Show or hide ``widget``; in a page scrolled down, what is in view stays where it
    is. A status line at the top of a long page, shown or hidden while the user works
    further down, moved everything in view by its height: the next click, aimed a moment
    before, hit the control above or below."""
    if widget.isHidden() != visible:
        return  # as asked already
    if visible and widget.parentWidget() is None:
        # a status line not on a page yet (or made only to carry the text) is never
        # shown as a window of its own: mapped and destroyed again inside a click, such
        # a window crashed the app in Qt's X11 plugin
        return
    scroll = _scroll_area_of(widget)
    page = scroll.widget() if scroll is not None else None
    if scroll is None or page is None or not page.isVisible() \
            or scroll.verticalScrollBar().value() == 0:
        widget.setVisible(visible)
        return
    bar, view = scroll.verticalScrollBar(), scroll.viewport()
    focus = QApplication.focusWidget()
    anchor = focus if focus is not None and page.isAncestorOf(focus) else page.childAt(
        page.mapFrom(view, QPoint(view.width() // 2, view.height() // 2)))
    if anchor is None or anchor is widget:
        widget.setVisible(visible)
        return
    before = anchor.mapTo(page, QPoint(0, 0)).y() - bar.value()
    widget.setVisible(visible)
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)  # lay the page out now
    after = anchor.mapTo(page, QPoint(0, 0)).y() - bar.value()
    if after != before:
        bar.setValue(bar.value() + after - before)


def apply_or_refuse(owner: DocumentOwner[ModelT], text: str,
                    mutate: Callable[[ModelT], ModelT | None],
                    status: QLabel | None, prefix: str = "Not done") -> bool:
    """Run a core mutator through the document's owner as one undo step; a refusal is
    shown in ``status`` (cleared after a change that goes through) and nothing changes.
    True when the change was made."""
    try:
        owner.apply(text, mutate)
    except REFUSALS as error:
        if status is not None:
            show_refusal(status, error, prefix)
        return False
    if status is not None:
        clear_refusal(status)
    return True


def refusal_box(parent: QWidget | None, title: str, error: BaseException | str | None,
                prefix: str = "Not done") -> None:
    """A message box for a refusal with no status line of its own to show it in."""
    QMessageBox.warning(parent, title, sentence(prefix, refusal_text(error)))


def refuse(widget: QWidget, reason: str | None, tooltip: str) -> None:
    """Enable ``widget`` with ``tooltip``, or disable it with the reason the core gives
    for refusing it now (in the tooltip, so the user learns why before trying)."""
    widget.setEnabled(reason is None)
    widget.setToolTip(tooltip if reason is None else f"{tooltip}\n{sentence('Not now', reason)}")
