"""The opponent library: the book's NCs and the GM's own ``.senc`` files.

Searchable by text, genre, type and Rank; a preview with the TN each Quality
gives; an editor for new opponents and copies; import, export and printable cards.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QItemSelectionModel, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QSplitter,
    QStyle,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_nc, save_nc
from seforge.systems.swords_edge.models import NarrativeCharacter, NCType
from seforge.systems.swords_edge.nc_builder import (
    USER_NC_FOLDER_NAME,
    list_user_ncs,
    nc_matches,
    new_nc,
    suggest_nc_path,
    user_nc_folder,
)
from seforge.systems.swords_edge.ranks import Rank
from ui.shell import settings
from ui.shell.unsaved_dialog import UnsavedWork, ask_to_replace
from ui.shell.widgets import buddy, button, tip
from ui.systems.swords_edge.document_registry import DiskStamp
from ui.systems.swords_edge.gm_table.common import (
    TYPE_LABELS,
    fill_rank_combo,
    nc_preview_html,
    warn,
)
from ui.systems.swords_edge.gm_table.disk_prompts import may_replace, reload_changed_file
from ui.systems.swords_edge.gm_table.nc_editor import NCEditor
from ui.systems.swords_edge.gm_table.opponent_files import OpponentFiles
from ui.systems.swords_edge.gm_table.opponent_owner import OpponentOwner

ANY = "__any__"
GENRE_CHARS = 12
"""The Genre column's widest, in average letters: a longer genre ends in "…" (whole in its
tooltip), so Name keeps its room at 1024x768."""


@dataclass
class OpponentEntry:
    """One row of the library: a book NC, one of the GM's files, or a broken file."""

    origin: str  # "book", "own" or "broken"
    nc: NarrativeCharacter | None
    path: Path | None = None
    message: str = ""
    library_id: str = ""

    @property
    def title(self) -> str:
        if self.nc is not None:
            return self.nc.name or "(unnamed)"
        return self.path.name if self.path is not None else "(unreadable)"


def book_opponents() -> list[OpponentEntry]:
    return [OpponentEntry("book", library.load_nc(e.id), e.path, library_id=e.id)
            for e in library.list_entries("nc")]


def own_opponents(data_dir: Path) -> list[OpponentEntry]:
    entries: list[OpponentEntry] = []
    try:
        folder = user_nc_folder(data_dir)
    except OSError:  # an unwritable data folder: the book's opponents still work
        return entries
    for path, loaded in list_user_ncs(folder):
        if isinstance(loaded, str):
            entries.append(OpponentEntry("broken", None, path, loaded))
        else:
            entries.append(OpponentEntry("own", loaded, path))
    return entries


