"""The Play dock: the play panel (sessions, Luck, Stress, Advancements, history)
of the character in the current tab.

Each open document gets its own PlayPanel, kept as long as the document lives: the
panel's undo commands sit on the document's undo stack and call back into that
panel, so it must not be destroyed while the document can still be undone. The main
window calls :meth:`PlayDock.forget` when it closes the document's tab.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QWidget,
)

from ui.shell.focus_nav import FocusInView
from ui.systems.swords_edge.play.panel import TWO_COLUMN_WIDTH, PlayPanel

if TYPE_CHECKING:
    from ui.systems.swords_edge.document import CharacterDocument

MIN_WIDTH = 330
"""Narrow enough to share a small screen with the sheet; the panel's one column fits."""
COMBO_CHARACTERS = 8
"""Combo boxes in the panel are at least this many characters wide, not their longest item."""


class _PanelScroll(QScrollArea):
    """Scrolls a PlayPanel vertically and picks its column count from the width."""

    def __init__(self, panel: PlayPanel, document: CharacterDocument) -> None:
        super().__init__()
        self.panel = panel
        self.panel_document = document
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        for combo in panel.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(COMBO_CHARACTERS)
        self.setWidget(panel)
        panel.set_two_columns(False)
        # the keyboard brought in by Ctrl+L or Shift+Tab lands where the player can see it
        self.focus_in_view = FocusInView(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.panel.set_two_columns(event.size().width() >= TWO_COLUMN_WIDTH)
        super().resizeEvent(event)


class PlayDock(QDockWidget):
    """Shows the PlayPanel of the current document, or a hint when none is open."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Play", parent)
        self.setObjectName("play_dock")
        self.setToolTip("Play the character: sessions, Luck, Stress, Advancements, history")
        self.stack = QStackedWidget(self)
        self.placeholder = QLabel("Open a character to play it.")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setAccessibleName("No character open")
        self.stack.addWidget(self.placeholder)
        self.setWidget(self.stack)
        self.setMinimumWidth(MIN_WIDTH)
        self._panels: dict[int, tuple[CharacterDocument, QScrollArea, PlayPanel]] = {}
        self._slots: dict[int, Callable[[object], None]] = {}
        self._stale: set[int] = set()
        """Panels whose document changed while they could not be seen."""

    def panel_for(self, document: CharacterDocument) -> PlayPanel:
        """The document's panel, created on first use and dropped with the document."""
        key = id(document)
        if key not in self._panels:
            panel = PlayPanel(document)
            scroll = _PanelScroll(panel, document)
            scroll.setAccessibleName(f"Play: {document.title()}")
            self.stack.addWidget(scroll)
            self._panels[key] = (document, scroll, panel)

            def slot(_changes: object, key: int = key) -> None:
                self._on_changed(key)

            self._slots[key] = slot
            document.changed.connect(slot)
        return self._panels[key][2]

    def _on_changed(self, key: int) -> None:
        """Refresh a panel now while it can be seen, else the moment it is shown, so
        it never shows a stale character (builder edits, scene steps, reloads)."""
        entry = self._panels.get(key)
        if entry is None:
            return
        _document, scroll, panel = entry
        if self.isVisible() and self.stack.currentWidget() is scroll:
            panel.refresh()
            self._stale.discard(key)
        else:
            self._stale.add(key)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        current = self.stack.currentWidget()
        if isinstance(current, _PanelScroll):
            current.panel.refresh()
            self._stale.discard(id(current.panel_document))

    def show_document(self, document: CharacterDocument | None) -> None:
        if document is None:
            self.stack.setCurrentWidget(self.placeholder)
            return
        panel = self.panel_for(document)
        self.stack.setCurrentWidget(self._panels[id(document)][1])
        panel.refresh()
        self._stale.discard(id(document))

    def forget(self, document: CharacterDocument) -> None:
        """Drop the panel of a document that is being closed."""
        entry = self._panels.pop(id(document), None)
        self._stale.discard(id(document))
        if entry is not None:
            _document, scroll, _panel = entry
            document.changed.disconnect(self._slots.pop(id(document)))
            self.stack.removeWidget(scroll)
            scroll.deleteLater()
