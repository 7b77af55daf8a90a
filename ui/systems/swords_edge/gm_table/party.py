"""The party view: a campaign's PCs side by side, the GM's notes and progress clocks."""

from __future__ import annotations

import contextlib
import html
import math
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.campaign import (
    CAMPAIGN_SUFFIX,
    Campaign,
    PartyRow,
    ProgressClock,
    add_clock,
    add_party_members,
    align_table_rules,
    load_campaign,
    load_party,
    new_character_for,
    party_rows,
    remove_clock,
    remove_party_member,
    replace_clock,
    resolve_paths,
    rules_differing,
    save_campaign,
    set_table_rules,
)
from seforge.systems.swords_edge.fileformat import (
    CHARACTER_SUFFIX,
    NC_SUFFIX,
    CharacterFileError,
    load_character,
    save_character,
)
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, RuleOptions
from ui.shell.unsaved_dialog import UnsavedWork, ask_to_replace
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DiskStamp, same_file
from ui.systems.swords_edge.gm_table.campaign_owner import SwordsEdgeCampaignOwner
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.disk_prompts import may_replace, reload_changed_file
from ui.systems.swords_edge.rules_dialog import CampaignRulesDialog
from ui.systems.swords_edge.trait_style import trait_text
from ui.systems.swords_edge.widgets import HistoryPlainTextEdit

CAMPAIGN_FILTER = f"Sword's Edge campaigns (*{CAMPAIGN_SUFFIX});;All files (*)"
CHARACTER_FILTER = f"Sword's Edge characters (*{CHARACTER_SUFFIX});;All files (*)"
NC_FILTER = f"Sword's Edge opponents (*{NC_SUFFIX});;All files (*)"


