"""The conflict tracker: a view of one ``2d20.conflict`` document through its owner.

Every button is an undoable ``owner.apply`` of a function in ``seforge.systems.twod20.conflict``;
a control the rules do not allow now is disabled with the core's reason in its tooltip, and a
refused change is shown in one line. The view redraws from ``owner.changed`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.limits import NAME_CHARS
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict, Side
from seforge.systems.twod20.profiles import Profile
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import no_tab_trap
from ui.shell.refusal import show_refusal
from ui.systems.twod20.common import ReflowRow, elide_headers, fit_columns, flow_of
from ui.systems.twod20.conflict_character import CharacterPart
from ui.systems.twod20.conflict_effects import EffectsPart
from ui.systems.twod20.conflict_round import RoundPart
from ui.systems.twod20.conflict_settings import TableSettings
from ui.systems.twod20.conflict_table import COLUMNS, NAME_ROOM, SHORT_HEADS, row_cells


class ConflictView(RoundPart, CharacterPart, EffectsPart):
    """The tracker: the pools and the round above, the table and the selected character's
    panel side by side (one above the other when narrow), the timed effects and the table's
    settings below."""

    def __init__(self, owner: DocumentOwner[Conflict], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.record_folder: Callable[[], Path | None] = lambda: None
        """The folder of the record open in the window (Add from record starts there
        while the tracker has no file of its own)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self._build_pools())
        left_page = QWidget()
        left = QVBoxLayout(left_page)
        left.setContentsMargins(0, 0, 0, 0)
        self.table = QTableWidget(0, len(COLUMNS))
        no_tab_trap(self.table)
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setAccessibleName("Characters in the conflict")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        elide_headers(self.table)
        # every head whole where the table has room ("Vigor / Resolve" was cut at 1024x768
        # when the columns shared the width evenly); the names keep room for a typical
        # name before the numbers take more than their heads, and take what is left
        self.columns = fit_columns(self.table, stretch=(0,), keep=NAME_ROOM, short=SHORT_HEADS,
                                   spare=(6, 7))  # Cover, Morale: in the character's panel
        self.table.setMinimumHeight(140)
        left.addWidget(self.table, 1)
        left.addWidget(self._build_add_row())
        self.middle = ReflowRow([left_page, self._build_character_panel()], (3, 2))
        layout.addWidget(self.middle, 1)
        self.table_settings = TableSettings(lambda: self.doc, self.run, lambda exc: show_refusal(
            self.message, exc))
        self.bottom = ReflowRow([self._build_effects(), self.table_settings], (3, 2))
        layout.addWidget(self.bottom)
        self.message = QLabel()
        self.message.setAccessibleName("Last message")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.table.itemSelectionChanged.connect(self.refresh)
        owner.changed.connect(self.refresh)
        owner.undo_stack.indexChanged.connect(self._refresh_history)
        self.refresh()

    def _build_add_row(self) -> QWidget:
        holder = QWidget()
        row = QVBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        self.new_name = QLineEdit()
        self.new_name.setMaxLength(NAME_CHARS)
        self.new_name.setPlaceholderText("name of a character to add")
        self.new_name.setAccessibleName("New character's name")
        self.new_side = QComboBox()
        self.new_side.setAccessibleName("New character's side")
        self.new_side.addItem("Player character", Side.PC.value)
        self.new_side.addItem("NPC", Side.NPC.value)
        self.add_button = self._button("Add", "Add the character to the conflict",
                                       self.add_character)
        self.remove_button = self._button("Remove", "Remove the selected character",
                                          self.remove_character)
        self.record_button = self._button(
            "Add from record...", "Add a PC or NPC from a .s2d20 record, with its Fortune, "
            "Harms and maximum Stress or Vigor and Resolve", self.add_from_record)
        self.new_name.returnPressed.connect(self.add_character)
        row.addWidget(self.new_name)
        row.addWidget(flow_of([self.new_side, self.add_button, self.remove_button,
                               self.record_button]))
        return holder

    def add_character(self) -> None:
        name = self.new_name.text().strip()
        side = Side(self.new_side.currentData())
        if self.run(f"Add {name or 'a character'}", lambda d: cf.add_combatant(d, name, side)):
            self.new_name.clear()
            self.select(name)

    def add_from_record(self) -> None:
        from seforge.core.documents import DocumentFileError
        from seforge.systems.twod20.documents import CHARACTER_KIND

        # the tracker's folder, else the open record's: not the folder the app started in
        path = self.owner.path
        start = path.parent if path is not None else self.record_folder() or Path.home()
        chosen, _filter = QFileDialog.getOpenFileName(
            self, "Add a character from a record", str(start), "2d20 records (*.s2d20)")
        if not chosen:
            return
        try:
            record = CHARACTER_KIND.load(Path(chosen))
        except DocumentFileError as exc:
            show_refusal(self.message, exc, "Not added")
            return
        name = record.name.strip() or Path(chosen).stem
        if self.run(f"Add {name}", lambda d: cf.add_combatant(d, name, record=record)):
            self.select(name)

    def remove_character(self) -> None:
        self._on_selected("Remove", lambda d, n: cf.remove_combatant(d, n))

    def _refresh_table(self) -> None:
        """One row a character, the selection kept."""
        doc = self.doc
        conan = doc.profile is Profile.CONAN
        keep = self.selected()
        track_header = QTableWidgetItem("Vigor / Resolve" if conan else "Stress")
        track_header.setToolTip(f"{track_header.text()}: now / maximum"
                                + (" of each" if conan else ""))
        self.table.setHorizontalHeaderItem(4, track_header)
        self.table.blockSignals(True)
        self.table.setRowCount(len(doc.combatants))
        for row, c in enumerate(doc.combatants):
            for column, text in enumerate(row_cells(doc, c)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # the whole text where the column elides it
                if column == 5 and c.harms:
                    item.setToolTip("\n".join(
                        f"{h.name or h.kind.value}{' (treated)' if h.treated else ''}"
                        for h in c.harms))
                self.table.setItem(row, column, item)
        self.table.blockSignals(False)
        self.columns.fit()
        if keep is not None:
            self.select(keep)

    def refresh(self) -> None:
        self._refresh_history()
        self._refresh_pools()
        self._refresh_table()
        self._refresh_selected()
        self._refresh_effects()
        self.table_settings.refresh()
        self._refresh_session()
