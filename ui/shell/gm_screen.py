"""The GM Screen dock: one page per game system, following the active document.

The page of a system is built the first time it is shown (``page_factory(system_id)``);
the picker at the top shows another system's screen until the next document switch.
A page's ``bar_factory(system_id, page)`` may give a bar shown above it (the File menu of
the tracker it holds, see :mod:`ui.shell.gm_documents`).
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.shell.keys import unmarked

SEARCH_WORDS = ("search", "find")
"""How a GM page's search field begins its accessible name or placeholder ("Search the
reference tables", "Search the tables..."): every system's reference tables have one."""

PICKER_LABEL = "&System:"

OBJECT_NAME = "gm_screen"
TITLE = "GM Screen"
MIN_WIDTH = 280


def search_field(page: QWidget) -> QLineEdit | None:
    """The search field of ``page`` on show (on its current tab), if it has one: a line
    edit that takes typing and whose accessible name or placeholder starts with "Search"
    or "Find". A field on a tab not on show is left alone (the GM's page is not turned
    over by a key that only brings the dock)."""
    for edit in page.findChildren(QLineEdit):
        words = (edit.accessibleName().casefold(), edit.placeholderText().casefold())
        if (edit.isVisibleTo(page) and edit.isEnabled() and not edit.isReadOnly()
                and any(w.startswith(SEARCH_WORDS) for w in words)):
            return edit
    return None


class GMScreenDock(QDockWidget):
    """A dock holding each system's GM Screen page, with a system picker."""

    def __init__(self, systems: list[tuple[str, str]],
                 page_factory: Callable[[str, QWidget], QWidget],
                 parent: QWidget | None = None,
                 bar_factory: Callable[[str, QWidget], QWidget | None] | None = None,
                 ) -> None:
        """``systems``: (id, title) of every system with a screen, in menu order."""
        super().__init__(TITLE, parent)
        self.setObjectName(OBJECT_NAME)
        self.setAccessibleName(TITLE)
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.setMinimumWidth(MIN_WIDTH)
        self._factory = page_factory
        self._pages: dict[str, QWidget] = {}
        self._bar_factory = bar_factory
        self._bars: dict[str, QWidget] = {}
        self._wanted = systems[0][0] if systems else ""
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        row = QHBoxLayout()
        row.setContentsMargins(6, 4, 6, 0)
        self.picker_label = QLabel(unmarked(PICKER_LABEL), holder)  # see _follow_focus
        self.picker = QComboBox(holder)
        self.picker.setObjectName("gmScreenSystem")
        self.picker.setAccessibleName("GM Screen system")
        self.picker.setToolTip("Whose GM Screen to show; it follows the document you are "
                               "working on until you pick another")
        self.picker_label.setBuddy(self.picker)
        for system_id, title in systems:
            self.picker.addItem(title, system_id)
        self.picker.activated.connect(self._on_picked)
        row.addWidget(self.picker_label)
        row.addWidget(self.picker, 1)
        column.addLayout(row)
        self.bar_column = QVBoxLayout()
        self.bar_column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self.bar_column)
        self.stack = QStackedWidget(holder)
        column.addWidget(self.stack, 1)
        self.setWidget(holder)
        has_choice = len(systems) > 1
        self.picker_label.setVisible(has_choice)
        self.picker.setVisible(has_choice)
        self.visibilityChanged.connect(self._on_visibility)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._follow_focus)

    def _follow_focus(self, _old: object, new: object) -> None:
        """The picker's letter (Alt+S) works while the keyboard is in the dock: Qt counts
        the dock as shown even behind the Budget tab, and Alt+S in a Sword's Edge sheet
        went to the picker there instead of the sheet's Style."""
        if not shiboken6.isValid(self) or not shiboken6.isValid(self.picker_label):
            return
        inside = isinstance(new, QWidget) and shiboken6.isValid(new) and self.isAncestorOf(new)
        text = PICKER_LABEL if inside else unmarked(PICKER_LABEL)
        if self.picker_label.text() != text:
            self.picker_label.setText(text)

    def focus_target(self) -> QWidget | None:
        """Where the keyboard goes when the dock's shortcut brings it here: the search
        field of the page on show when it shows one (Ctrl+G to look a rule up), else the
        page, never the system picker above it (see :mod:`ui.shell.dock_keys`)."""
        page = self.stack.currentWidget()
        if page is None:
            return None
        return search_field(page) or page

    def system_ids(self) -> list[str]:
        return [str(self.picker.itemData(i)) for i in range(self.picker.count())]

    def current_system(self) -> str:
        return self._wanted

    def follow(self, system_id: str | None) -> None:
        """Show ``system_id``'s screen (the active document's system); built only
        once the dock is visible."""
        if not system_id or system_id not in self.system_ids():
            return
        self._wanted = system_id
        self.picker.setCurrentIndex(self.system_ids().index(system_id))
        if self.on_screen():
            self.show_page(system_id)

    def on_screen(self) -> bool:
        """True when the user can see the dock. Behind another dock's tab it is still
        "visible" to Qt but has no size: a page built and shown there got no height,
        and Sword's Edge's page (a dock of its own) then never built its tabs."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _on_picked(self, index: int) -> None:
        self.follow(str(self.picker.itemData(index)))
        self.show_page(self._wanted)

    def _on_visibility(self, visible: bool) -> None:
        if visible and self._wanted:
            self.show_page(self._wanted)

    def built_pages(self) -> list[QWidget]:
        """The pages built so far, in the order they were built."""
        return list(self._pages.values())

    def bar(self, system_id: str) -> QWidget | None:
        """The bar over ``system_id``'s page, if it has one."""
        return self._bars.get(system_id)

    def built(self, system_id: str) -> QWidget | None:
        """The page of ``system_id`` if it has been built."""
        return self._pages.get(system_id)

    def page(self, system_id: str) -> QWidget:
        """The page of ``system_id``, built now if needed (not shown)."""
        page = self._pages.get(system_id)
        if page is None:
            page = self._factory(system_id, self.stack)
            self._pages[system_id] = page
            self.stack.addWidget(page)
            bar = self._bar_factory(system_id, page) if self._bar_factory else None
            if bar is not None:
                bar.setParent(self.widget())
                bar.setVisible(False)
                self._bars[system_id] = bar
                self.bar_column.addWidget(bar)
        return page

    def show_page(self, system_id: str) -> QWidget:
        page = self.page(system_id)
        self.stack.setCurrentWidget(page)
        for shown_id, bar in self._bars.items():
            bar.setVisible(shown_id == system_id)
        return page