class ClockWidget(QWidget):
    """A painted progress clock. Click a segment to fill up to it (click the last
    filled one to empty it); keys: + / Space fill, - / Backspace empty."""

    changed = Signal(int)

    def __init__(self, clock: ProgressClock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.clock = clock.model_copy(deep=True)
        """What the dial shows: a copy of the campaign's clock (never the model's own)."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(QSize(64, 64))
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._update_text()

    def sizeHint(self) -> QSize:
        return QSize(72, 72)

    def filled(self) -> int:
        return self.clock.filled

    def set_filled(self, filled: int) -> None:
        target = max(0, min(self.clock.segments, filled))
        if target != self.clock.filled:
            self.clock.filled = target
            self._update_text()
            self.update()
            self.changed.emit(target)

    def advance(self, n: int = 1) -> None:
        self.set_filled(self.clock.filled + n)

    def text(self) -> str:
        return f"{self.clock.filled} of {self.clock.segments}"

    def _update_text(self) -> None:
        name = self.clock.name or "Progress clock"
        self.setAccessibleName(f"{name}: {self.text()}")
        self.setToolTip(f"{name}: {self.text()} segments filled.\nClick a segment to fill up "
                        "to it, click the last filled one to empty it; + and - keys too.")

    def segment_at(self, point: QPointF) -> int | None:
        rect = self._circle()
        centre = rect.center()
        dx, dy = point.x() - centre.x(), point.y() - centre.y()
        if math.hypot(dx, dy) > rect.width() / 2 + 2:
            return None
        angle = (math.degrees(math.atan2(dx, -dy)) + 360) % 360  # clockwise from 12
        return min(self.clock.segments - 1, int(angle / (360 / self.clock.segments)))

    def click_segment(self, index: int) -> None:
        """Fill up to segment ``index`` (0-based); the last filled one empties."""
        if index + 1 == self.clock.filled:
            self.set_filled(index)
        else:
            self.set_filled(index + 1)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.segment_at(event.position())
            if index is not None:
                self.click_segment(index)
                event.accept()
                return
        elif event.button() == Qt.MouseButton.RightButton:
            self.advance(-1)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Space, Qt.Key.Key_Right,
                   Qt.Key.Key_Up):
            self.advance(1)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Backspace, Qt.Key.Key_Left,
                     Qt.Key.Key_Down):
            self.advance(-1)
        else:
            super().keyPressEvent(event)

    def _circle(self) -> QRectF:
        side = min(self.width(), self.height()) - 8
        return QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)

    def paintEvent(self, _event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = self._circle()
        fill = palette.color(QPalette.ColorRole.Highlight)
        empty = palette.color(QPalette.ColorRole.Base)
        line = palette.color(QPalette.ColorRole.WindowText)
        segments = self.clock.segments
        span = 360 / segments
        for index in range(segments):
            path = QPainterPath()
            path.moveTo(rect.center())
            # Qt angles: counter-clockwise from 3 o'clock; start at 12, go clockwise.
            path.arcTo(rect, 90 - index * span, -span)
            path.closeSubpath()
            painter.fillPath(path, fill if index < self.clock.filled else empty)
        pen = QPen(line, 1.6)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        centre = rect.center()
        for index in range(segments):
            angle = math.radians(index * span)
            end = QPointF(centre.x() + math.sin(angle) * rect.width() / 2,
                          centre.y() - math.cos(angle) * rect.height() / 2)
            painter.drawLine(centre, end)
        if self.hasFocus():
            focus = QPen(palette.color(QPalette.ColorRole.Highlight), 1, Qt.PenStyle.DotLine)
            painter.setPen(focus)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.end()


class ClockPanel(QFrame):
    """One clock with its name, size and a Remove button."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, clock: ProgressClock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.clock = clock.model_copy(deep=True)
        """What the panel shows and hands over in ``changed``: a copy of the campaign's
        clock; the party view applies it through the campaign's owner."""
        self.dial = ClockWidget(clock, self)
        self.name_edit = QLineEdit(clock.name, self)
        self.name_edit.setPlaceholderText("What is coming?")
        tip(self.name_edit, "Clock name", "What the clock counts towards")
        self.size_combo = QComboBox(self)
        for n in (4, 6, 8):
            self.size_combo.addItem(f"{n} segments", n)
        self.size_combo.setCurrentIndex((4, 6, 8).index(clock.segments))
        tip(self.size_combo, "Clock size", "4, 6 or 8 segments")
        self.count_label = QLabel(self.dial.text(), self)
        tip(self.count_label, "Clock progress", "Segments filled")
        self.remove_button = QPushButton("Remove", self)
        tip(self.remove_button, "Remove clock", "Delete this clock")
        self.name_edit.textEdited.connect(self._on_name)
        self.size_combo.activated.connect(self._on_size)
        self.dial.changed.connect(self._on_filled)
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        right = QVBoxLayout()
        right.addWidget(self.name_edit)
        row = QHBoxLayout()
        row.addWidget(self.size_combo)
        row.addWidget(self.count_label, 1)
        row.addWidget(self.remove_button)
        right.addLayout(row)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.dial)
        layout.addLayout(right, 1)

    def show_clock(self, clock: ProgressClock) -> None:
        """Show ``clock`` (the campaign's, after a change): a copy of it."""
        self.clock = clock.model_copy(deep=True)
        self.dial.clock = clock.model_copy(deep=True)
        if self.name_edit.text() != clock.name:
            self.name_edit.setText(clock.name)
        index = self.size_combo.findData(clock.segments)
        if index >= 0 and index != self.size_combo.currentIndex():
            self.size_combo.setCurrentIndex(index)
        self.dial._update_text()
        self.dial.update()
        self._show_count()

    def _show_count(self) -> None:
        self.count_label.setText(self.dial.text() + (" — full!" if self.clock.is_full else ""))

    def _on_name(self, text: str) -> None:
        self.clock.name = text
        self.dial.clock.name = text
        self.dial._update_text()
        self.changed.emit()

    def _on_size(self, _index: int) -> None:
        segments = int(self.size_combo.currentData())
        self.clock = ProgressClock(name=self.clock.name, segments=segments,
                                   filled=min(self.clock.filled, segments))
        self.dial.clock = self.clock.model_copy(deep=True)
        self.dial._update_text()
        self.dial.update()
        self._show_count()
        self.changed.emit()

    def _on_filled(self, filled: int) -> None:
        self.clock.filled = filled
        self._show_count()
        self.changed.emit()


