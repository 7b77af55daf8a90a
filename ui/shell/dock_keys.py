"""A dock's keyboard shortcut brings the keyboard to it.

Qt's show/hide action of a dock (``toggleViewAction``) only flips the dock's visibility:
its shortcut shows a dock but leaves the focus in the document, and on a dock that sits
behind another dock's tab (still "visible" to Qt) it hides the dock the user wanted to
see. Here the shortcut works as a keyboard user expects of a pane: it shows the dock,
brings it to the front and puts the focus in it; pressed again while the focus is in the
dock, it hides the dock and the focus goes back to the document. The View menu's entry
keeps Qt's check-box meaning; picking it to show a dock also puts the focus in it. And
Tab entering a dock that sits behind another's tab brings that dock to the front.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from ui.shell.focus_nav import focus_first


class _Window(Protocol):
    start_page: Any

    def current_editor(self) -> Any: ...


def focus_document(window: _Window) -> None:
    """Give the keyboard to the current tab's page (the start page's first button when no
    document is open)."""
    editor = window.current_editor()
    if editor is None:
        window.start_page.take_focus()
    else:
        focus_first(editor, Qt.FocusReason.ShortcutFocusReason)


def raise_hidden_dock(focus: QWidget | None, before: QWidget | None = None) -> None:
    """Bring to the front the dock holding ``focus`` when it sits behind another dock's
    tab: Qt keeps such a dock in the focus chain (moved out of the window, not hidden),
    so Tab could otherwise put the keyboard on a page nobody sees.

    Not when the focus moved off ``before`` because it was hidden (Qt passes the focus
    along the chain then, as the last tab closes, and the window gives it to the page it
    shows): raising the dock it passed through switched the docks' tab by itself."""
    if focus is None or not focus.visibleRegion().isEmpty():
        return
    if before is not None and shiboken6.isValid(before) and not before.isVisible():
        return
    holder = focus.parentWidget()
    while holder is not None and not isinstance(holder, QDockWidget):
        holder = holder.parentWidget()
    if holder is not None:
        holder.raise_()


def in_front(dock: QDockWidget) -> bool:
    """True when the user can see ``dock`` (not hidden, not behind another dock's tab)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def holds_focus(dock: QDockWidget) -> bool:
    focus = QApplication.focusWidget()
    return focus is not None and dock.isAncestorOf(focus)


def _target(dock: QDockWidget) -> QWidget | None:
    """Where the keyboard goes in ``dock``: the widget its ``focus_target()`` names (the
    GM Screen's current page rather than its system picker), else the dock's widget."""
    named = getattr(dock, "focus_target", None)
    target = named() if callable(named) else None
    return target if isinstance(target, QWidget) else dock.widget()


def focus_dock(dock: QDockWidget) -> None:
    """Bring ``dock`` to the front and give the keyboard to its first control (after the
    event loop has built and laid out a page built on first show)."""
    dock.show()
    dock.raise_()

    def give() -> None:
        if shiboken6.isValid(dock) and dock.isVisible():
            target = _target(dock)
            if target is not None:  # a key brought it: the focus shows, as after Tab
                focus_first(target, Qt.FocusReason.ShortcutFocusReason)

    QTimer.singleShot(0, give)


class DockShortcut(QObject):
    """Watches the show/hide action of one dock (see the module's docstring).
    ``back_to_document`` gives the keyboard back to the document when the dock hides."""

    def __init__(self, dock: QDockWidget, back_to_document: Callable[[], None]) -> None:
        action = dock.toggleViewAction()
        super().__init__(action)  # lives as long as the action
        self.dock = dock
        self.back = back_to_document
        self._came_from: QWidget | None = None
        action.installEventFilter(self)
        action.triggered.connect(self._picked)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() != QEvent.Type.Shortcut or not shiboken6.isValid(self.dock):
            return False
        if in_front(self.dock) and holds_focus(self.dock):
            self.dock.hide()
            came_from = self._came_from
            if (came_from is not None and shiboken6.isValid(came_from)
                    and came_from.isVisible() and came_from.isEnabled()):
                came_from.setFocus(Qt.FocusReason.ShortcutFocusReason)  # back where it was
            else:
                self.back()
        else:
            self._remember()
            focus_dock(self.dock)
        return True  # the action does not flip the dock itself

    def _remember(self) -> None:
        focus = QApplication.focusWidget()
        if focus is not None and not self.dock.isAncestorOf(focus):
            self._came_from = focus

    def _picked(self, checked: bool) -> None:
        """The View menu's entry: a dock shown from the menu takes the keyboard too."""
        if checked and shiboken6.isValid(self.dock):
            self._remember()
            focus_dock(self.dock)


def keyboard_toggle(dock: QDockWidget, back_to_document: Callable[[], None]) -> DockShortcut:
    """Make ``dock``'s show/hide shortcut bring the keyboard to it (see the module)."""
    return DockShortcut(dock, back_to_document)
