"""Help › User Guide: a window with the guide's pages listed on the left, under a General
heading and one heading per installed game system."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence, QShortcut, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui.shell import screen_fit
from ui.shell.help.guide import (
    GuideSection,
    GuideSystem,
    all_pages,
    find_page,
    installed_systems,
    key_for_link,
    sections,
)

KEY_ROLE = Qt.ItemDataRole.UserRole


class HelpWindow(QWidget):
    """The user guide; one top-level window, raised again when asked twice."""

    def __init__(self, parent: QWidget | None = None,
                 systems: Sequence[GuideSystem] | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.sections: tuple[GuideSection, ...] = sections(
            installed_systems() if systems is None else systems)
        self.guide_pages = all_pages(self.sections)
        self.setObjectName("helpWindow")
        self.setWindowTitle("SEForge User Guide")
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Find in the guide…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Find in the guide")
        self.filter_edit.setToolTip("Show only the pages that contain every word typed; "
                                    "Enter selects the next place of the first word")
        self.filter_edit.textChanged.connect(self._filter)
        self.filter_edit.returnPressed.connect(self.find_next)
        self.pages = QListWidget(self)
        self.pages.setObjectName("helpPages")
        self.pages.setAccessibleName("Guide pages")
        for section in self.sections:
            heading = QListWidgetItem(section.title)
            heading.setFlags(Qt.ItemFlag.NoItemFlags)  # a heading, not a page
            font = heading.font()
            font.setBold(True)
            heading.setFont(font)
            heading.setData(Qt.ItemDataRole.AccessibleTextRole, f"{section.title} section")
            self.pages.addItem(heading)
            for item in section.pages:
                row = QListWidgetItem(f"  {item.title}")
                row.setData(KEY_ROLE, item.key)
                row.setToolTip(f"{section.title}: {item.title}")
                self.pages.addItem(row)
        self.pages.setMaximumWidth(240)
        self.pages.currentItemChanged.connect(self._on_current_page)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("helpText")
        self.browser.setAccessibleName("Guide text")
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)
        left = QVBoxLayout()
        left.addWidget(self.filter_edit)
        left.addWidget(self.pages, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left)
        layout.addWidget(self.browser, 1)
        screen_fit.size_dialog(self, QSize(820, 560))
        # A window of its own behaves like one: Ctrl+F finds, Escape or Ctrl+W closes.
        QShortcut(QKeySequence.StandardKey.Find, self, self._focus_filter)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        QShortcut(QKeySequence.StandardKey.Close, self, self.close)
        self.current_key = ""
        self.show_page("start")

    def page_titles(self) -> list[str]:
        """The list as the user reads it: section headings and page titles."""
        return [self.pages.item(row).text().strip() for row in range(self.pages.count())]

    def show_page(self, key: str) -> None:
        """Show guide page ``key``: "start" or "formats", a system's id (its main page) or
        the name of one of its pages; an unknown key shows the first page."""
        try:
            item = find_page(self.guide_pages, key)
        except KeyError:
            item = self.guide_pages[0]
        self.current_key = item.key
        self.browser.setMarkdown(item.markdown)
        if self.filter_edit.text().split():  # opened while a word is typed: at its place
            self.find_next()
        for row in range(self.pages.count()):
            entry = self.pages.item(row)
            if entry.data(KEY_ROLE) == item.key and self.pages.currentRow() != row:
                self.pages.setCurrentRow(row)

    def find_next(self) -> bool:
        """Select the next place of the first word typed in the page shown, from the
        top again after the last; False when the page does not hold it."""
        words = self.filter_edit.text().split()
        if not words:
            return False
        if self.browser.find(words[0]):
            return True
        cursor = self.browser.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.browser.setTextCursor(cursor)
        return self.browser.find(words[0])

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def _on_current_page(self, current: QListWidgetItem | None, _old: object) -> None:
        if current is not None and current.data(KEY_ROLE) is not None:
            self.show_page(str(current.data(KEY_ROLE)))

    def _follow(self, url: QUrl) -> None:
        key = key_for_link(url.toString(), self.guide_pages)
        if key is not None:
            self.show_page(key)
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)

    def _filter(self, text: str) -> None:
        """Keep the pages holding every word typed, and the headings of their sections."""
        words = text.casefold().split()
        first_shown = None
        heading_row = None
        shown_in_section = False
        for row in range(self.pages.count()):
            entry = self.pages.item(row)
            key = entry.data(KEY_ROLE)
            if key is None:  # a section heading: shown when one of its pages is
                if heading_row is not None:
                    self.pages.item(heading_row).setHidden(not shown_in_section)
                heading_row, shown_in_section = row, False
                continue
            content = find_page(self.guide_pages, str(key)).markdown.casefold()
            hidden = not all(w in content for w in words)
            entry.setHidden(hidden)
            shown_in_section |= not hidden
            if not hidden and first_shown is None:
                first_shown = str(key)
        if heading_row is not None:
            self.pages.item(heading_row).setHidden(not shown_in_section)
        if first_shown is not None and self.pages.currentItem() is not None \
                and self.pages.currentItem().isHidden():
            self.show_page(first_shown)