def _esc(text: str) -> str:
    return html.escape(text)


def party_column_html(row: PartyRow) -> str:
    """One PC's column as rich text."""
    parts = [f"<h3 style='margin:0'>{_esc(row.name)}</h3>"]
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


class PartyView(QWidget):
    """A campaign: its PCs side by side, GM notes and progress clocks.

    ``characters_loaded`` is emitted after the character files are (re)read.
    """

    characters_loaded = Signal()
    campaign_changed = Signal()
    path_changed = Signal()
    """The campaign now lives in another file (opened, saved as...)."""

    def __init__(self, campaign: Campaign | None = None, path: Path | None = None,
                 parent: QWidget | None = None,
                 owner_of: Callable[[Path], Character | None] | None = None) -> None:
        super().__init__(parent)
        self.owner_of = owner_of
        self.paper_source: Callable[[], str] = lambda: ""
        """The paper preference now (the GM's Table sets it; empty: the locale's)."""
        self.find_owner: Callable[[Path], CharacterDocument | None] | None = None
        """The open owner of a character file (the GM's Table sets it): changes to an
        open character go through it rather than behind it."""
        """The character of the open owner of a file, if any: the party shows (and the
        scene uses) that one rather than a second copy read from the file."""
        self.owner = SwordsEdgeCampaignOwner(campaign, path, self)
        """The open campaign's one owner: every change is an undo step on it."""
        self.owner.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.owner.changed.connect(self._on_owner_changed)
        self.owner.path_changed.connect(self.path_changed.emit)
        self.pcs: list[tuple[Path, Character | str]] = []
        self.ncs: list[tuple[Path, NarrativeCharacter | str]] = []
        """The campaign's opponent files, each read or with its one-line problem."""
        self.columns: list[QGroupBox] = []
        self.align_buttons: dict[Path, QPushButton] = {}
        self.clock_panels: list[ClockPanel] = []
        self._build()
        self._show_campaign()

    # -- building -------------------------------------------------------------------
    def _build(self) -> None:
        self.name_edit = QLineEdit(self)
        tip(self.name_edit, "Campaign name", "The campaign's name")
        self.name_edit.textEdited.connect(self._on_name)
        self.file_label = QLabel(self)
        tip(self.file_label, "Campaign file", "Where this campaign is saved")
        buttons = QHBoxLayout()
        self.new_button = QPushButton("Ne&w", self)
        tip(self.new_button, "New campaign", "Start an empty campaign")
        self.open_button = QPushButton("&Open…", self)
        tip(self.open_button, "Open campaign", "Open a .secampaign file")
        self.save_button = QPushButton("&Save", self)
        tip(self.save_button, "Save campaign", "Save the campaign file")
        self.save_as_button = QPushButton("Save &as…", self)
        tip(self.save_as_button, "Save campaign as", "Save the campaign under a new name")
        self.add_button = QPushButton("Add &characters…", self)
        tip(self.add_button, "Add characters", "Add .sechar files to the party")
        self.remove_combo = QComboBox(self)
        tip(self.remove_combo, "Character to remove", "Choose a character to take out of "
            "the party (the file is kept)")
        self.remove_button = QPushButton("&Remove", self)
        tip(self.remove_button, "Remove character", "Take the chosen character out of the "
            "party; the file is not deleted")
        self.reload_button = QPushButton("Re&load", self)
        tip(self.reload_button, "Reload characters", "Read the character files again")
        self.rules_button = QPushButton("Table r&ules…", self)
        tip(self.rules_button, "Campaign table rules", "The table rules this campaign plays "
            "by; new characters start with them")
        self.rules_button.clicked.connect(self.edit_table_rules)
        self.new_character_button = QPushButton("New c&haracter…", self)
        tip(self.new_character_button, "New character for this campaign", "Save a new, empty "
            "character file with the campaign's table rules and add it to the party")
        self.new_character_button.clicked.connect(self.new_character_dialog)
        self.export_summary_action = QAction("Export Party Summar&y…", self)
        self.export_summary_action.setToolTip(
            "Write one PDF: a one-page summary of the party for the GM, then every "
            "PC's sheet")
        self.export_summary_action.triggered.connect(lambda _c=False: self.export_summary())
        self.addAction(self.export_summary_action)
        self.export_summary_button = QPushButton("Export Party Summar&y…", self)
        tip(self.export_summary_button, "Export Party Summary",
            self.export_summary_action.toolTip())
        self.export_summary_button.clicked.connect(self.export_summary_action.trigger)
        self.new_button.clicked.connect(self.new_campaign)
        self.open_button.clicked.connect(self.open_dialog)
        self.save_button.clicked.connect(self.save)
        self.save_as_button.clicked.connect(self.save_as)
        self.add_button.clicked.connect(self.add_dialog)
        self.remove_button.clicked.connect(
            lambda: self.remove_character(self.remove_combo.currentIndex()))
        self.reload_button.clicked.connect(self.reload)
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
        head.addWidget(buddy("Ca&mpaign:", self.name_edit, self))
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
        self.notes_edit.textChanged.connect(self._on_notes)
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
        self.add_clock_button = QPushButton("Add c&lock", clocks_box)
        tip(self.add_clock_button, "Add clock", "Add a progress clock to the campaign")
        self.add_clock_button.clicked.connect(
            lambda: self.add_clock(self.add_clock_name.text().strip(),
                                   int(self.add_clock_size.currentData())))
        self.add_clock_name.returnPressed.connect(self.add_clock_button.click)
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
        notes_box = QGroupBox("GM &notes", bottom)
        QVBoxLayout(notes_box).addWidget(self.notes_edit)
        opponents_box = QGroupBox("Opponents", bottom)
        self.opponents_list = QListWidget(opponents_box)
        self.opponents_list.setObjectName("campaign_opponents")
        tip(self.opponents_list, "Campaign opponents", "The campaign's opponent files "
            "(.senc), saved with the campaign")
        self.add_opponents_button = QPushButton("Add o&pponents…", opponents_box)
        tip(self.add_opponents_button, "Add opponents", "Add .senc files to the campaign")
        self.remove_opponent_button = QPushButton("Remove", opponents_box)
        tip(self.remove_opponent_button, "Remove opponent", "Take the selected opponent out "
            "of the campaign; the file is not deleted")
        self.add_opponents_button.clicked.connect(self.add_opponents_dialog)
        self.remove_opponent_button.clicked.connect(
            lambda: self.remove_opponent(self.opponents_list.currentRow()))
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
        scroll.setMinimumHeight(240)
        self.notes_edit.setMinimumHeight(80)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(head)
        layout.addLayout(buttons)
        layout.addLayout(campaign_actions)
        layout.addWidget(splitter, 1)

    # -- campaign -------------------------------------------------------------------
    def _base_path(self) -> Path:
        return self.path if self.path is not None else Path.cwd() / f"untitled{CAMPAIGN_SUFFIX}"

    def _show_campaign(self) -> None:
        self.name_edit.setText(self.campaign.name)
        blocked = self.notes_edit.blockSignals(True)
        self.notes_edit.setPlainText(self.campaign.notes)
        self.notes_edit.blockSignals(blocked)
        for panel in self.clock_panels:
            self.clocks_layout.removeWidget(panel)
            panel.hide()
            panel.deleteLater()
        self.clock_panels = []
        for clock in self.campaign.clocks:
            self._add_clock_panel(clock)
        self.reload()
        self._update_title()

    def _update_title(self) -> None:
        where = str(self.path) if self.path is not None else "not saved yet"
        self.file_label.setText(f"{where}{' (unsaved changes)' if self.modified else ''}")

    def _on_clean_changed(self, _clean: bool) -> None:
        with contextlib.suppress(RuntimeError):  # the stack goes first when closing
            self._update_title()

    # The owner's state, as the views and the window read it.
    @property
    def campaign(self) -> Campaign:
        return self.owner.campaign

    @property
    def path(self) -> Path | None:
        return self.owner.path

    @property
    def undo_stack(self) -> QUndoStack:
        return self.owner.undo_stack

    @property
    def disk_stamp(self) -> DiskStamp | None:
        return self.owner.disk_stamp

    @property
    def modified(self) -> bool:
        return self.owner.modified

    def _on_owner_changed(self, replaced: bool) -> None:
        if replaced:
            self._show_campaign()
        else:
            self._show_clocks()
            self._update_title()
        self.campaign_changed.emit()

    def _show_clocks(self) -> None:
        """The clock panels show the campaign's clocks (one panel each)."""
        clocks = self.campaign.clocks
        if len(clocks) != len(self.clock_panels):
            for panel in self.clock_panels:
                self.clocks_layout.removeWidget(panel)
                panel.hide()
                panel.deleteLater()
            self.clock_panels = []
            for clock in clocks:
                self._add_clock_panel(clock)
            return
        for panel, clock in zip(self.clock_panels, clocks, strict=True):
            if panel.clock != clock:
                panel.show_clock(clock)

    def _on_name(self, text: str) -> None:
        self.owner.apply("Rename campaign", lambda c: setattr(c, "name", text), "name")

    def _on_notes(self) -> None:
        notes = self.notes_edit.toPlainText()
        self.owner.apply("Edit notes", lambda c: setattr(c, "notes", notes), "notes")

    def set_notes(self, text: str) -> None:
        self.notes_edit.setPlainText(text)

    def unsaved_work(self) -> list[UnsavedWork]:
        """The campaign, if it has changes not saved yet."""
        if not self.modified:
            return []
        return [UnsavedWork("campaign", self.campaign.name or "Campaign",
                            lambda: self.save() is not None)]

    def _may_replace(self, doing: str) -> bool:
        work = self.unsaved_work()
        return not work or ask_to_replace(self, work[0], doing)

    def new_campaign(self) -> None:
        if not self._may_replace("starting a new campaign"):
            return
        self.set_campaign(Campaign(name="New campaign"), None)

    def set_campaign(self, campaign: Campaign, path: Path | None) -> None:
        self.owner.replace(campaign, path)

    def restore_campaign(self, campaign: Campaign, path: Path | None,
                         stamp: DiskStamp | None) -> None:
        """A campaign brought back from its autosave: unsaved, living in ``path`` as the
        file was then (``stamp``), so a change made to it since is asked about."""
        self.owner.replace(campaign, path)
        self.owner.disk_stamp = stamp
        self.owner.mark_modified()
        self._update_title()

    def open_path(self, path: Path) -> bool:
        if not self._may_replace("opening another campaign"):
            return False
        try:
            campaign = load_campaign(path)
        except CharacterFileError as exc:
            warn(self, "Open campaign", str(exc))
            return False
        self.set_campaign(campaign, Path(path))
        return True

    def open_dialog(self) -> bool:
        name, _ = QFileDialog.getOpenFileName(self, "Open campaign", str(Path.home()),
                                              CAMPAIGN_FILTER)
        return self.open_path(Path(name)) if name else False

    def save(self) -> Path | None:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> Path | None:
        start = self.path or Path.home() / f"{self.campaign.name or 'campaign'}{CAMPAIGN_SUFFIX}"
        name, _ = QFileDialog.getSaveFileName(self, "Save campaign", str(start), CAMPAIGN_FILTER)
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() != CAMPAIGN_SUFFIX:
            path = path.with_name(path.name + CAMPAIGN_SUFFIX)
        return self.save_to(path)

    # -- the file on disk ------------------------------------------------------------
    def watched_path(self) -> Path | None:
        return self.path

    def disk_changed(self) -> bool:
        """Whether another program changed the campaign file since it was read here."""
        return self.owner.disk_changed()

    def on_disk_changed(self) -> None:
        """Reload a campaign without changes here; with changes, ask."""
        if self.path is None:
            return
        path = self.path

        def reload(campaign: Campaign) -> None:
            self.set_campaign(campaign, path)

        reload_changed_file(self.owner, self, path, "campaign", unsaved=self.modified,
                            load=load_campaign, reload=reload,
                            show=lambda text, _reloaded: self.file_label.setText(text),
                            label=str(path),
                            keep_mine=self.owner.keep_mine)

    def save_to(self, path: Path) -> Path | None:
        if not may_replace(self, Path(path), "campaign",
                           self.disk_changed() and same_file(path, self.path)):
            return None
        # Paths are written relative to the new file: make them absolute first.
        resolved = resolve_paths(self.campaign, self._base_path())
        pcs_paths = [str(p) for p in resolved.characters]
        opponents = [str(p) for p in resolved.opponents]
        campaign = self.campaign.model_copy(deep=True)
        campaign.characters = pcs_paths
        campaign.opponents = opponents
        try:
            save_campaign(campaign, path)
        except OSError as exc:
            warn(self, "Save campaign", f"{Path(path).name}: cannot be written ({exc.strerror})")
            return None
        self.owner.saved_to(Path(path), campaign)
        self._update_title()
        return self.path

    # -- characters -----------------------------------------------------------------
    def add_dialog(self) -> list[Path]:
        names, _ = QFileDialog.getOpenFileNames(self, "Add characters", str(Path.home()),
                                                CHARACTER_FILTER)
        return self.add_characters([Path(n) for n in names])

    def add_characters(self, paths: list[Path]) -> list[Path]:
        known = {p.resolve() for p, _ in self.pcs}
        added = [Path(p).resolve() for p in paths if Path(p).resolve() not in known]
        if not added:
            return []
        self.owner.apply("Add characters", lambda c: add_party_members(
            c, characters=[str(p) for p in added]))
        self.reload()
        return added

    def remove_character(self, index: int) -> None:
        if not 0 <= index < len(self.campaign.characters):
            return
        self.owner.apply("Remove character", lambda c: remove_party_member(c, index))
        self.reload()

    def reload(self) -> None:
        """Read the character and opponent files again and rebuild the view."""
        self.pcs, self.ncs = load_party(
            Campaign(characters=self.campaign.characters, opponents=self.campaign.opponents),
            self._base_path())
        if self.owner_of is not None:
            owned = [(p, self.owner_of(p)) for p, _ in self.pcs]
            self.pcs = [(p, o if o is not None else c)
                        for (p, c), (_, o) in zip(self.pcs, owned, strict=True)]
        self._show_opponents()
        for column in self.columns:
            self.columns_layout.removeWidget(column)
            column.hide()
            column.deleteLater()
        self.columns = []
        loaded = [c for _, c in self.pcs if not isinstance(c, str)]
        rows = iter(party_rows(loaded, self.campaign.table_rules))
        self.align_buttons = {}
        self.remove_combo.clear()
        for path, character in self.pcs:
            column = QGroupBox(self.columns_host)
            column.setObjectName("party_column")
            column.setMinimumWidth(220)
            column.setMaximumWidth(320)
            label = QLabel(column)
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                          | Qt.TextInteractionFlag.TextSelectableByKeyboard)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            if isinstance(character, str):
                title = path.name
                label.setText(f"<h3 style='margin:0'>{_esc(path.name)}</h3>"
                              f"<p style='color:#c0392b'>{_esc(character)}</p>")
                tip(label, f"{path.name}: unreadable", character)
            else:
                row = next(rows)
                title = row.name
                label.setText(party_column_html(row))
                summary = [f"Luck {row.luck}"]
                summary += [t.label for t in row.traits]
                summary += [f"{slot}: {text}" for slot, text in row.pivots]
                tip(label, row.name, "; ".join(summary))
            label.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            column_layout = QVBoxLayout(column)
            column_layout.addWidget(label)
            if not isinstance(character, str) and rules_differing(character, self.campaign):
                align = QPushButton("Use the campaign's table rules", column)
                tip(align, f"Align {row.name}'s table rules", "Give this character the "
                    "campaign's table rules and save its file")
                align.clicked.connect(lambda _=False, p=path: self.align_character(p))
                column_layout.addWidget(align)
                self.align_buttons[path] = align
            self.columns_layout.insertWidget(self.columns_layout.count(), column)
            self.columns.append(column)
            self.remove_combo.addItem(title, str(path))
            self.remove_combo.setItemData(self.remove_combo.count() - 1, str(path),
                                          Qt.ItemDataRole.ToolTipRole)
        self.empty_label.setVisible(not self.pcs)
        self.remove_combo.setEnabled(bool(self.pcs))
        self.remove_button.setEnabled(bool(self.pcs))
        has = bool(self.characters())
        self.export_summary_action.setEnabled(has)
        self.export_summary_button.setEnabled(has)
        self.characters_loaded.emit()

    # -- table rules ----------------------------------------------------------------
    def set_table_rules(self, options: RuleOptions) -> None:
        if options != self.campaign.table_rules:
            self.owner.apply("Table rules", lambda c: set_table_rules(c, options))
            self.reload()

    def edit_table_rules(self) -> None:
        dialog = CampaignRulesDialog(self.campaign.table_rules, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_table_rules(dialog.chosen())

    def align_character(self, path: Path) -> bool:
        """Give the character in ``path`` the campaign's table rules and save it."""
        document = self.find_owner(Path(path)) if self.find_owner is not None else None
        try:
            if document is not None:  # open: an undoable edit of its owner, then Save
                self._align_owner(document)
            else:
                character = load_character(path)
                align_table_rules(character, self.campaign)
                save_character(character, path)
        except CharacterFileError as exc:
            warn(self, "Table rules", str(exc))
            return False
        except OSError as exc:
            warn(self, "Table rules", f"{Path(path).name}: cannot be written ({exc.strerror})")
            return False
        self.reload()
        return True

    def _align_owner(self, document: CharacterDocument) -> None:
        campaign = self.campaign

        def align(character: Character) -> None:
            align_table_rules(character, campaign)

        document.apply("Take the campaign's table rules", align)
        if document.is_modified() or document.disk_changed():
            document.save()

    def new_character_at(self, path: Path) -> bool:
        """Save a new character for this campaign at ``path`` and add it to the party."""
        if path.suffix.lower() != CHARACTER_SUFFIX:
            path = path.with_name(path.name + CHARACTER_SUFFIX)
        try:
            save_character(new_character_for(self.campaign), path)
        except OSError as exc:
            warn(self, "New character", f"{path.name}: cannot be written ({exc.strerror})")
            return False
        self.add_characters([path])
        return True

    def new_character_dialog(self) -> bool:
        start = self._base_path().with_name(f"new-character{CHARACTER_SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(self, "New character", str(start),
                                              CHARACTER_FILTER)
        return self.new_character_at(Path(name)) if name else False

    def export_summary(self) -> Path | None:
        """Ask where, then write the GM's party summary page followed by the sheets of
        the campaign's readable PCs (one PDF); offer to open it."""
        from ui.systems.swords_edge.exports import announce_export, export_character_sheets

        characters = [character for character, _path in self.characters()]
        if not characters:
            return None
        path = export_character_sheets(
            self, characters, self.paper_source(), str(self._base_path().parent),
            title="Export Party Summary", party_summary=True)
        if path is not None:
            announce_export(self, path)
        return path

    def characters(self) -> list[tuple[Character, Path]]:
        """The readable PCs with their files (for the scene tracker)."""
        return [(c, p) for p, c in self.pcs if not isinstance(c, str)]

    def column_texts(self) -> list[str]:
        """The plain text of each column (for tests and readers)."""
        texts = []
        for column in self.columns:
            label = column.findChild(QLabel)
            doc = label.text() if label is not None else ""
            from PySide6.QtGui import QTextDocument

            document = QTextDocument()
            document.setHtml(doc)
            texts.append(document.toPlainText())
        return texts

    # -- opponents ------------------------------------------------------------------
    def _show_opponents(self) -> None:
        self.opponents_list.clear()
        for path, nc in self.ncs:
            if isinstance(nc, str):
                item = QListWidgetItem(f"{path.name}: {nc}")
                item.setToolTip(f"{path}\n{nc}")
            else:
                item = QListWidgetItem(f"{nc.name or path.stem} — {nc.rank.label} "
                                       f"{nc.type.value}, TN {nc.base_tn}")
                item.setToolTip(str(path))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.opponents_list.addItem(item)
        if self.ncs:
            self.opponents_list.setCurrentRow(0)
        self.remove_opponent_button.setEnabled(bool(self.ncs))

    def add_opponents_dialog(self) -> list[Path]:
        names, _ = QFileDialog.getOpenFileNames(self, "Add opponents", str(Path.home()),
                                                NC_FILTER)
        return self.add_opponents([Path(n) for n in names])

    def add_opponents(self, paths: list[Path]) -> list[Path]:
        """Add ``.senc`` files to the campaign (each once)."""
        known = {p.resolve() for p, _ in self.ncs}
        added: list[Path] = []
        for p in paths:
            resolved = Path(p).resolve()
            if resolved not in known and resolved not in added:
                added.append(resolved)
        if not added:
            return []
        self.owner.apply("Add opponents", lambda c: add_party_members(
            c, opponents=[str(p) for p in added]))
        self.reload()
        return added

    def remove_opponent(self, index: int) -> None:
        """Take an opponent out of the campaign (the file is kept)."""
        if not 0 <= index < len(self.campaign.opponents):
            return
        self.owner.apply("Remove opponent",
                         lambda c: remove_party_member(c, index, opponent=True))
        self.reload()

    def opponents(self) -> list[tuple[NarrativeCharacter, Path]]:
        """The campaign's readable opponents with their files."""
        return [(nc, p) for p, nc in self.ncs if not isinstance(nc, str)]

    def opponent_texts(self) -> list[str]:
        """The opponents list as shown (for tests and readers)."""
        return [self.opponents_list.item(i).text() for i in range(self.opponents_list.count())]

    # -- clocks ---------------------------------------------------------------------
    def add_clock(self, name: str = "", segments: int = 6) -> ClockPanel:
        clock = ProgressClock(name=name, segments=segments)
        self.owner.apply("Add clock", lambda c: add_clock(c, clock))
        self.add_clock_name.clear()
        return self.clock_panels[-1]

    def _add_clock_panel(self, clock: ProgressClock) -> ClockPanel:
        panel = ClockPanel(clock, self)
        panel.changed.connect(lambda: self._on_clock_changed(panel))
        panel.remove_requested.connect(self.remove_clock)
        self.clocks_layout.insertWidget(self.clocks_layout.count() - 1, panel)
        self.clock_panels.append(panel)
        return panel

    def remove_clock(self, panel: ClockPanel) -> None:
        if panel not in self.clock_panels:
            return
        answer = QMessageBox.question(
            self, "Remove clock", f"Remove the clock “{panel.clock.name or 'unnamed'}”?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return
        index = self.clock_panels.index(panel)
        self.owner.apply("Remove clock", lambda c: remove_clock(c, index))

    def _on_clock_changed(self, panel: ClockPanel) -> None:
        """A clock panel's edit (name, size, segments) reaches the campaign."""
        if panel not in self.clock_panels:
            return
        index = self.clock_panels.index(panel)
        clock = panel.clock.model_copy(deep=True)
        self.owner.apply("Change clock", lambda c: replace_clock(c, index, clock))
