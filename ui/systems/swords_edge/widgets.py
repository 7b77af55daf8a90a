"""Sword's Edge widgets: the Trait link combo; the shared helpers come from
:mod:`ui.shell.widgets` and are re-exported here."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QComboBox, QWidget

from seforge.systems.swords_edge.kinds import TRAITS, Trait
from ui.shell.font_scales import apply_font_scales as apply_font_scales
from ui.shell.font_scales import section_label as section_label
from ui.shell.font_scales import set_font_scale as set_font_scale
from ui.shell.screen_fit import widget_screen
from ui.shell.widgets import HistoryLineEdit as HistoryLineEdit
from ui.shell.widgets import HistoryPlainTextEdit as HistoryPlainTextEdit
from ui.shell.widgets import cell_data as cell_data
from ui.shell.widgets import cell_text as cell_text
from ui.systems.swords_edge.trait_style import trait_chip, trait_text

TITLE_BAR_EXTRA = 170
"""What a window manager's title bar takes beside the title: icon, buttons, margins."""


def fit_to_title(window: QWidget) -> None:
    """Make ``window`` (a dialog) wide enough for the window manager to show its whole
    title, the application's name included, so no title is cut mid-word; never wider
    than its screen."""
    title = window.windowTitle()
    app_name = QGuiApplication.applicationDisplayName()
    if app_name and app_name not in title:
        title = f"{title} — {app_name}"
    font = QFont(window.font())
    font.setBold(True)  # most title bars draw their text bold
    wanted = QFontMetrics(font).horizontalAdvance(title) + TITLE_BAR_EXTRA
    screen = widget_screen(window)  # not window.screen(): see widget_screen
    if screen is not None:
        wanted = min(wanted, screen.availableGeometry().width() - 40)
    if window.minimumWidth() < wanted:
        window.setMinimumWidth(wanted)


class TraitLinkCombo(QComboBox):
    """Choose the Trait a Quality hangs on; each item shows the Trait's colour chip."""

    trait_chosen = Signal(object)

    def __init__(self, allow_none: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._options: list[Trait | None] = ([None] if allow_none else []) + list(TRAITS)
        for trait in self._options:
            self.addItem(trait_chip(trait), trait_text(trait))
        self.activated.connect(self._on_activated)
        self._current: Trait | None = None

    def refresh_icons(self) -> None:
        for index, trait in enumerate(self._options):
            self.setItemIcon(index, trait_chip(trait))

    def set_trait(self, trait: Trait | None) -> None:
        index = self._options.index(trait)
        self._current = trait
        if self.currentIndex() != index:
            blocked = self.blockSignals(True)
            self.setCurrentIndex(index)
            self.blockSignals(blocked)

    def trait(self) -> Trait | None:
        return self._current

    def choose(self, trait: Trait | None) -> None:
        """Pick ``trait`` as the user would."""
        index = self._options.index(trait)
        self.setCurrentIndex(index)
        self._on_activated(index)

    def _on_activated(self, index: int) -> None:
        trait = self._options[index]
        if trait != self._current:
            self.trait_chosen.emit(trait)
