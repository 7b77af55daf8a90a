"""Alt+letter acts in the Sword of Life pane being worked in.

A character or conflict tab and the GM Screen's Sword of Life page are on screen at once,
and the GM page holds a conflict screen of its own: the same letters in both (Alt+D for
Draw exchange, Alt+A for Add skill and Aim) made Qt take Alt+letter as ambiguous, so it
only moved the focus from one to the other, often to a control scrolled out of view, and
never pressed the button. Each pane registers here as a scope; the scope that holds the
keyboard focus has its letters (underlined, and working), every other scope shows and
answers none. Letters are unique within a scope.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTabWidget, QWidget

from ui.shell.keys import mnemonic, unmarked

MARKED = "solMnemonicText"
"""The property holding a control's text with its mnemonic, while the text shows none."""


class _Scopes(QObject):
    """The registered panes, and which of them has its letters."""

    def __init__(self) -> None:
        super().__init__()
        self.roots: list[QWidget] = []
        self.active: QWidget | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def add(self, root: QWidget) -> None:
        self.roots.append(root)
        root.destroyed.connect(lambda *_: self._forget())
        self._forget()
        if self.active is not None:
            show_mnemonics(root, False)  # another pane is being worked in

    def _forget(self) -> None:
        self.roots = [r for r in self.roots if shiboken6.isValid(r)]
        if self.active is not None and not shiboken6.isValid(self.active):
            self.active = None

    def _outermost(self, widget: QWidget) -> QWidget | None:
        """The outermost registered pane holding ``widget`` (itself included)."""
        found = None
        for root in self.roots:
            holds = shiboken6.isValid(root) and (root is widget or root.isAncestorOf(widget))
            if holds and (found is None or root.isAncestorOf(found)):
                found = root
        return found

    def _focus_changed(self, _old: object, new: object) -> None:
        if not isinstance(new, QWidget) or not shiboken6.isValid(new):
            return
        pane = self._outermost(new)
        if pane is not None and pane is not self.active:
            self.activate(pane)

    def activate(self, pane: QWidget) -> None:
        """``pane`` (a registered scope) gets its letters; every other scope loses its."""
        self._forget()
        self.active = pane
        for root in self.roots:
            outer = self._outermost(root)
            if outer is root:  # a pane inside another follows the outer one
                show_mnemonics(root, root is pane)


_SCOPES: _Scopes | None = None


def _scopes() -> _Scopes:
    global _SCOPES
    if _SCOPES is None or not shiboken6.isValid(_SCOPES):
        _SCOPES = _Scopes()
    return _SCOPES


def mnemonic_scope(root: QWidget) -> None:
    """Make ``root`` a pane whose Alt+letters work only while the focus is in it (before
    the focus entered any pane, every pane keeps its letters)."""
    _scopes().add(root)


def active_scope() -> QWidget | None:
    """The pane whose letters work now (None before the focus entered any)."""
    scopes = _scopes()
    scopes._forget()
    return scopes.active


def show_mnemonics(root: QWidget, on: bool) -> None:
    """Give the buttons, buddy labels and tab titles under ``root`` their letters back
    (``on``) or show them without (a text changed since is left as it is)."""
    for button in root.findChildren(QAbstractButton):
        _mark(button, button.text(), button.setText, on)
    for label in root.findChildren(QLabel):
        if label.buddy() is not None:
            _mark(label, label.text(), label.setText, on)
    tabs = [root] if isinstance(root, QTabWidget) else []
    for tab_widget in [*tabs, *root.findChildren(QTabWidget)]:
        for index in range(tab_widget.count()):
            _mark_tab(tab_widget, index, on)


def _mark(widget: QWidget, text: str, set_text: object, on: bool) -> None:
    marked = widget.property(MARKED)
    if on:
        if isinstance(marked, str) and text == unmarked(marked):
            set_text(marked)  # type: ignore[operator]
        widget.setProperty(MARKED, None)
    elif mnemonic(text) is not None:
        widget.setProperty(MARKED, text)
        set_text(unmarked(text))  # type: ignore[operator]


def _mark_tab(tabs: QTabWidget, index: int, on: bool) -> None:
    page = tabs.widget(index)
    if page is None:
        return
    text = tabs.tabText(index)
    key = f"{MARKED}Tab"
    marked = page.property(key)
    if on:
        if isinstance(marked, str) and text == unmarked(marked):
            tabs.setTabText(index, marked)
        page.setProperty(key, None)
    elif mnemonic(text) is not None:
        page.setProperty(key, text)
        tabs.setTabText(index, unmarked(text))
