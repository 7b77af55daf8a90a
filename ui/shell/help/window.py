"""Help › User Guide: a window with the guide's pages listed on the left."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence, QShortcut
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
from ui.shell.help.guide import key_for_link, page, pages

KEY_ROLE = Qt.ItemDataRole.UserRole


class HelpWindow(QWidget):
    """The user guide; one top-level window, raised again when asked twice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("helpWindow")
        self.setWindowTitle("SEForge User Guide")
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Find in the guide…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Find in the guide")
        self.filter_edit.setToolTip("Show only the pages that contain every word typed")
        self.filter_edit.textChanged.connect(self._filter)
        self.pages = QListWidget(self)
        self.pages.setObjectName("helpPages")
        self.pages.setAccessibleName("Guide pages")
        for item in pages():
            row = QListWidgetItem(item.title)
            row.setData(KEY_ROLE, item.key)
            self.pages.addItem(row)
        self.pages.setMaximumWidth(220)
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
        self.pages.setCurrentRow(0)

    def show_page(self, key: str) -> None:
        """Show guide page ``key`` ("start", "swords-edge", "2d20", "blades",
        "sword-of-life", "formats"; "build", "play", "gm" and "print" show Sword's Edge's)."""
        item = page(key)
        self.current_key = item.key
        self.browser.setMarkdown(item.markdown)
        for row in range(self.pages.count()):
            entry = self.pages.item(row)
            if entry.data(KEY_ROLE) == item.key and self.pages.currentRow() != row:
                self.pages.setCurrentRow(row)

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def _on_current_page(self, current: QListWidgetItem | None, _old: object) -> None:
        if current is not None:
            self.show_page(str(current.data(KEY_ROLE)))

    def _follow(self, url: QUrl) -> None:
        key = key_for_link(url.toString())
        if key is not None:
            self.show_page(key)
        elif url.scheme() in ("http", "https"):
            QDesktopServices.openUrl(url)

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        first_shown = None
        for row, item in enumerate(pages()):
            content = item.markdown.casefold()
            hidden = not all(w in content for w in words)
            self.pages.item(row).setHidden(hidden)
            if not hidden and first_shown is None:
                first_shown = item.key
        if first_shown is not None and self.pages.currentItem() is not None \
                and self.pages.currentItem().isHidden():
            self.show_page(first_shown)
