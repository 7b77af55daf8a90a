
"""The GM screen's reference tables for the active profile, searchable, each with its source."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.reference import ReferenceTable, search
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.tables import all_tables
from ui.shell.focus_nav import no_tab_trap

TABLE_ROLE = Qt.ItemDataRole.UserRole
NARROW = 640
"""Below this width the list of tables goes above the table shown."""


class ReferenceView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = Profile.SRD2022
        self._matches: dict[str, tuple[ReferenceTable, list[int]]] = {}
        layout = QVBoxLayout(self)
        line = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search the tables (e.g. momentum, prone, hazard)")
        self.search.setAccessibleName("Search the reference tables")
        self.search.setClearButtonEnabled(True)
        line.addWidget(QLabel("Search"))
        line.addWidget(self.search, 1)
        layout.addLayout(line)
        splitter = QSplitter()
        self.splitter = splitter
        self.list = QListWidget()
        self.list.setAccessibleName("Reference tables")
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table = QTableWidget()
        no_tab_trap(self.table)
        self.table.setAccessibleName("Table rows")
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.horizontalHeader().setMinimumSectionSize(32)
        # long cells wrap: rows follow their columns' widths as these change
        self.table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setAccessibleName("Source of the table")
        right_layout.addWidget(self.title)
        right_layout.addWidget(self.table, 1)
        right_layout.addWidget(self.note)
        right_layout.addWidget(self.source)
        splitter.addWidget(self.list)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 3)
        layout.addWidget(splitter, 1)
        self.search.textChanged.connect(self.refresh)
        self.list.currentItemChanged.connect(self._show)
        self.refresh()

    def set_profile(self, profile: Profile | str) -> None:
        self.profile = Profile(profile)
        self.refresh()

    def refresh(self) -> None:
        current = self.list.currentItem()
        keep = current.data(TABLE_ROLE) if current is not None else None
        self._matches = {t.id: (t, rows) for t, rows in
                         search(all_tables(), self.search.text(), tag=self.profile.value)}
        self.list.blockSignals(True)
        self.list.clear()
        chosen = 0
        for index, (table, rows) in enumerate(self._matches.values()):
            count = "" if len(rows) == len(table.rows) else f" ({len(rows)})"
            item = QListWidgetItem(table.title + count)
            item.setData(TABLE_ROLE, table.id)
            item.setToolTip(f"{table.title}\nSource: {_label(table)}")
            self.list.addItem(item)
            if table.id == keep:
                chosen = index
        self.list.blockSignals(False)
        if self.list.count():
            self.list.setCurrentRow(chosen)
            self._show()
        else:
            self.title.setText("Nothing matches")
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.note.setText("")
            self.source.setText("")

    def _show(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        table, rows = self._matches[item.data(TABLE_ROLE)]
        self.title.setText(table.title)
        self.table.setColumnCount(len(table.columns))
        self.table.setHorizontalHeaderLabels(list(table.columns))
        self.table.setRowCount(len(rows))
        for r, index in enumerate(rows):
            for c, cell in enumerate(table.rows[index]):
                cell_item = QTableWidgetItem(cell)
                cell_item.setToolTip(f"{cell}\nSource: {_label(table)}")
                self.table.setItem(r, c, cell_item)
        for c, name in enumerate(table.columns):
            header_item = self.table.horizontalHeaderItem(c)
            if header_item is not None:
                header_item.setToolTip(name)
        self._fit_columns()
        self.note.setText(table.notes)
        self.note.setVisible(bool(table.notes))
        self.source.setText(f"Source: {_label(table)}")
        self.source.setToolTip(table.source.text if table.source is not None else "")

    def _fit_columns(self) -> None:
        """Columns at their contents' width when the table has room, else at most an equal
        share each; the last takes the rest and long cells wrap (never a sideways scroll)."""
        count = self.table.columnCount()
        if not count:
            return
        header = self.table.horizontalHeader()
        room = self.table.viewport().width()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        widths = [max(self.table.sizeHintForColumn(c), header.sectionSizeHint(c))
                  for c in range(count)]
        share = room if sum(widths) <= room else max(32, room // count)
        for c in range(count - 1):
            header.resizeSection(c, min(widths[c], share))
        header.setSectionResizeMode(count - 1, QHeaderView.ResizeMode.Stretch)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The list above the table when the page is narrow, beside it when wide."""
        narrow = event.size().width() < NARROW
        wanted = Qt.Orientation.Vertical if narrow else Qt.Orientation.Horizontal
        if self.splitter.orientation() != wanted:
            self.splitter.setOrientation(wanted)
        super().resizeEvent(event)
        self._fit_columns()


def _label(table: ReferenceTable) -> str:
    return table.source.label if table.source is not None else "not given"
