"""The GM's table in one widget: Opponents, Party and Scene as tabs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QScrollArea,
    QSizePolicy,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.file_identity import same_file
from seforge.systems.swords_edge.models import Character, NarrativeCharacter
from ui.shell.unsaved_dialog import UnsavedWork
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.gm_table.scene.autosave import autosave_path
from ui.systems.swords_edge.gm_table.scene.tracker import OpenCalculator, SaveDocument, SceneTracker

OpenCharacters = Callable[[], Sequence[tuple[Character, Path | None]]]


def _none() -> list[tuple[Character, Path | None]]:
    return []


class GMTableWidget(QWidget):
    """Opponent library, party view and scene tracker, wired together.

    ``open_characters`` lists the builder's open characters with their files (None
    for an unsaved one); the scene tracker offers them next to the campaign's PCs.
    ``open_calculator`` is handed to the tracker ("Open in calculator"). With
    ``restore_scene``, an autosaved scene is offered back (Restore or Discard) once the
    table is on screen (:meth:`offer_restore`).
    ``paper`` is the paper preference or, better, a function that reads it when the
    cards are printed (so a later File › Paper Size change applies).
    """

    def __init__(self, open_characters: OpenCharacters | None = None,
                 open_calculator: OpenCalculator | None = None,
                 data_dir: Path | None = None, paper: str | Callable[[], str] = "",
                 parent: QWidget | None = None, restore_scene: bool = True,
                 registry: DocumentRegistry | None = None,
                 save_document: SaveDocument | None = None) -> None:
        super().__init__(parent)
        self.registry = registry if registry is not None else DocumentRegistry(self)
        self.setObjectName("gm_table")
        self.setAccessibleName("GM's table")
        self._open_characters = open_characters or _none
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("gm_table_tabs")
        self.tabs.setAccessibleName("GM's table tabs")
        self.opponents = OpponentLibrary(data_dir, paper, self.tabs)
        self.party = PartyView(parent=self.tabs, owner_of=self._owner_character)
        self.party.find_owner = self.registry.find
        self.party.paper_source = lambda: self.opponents.paper
        self.scene = SceneTracker(
            open_calculator=open_calculator,
            characters_provider=self.scene_candidates,
            opponents_provider=self.scene_opponents,
            parent=self.tabs,
            registry=self.registry,
            save_document=save_document,
        )
        for widget, title, tip in (
            (self.opponents, "&Opponents", "Build, find and print opponents"),
            (self.party, "&Party", "The campaign: PCs side by side, notes, clocks"),
            (self.scene, "Sce&ne", "Track the scene: pairings, Momentum, Stress"),
        ):
            index = self.tabs.addTab(widget, title)
            self.tabs.setTabToolTip(index, tip)
        self._add_party_print_actions()
        self.opponents.add_to_scene_requested.connect(self._add_to_scene)
        self.scene.files_written.connect(lambda _paths: self.party.reload())
        pages: list[QWidget] = [self.opponents, self.party, self.scene]
        self._policies = {page: page.sizePolicy() for page in pages}
        self.tabs.currentChanged.connect(self._size_to_current_tab)
        self._size_to_current_tab()
        # The tabs scroll rather than impose their size: docked under the sheet on a
        # 768 px screen the table must not push the window off the screen.
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setObjectName("gm_table_scroll")
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(self.tabs)
        # a Tab stop that showed nothing: Tab goes from page to page's controls (Qt
        # still scrolls to the control reached)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._party_timer = QTimer(self)
        self._party_timer.setSingleShot(True)
        self._party_timer.setInterval(0)
        self._party_timer.timeout.connect(self._refresh_party)
        self.registry.added.connect(self._follow_owner)
        for document in self.registry.documents():
            self._follow_owner(document)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll_area)
        # Asked once the table is shown and drawn, not while it is built: its dock was
        # still empty then, showing whatever lay under it behind the question.
        self._restore_pending = restore_scene and autosave_path().exists()
        if self._restore_pending:
            self.scene.autosave = False  # last time's scene stays until answered

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._restore_pending:
            QTimer.singleShot(0, self, self.offer_restore)

    def offer_restore(self) -> bool:
        """Ask, once, whether to restore last time's autosaved scene (drawing the
        table first when it is on screen); whether it was restored."""
        if not self._restore_pending:
            return False
        self._restore_pending = False
        self.scene.autosave = True
        if self.isVisible():
            self.window().repaint()
        return self.scene.offer_restore()

    def event(self, event: QEvent) -> bool:
        """Alt with a tab's letter (the table's, or a shown page's own tabs'), the focus
        anywhere in the table: that tab, at the first press. The letter may be another
        pane's too (a character's sheet beside the table has Concept, Player and Name,
        the GM Screen its Reference and Test calculator tabs): Qt would then take turns
        between them, the first press often going to the other pane. Where Qt offers no
        letters (macOS), none is taken."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            found = self._tab_for_key(event)
            if found is not None:
                event.accept()  # no shortcut of the window's gets it
                tabs, index = found
                tabs.setCurrentIndex(index)
                return True
        return super().event(event)

    def _tab_for_key(self, event: QKeyEvent) -> tuple[QTabWidget, int] | None:
        """The shown tab whose letter ``event`` is, as Qt's own tab bar matches it."""
        pressed = QKeySequence(event.keyCombination())
        for tabs in [self.tabs, *self.tabs.findChildren(QTabWidget)]:
            if not tabs.isVisible():
                continue
            for index in range(tabs.count()):
                letter = QKeySequence.mnemonic(tabs.tabText(index))
                if (not letter.isEmpty() and letter == pressed
                        and tabs.isTabEnabled(index) and tabs.isTabVisible(index)):
                    return tabs, index
        return None

    def _size_to_current_tab(self, _index: int = -1) -> None:
        """Only the tab shown counts for the table's size (a tall Party tab must not
        make the Opponents tab scroll)."""
        current = self.tabs.currentWidget()
        ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        for page, policy in self._policies.items():
            page.setSizePolicy(policy if page is current else ignored)
        self.tabs.updateGeometry()

    def sizeHint(self) -> QSize:
        """What the tabs would like (the scroll area around them would ask for little)."""
        return self.tabs.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return QSize(320, 120)

    def _add_party_print_actions(self) -> None:
        """Right click on the Party tab: preview or print the campaign's PC sheets."""
        self.party_preview_action = QAction("Print Pre&view of the Party's Sheets…", self.party)
        self.party_preview_action.setToolTip("See every PC's sheet as it will print")
        self.party_preview_action.triggered.connect(lambda _c=False: self.print_party(True))
        self.party_print_action = QAction("P&rint the Party's Sheets…", self.party)
        self.party_print_action.setToolTip("Send every PC's sheet to a printer")
        self.party_print_action.triggered.connect(lambda _c=False: self.print_party(False))
        self.party.addAction(self.party_preview_action)
        self.party.addAction(self.party_print_action)
        self.party.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.party.characters_loaded.connect(self._update_party_print_actions)
        self._update_party_print_actions()

    def _update_party_print_actions(self) -> None:
        has = bool(self.party.characters())
        self.party_preview_action.setEnabled(has)
        self.party_print_action.setEnabled(has)

    def print_party(self, preview: bool = False) -> bool:
        """Print (or preview) the sheets of the campaign's readable PCs, on the paper
        preference as it is now."""
        from ui.systems.swords_edge.printing import print_direct, print_preview, sheets_job

        characters = [c for c, _path in self.party.characters()]
        if not characters:
            return False
        job = sheets_job(characters, self.opponents.paper)
        if preview:
            print_preview(self, job)
            return True
        return print_direct(self, job)

    def scene_candidates(self) -> list[tuple[Character, Path | None]]:
        """The campaign's PCs, then the open characters not already listed."""
        found: list[tuple[Character, Path | None]] = list(self.party.characters())
        listed = [p for _, p in found if p is not None]
        for character, path in self._open_characters():
            if any(same_file(path, p) for p in listed):  # one file, however named
                continue
            found.append((character, path))
        return found

    def _follow_owner(self, document: CharacterDocument) -> None:
        """The party view redraws (once per burst of edits) when a PC's owner changes."""
        document.changed.connect(lambda _changes: self._party_timer.start())

    def _refresh_party(self) -> None:
        if any(self.registry.find(path) is not None for path, _ in self.party.pcs):
            self.party.reload()

    def unsaved_work(self) -> list[UnsavedWork]:
        """The GM's unsaved opponent and campaign (characters are the registry's)."""
        return self.opponents.unsaved_work() + self.party.unsaved_work()

    def _owner_character(self, path: Path) -> Character | None:
        """The open owner's character for a campaign PC's file (None: not open)."""
        document = self.registry.find(path)
        return document.character if document is not None else None

    def scene_opponents(self) -> list[NarrativeCharacter]:
        """The campaign's opponents, then the opponent library's."""
        return [nc for nc, _ in self.party.opponents()] + self.opponents.all_ncs()

    def _add_to_scene(self, nc: object, count: int) -> None:
        self.scene.add_nc(nc, count)  # type: ignore[arg-type]
        self.tabs.setCurrentWidget(self.scene)
