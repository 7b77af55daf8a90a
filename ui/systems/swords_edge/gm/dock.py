"""The GM screen dock: reference tables, the Test calculator, SFX and Recovery.

The tabs are built the first time the dock becomes visible (or the first time code
asks for one of them): the reference tables size every row to its text, which is
work a window should not do for a dock that sits unseen behind another.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, SignalInstance
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from ui.systems.swords_edge.gm.calculator import CalculatorTab, PCStep
from ui.systems.swords_edge.gm.recovery_tab import RecoveryTab
from ui.systems.swords_edge.gm.reference_tab import ReferenceTab
from ui.systems.swords_edge.gm.sfx_tab import SFXTab
from ui.systems.swords_edge.gm.widgets import CharactersProvider

OBJECT_NAME = "gm_screen"
TITLE = "GM Screen"
MIN_WIDTH = 280
"""Narrow enough to share a 1024 px screen with the sheet (its tabs scroll)."""


def _no_characters() -> list[Any]:
    return []


class GMDock(QDockWidget):
    """A dock holding the GM screen's tabs.

    ``characters_provider`` returns the characters currently open (it may return an
    empty list); ``refresh_signal``, when given, is a signal emitted whenever that
    list changes, and the dock re-reads it then. :meth:`refresh_characters` does the
    same on demand.
    """

    def __init__(
        self,
        characters_provider: CharactersProvider | None = None,
        refresh_signal: SignalInstance | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(TITLE, parent)
        self.setObjectName(OBJECT_NAME)
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.setAccessibleName(TITLE)
        self.setToolTip("")
        self._provider = characters_provider or _no_characters
        self._built = False
        self.pc_step: PCStep | None = None
        """Given to the calculator when the tabs are built (see its ``pc_step``)."""
        self.setMinimumWidth(MIN_WIDTH)
        self.visibilityChanged.connect(self._on_visibility)
        if refresh_signal is not None:
            refresh_signal.connect(self.refresh_characters)

    def _on_visibility(self, visible: bool) -> None:
        if visible:
            self.ensure_built()

    def ensure_built(self) -> None:
        """Build the tabs (once)."""
        if self._built:
            return
        self._built = True
        provider = self._provider
        self._tabs = QTabWidget(self)
        self.tabs.setObjectName("gm_tabs")
        self.tabs.setAccessibleName("GM Screen tabs")
        self.reference = ReferenceTab(self.tabs)
        self.calculator = CalculatorTab(provider, self.tabs)
        self.calculator.pc_step = self.pc_step
        self.sfx = SFXTab(self.tabs)
        self.recovery = RecoveryTab(provider, self.tabs)
        for widget, title, tip in (
            (self.reference, "&Reference", "The rule tables, searchable"),
            (self.calculator, "&Test calculator", "Momentum, Action and Seize the Momentum "
             "with their odds"),
            (self.sfx, "SF&X", "SFX TNs and casting time"),
            (self.recovery, "Recover&y", "Recovery Tests"),
        ):
            index = self.tabs.addTab(widget, title)
            self.tabs.setTabToolTip(index, tip)
        self.setWidget(self.tabs)
        for combo in self.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(max(8, combo.minimumContentsLength()))
            # a combo keeps the minimum size it worked out for its old policy until
            # its style changes: make it work it out again (it may be far wider)
            QApplication.sendEvent(combo, QEvent(QEvent.Type.StyleChange))
        for scroll in self.findChildren(QScrollArea):
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def set_pc_step(self, step: PCStep | None) -> None:
        """How the calculator records rolls on a PC's owner (now or once built)."""
        self.pc_step = step
        if self._built:
            self.calculator.pc_step = step

    @property
    def tabs(self) -> QTabWidget:
        self.ensure_built()
        return self._tabs

    @property
    def reference(self) -> ReferenceTab:
        self.ensure_built()
        return self._reference

    @reference.setter
    def reference(self, tab: ReferenceTab) -> None:
        self._reference = tab

    @property
    def calculator(self) -> CalculatorTab:
        self.ensure_built()
        return self._calculator

    @calculator.setter
    def calculator(self, tab: CalculatorTab) -> None:
        self._calculator = tab

    @property
    def sfx(self) -> SFXTab:
        self.ensure_built()
        return self._sfx

    @sfx.setter
    def sfx(self, tab: SFXTab) -> None:
        self._sfx = tab

    @property
    def recovery(self) -> RecoveryTab:
        self.ensure_built()
        return self._recovery

    @recovery.setter
    def recovery(self, tab: RecoveryTab) -> None:
        self._recovery = tab

    def refresh_characters(self, *_args: object) -> None:
        """Re-read the open characters (keeps the current choice when it is still open).

        Before the tabs exist there is nothing to refresh: they read the list when built.
        """
        if not self._built:
            return
        self.calculator.refresh_characters()
        self.recovery.refresh_characters()

    def save_state(self) -> dict[str, Any]:
        """The inputs of every tab (not the dock's placement: QMainWindow saves that)."""
        self.ensure_built()
        return {
            "tab": self.tabs.currentIndex(),
            "search": self.reference.search.text(),
            "calculator": self.calculator.save_state(),
            "sfx": self.sfx.save_state(),
            "recovery": self.recovery.save_state(),
        }

    def restore_state(self, state: dict[str, Any]) -> None:
        if not isinstance(state, dict):
            return
        self.reference.search.setText(str(state.get("search", "")))
        for key, tab in (("calculator", self.calculator), ("sfx", self.sfx),
                         ("recovery", self.recovery)):
            data = state.get(key)
            if isinstance(data, dict):
                tab.restore_state(data)
        index = state.get("tab")
        if isinstance(index, int) and 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
