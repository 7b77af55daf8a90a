"""Alt+letters that act only in the pane being worked in, for every system.

Two panes on screen at once with the same letters make Qt take Alt+letter as ambiguous:
it only moves the focus from one control to the other (often to one scrolled out of
view) and never presses the button. Found with Sword of Life (a character or conflict
tab beside the GM Screen's conflict screen: Alt+D for Draw exchange in both) and at
Sword's Edge's GM's Table (two PCs in a scene: every PC's panel has F&aces…, &Momentum…).

A pane registers here as a scope (:func:`mnemonic_scope`). Scopes come in groups, and in
each group one scope has its letters (underlined, and working) while every other shows
and answers none; letters are unique within a scope. A group:

- the window's panes (``among=None``: a tab's page, a GM Screen page): the pane that
  last held the keyboard focus has its letters; before the focus entered any, every pane
  keeps its own (they are seldom on screen together: a tab not on show answers no key);
- the panes ``among`` one widget (the PC panels of one scene): the one the focus is in,
  or was in last, has its letters; before the focus entered any, the first one. A pane
  drawn afresh (a panel rebuilt on every change) takes over from the one of its
  ``objectName`` it replaces, letters included.

A scope inside another scope of its group follows the outer one. The controls outside
every scope (a tab bar's own letters, the menus, the rest of the window) keep theirs.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QTabWidget, QWidget

from ui.shell.keys import mnemonic, unmarked

MARKED = "mnemonicScopeText"
"""The property holding a control's text with its letter, while the text shows none."""


class _Group:
    """The scopes among one widget (``host``), or the window's (``host`` None)."""

    def __init__(self, host: QWidget | None) -> None:
        self.host = host
        self.roots: list[QWidget] = []
        self.active: QWidget | None = None
        """The scope worked in last (None before the focus entered any)."""
        self.active_name = ""
        """Its ``objectName``: a scope redrawn under that name takes over from it."""
        self.pending = False
        """True while a deleted scope's group waits to give the letters anew."""

    def forget(self) -> None:
        self.roots = [r for r in self.roots if shiboken6.isValid(r)]
        if self.active is not None and not shiboken6.isValid(self.active):
            self.active = None

    def outermost(self, widget: QWidget) -> QWidget | None:
        """The outermost scope of the group holding ``widget`` (itself included)."""
        found = None
        for root in self.roots:
            holds = shiboken6.isValid(root) and (root is widget or root.isAncestorOf(widget))
            if holds and (found is None or root.isAncestorOf(found)):
                found = root
        return found

    def lead(self) -> QWidget | None:
        """The scope with its letters (None: every scope keeps its own)."""
        self.forget()
        if self.active is not None and self.active in self.roots:
            return self.active
        if self.host is None or not self.roots:
            return None
        if self.active_name:  # worked in, then drawn afresh under its name
            for root in reversed(self.roots):
                if root.objectName() == self.active_name:
                    self.active = root
                    return root
        return self.roots[0]

    def show(self) -> None:
        """Letters for the lead scope (or every scope), none for the others."""
        lead = self.lead()
        for root in self.roots:
            if self.outermost(root) is root:  # a scope inside another follows the outer
                show_mnemonics(root, lead is None or root is lead)


class _Scopes(QObject):
    """Every group of scopes, following the keyboard focus."""

    def __init__(self) -> None:
        super().__init__()
        self.groups: list[_Group] = []
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def group(self, host: QWidget | None) -> _Group:
        self._forget()
        for group in self.groups:
            if group.host is host:
                return group
        group = _Group(host)
        self.groups.append(group)
        if host is not None:
            host.destroyed.connect(lambda *_: self._forget())
        return group

    def _forget(self) -> None:
        kept = [g for g in self.groups if g.host is None or shiboken6.isValid(g.host)]
        for group in kept:
            group.forget()
        self.groups = kept

    def add(self, root: QWidget, host: QWidget | None) -> None:
        group = self.group(host)
        name = root.objectName()
        if host is not None and name:  # the scope it is drawn afresh from goes
            group.roots = [r for r in group.roots if r.objectName() != name]
            if name == group.active_name:
                group.active = root
        group.roots.append(root)
        root.destroyed.connect(lambda *_: self._gone(group))
        if host is not None or group.active is not None:
            group.show()  # (before any pane was worked in, a window's pane keeps all)

    def _gone(self, group: _Group) -> None:
        """A scope is being deleted: once it is gone (not while Qt takes it apart), the
        scope then leading its group gets the letters."""
        if not shiboken6.isValid(self):
            return  # the application is going, and these scopes with it
        if group.host is not None and not group.pending:
            group.pending = True
            QTimer.singleShot(0, self, lambda: self._reshow(group))

    def _reshow(self, group: _Group) -> None:
        group.pending = False
        self._forget()
        if group in self.groups:
            group.show()

    def _focus_changed(self, _old: object, new: object) -> None:
        if not isinstance(new, QWidget) or not shiboken6.isValid(new):
            return
        self._forget()
        for group in self.groups:
            pane = group.outermost(new)
            if pane is not None and pane is not group.active:
                self._activate(group, pane)

    def _activate(self, group: _Group, pane: QWidget) -> None:
        group.active = pane
        group.active_name = pane.objectName()
        group.show()

    def active(self, host: QWidget | None) -> QWidget | None:
        self._forget()
        for group in self.groups:
            if group.host is host:
                lead = group.lead()
                return lead if host is not None else group.active
        return None


_SCOPES: _Scopes | None = None


def _scopes() -> _Scopes:
    global _SCOPES
    if _SCOPES is None or not shiboken6.isValid(_SCOPES):
        _SCOPES = _Scopes()
    return _SCOPES


def mnemonic_scope(root: QWidget, among: QWidget | None = None) -> None:
    """Make ``root`` a pane whose Alt+letters work only while the focus is in it, or was
    in it last (see the module). ``among``: the widget holding ``root`` and the panes
    on show beside it with the same letters (the scene holding the PC panels); without
    it, ``root`` is one of the window's panes."""
    _scopes().add(root, among)


def active_scope(among: QWidget | None = None) -> QWidget | None:
    """The pane whose letters work now: among the window's panes, the one worked in last
    (None before the focus entered any); among ``among``'s, the one worked in last or
    else the first (None when it holds none)."""
    return _scopes().active(among)


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


def _mark(widget: QWidget, text: str, set_text: Callable[[str], None], on: bool) -> None:
    marked = widget.property(MARKED)
    if on:
        if isinstance(marked, str) and text == unmarked(marked):
            set_text(marked)
        widget.setProperty(MARKED, None)
    elif mnemonic(text) is not None:
        widget.setProperty(MARKED, text)
        set_text(unmarked(text))


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
