"""The party view's widgets and their layout (no behaviour: :class:`PartyView` in
:mod:`~ui.systems.swords_edge.gm_table.party` connects them)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAction,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.campaign import PartyRow
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.trait_style import trait_text
from ui.systems.swords_edge.widgets import HistoryPlainTextEdit


def _esc(text: str) -> str:
    return html.escape(text)


def party_column_html(row: PartyRow, title: str | None = None) -> str:
    """One PC's column as rich text, headed by ``title`` (default: the PC's name)."""
    parts = [f"<h3 style='margin:0'>{_esc(title or row.name)}</h3>"]
    if row.player:
        parts.append(f"<div><i>played by {_esc(row.player)}</i></div>")
    for alert in row.alerts:
        parts.append(f"<div style='color:#c0392b'><b>{_esc(alert)}</b></div>")
    parts.append(f"<p style='margin:4px 0'><b>Luck {row.luck}</b> · Advancements "
                 f"{row.advancements}</p>")
    parts.append("<div>" + "<br>".join(_esc(q.label) for q in row.general) + "</div>")
    for trait in row.traits:
        parts.append(f"<p style='margin:6px 0 0 0'><b>{_esc(trait_text(trait.trait))} "
                     f"{_esc(trait.label.split(' ', 1)[1])}</b></p>")
        if trait.qualities:
            parts.append("<div style='margin-left:8px'>"
                         + "<br>".join(_esc(q.label) for q in trait.qualities) + "</div>")
    if row.pivots:
        parts.append("<p style='margin:6px 0 0 0'><b>Pivots</b></p>")
        parts.append("<div>" + "<br>".join(f"<i>{_esc(slot)}:</i> {_esc(text)}"
                                           for slot, text in row.pivots) + "</div>")
    return "".join(parts)


class PartyLayout(QWidget):
    """The campaign's head, the party's columns, notes, opponents and clocks, laid out."""

    def _build(self) -> None:
        self.name_edit = QLineEdit(self)
        tip(self.name_edit, "Campaign name", "The campaign's name")
        self.file_label = QLabel(self)
        tip(self.file_label, "Campaign file", "Where this campaign is saved")
        buttons = QHBoxLayout()
        self.new_button = QPushButton("Ne&w", self)
        tip(self.new_button, "New campaign", "Start an empty campaign")
        self.open_button = QPushButton("Open…", self)
        tip(self.open_button, "Open campaign", "Open a .secampaign file")
        self.save_button = QPushButton("&Save", self)
        tip(self.save_button, "Save campaign", "Save the campaign file")
        self.save_as_button = QPushButton("Save &as…", self)
        tip(self.save_as_button, "Save campaign as", "Save the campaign under a new name")
        self.add_button = QPushButton("A&dd characters…", self)
        tip(self.add_button, "Add characters", "Add .sechar files to the party")
        self.remove_combo = QComboBox(self)
        tip(self.remove_combo, "Character to remove", "Choose a character to take out of "
            "the party (the file is kept)")
        self.remove_button = QPushButton("Re&move", self)
        tip(self.remove_button, "Remove character", "Take the chosen character out of the "
            "party; the file is not deleted")
        self.reload_button = QPushButton("Re&load", self)
        tip(self.reload_button, "Reload characters", "Read the character files again")
        self.rules_button = QPushButton("Table r&ules…", self)
        tip(self.rules_button, "Campaign table rules", "The table rules this campaign plays "
            "by; new characters start with them")
        self.new_character_button = QPushButton("New cha&racter…", self)
        tip(self.new_character_button, "New character for this campaign", "Save a new, empty "
            "character file with the campaign's table rules and add it to the party")
        self.export_summary_action = QAction("Export Party Summar&y…", self)
        self.export_summary_action.setToolTip(
            "Write one PDF: a one-page summary of the party for the GM, then every "
            "PC's sheet")
        self.addAction(self.export_summary_action)
        self.export_summary_button = QPushButton("Export Party Summar&y…", self)
        tip(self.export_summary_button, "Export Party Summary",
            self.export_summary_action.toolTip())
        for widget in (self.new_button, self.open_button, self.save_button,
                       self.save_as_button):
            buttons.addWidget(widget)
        buttons.addSpacing(12)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_combo)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.reload_button)
        buttons.addStretch(1)
        # The campaign-wide actions get a row of their own, so the Party tab still fits
        # a 1024-pixel-wide screen without scrolling sideways.
        campaign_actions = QHBoxLayout()
        campaign_actions.addWidget(self.rules_button)
        campaign_actions.addWidget(self.new_character_button)
        campaign_actions.addWidget(self.export_summary_button)
        campaign_actions.addStretch(1)
        head = QHBoxLayout()
        head.addWidget(buddy("Campa&ign:", self.name_edit, self))
        head.addWidget(self.name_edit, 1)
        head.addWidget(self.file_label, 1)

        self.columns_host = QWidget(self)
        self.columns_layout = QHBoxLayout(self.columns_host)
        self.columns_layout.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.empty_label = QLabel("No characters yet: add their .sechar files.",
                                  self.columns_host)
        self.columns_layout.addWidget(self.empty_label)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.columns_host)
        scroll.setAccessibleName("The party")
        self.party_scroll = scroll

        bottom = QWidget(self)
        self.notes_edit = HistoryPlainTextEdit(bottom)
        self.notes_edit.setUndoRedoEnabled(True)
        self.notes_edit.setPlaceholderText("Threads, names, what happened last session…")
        tip(self.notes_edit, "GM notes", "Your notes, saved in the campaign file")
        clocks_box = QGroupBox("Progress clocks", bottom)
        self.clocks_layout = QVBoxLayout()
        self.add_clock_name = QLineEdit(clocks_box)
        self.add_clock_name.setPlaceholderText("New clock: what is coming?")
        tip(self.add_clock_name, "New clock name", "The name of the clock to add")
        self.add_clock_size = QComboBox(clocks_box)
        for n in (4, 6, 8):
            self.add_clock_size.addItem(f"{n} segments", n)
        self.add_clock_size.setCurrentIndex(1)
        tip(self.add_clock_size, "New clock size", "4, 6 or 8 segments")
        self.add_clock_button = QPushButton("Add cloc&k", clocks_box)
        tip(self.add_clock_button, "Add clock", "Add a progress clock to the campaign")
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_clock_name, 1)
        add_row.addWidget(self.add_clock_size)
        add_row.addWidget(self.add_clock_button)
        clocks_inner = QWidget(clocks_box)
        clocks_inner.setLayout(self.clocks_layout)
        self.clocks_layout.setContentsMargins(0, 0, 0, 0)
        self.clocks_layout.addStretch(1)
        clocks_scroll = QScrollArea(clocks_box)
        clocks_scroll.setWidgetResizable(True)
        clocks_scroll.setWidget(clocks_inner)
        clocks_scroll.setFrameShape(QFrame.Shape.NoFrame)
        clocks_scroll.setAccessibleName("Progress clocks")
        box_layout = QVBoxLayout(clocks_box)
        box_layout.addWidget(clocks_scroll, 1)
        box_layout.addLayout(add_row)
        notes_box = QGroupBox("&GM notes", bottom)
        QVBoxLayout(notes_box).addWidget(self.notes_edit)
        opponents_box = QGroupBox("Opponents", bottom)
        self.opponents_list = QListWidget(opponents_box)
        self.opponents_list.setObjectName("campaign_opponents")
        tip(self.opponents_list, "Campaign opponents", "The campaign's opponent files "
            "(.senc), saved with the campaign")
        self.add_opponents_button = QPushButton("Add opponen&ts…", opponents_box)
        tip(self.add_opponents_button, "Add opponents", "Add .senc files to the campaign")
        self.remove_opponent_button = QPushButton("Remove", opponents_box)
        tip(self.remove_opponent_button, "Remove opponent", "Take the selected opponent out "
            "of the campaign; the file is not deleted")
        opponent_buttons = QHBoxLayout()
        opponent_buttons.addWidget(self.add_opponents_button)
        opponent_buttons.addWidget(self.remove_opponent_button)
        opponent_buttons.addStretch(1)
        opponents_layout = QVBoxLayout(opponents_box)
        opponents_layout.addWidget(self.opponents_list, 1)
        opponents_layout.addLayout(opponent_buttons)
        bottom_layout = QHBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(notes_box, 3)
        bottom_layout.addWidget(opponents_box, 2)
        bottom_layout.addWidget(clocks_box, 2)

        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(scroll)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([500, 280])
        splitter.setChildrenCollapsible(False)
        # small floors, the rest by the splitter: 240 pixels for the party and 80 for the
        # notes made the page taller than the table docked under the sheet at 1366 x 768,
        # which scrolled a nearly empty page with the notes and clocks below the fold
        line = self.fontMetrics().height()
        scroll.setMinimumHeight(4 * line)
        self.notes_edit.setMinimumHeight(3 * line)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(head)
        layout.addLayout(buttons)
        layout.addLayout(campaign_actions)
        layout.addWidget(splitter, 1)
