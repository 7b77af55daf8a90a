"""The party view: a campaign's PCs side by side, the GM's notes and progress clocks."""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QGroupBox,
    QLabel,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.campaign import (
    CAMPAIGN_SUFFIX,
    Campaign,
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
from seforge.systems.swords_edge.wording import distinct_titles
from ui.shell.unsaved_dialog import UnsavedWork, ask_to_replace
from ui.shell.widgets import tip
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DiskStamp, same_file
from ui.systems.swords_edge.gm_table import folders
from ui.systems.swords_edge.gm_table.campaign_owner import SwordsEdgeCampaignOwner
from ui.systems.swords_edge.gm_table.clocks import ClockPanel
from ui.systems.swords_edge.gm_table.common import warn
from ui.systems.swords_edge.gm_table.disk_prompts import may_replace, reload_changed_file
from ui.systems.swords_edge.gm_table.party_layout import PartyLayout, party_column_html
from ui.systems.swords_edge.rules_dialog import CampaignRulesDialog

CAMPAIGN_FILTER = f"Sword's Edge campaigns (*{CAMPAIGN_SUFFIX});;All files (*)"
CHARACTER_FILTER = f"Sword's Edge characters (*{CHARACTER_SUFFIX});;All files (*)"
NC_FILTER = f"Sword's Edge opponents (*{NC_SUFFIX});;All files (*)"


class PartyView(PartyLayout):
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
        self._connect_widgets()
        self._show_campaign()

    def _connect_widgets(self) -> None:
        self.name_edit.textEdited.connect(self._on_name)
        self.rules_button.clicked.connect(self.edit_table_rules)
        self.new_character_button.clicked.connect(self.new_character_dialog)
        self.export_summary_action.triggered.connect(lambda _c=False: self.export_summary())
        self.export_summary_button.clicked.connect(self.export_summary_action.trigger)
        self.new_button.clicked.connect(self.new_campaign)
        self.open_button.clicked.connect(self.open_dialog)
        self.save_button.clicked.connect(self.save)
        self.save_as_button.clicked.connect(self.save_as)
        self.add_button.clicked.connect(self.add_dialog)
        self.remove_button.clicked.connect(
            lambda: self.remove_character(self.remove_combo.currentIndex()))
        self.reload_button.clicked.connect(self.reload)
        self.notes_edit.textChanged.connect(self._on_notes)
        self.add_clock_button.clicked.connect(
            lambda: self.add_clock(self.add_clock_name.text().strip(),
                                   int(self.add_clock_size.currentData())))
        self.add_clock_name.returnPressed.connect(self.add_clock_button.click)
        self.add_opponents_button.clicked.connect(self.add_opponents_dialog)
        self.remove_opponent_button.clicked.connect(
            lambda: self.remove_opponent(self.opponents_list.currentRow()))

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
        folder = folders.start_folder("characters", (p for p, _ in self.pcs))
        names, _ = QFileDialog.getOpenFileNames(self, "Add characters", folder,
                                                CHARACTER_FILTER)
        folders.remember("characters", names)
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
        titles = iter(self._titles())
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
                label.setText(f"<h3 style='margin:0'>{html.escape(path.name)}</h3>"
                              f"<p style='color:#c0392b'>{html.escape(character)}</p>")
                tip(label, f"{path.name}: unreadable", character)
            else:
                row = next(rows)
                title = next(titles)  # two PCs of one name are told apart
                label.setText(party_column_html(row, title))
                summary = [f"Luck {row.luck}"]
                summary += [t.label for t in row.traits]
                summary += [f"{slot}: {text}" for slot, text in row.pivots]
                tip(label, title, "; ".join(summary))
            label.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            column_layout = QVBoxLayout(column)
            column_layout.addWidget(label)
            if not isinstance(character, str) and rules_differing(character, self.campaign):
                align = QPushButton("Use the campaign's table rules", column)
                tip(align, f"Align {title}'s table rules", "Give this character the "
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

    def _titles(self) -> list[str]:
        """The readable PCs' names as the party shows them: PCs who share a name get
        their player's name, else their file's, in brackets."""
        read = [(p, c) for p, c in self.pcs if not isinstance(c, str)]
        return distinct_titles([c.name or "(unnamed)" for _p, c in read],
                               [c.player for _p, c in read], [p.name for p, _c in read])

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
        folder = folders.start_folder("opponents", (p for p, _ in self.ncs))
        names, _ = QFileDialog.getOpenFileNames(self, "Add opponents", folder, NC_FILTER)
        folders.remember("opponents", names)
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
