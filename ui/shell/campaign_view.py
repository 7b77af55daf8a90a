"""A campaign of any game system in a tab: its documents, clocks and notes.

The campaign is the core's ``seforge.campaign`` document (:mod:`seforge.core.campaign`),
held by one :class:`DocumentOwner` like every tab: each change is an undoable apply of a
core mutator, so it is asked about on quit, autosaved and restored like the others. A
system whose own UI lists the campaign format among its documents (Sword's Edge, with
its party view) opens its campaigns itself; every other system's campaign opens here.

A system UI says which clocks its table uses (:attr:`SystemUiBase.clock_sizes`, the
core's usual sizes by default, and :attr:`SystemUiBase.clock_kinds`, none by default).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from seforge.core import campaign as cp
from seforge.core.campaign import CAMPAIGN_KIND, Campaign
from seforge.core.trackers import CLOCK_SIZES
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import no_tab_trap
from ui.shell.widgets import DocumentLineEdit, filling

if TYPE_CHECKING:
    from ui.shell.system_uis import SystemUi
    from ui.shell.window_api import FileHost

NOTES_DELAY_MS = 700
"""Typing in the notes becomes one undo step once it pauses this long."""


class _DocumentList(QListWidget):
    """The campaign's documents; Enter opens the current one, like a double click."""

    def __init__(self, open_row: Callable[[int], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._open_row = open_row
        self.itemActivated.connect(lambda item: self._open_row(self.row(item)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentRow() >= 0:
            self._open_row(self.currentRow())
            return
        super().keyPressEvent(event)


class CampaignView(QScrollArea):
    """The campaign's name, documents, clocks and notes, through its owner. It scrolls,
    so that its lists never make the window wider or taller than a small screen."""

    def __init__(self, owner: DocumentOwner[Campaign], system_title: str,
                 clock_sizes: Sequence[int] = CLOCK_SIZES,
                 clock_kinds: Sequence[str] = (), main: FileHost | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaignView")
        self.owner = owner
        self.main = main
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        content = QWidget()
        self.setWidget(content)
        layout = QVBoxLayout(content)
        head = QFormLayout()
        self.name = DocumentLineEdit()
        self.name.setObjectName("campaignName")
        self.name.setAccessibleName("Campaign name")
        self.name.setMaxLength(200)
        self.name.setPlaceholderText("The campaign's name")
        self.name.editingFinished.connect(self._rename)
        head.addRow("&Name", self.name)
        self.system = QLabel(system_title)
        self.system.setAccessibleName("Game system")
        head.addRow("Game system", self.system)
        layout.addLayout(head)

        split = QSplitter(Qt.Orientation.Horizontal)
        # documents
        docs_box = QGroupBox("&Documents")
        docs = QVBoxLayout(docs_box)
        self.documents = _DocumentList(self.open_document)
        self.documents.setObjectName("campaignDocuments")
        self.documents.setAccessibleName("Campaign documents")
        self.documents.setToolTip("Double-click or press Enter to open a document")
        docs.addWidget(self.documents, 1)
        row = QHBoxLayout()
        self.add_current = QToolButton()
        self.add_current.setText("Add Open")
        self.add_current.setToolTip("List a document open in another tab (or on the GM "
                                    "Screen) in the campaign")
        self.add_current.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_current.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.open_menu = QMenu(self.add_current)
        self.open_menu.aboutToShow.connect(self.fill_open_menu)
        self.add_current.setMenu(self.open_menu)
        self.add_files = self._button("Add Files…", "List files in the campaign",
                                      self.add_files_dialog)
        self.remove_document = self._button("Remove", "Take the selected document off the "
                                            "list (the file stays)", self._remove_document)
        for button in (self.add_current, self.add_files, self.remove_document):
            row.addWidget(button)
        docs.addLayout(row)
        split.addWidget(docs_box)

        # clocks
        clocks_box = QGroupBox("C&locks")
        clocks = QVBoxLayout(clocks_box)
        self.clocks = no_tab_trap(QTableWidget(0, 3))
        self.clocks.setObjectName("campaignClocks")
        self.clocks.setAccessibleName("Campaign clocks")
        self.clocks.setHorizontalHeaderLabels(["Clock", "Kind", "Filled"])
        self.clocks.verticalHeader().setVisible(False)
        self.clocks.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.clocks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.clocks.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.clocks.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        clocks.addWidget(self.clocks, 1)
        ticks = QHBoxLayout()
        self.tick = self._button("+1", "Fill one segment of the selected clock",
                                 lambda: self._advance(1))
        self.untick = self._button("−1", "Empty one segment of the selected clock",
                                   lambda: self._advance(-1))
        self.remove_clock = self._button("Remove", "Remove the selected clock",
                                         self._remove_clock)
        for button in (self.tick, self.untick, self.remove_clock):
            ticks.addWidget(button)
        ticks.addStretch(1)
        clocks.addLayout(ticks)
        new_row = QHBoxLayout()
        self.clock_name = QLineEdit()
        self.clock_name.setAccessibleName("New clock's name")
        self.clock_name.setPlaceholderText("New clock's name (Enter adds it)")
        self.clock_name.setMaxLength(100)
        self.clock_name.returnPressed.connect(self._add_clock)
        self.clock_size = QComboBox()
        self.clock_size.setAccessibleName("New clock's segments")
        for size in clock_sizes:
            self.clock_size.addItem(f"{size} segments", size)
        self.clock_kind = QComboBox()
        self.clock_kind.setAccessibleName("New clock's kind")
        self.clock_kind.addItem("(no kind)", "")
        for kind in clock_kinds:
            self.clock_kind.addItem(kind, kind)
        self.clock_kind.setVisible(bool(clock_kinds))
        self.clocks.setColumnHidden(1, not clock_kinds)  # a system without kinds
        self.add_clock = self._button("Add Clock", "Start a new, empty clock", self._add_clock)
        name_row = QHBoxLayout()
        name_row.addWidget(self.clock_name, 1)
        clocks.addLayout(name_row)
        new_row.addWidget(self.clock_size)
        new_row.addWidget(self.clock_kind)
        new_row.addStretch(1)
        new_row.addWidget(self.add_clock)
        clocks.addLayout(new_row)
        split.addWidget(clocks_box)
        layout.addWidget(split, 2)

        notes_box = QGroupBox("N&otes")
        notes = QVBoxLayout(notes_box)
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("campaignNotes")
        self.notes.setAccessibleName("Campaign notes")
        self.notes.setPlaceholderText("Threads, names, what happened last session…")
        notes.addWidget(self.notes)
        layout.addWidget(notes_box, 1)
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(NOTES_DELAY_MS)
        self._notes_timer.timeout.connect(self.commit_notes)
        self.notes.textChanged.connect(self._notes_typed)
        if isinstance(owner, CampaignOwner):
            owner.pending.append(self.commit_notes)

        self.message = QLabel()
        self.message.setAccessibleName("Last message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

        self.documents.currentRowChanged.connect(lambda _r: self._enable())
        self.clocks.itemSelectionChanged.connect(self._enable)
        owner.changed.connect(self.refresh)
        owner.path_changed.connect(self.refresh)
        self._refreshing = False
        self.refresh()

    def _button(self, text: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.clicked.connect(lambda _c=False: slot())
        return button

    # -- changes ------------------------------------------------------------------------
    def run(self, text: str, change: Callable[[Campaign], None]) -> bool:
        """One undoable change through the owner; a refusal is shown in one line."""
        try:
            self.owner.apply(text, change)
        except ValueError as exc:
            self.message.setText(f"Not done: {exc}.")
            return False
        self.message.setText("")
        return True

    def _rename(self) -> None:
        name = self.name.text().strip()
        if name != self.owner.document.name:
            self.run("Rename the campaign", lambda c: setattr(c, "name", name))

    def _notes_typed(self) -> None:
        if not self._refreshing:
            self._notes_timer.start()

    def commit_notes(self) -> None:
        """The notes as typed become one undo step."""
        if not self._notes_timer.isActive():
            return
        self._notes_timer.stop()
        text = self.notes.toPlainText()
        if text != self.owner.document.notes:
            self.run("Edit the notes", lambda c: setattr(c, "notes", text))

    def _stored(self, path: Path) -> str:
        """An absolute path while open (written relative to the campaign's file)."""
        return os.path.abspath(path)

    def add_path(self, path: Path) -> bool:
        if self.owner.path is not None and path.absolute() == self.owner.path.absolute():
            self.message.setText("Not done: a campaign cannot list itself.")
            return False
        text = self._stored(path)
        return self.run(f"Add {path.name}", lambda c: cp.add_document(c, text))

    def open_documents(self) -> list[Any]:
        """The window's other open documents (tabs, GM Screen trackers)."""
        main = self.main
        if main is None:
            return []
        return [d for d in main.controller.all_documents() if d is not self.owner]

    def fill_open_menu(self) -> None:
        """Add Open's menu: each other open document; one without a file yet says
        it must be saved first."""
        self.open_menu.clear()
        listed = {os.path.abspath(self.document_path(i))
                  for i in range(len(self.owner.document.documents))}
        for document in self.open_documents():
            if document.path is None:
                action = self.open_menu.addAction(f"{document.title()} (not saved yet)")
                action.setEnabled(False)
                continue
            action = self.open_menu.addAction(Path(document.path).name.replace("&", "&&"))
            action.setToolTip(str(document.path))
            action.setEnabled(os.path.abspath(document.path) not in listed)
            action.triggered.connect(lambda _c=False, d=document: self.add_document(d))
        if self.open_menu.isEmpty():
            empty = self.open_menu.addAction("No other document is open")
            empty.setEnabled(False)

    def add_document(self, document: Any) -> bool:
        """List an open document's file in the campaign."""
        if document is None or document is self.owner:
            self.message.setText("Not done: open the document in a tab first.")
            return False
        if document.path is None:
            self.message.setText(f"Not done: save “{document.title()}” first, so the "
                                 "campaign can name its file.")
            return False
        return self.add_path(Path(document.path))

    def add_files_dialog(self) -> None:
        main = self.main
        folder = main.dialog_folder() if main is not None else ""
        file_filter = (main.controller.file_filter() if main is not None
                       else "All files (*)")
        names, _ = QFileDialog.getOpenFileNames(self, "Add to the campaign", folder,
                                                file_filter)
        for name in names:
            self.add_path(Path(name))

    def _remove_document(self) -> None:
        row = self.documents.currentRow()
        if row >= 0:
            self.run("Remove a document", lambda c: cp.remove_document(c, row))

    def document_path(self, row: int) -> Path:
        text = self.owner.document.documents[row]
        if self.owner.path is None or Path(text).is_absolute():
            return Path(text).expanduser()
        return cp.resolve_path(text, self.owner.path)

    def open_document(self, row: int) -> bool:
        if not 0 <= row < len(self.owner.document.documents):
            return False
        path = self.document_path(row)
        if not path.exists():
            self.message.setText(f"Not found: {path}. Remove it from the list, or put the "
                                 "file back.")
            return False
        if self.main is None:
            return False
        return bool(self.main.open_file(path))

    def selected_clock(self) -> int:
        rows = self.clocks.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _advance(self, n: int) -> None:
        index = self.selected_clock()
        if index >= 0:
            name = self.owner.document.clocks[index].name
            self.run(f"{'Tick' if n > 0 else 'Untick'} {name}",
                     lambda c: cp.advance_clock(c, index, n))

    def _remove_clock(self) -> None:
        index = self.selected_clock()
        if index >= 0:
            self.run("Remove a clock", lambda c: cp.remove_clock(c, index))

    def _add_clock(self) -> None:
        name = self.clock_name.text()
        size = int(self.clock_size.currentData())
        kind = str(self.clock_kind.currentData() or "")
        if self.run(f"Add the clock {name.strip()}",
                    lambda c: cp.add_clock(c, name, size, kind)):
            self.clock_name.clear()
            self.clocks.selectRow(len(self.owner.document.clocks) - 1)

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        doc = self.owner.document
        self._refreshing = True
        self.name.show_text(doc.name)
        if self.notes.toPlainText() != doc.notes and not self._notes_timer.isActive():
            self.notes.setPlainText(doc.notes)
        self._refreshing = False
        row = self.documents.currentRow()
        self.documents.clear()
        for index in range(len(doc.documents)):
            path = self.document_path(index)
            entry = QListWidgetItem(path.name + ("" if path.exists() else " (missing)"))
            entry.setToolTip(str(path))
            self.documents.addItem(entry)
        if doc.documents:
            self.documents.setCurrentRow(min(max(row, 0), len(doc.documents) - 1))
        chosen = self.selected_clock()
        with filling(self.clocks):
            self.clocks.setRowCount(len(doc.clocks))
            for r, clock in enumerate(doc.clocks):
                filled = f"{clock.filled}/{clock.segments}" + (" full" if clock.is_full else "")
                for c, text in enumerate((clock.name, clock.kind, filled)):
                    item = QTableWidgetItem(text)
                    if c == 2:
                        item.setToolTip("●" * clock.filled
                                        + "○" * (clock.segments - clock.filled))
                    self.clocks.setItem(r, c, item)
        if 0 <= chosen < len(doc.clocks):
            self.clocks.selectRow(chosen)
        self._enable()

    def _enable(self) -> None:
        has_doc = self.documents.currentRow() >= 0
        self.remove_document.setEnabled(has_doc)
        index = self.selected_clock()
        clocks = self.owner.document.clocks
        self.tick.setEnabled(0 <= index < len(clocks) and not clocks[index].is_full)
        self.untick.setEnabled(0 <= index < len(clocks) and clocks[index].filled > 0)
        self.remove_clock.setEnabled(0 <= index < len(clocks))


class CampaignEditor:
    """A campaign in a tab (a DocumentEditor)."""

    def __init__(self, owner: DocumentOwner[Campaign], system_ui: SystemUi,
                 main: FileHost | None = None, parent: QWidget | None = None) -> None:
        self.owner = owner
        title = system_ui.title or owner.document.system
        self.view = CampaignView(
            owner, title,
            clock_sizes=tuple(system_ui.clock_sizes),
            clock_kinds=tuple(system_ui.clock_kinds),
            main=main, parent=parent)

    def widget(self) -> QWidget:
        return self.view


class CampaignOwner(DocumentOwner[Campaign]):
    """A campaign's owner: its documents are absolute paths while it is open (so every
    state in its history names the same files wherever the campaign is saved) and
    are written relative to the campaign's file when possible (the core's
    :func:`~seforge.core.campaign.store_path`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pending: list[Callable[[], None]] = []
        """Edits a view holds back for a moment (notes being typed), made now whenever
        the campaign's state is asked for or written."""
        self._flushing = False

    def flush(self) -> None:
        if self._flushing:
            return
        self._flushing = True
        try:
            for commit in self.pending:
                commit()
        finally:
            self._flushing = False

    def is_modified(self) -> bool:
        self.flush()
        return super().is_modified()

    def write_copy(self, path: Path) -> None:
        self.flush()
        super().write_copy(path)

    @classmethod
    def load(cls, kind: Any, path: Path, parent: Any = None) -> CampaignOwner:
        owner = super().load(kind, path, parent)
        assert isinstance(owner, CampaignOwner)
        owner._absolute(Path(path))
        return owner

    def _absolute(self, path: Path) -> None:
        self.document.documents = [os.path.abspath(cp.resolve_path(t, path))
                                   for t in self.document.documents]

    def title(self) -> str:
        """The file name when saved, else the campaign's name, else its working title."""
        if self.path is not None:
            return self.path.name
        return self.document.name.strip() or super().title()

    def reload(self) -> None:
        super().reload()
        if self.path is not None:
            self._absolute(self.path)
            self.changed.emit()

    def save(self, path: Path | None = None, overwrite_read_only: bool = False) -> Path:
        self.flush()
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("the campaign has no file yet; choose one with Save As")
        stored = self.document.model_copy(deep=True)
        stored.documents = [cp.store_path(t, target) for t in stored.documents]
        self.kind.save(stored, target, overwrite_read_only=overwrite_read_only)
        self.undo_stack.setClean()
        if target != self.path:
            self.set_path(target)
        self.remember_disk()
        self.saved.emit()
        return target


def new_campaign_owner(system_id: str) -> DocumentOwner[Campaign]:
    return CampaignOwner(CAMPAIGN_KIND, Campaign(system=system_id))


def load_campaign_owner(path: Path) -> DocumentOwner[Campaign]:
    """The campaign at ``path`` (DocumentFileError, OSError)."""
    return CampaignOwner.load(CAMPAIGN_KIND, path)