class OpponentLibrary(OpponentFiles):
    """The book's NCs plus the GM's own, with filters, preview and an editor.

    ``add_to_scene_requested(nc, count)`` is emitted by "Add to scene".
    """

    add_to_scene_requested = Signal(object, int)
    saved = Signal(object)
    editing_path_changed = Signal()
    """The editor now edits another file (or a new opponent)."""

    def __init__(self, data_dir: Path | None = None, paper: str | Callable[[], str] = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data_dir = Path(data_dir) if data_dir is not None else settings.data_dir()
        self.paper_source: str | Callable[[], str] = paper
        """The paper preference, or a function reading it when the cards are printed
        (so a later File › Paper Size change applies); "" follows the locale."""
        self.entries: list[OpponentEntry] = []
        self._book = book_opponents()
        self._build()
        self.reload()

    @property
    def paper(self) -> str:
        """``"a4"`` or ``"letter"``: the preference as it is now, the locale's when empty."""
        from ui.systems.swords_edge.exports import effective_paper

        source = self.paper_source
        return effective_paper(source() if callable(source) else source)

    @paper.setter
    def paper(self, value: str | Callable[[], str]) -> None:
        self.paper_source = value

    # -- building -------------------------------------------------------------------
    def _build(self) -> None:
        left = QWidget(self)
        self.search_edit = QLineEdit(left)
        self.search_edit.setPlaceholderText("Search names, Qualities, notes…")
        self.search_edit.setClearButtonEnabled(True)
        tip(self.search_edit, "Search opponents", "Every word must appear in the name, "
            "Concept, Elements, flaws, notes, genre or source")
        self.genre_combo = QComboBox(left)
        tip(self.genre_combo, "Genre filter", "Show one genre only")
        self.type_combo = QComboBox(left)
        self.type_combo.addItem("Any type", ANY)
        for nc_type in NCType:
            self.type_combo.addItem(TYPE_LABELS[nc_type], nc_type.value)
        tip(self.type_combo, "Type filter", "Show minions, regulars or heroes only")
        self.rank_filter = QComboBox(left)
        self.rank_filter.addItem("Any Rank", ANY)
        fill_rank_combo(self.rank_filter)
        tip(self.rank_filter, "Rank filter", "Show one Rank (base TN) only")
        for widget in (self.genre_combo, self.type_combo, self.rank_filter):
            widget.currentIndexChanged.connect(self.apply_filters)
        self.search_edit.textChanged.connect(self.apply_filters)

        self.tree = QTreeWidget(left)
        self.tree.setObjectName("opponent_list")
        self.tree.setColumnCount(5)
        self.tree.setHeaderLabels(["Name", "Type", "Rank", "Genre", "From"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSortingEnabled(False)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Type, Rank, Genre and From keep the widths the whole library gives them
        # (_size_columns): sized to the rows shown, they moved as the filters changed.
        for column in range(1, 5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        # The last column ("From") stretched too and took half the room the names need
        # ("Desert Acolytes' Lea..." beside an empty From column).
        header.setStretchLastSection(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        # its scroll bar's room kept: coming and going with the rows shown, it moved Name
        self.tree.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        tip(self.tree, "Opponents", "The book's NCs and your own; select several to print "
            "their cards")
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.tree.itemActivated.connect(lambda *_: self.open_selected())
        # Right click on the selection: print its cards without writing a PDF first.
        self.preview_cards_action = QAction("Print Pre&view of Cards…", self.tree)
        self.preview_cards_action.setToolTip("See the selected opponents' cards as they "
                                             "will print, then print them")
        self.preview_cards_action.triggered.connect(lambda _c=False: self.print_preview())
        self.print_direct_action = QAction("P&rint Cards…", self.tree)
        self.print_direct_action.setToolTip("Send the selected opponents' cards to a printer")
        self.print_direct_action.triggered.connect(lambda _c=False: self.print_direct())
        self.tree.addAction(self.preview_cards_action)
        self.tree.addAction(self.print_direct_action)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.count_label = QLabel(left)
        tip(self.count_label, "Opponents shown", "How many opponents match the filters")

        filters = QHBoxLayout()
        filters.addWidget(self.genre_combo, 1)
        filters.addWidget(self.type_combo)
        filters.addWidget(self.rank_filter)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(buddy("F&ind an opponent:", self.search_edit, left))
        left_layout.addWidget(self.search_edit)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.tree, 1)
        left_layout.addWidget(self.count_label)

        self.new_button = button(
            "Ne&w opponent", left, "New opponent",
            "Start a new opponent from the minion template",
            self.new_opponent)
        self.copy_button = button(
            "Edit a copy", left, "Edit a copy",
            "Copy the selected opponent into the editor; "
            "saving makes a new file among your opponents",
            self.edit_copy)
        self.edit_button = button(
            "E&dit", left, "Edit",
            "Edit the selected opponent of yours in place; the book's "
            "opponents cannot be changed, edit a copy of them instead",
            self.edit_selected)
        self.delete_button = button(
            "Delete…", left, "Delete",
            "Delete the selected opponent files of yours "
            "(asks first; book NCs cannot be deleted)",
            self.delete_selected)
        self.import_button = button(
            "Import…", left, "Import opponents",
            "Copy .senc files into your opponents",
            self.import_files)
        self.export_button = button(
            "E&xport…", left, "Export opponent",
            "Write the selected opponent to a .senc "
            "file to share",
            self.export_selected)
        self.print_button = button(
            "Print cards…", left, "Print cards",
            "Write the selected opponents' cards to a PDF, "
            "eight to a page",
            self.print_cards)
        self.count_spin = QSpinBox(left)
        self.count_spin.setRange(1, 20)
        self.count_spin.setPrefix("× ")
        tip(self.count_spin, "How many", "How many of the selected opponent enter the scene")
        self.scene_button = button(
            "&Add to scene", left, "Add to scene",
            "Put the selected opponents into the scene "
            "tracker",
            self.add_selected_to_scene)
        row1 = QHBoxLayout()
        for each in (self.new_button, self.copy_button, self.edit_button,
                       self.delete_button):
            row1.addWidget(each)
        row2 = QHBoxLayout()
        for each in (self.import_button, self.export_button, self.print_button):
            row2.addWidget(each)
        row2.addStretch(1)
        row2.addWidget(self.count_spin)
        row2.addWidget(self.scene_button)
        left_layout.addLayout(row1)
        left_layout.addLayout(row2)

        self.side = QTabWidget(self)
        self.side.setAccessibleName("Opponent preview and editor")
        self.preview = QTextBrowser(self.side)
        self.preview.setObjectName("opponent_preview")
        tip(self.preview, "Opponent preview", "The selected opponent with the TN each "
            "Quality gives")
        self.side.addTab(self.preview, "P&review")
        editor_page = QWidget(self.side)
        self.editor = NCEditor(parent=editor_page)
        self.editor.owner.path_changed.connect(self.editing_path_changed.emit)
        self.editor_title = QLabel(editor_page)
        self.editor_title.setWordWrap(True)
        tip(self.editor_title, "Editing", "Which file the editor saves to")
        self.save_button = button(
            "&Save to my opponents", editor_page, "Save opponent",
            "Save the opponent in the editor to your "
            "opponents folder",
            self.save_editor)
        self.editor.undo_stack.cleanChanged.connect(self._update_editor_title)
        top = QHBoxLayout()
        top.addWidget(self.editor_title, 1)
        top.addWidget(self.save_button)
        page_layout = QVBoxLayout(editor_page)
        page_layout.setContentsMargins(4, 4, 4, 4)
        page_layout.addLayout(top)
        page_layout.addWidget(self.editor, 1)
        self.side.addTab(editor_page, "Edi&tor")
        self.editor_page = editor_page

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.side)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        left.setMinimumWidth(520)  # room for names such as "Time Travelling Meddler"
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)
        self._update_editor_title()

    # -- contents -------------------------------------------------------------------
    @property
    def user_folder(self) -> Path:
        return user_nc_folder(self.data_dir)

    def reload(self) -> None:
        """Read the user folder again (the book NCs are read once)."""
        self.entries = [*self._book, *own_opponents(self.data_dir)]
        genres = sorted({e.nc.genre for e in self.entries if e.nc is not None and e.nc.genre},
                        key=str.casefold)
        current = self.genre_combo.currentData()
        blocked = self.genre_combo.blockSignals(True)
        self.genre_combo.clear()
        self.genre_combo.addItem("Any genre", ANY)
        for genre in genres:
            self.genre_combo.addItem(genre, genre)
        index = self.genre_combo.findData(current)
        self.genre_combo.setCurrentIndex(max(index, 0))
        self.genre_combo.blockSignals(blocked)
        self._size_columns()
        self.apply_filters()

    def _size_columns(self) -> None:
        """Type, Rank, Genre and From as wide as their widest text in the whole library
        (or their heading), so no filter moves them; Genre no wider than
        :data:`GENRE_CHARS` average letters (a longer genre ends in "…", whole in its
        tooltip), leaving Name the room to stretch into at 1024x768."""
        rows = [self._row_texts(entry) for entry in self.entries]
        text_metrics = self.tree.fontMetrics()
        head_metrics = self.tree.header().fontMetrics()
        pad = 2 * (self.tree.style().pixelMetric(
            QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.tree) + 1) + 6
        cap = text_metrics.averageCharWidth() * GENRE_CHARS
        heading = self.tree.headerItem()
        for column in range(1, 5):
            widest = max((text_metrics.horizontalAdvance(row[column]) for row in rows),
                         default=0)
            if column == 3:
                widest = min(widest, cap)
            head = head_metrics.horizontalAdvance(heading.text(column)) + pad
            self.tree.header().resizeSection(column, max(widest + pad, head))

    def changeEvent(self, event: QEvent) -> None:  # Qt override
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._size_columns()  # the window's zoom: the texts take another width

    @staticmethod
    def _row_texts(entry: OpponentEntry) -> list[str]:
        """The texts of ``entry``'s row: name, type, Rank, genre and where it comes from."""
        nc = entry.nc
        if nc is None:
            return [entry.title, "—", "—", "", "Unreadable"]
        origin = "Book" if entry.origin == "book" else "Mine"
        return [entry.title, TYPE_LABELS[nc.type], f"{nc.rank.label} ({nc.base_tn})",
                nc.genre, origin]

    def _filter_values(self) -> tuple[str, str | None, str | None, Rank | None]:
        genre = self.genre_combo.currentData()
        kind = self.type_combo.currentData()
        rank = self.rank_filter.currentData()
        return (self.search_edit.text(),
                None if genre in (ANY, None) else str(genre),
                None if kind in (ANY, None) else str(kind),
                None if rank in (ANY, None) else Rank(int(rank)))

    def visible_entries(self) -> list[OpponentEntry]:
        text, genre, kind, rank = self._filter_values()
        shown: list[OpponentEntry] = []
        for entry in self.entries:
            if entry.nc is None:
                # A broken file is never hidden by the genre/type/Rank filters:
                # the GM must see it to fix it. Text still narrows by file name.
                words = text.casefold().split()
                name = entry.title.casefold()
                if all(w in name for w in words):
                    shown.append(entry)
            elif nc_matches(entry.nc, text, genre, kind, rank):
                shown.append(entry)
        return shown

    def apply_filters(self, *_args: object) -> None:
        chosen = self.selected_entries()
        self.tree.clear()
        shown = self.visible_entries()
        warn_brush = QBrush(QColor("#c0392b"))
        for entry in shown:
            nc = entry.nc
            item = QTreeWidgetItem(self._row_texts(entry))
            if nc is None:
                item.setForeground(0, warn_brush)
                item.setForeground(4, warn_brush)
                item.setToolTip(0, entry.message)
                item.setToolTip(4, entry.message)
                item.setData(0, Qt.ItemDataRole.AccessibleDescriptionRole, entry.message)
            else:
                item.setToolTip(0, nc.notes or entry.title)
                item.setToolTip(3, nc.genre)  # whole, where its column cuts it short
                item.setToolTip(4, str(entry.path) if entry.origin == "own"
                                else f"The book: {nc.source}")
            item.setData(0, Qt.ItemDataRole.UserRole, entry)
            self.tree.addTopLevelItem(item)
            if entry in chosen:
                item.setSelected(True)
        broken = sum(1 for e in shown if e.nc is None)
        text = f"{len(shown)} of {len(self.entries)} opponents"
        if broken:
            text += f" ({broken} unreadable file{'s' if broken != 1 else ''})"
        self.count_label.setText(text)
        self._on_selection()

    def shown_titles(self) -> list[str]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item.text(0) for item in items if item is not None]

    def item_for(self, title: str) -> QTreeWidgetItem | None:
        for index in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(index)
            if item is not None and item.text(0) == title:
                return item
        return None

    def select(self, *titles: str) -> None:
        """Select the rows with these names (for scripts and tests)."""
        self.tree.clearSelection()
        for title in titles:
            item = self.item_for(title)
            if item is not None:
                # NoUpdate: making it current must not drop the rows selected before.
                self.tree.setCurrentItem(item, 0, QItemSelectionModel.SelectionFlag.NoUpdate)
                item.setSelected(True)

    def selected_entries(self) -> list[OpponentEntry]:
        if not hasattr(self, "tree"):
            return []
        return [item.data(0, Qt.ItemDataRole.UserRole) for item in self.tree.selectedItems()]

    def selected_ncs(self) -> list[NarrativeCharacter]:
        return [e.nc for e in self.selected_entries() if e.nc is not None]

    def _on_selection(self) -> None:
        entries = self.selected_entries()
        ncs = [e for e in entries if e.nc is not None]
        own = [e for e in entries if e.origin in ("own", "broken")]
        self.copy_button.setEnabled(len(ncs) == 1)
        # Only a file of the GM's own is edited in place: the book is not changed.
        self.edit_button.setEnabled(len(ncs) == 1 and ncs[0].origin == "own")
        self.export_button.setEnabled(len(ncs) == 1)
        self.delete_button.setEnabled(bool(own) and len(own) == len(entries))
        self.print_button.setEnabled(bool(ncs))
        self.preview_cards_action.setEnabled(bool(ncs))
        self.print_direct_action.setEnabled(bool(ncs))
        self.scene_button.setEnabled(bool(ncs))
        if not entries:
            self.preview.setHtml("<p>Select an opponent to see its Qualities and TNs.</p>")
        elif entries[0].nc is None:
            entry = entries[0]
            self.preview.setHtml(
                f"<h3>{html.escape(entry.title)}</h3><p style='color:#c0392b'>"
                f"This file cannot be read:</p><p>{html.escape(entry.message)}</p>"
                "<p>Fix it in a text editor or delete it.</p>")
        else:
            self.preview.setHtml(nc_preview_html(entries[0].nc))

    # -- editing --------------------------------------------------------------------
    # The editor's owner holds the opponent and its file; the library reads it here.
    @property
    def owner(self) -> OpponentOwner:
        return self.editor.owner

    @property
    def editing_path(self) -> Path | None:
        """The user file the editor saves to (None: a new file on Save)."""
        return self.owner.path

    @property
    def disk_stamp(self) -> DiskStamp | None:
        return self.owner.disk_stamp

    def unsaved_work(self) -> list[UnsavedWork]:
        """The opponent in the editor, if it has changes not saved yet."""
        if not self.owner.unsaved():
            return []
        name = self.editor.nc().name or "New opponent"
        return [UnsavedWork("opponent", name, lambda: self.save_editor() is not None)]

    def _may_replace_editor(self) -> bool:
        """Ask before the editor's unsaved opponent is replaced; False: cancelled."""
        work = self.unsaved_work()
        return not work or ask_to_replace(self, work[0], "editing another opponent")

    def _start_editing(self, nc: NarrativeCharacter, path: Path | None,
                       copy_of: str = "") -> None:
        if not self._may_replace_editor():
            return
        self.owner.start(nc, path, copy_of)
        if path is None:
            self.editor.undo_stack.resetClean()
        self.side.setCurrentWidget(self.editor_page)
        self._update_editor_title()
        self.editor.start_typing(select_name=path is None)

    def restore_editing(self, nc: NarrativeCharacter, path: Path | None,
                        stamp: DiskStamp | None) -> None:
        """An opponent brought back from its autosave: in the editor, unsaved, living in
        ``path`` as the file was then (``stamp``), so a change made since is asked about."""
        self._start_editing(nc, path)
        self.owner.saved_data = {}  # differs from any NC: unsaved until Save
        self.owner.disk_stamp = stamp
        self._update_editor_title()

    def new_opponent(self) -> None:
        nc = new_nc("minion", "Average", "New opponent")
        self._start_editing(nc, None)

    def edit_copy(self) -> None:
        ncs = self.selected_ncs()
        if len(ncs) != 1:
            return
        copy = ncs[0].model_copy(deep=True)
        from_book = self.selected_entries()[0].origin != "own"
        copy.source = f"Copy of the book's {copy.name}" if from_book else copy.source
        self._start_editing(copy, None, copy_of=(
            f"the book's {ncs[0].name}" if from_book else ncs[0].name or "an opponent"))

    def open_selected(self) -> None:
        """Double click / Enter: edit a file of the GM's own, or a copy of a book NC."""
        entries = [e for e in self.selected_entries() if e.nc is not None]
        if len(entries) == 1 and entries[0].origin != "own":
            self.edit_copy()
        else:
            self.edit_selected()

    def edit_selected(self) -> None:
        entries = [e for e in self.selected_entries() if e.nc is not None]
        if len(entries) != 1:
            return
        entry = entries[0]
        if entry.origin == "own" and entry.nc is not None:
            self._start_editing(entry.nc, entry.path)

    def _update_editor_title(self, *_args: object) -> None:
        mark = "" if self.editor.undo_stack.isClean() else " (unsaved)"
        copy_of = self.owner.copy_of
        if self.editing_path is None and copy_of:
            self.editor_title.setText(
                f"A copy of {copy_of}: saving makes a new opponent of yours{mark}")
        elif self.editing_path is None:
            self.editor_title.setText(f"A new opponent of yours{mark}")
        else:
            self.editor_title.setText(f"Editing {self.editing_path.name}{mark}")
        problems = self.editor.problems() if not mark else []
        if problems:  # the template's nameless Elements went to disk without a word;
            # while unsaved, the editor's own list says it (a count here too wrapped the
            # title at 1024 px, and the sheet jumped a line when the last one was named)
            count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
            self.editor_title.setText(f"{self.editor_title.text()} · saved with {count}")
        # A file opened from elsewhere (File › Open, a drop) is saved where it is.
        outside = (self.editing_path is not None
                   and self.editing_path.parent != self.data_dir / USER_NC_FOLDER_NAME)
        self.save_button.setText("&Save" if outside else "&Save to my opponents")
        self.save_button.setToolTip(
            f"Save the opponent in the editor to {self.editing_path}"
            if outside and self.editing_path is not None
            else "Save the opponent in the editor to your opponents folder")

    def save_editor(self) -> Path | None:
        """Save the editor's NC to the user folder; returns the file written."""
        nc = self.editor.nc()
        path = self.editing_path or suggest_nc_path(self.user_folder, nc)
        if not may_replace(self, path, "opponent", self.disk_changed()):
            return None
        try:
            save_nc(nc, path)
        except OSError as exc:
            warn(self, "Save opponent", f"{path.name}: cannot be written ({exc.strerror})")
            return None
        self.owner.saved_to(path, nc)
        self._update_editor_title()
        self.reload()
        self.select(nc.name or path.name)
        self.saved.emit(path)
        return path

    # -- the file being edited, on disk -----------------------------------------------
    def watched_path(self) -> Path | None:
        return self.editing_path

    def disk_changed(self) -> bool:
        """Whether another program changed the file being edited since it was read."""
        return self.owner.disk_changed()

    def on_disk_changed(self) -> None:
        """Reload an opponent without changes here; with changes, ask."""
        path = self.editing_path
        if path is None:
            return

        def reload(nc: NarrativeCharacter) -> None:
            self.owner.drop_changes()
            self._start_editing(nc, path)
            self.reload()

        def show(text: str, reloaded: bool) -> None:
            self.editor_title.setText(f"Editing {text}" if reloaded else text)

        reload_changed_file(self.owner, self, path, "opponent", unsaved=bool(self.unsaved_work()),
                            load=load_nc, reload=reload, show=show, keep_mine=self.owner.keep_mine)

    def add_selected_to_scene(self) -> None:
        for nc in self.selected_ncs():
            self.add_to_scene_requested.emit(nc.model_copy(deep=True), self.count_spin.value())

    def all_ncs(self) -> list[NarrativeCharacter]:
        """Every readable opponent (for the scene tracker's "Add opponents")."""
        return [e.nc for e in self.entries if e.nc is not None]
