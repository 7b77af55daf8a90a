"""Pick a character from the book's library to start from."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import CharacterFileError
from seforge.systems.swords_edge.models import Character
from ui.shell.dialogs import cannot_open
from ui.shell.theme import is_dark
from ui.systems.swords_edge.character_preview import preview_html

ALL_GENRES = "All genres"
ID_ROLE = Qt.ItemDataRole.UserRole


class LibraryDialog(QDialog):
    """Lists the book's PCs (filter by genre and text) with a preview."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start from a Book Character")
        self.resize(820, 540)
        self.entries = library.list_entries("pc")
        self._chosen: Character | None = None

        self.genre_combo = QComboBox(self)
        self.genre_combo.setAccessibleName("Genre")
        self.genre_combo.setToolTip("Show only the characters of one genre")
        self.genre_combo.addItem(ALL_GENRES)
        for genre in sorted({e.genre for e in self.entries if e.genre}):
            self.genre_combo.addItem(genre)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Filter by name or source…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Filter")
        self.filter_edit.setToolTip("Type part of a name, genre or source")
        self.list = QListWidget(self)
        self.list.setAccessibleName("Book characters")
        self.list.setToolTip("The book's sample player characters")
        self.list.setStyleSheet("QListWidget::item { padding: 4px 6px; }")
        self.preview = QTextBrowser(self)
        self.preview.setAccessibleName("Preview")
        self.preview.setToolTip("The selected character as the book prints it")
        self.preview.setOpenLinks(False)

        top = QHBoxLayout()
        genre_label = QLabel("&Genre", self)
        genre_label.setBuddy(self.genre_combo)
        top.addWidget(genre_label)
        top.addWidget(self.genre_combo)
        top.addWidget(self.filter_edit, 1)
        splitter = QSplitter(self)
        splitter.addWidget(self.list)
        splitter.addWidget(self.preview)
        splitter.setSizes([260, 540])
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        # The book is never edited: say that Open gives an unsaved copy of yours.
        open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        open_button.setText("Open a &Copy")
        open_button.setToolTip("Open an unsaved copy of this character to make your own; "
                               "the book's character is not changed")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)

        self.genre_combo.currentIndexChanged.connect(self.apply_filter)
        self.filter_edit.textChanged.connect(self.apply_filter)
        self.list.currentItemChanged.connect(self._show_preview)
        self.list.itemActivated.connect(lambda _item: self.accept())
        self.apply_filter()
        # typing finds a character at once (the genre box was first, so typed letters went
        # nowhere and Return opened the first book character)
        self.filter_edit.setFocus()

    def apply_filter(self) -> None:
        genre = self.genre_combo.currentText()
        needle = self.filter_edit.text().strip().casefold()
        current = self.selected_id()
        self.list.clear()
        for entry in self.entries:
            if genre != ALL_GENRES and entry.genre != genre:
                continue
            haystack = f"{entry.name} {entry.genre} {entry.source}".casefold()
            if needle and needle not in haystack:
                continue
            item = QListWidgetItem(f"{entry.name}\n{entry.genre}")
            item.setData(ID_ROLE, entry.id)
            item.setToolTip(f"{entry.genre} — {entry.source}")
            self.list.addItem(item)
            if entry.id == current:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self._show_preview()

    def visible_names(self) -> list[str]:
        return [self.list.item(i).text().split("\n")[0] for i in range(self.list.count())]

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(ID_ROLE))

    def select(self, entry_id: str) -> bool:
        for i in range(self.list.count()):
            if self.list.item(i).data(ID_ROLE) == entry_id:
                self.list.setCurrentRow(i)
                return True
        return False

    def _show_preview(self, *_args: object) -> None:
        entry_id = self.selected_id()
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(entry_id is not None)
        if entry_id is None:
            self.preview.setHtml("<p><i>No character matches.</i></p>")
            return
        try:
            character = library.load_pc(entry_id)
        except (KeyError, ValueError, CharacterFileError) as exc:
            self.preview.setPlainText(str(exc))
            return
        self.preview.setHtml(preview_html(character, is_dark()))

    def chosen_character(self) -> Character | None:
        """The selected character, loaded fresh (a copy the caller may edit)."""
        entry_id = self.selected_id()
        if entry_id is None:
            return None
        try:
            return library.load_pc(entry_id)
        except (KeyError, ValueError, CharacterFileError) as exc:
            cannot_open(self, "Cannot open book character", str(exc))
            return None
