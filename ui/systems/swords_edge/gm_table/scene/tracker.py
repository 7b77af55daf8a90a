"""The scene tracker: PCs and NCs in a scene, who faces whom, Momentum, Stress,
Luck, Doom, and the end of the scene written to the PCs' files.

Every rule is :class:`seforge.systems.swords_edge.scene.Scene`'s; a refused operation shows the
core's :class:`~seforge.systems.swords_edge.scene.RefusedError` message and changes nothing.

Each PC is the character of its owner in the
:class:`~ui.systems.swords_edge.document_registry.DocumentRegistry`
(the builder tab's document when the PC is open there): whatever a scene step does to
a PC is an undo command on that owner, so the builder tab shows it modified, autosave
keeps it and Undo takes it back; ending the scene saves the owners.

The dialogs are in :mod:`.dialogs`, one PC's pairing in :mod:`.pc_panel`, the steps on
the PCs' owners in :mod:`.pc_owner_steps` and the autosave in :mod:`.autosave`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.file_identity import same_file
from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
)
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, Trait
from seforge.systems.swords_edge.scene import (
    Scene,
)
from seforge.systems.swords_edge.scene_changes import Patch
from seforge.systems.swords_edge.scene_text import nc_state_text, scene_numbering
from seforge.systems.swords_edge.wording import distinct_titles
from ui.shell.steady_text import reserve_lines
from ui.shell.widgets import DocumentLineEdit, buddy, button, tip
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm_table import folders
from ui.systems.swords_edge.gm_table.common import TYPE_LABELS, warn
from ui.systems.swords_edge.gm_table.scene.autosave import SceneAutosave
from ui.systems.swords_edge.gm_table.scene.calculator_link import SceneCalculatorLink
from ui.systems.swords_edge.gm_table.scene.dialogs import (
    AddOpponentsDialog,
    DoomDialog,
    FacesDialog,
    LuckDialog,
    PCStressDialog,
    StuntDialog,
)
from ui.systems.swords_edge.gm_table.scene.ending import KEEP_OTHERS as KEEP_OTHERS
from ui.systems.swords_edge.gm_table.scene.ending import SAVE_OTHERS as SAVE_OTHERS
from ui.systems.swords_edge.gm_table.scene.ending import SceneEnding
from ui.systems.swords_edge.gm_table.scene.owner import SceneOwner
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import (
    HOLDER,
    PCOwnerSteps,
    sentence,
)
from ui.systems.swords_edge.gm_table.scene.pc_panel import NCOverview, PCPanel
from ui.systems.swords_edge.gm_table.scene_commands import SceneStep, scene_steps
from ui.systems.swords_edge.play.dialogs import PivotDialog
from ui.systems.swords_edge.widgets import cell_text

CHARACTER_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"


OpenCalculator = Callable[..., None]
"""``open_calculator(character, ncs)``; a :class:`CalculatorBridge` also gets the
NCs' Stress, the Qualities spent on Momentum and the Momentum Level."""
CharactersProvider = Callable[[], Sequence[tuple[Character, Path | None]]]
OpponentsProvider = Callable[[], Sequence[NarrativeCharacter]]
SaveDocument = Callable[[CharacterDocument], bool]
"""Saves one PC's owner (the main window's Save, with its checks); True when written."""
REFRESH_DELAY_MS = 300
"""How long after the last keystroke in the builder the tracker redraws a PC."""


def _book_ncs() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc")]


def _no_characters() -> list[tuple[Character, Path | None]]:
    return []


class SceneTracker(SceneAutosave, PCOwnerSteps, SceneCalculatorLink, SceneEnding):
    """The scene on the GM's table, over a :class:`seforge.systems.swords_edge.scene.Scene`.

    ``paths`` maps a PC's scene id to its character file: the end of the scene
    writes each PC there. ``files_written(list[Path])`` is emitted afterwards.

    With ``autosave`` (the default), every change writes the scene to
    :func:`.autosave.autosave_path` (atomically) with the PCs' files beside it;
    :meth:`offer_restore` brings such a scene back.
    """

    changed = Signal()
    files_written = Signal(list)

    def __init__(
        self,
        scene: Scene | None = None,
        open_calculator: OpenCalculator | None = None,
        characters_provider: CharactersProvider | None = None,
        opponents_provider: OpponentsProvider | None = None,
        parent: QWidget | None = None,
        autosave: bool = True,
        registry: DocumentRegistry | None = None,
        save_document: SaveDocument | None = None,
    ) -> None:
        super().__init__(parent)
        self.autosave = False
        self.registry = registry if registry is not None else DocumentRegistry(self)
        self.save_document = save_document
        self._watched: list[CharacterDocument] = []
        self._busy = False
        """True while a scene step runs (its own changes need no second refresh)."""
        self.owner = SceneOwner(scene, self)
        """The scene's owner: the scene and its undo stack."""
        self.undo_stack = self.owner.undo_stack
        """The scene's own half of every step (NC Stress, pairings, the log...)."""
        self._known: dict[str, Character] = {}
        self._base_changes: dict[str, list[Patch]] = {}
        """What a restored scene had done to each PC before its history here began."""
        self._awaiting_own_autosave: dict[str, CharacterDocument] = {}
        """The restored scene's PCs without a file, brought back whole from the scene's
        autosave, whose own autosave may still come back in a tab (see
        ``_on_document_added``)."""
        self._test_step: list[SceneStep] | None = None
        """While a calculator step on a pairing is pushed: where its scene half goes."""
        self._routed = False
        """True once the calculator's steps on a pairing come to this scene's stack."""
        """Every Character a PC id was bound to, to rebind after an undo."""
        self._focus_wanted = ""
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(REFRESH_DELAY_MS)
        self._later.timeout.connect(self.refresh)
        self.open_calculator = open_calculator
        self.characters_provider = characters_provider or _no_characters
        self.opponents_provider = opponents_provider or _book_ncs
        self.paths: dict[str, Path | None] = {}
        self.panels: dict[str, PCPanel] = {}
        self._notice: tuple[int, str] | None = None
        """A word about something outside the scene's history (files written, the autosave)
        and the owner's revision it belongs to: shown until the scene next changes."""
        self._history_index = 0
        self._after_undo = False
        """Whether the scene's history last moved back (an Undo)."""
        self._build()
        self.owner.changed.connect(self.refresh)
        self.registry.added.connect(self._on_document_added)
        self.undo_stack.indexChanged.connect(self._on_history_moved)
        self.undo_stack.indexChanged.connect(self._drop_broken_redo)
        self.refresh()
        self.autosave = autosave
        """Whether changes are written to :func:`.autosave.autosave_path` (off while building,
        so a scene waiting to be restored is not overwritten)."""

    @property
    def scene(self) -> Scene:
        """The running scene, held by :attr:`owner`."""
        return self.owner.scene

    @scene.setter
    def scene(self, scene: Scene) -> None:
        self.owner.scene = scene

    # -- building -------------------------------------------------------------------
    def _build(self) -> None:
        self.name_edit = DocumentLineEdit(self.scene.name, self)
        self.name_edit.setPlaceholderText("A name for this scene (optional)")
        tip(self.name_edit, "Scene name", "A name for the scene (shown in the log)")
        self.number_label = QLabel(self)
        self.number_label.setObjectName("scene_number")
        tip(self.number_label, "Scene number",
            "The session and scene, numbered as in each PC's Play dock")
        self.name_edit.editingFinished.connect(self._on_name)
        self.add_pc_button = QPushButton("A&dd PCs", self)
        tip(self.add_pc_button, "Add PCs", "Bring PCs from the campaign or the open "
            "characters into the scene, or open a character file")
        self.pc_menu = QMenu(self.add_pc_button)
        self.pc_menu.aboutToShow.connect(self._fill_pc_menu)
        self.add_pc_button.setMenu(self.pc_menu)
        self.add_nc_button = button(
            "Add opponen&ts…", self, "Add opponents",
            "Bring opponents from the library into the "
            "scene, several at once if you like",
            self.add_opponents_dialog)
        self.end_button = button(
            "End &scene…", self, "End scene",
            "Walk each PC through Recovery, Luck and Pivots, "
            "then write their files",
            self.end_scene_dialog)
        self.new_button = button(
            "Ne&xt scene", self, "Next scene",
            "Start a new scene with the same PCs (opponents "
            "leave)",
            self.next_scene)
        top = QHBoxLayout()
        top.addWidget(buddy("Scene:", self.name_edit, self))
        top.addWidget(self.number_label)
        top.addWidget(self.name_edit, 1)
        for widget in (self.add_pc_button, self.add_nc_button, self.end_button,
                       self.new_button):
            top.addWidget(widget)

        self.pcs_host = QWidget(self)
        self.pcs_layout = QVBoxLayout(self.pcs_host)
        self.pcs_layout.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.no_pcs = QLabel("No PCs in the scene: use “Add PCs”.", self.pcs_host)
        self.pcs_layout.addWidget(self.no_pcs)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.pcs_host)
        scroll.setAccessibleName("Pairings")
        self.pcs_scroll = scroll

        right = QWidget(self)
        self.overview = NCOverview(right)
        self.overview.setObjectName("scene_ncs")
        self.overview_stress = QSpinBox(right)
        self.overview_stress.setRange(1, 10)
        self.overview_stress.setPrefix("Stress ")
        tip(self.overview_stress, "Stress to give", "How much Stress the selected opponents "
            "take, each")
        self.overview_stress_button = QPushButton("Give Stress", right)
        tip(self.overview_stress_button, "Give Stress to selected",
            "The selected opponents each take this much Stress")
        self.overview_stress_button.clicked.connect(
            lambda: [self.nc_takes_stress(i, self.overview_stress.value())
                     for i in self.overview.selected_ids()])
        self.overview_remove_button = QPushButton("Remove", right)
        tip(self.overview_remove_button, "Remove selected", "Take the selected opponents out "
            "of the scene (fled, surrendered, the GM's call)")
        self.overview_remove_button.clicked.connect(
            lambda: [self.remove_nc(i) for i in self.overview.selected_ids()])
        row = QHBoxLayout()
        row.addWidget(self.overview_stress)
        row.addWidget(self.overview_stress_button)
        row.addWidget(self.overview_remove_button)
        row.addStretch(1)
        self.log_list = QListWidget(right)
        self.log_list.setObjectName("scene_log")
        self.log_list.setWordWrap(True)
        tip(self.log_list, "Scene log", "What happened in the scene, in order")
        self.status_label = QLabel(right)
        self.status_label.setWordWrap(True)
        reserve_lines(self.status_label, 2)  # a line of two moved the log and its buttons
        tip(self.status_label, "Scene status", "The last thing the tracker did")
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(QLabel("<b>Opponents in the scene</b>", right))
        right_layout.addWidget(self.overview, 2)
        right_layout.addLayout(row)
        right_layout.addWidget(buddy("<b>&Log</b>", self.log_list, right))
        right_layout.addWidget(self.log_list, 3)
        right_layout.addWidget(self.status_label)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(scroll)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([850, 430])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

    # -- showing --------------------------------------------------------------------
    def momentum_text(self, pc_id: str) -> str:
        entry = self.scene.pc(pc_id)
        if not self.scene.facing(pc_id):
            return "Momentum: no opponent faced"
        try:
            tn = f"Momentum TN {self.momentum_tn(pc_id)}"
        except RefusedError as exc:
            tn = f"Momentum TN: {exc}"
        if entry.momentum == "pc":
            bonus = self.scene.first_action_bonus(pc_id)
            who = f"{self.scene.title(pc_id)} holds the Momentum ({entry.momentum_level}"
            who += f", +{bonus} on the first Action)" if bonus else ")"
        elif entry.momentum == "nc":
            who = "The opponents hold the Momentum"
        elif (judged := entry.test.verdict if entry.test else None) is not None \
                and judged.step in ("momentum", "seize"):
            # judged in the calculator, settled once the GM goes on to the Action: it
            # said "not tested yet" under a roll the log already showed
            who = f"{judged.headline} in the calculator; settled on going to the Action"
        else:
            who = "Momentum not tested yet"
        return f"{tn} · {who}"

    def momentum_tn(self, pc_id: str) -> int:
        """The pairing's Momentum TN with the NC Qualities chosen (RefusedError if none)."""
        return self.scene.momentum_tn_for(pc_id, self.scene.momentum_applied(pc_id))

    def refresh(self) -> None:
        self._later.stop()
        self._sync_owners()
        self.name_edit.show_text(self.scene.name)  # an undo or a restore named it
        # The focus is put back only where it is now: focusWidget() would also name the
        # child that last had it while the GM works in a tab or the Play dock, and the
        # redraw of their step would pull the focus (and Edit › Undo) into the scene.
        focus = QApplication.focusWidget()
        if focus is not None:
            focus_name = focus.objectName() if self.isAncestorOf(focus) else ""
        else:  # nowhere: a redraw just before took it from a panel, not given back yet
            focus_name = self._focus_wanted
        self._focus_wanted = focus_name  # until a redraw's panels show and take it
        # The pairings stay where the GM scrolled them: hiding the old panel that held
        # the focus sent it to a widget further down and the view jumped there.
        scrolled = self.pcs_scroll.verticalScrollBar().value()
        if focus is not None and focus.objectName() \
                and any(p.isAncestorOf(focus) for p in self.panels.values()):
            focus.clearFocus()  # not passed on down the page while its panel goes
        for panel in self.panels.values():
            self.pcs_layout.removeWidget(panel)
            panel.hide()
            panel.deleteLater()
        self.panels = {}
        for entry in self.scene.pcs:
            panel = PCPanel(self, entry)
            self.pcs_layout.addWidget(panel)
            self.panels[entry.id] = panel
        self.no_pcs.setVisible(not self.scene.pcs)
        numbering = scene_numbering(self.scene)
        self.number_label.setText(numbering)
        self.number_label.setVisible(bool(numbering))
        self._refresh_overview()
        self.log_list.clear()
        self.log_list.addItems(self.scene.log)
        self.log_list.scrollToBottom()
        ended = self.scene.ended
        self.add_pc_button.setEnabled(not ended)
        self.add_nc_button.setEnabled(not ended)
        self.end_button.setEnabled(not ended and bool(self.scene.pcs))
        self.new_button.setEnabled(ended)
        for widget in (self.overview_stress, self.overview_stress_button,
                       self.overview_remove_button):
            widget.setEnabled(not ended)
        self._keep_scrolled(scrolled)
        if focus_name:
            # the new panels show once laid out: only then can one take the focus
            QTimer.singleShot(0, self, lambda: self._refocus(focus_name))
        self.save_autosave()
        self._draw_status()
        self.changed.emit()

    def _refocus(self, name: str) -> None:
        """Give the focus back to the control called ``name`` in the panels now shown."""
        found = [w for w in self.findChildren(QWidget, name)
                 if w.isVisible() and w.isEnabled()]
        if found and self._focus_wanted == name:
            found[0].setFocus()
            self._focus_wanted = ""

    def _keep_scrolled(self, value: int) -> None:
        """Scroll the pairings back to ``value`` now and once the new panels are laid out
        (the scroll range follows them only then)."""
        bar = self.pcs_scroll.verticalScrollBar()
        bar.setValue(value)
        QTimer.singleShot(0, bar, lambda: bar.setValue(value))

    # -- the status line ------------------------------------------------------------
    def status_text(self) -> str:
        """The status line, from the scene's owner: a notice of this very revision, else
        what the scene's history says (what the step on top wrote to the log, or after an
        Undo, which step went)."""
        if self._notice is not None and self._notice[0] == self.owner.revision:
            return self._notice[1]
        stack = self.undo_stack
        index = stack.index()
        if self._after_undo and index < stack.count():
            return f"Undone: {stack.text(index).removeprefix('Scene: ')}."
        if index == 0:
            return ""
        lines = [line for step in scene_steps(stack.command(index - 1))
                 for line in step.added_lines()]
        return lines[-1] if lines else ""

    def show_notice(self, text: str) -> None:
        """Say ``text`` on the status line until the scene next changes."""
        self._notice = (self.owner.revision, text)
        self._draw_status()

    def _draw_status(self) -> None:
        self.status_label.setText(self.status_text())

    def _on_history_moved(self, index: int) -> None:
        self._after_undo = index < self._history_index and index < self.undo_stack.count()
        self._history_index = index
        self._draw_status()

    def _refresh_overview(self) -> None:
        facing: dict[str, list[str]] = {}
        titles = self.scene.pc_titles()
        for pc in self.scene.pcs:
            for nid in pc.facing:
                facing.setdefault(nid, []).append(titles[pc.id])
        self.overview.setRowCount(len(self.scene.ncs))
        for row, entry in enumerate(self.scene.ncs):
            cells = [entry.name, TYPE_LABELS[entry.nc.type], nc_state_text(entry),
                     ", ".join(facing.get(entry.id, [])) or ("—" if entry.removed
                                                            else "nobody")]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                if entry.removed:
                    font = item.font()
                    font.setStrikeOut(column == 0)
                    item.setFont(font)
                    item.setForeground(self.palette().color(
                        self.palette().ColorGroup.Disabled, self.palette().ColorRole.Text))
                self.overview.setItem(row, column, item)

    def nc_states(self) -> dict[str, str]:
        """The state column of the overview, by NC name (for tests and readers)."""
        return {cell_text(self.overview, r, 0): cell_text(self.overview, r, 2)
                for r in range(self.overview.rowCount())}

    def _run(self, title: str, operation: Callable[[Scene], Any],
             joining: CharacterDocument | None = None) -> Any:
        """Run a scene operation; a RefusedError becomes a warning and changes nothing.

        What the step did to each PC becomes an undo command on that PC's owner."""
        try:
            result = self._apply(title, operation, joining)
        except RefusedError as exc:
            warn(self, title, sentence(exc))
            return None
        self.refresh()
        return result

    def _on_name(self) -> None:
        """The name typed, once the field is left (or Enter): one undo step through the
        scene's owner, as every other change of the scene."""
        if " ".join(self.name_edit.text().split()) == self.scene.name:
            return
        self._run("Name the scene", lambda scene: scene.rename(self.name_edit.text()))

    # -- PCs and NCs ----------------------------------------------------------------
    def add_pc(self, character: Character, path: Path | None = None) -> str | None:
        """Bring a PC into the scene (the core starts their session if none is running).

        The PC is the character of its owner: the open document of ``path`` (or of this
        very Character) if there is one, else a new owner the registry keeps."""
        document = self.registry.adopt(character, Path(path) if path is not None else None,
                                       HOLDER)
        character = document.character
        event = self._run("Add PC", lambda scene: scene.add_pc(character, start_session=True),
                          document)
        if event is None:
            self._sync_owners()
            return None
        pc_id: str = event.ids[0]
        self.paths[pc_id] = document.path
        self.refresh()
        return pc_id

    def note(self, text: str) -> bool:
        """Add the GM's own line to the scene log."""
        return self._run("Note", lambda scene: scene.note(text)) is not None

    def add_pc_file(self, path: Path) -> str | None:
        try:
            document = self.registry.open(Path(path), HOLDER)
        except CharacterFileError as exc:
            warn(self, "Add PC", str(exc))
            return None
        return self.add_pc(document.character, document.path)

    def _fill_pc_menu(self) -> None:
        self.pc_menu.clear()
        in_scene = [self.scene.character(p.id) for p in self.scene.pcs
                    if self.scene.is_bound(p.id)]
        in_paths = [p for pid, p in self.paths.items()
                    if p is not None and any(e.id == pid for e in self.scene.pcs)]
        offered = [(character, path) for character, path in self.characters_provider()
                   if all(character is not c for c in in_scene)
                   and not (path is not None and any(same_file(path, p) for p in in_paths))]
        titles = distinct_titles([c.name or "(unnamed)" for c, _p in offered],
                                 [c.player for c, _p in offered],
                                 [p.name if p is not None else "" for _c, p in offered])
        for (character, path), title in zip(offered, titles, strict=True):
            action = self.pc_menu.addAction(title)
            action.setToolTip(str(path) if path else "Not saved to a file yet")
            action.triggered.connect(lambda _c=False, ch=character, p=path: self.add_pc(ch, p))
        if self.pc_menu.isEmpty():
            none = self.pc_menu.addAction("No campaign or open character to add")
            none.setEnabled(False)
        elif len(offered) > 1:
            # the whole party in one go, not one trip to this menu per PC
            self.pc_menu.addSeparator()
            every = self.pc_menu.addAction(f"All {len(offered)} above")
            every.setToolTip("Add every character listed above to the scene")
            every.triggered.connect(lambda _c=False, chosen=tuple(offered): self._add_pcs(
                chosen))
        self.pc_menu.addSeparator()
        self.pc_menu.addAction("From a character file…", self._add_pc_from_file)

    def _add_pcs(self, chosen: Sequence[tuple[Character, Path | None]]) -> None:
        for character, path in chosen:
            self.add_pc(character, path)

    def _add_pc_from_file(self) -> None:
        known = (p for p in self.paths.values() if p is not None)
        names, _ = QFileDialog.getOpenFileNames(self, "Add PCs",
                                                folders.start_folder("characters", known),
                                                CHARACTER_FILTER)
        folders.remember("characters", names)
        for name in names:
            self.add_pc_file(Path(name))

    def add_nc(self, nc: NarrativeCharacter, count: int = 1) -> list[str]:
        event = self._run("Add opponents", lambda scene: scene.add_nc(nc, count))
        return list(event.ids) if event is not None else []

    def add_opponents_dialog(self) -> list[str]:
        dialog = AddOpponentsDialog(self.opponents_provider(), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return []
        chosen = dialog.chosen()
        return self.add_nc(*chosen) if chosen is not None else []

    def pair(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        event = self._run("Pair", lambda scene: scene.pair(pc_id, list(nc_ids)))
        return event is not None

    def add_to_pairing(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        current = [n.id for n in self.scene.facing(pc_id)]
        new = [i for i in nc_ids if i not in current]
        if not new:
            return False  # dropped where they already are: the pairing stands
        return self.pair(pc_id, current + new)

    def faces_dialog(self, pc_id: str) -> bool:
        dialog = FacesDialog(self.scene, pc_id, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        chosen = dialog.chosen()
        if set(chosen) == {n.id for n in self.scene.facing(pc_id)}:
            # OK without a change: pairing again would start a new Test (the Momentum
            # and the rolls so far gone) and log "faces nobody" for nobody.
            return False
        return self.pair(pc_id, chosen)

    def set_applied(self, pc_id: str, nc_id: str, key: str, on: bool) -> None:
        """Whether NC ``nc_id`` brings Quality ``key`` to ``pc_id``'s Momentum Test."""
        self._run("Momentum", lambda scene: scene.set_momentum_quality(pc_id, nc_id, key, on))

    # -- Stress and the rest --------------------------------------------------------
    def nc_takes_stress(self, nc_id: str, stress: int = 1, why: str = "") -> bool:
        return self._run("Stress", lambda scene: scene.nc_takes_stress(nc_id, stress, why)) \
            is not None

    def remove_nc(self, nc_id: str, why: str = "") -> bool:
        return self._run("Remove", lambda scene: scene.remove_nc(nc_id, why)) is not None

    def pc_takes_stress(self, pc_id: str, trait: Trait, level: str, why: str = "") -> bool:
        return self._run("Stress", lambda scene: scene.pc_takes_stress(
            pc_id, trait, level, why)) is not None

    def pc_stress_dialog(self, pc_id: str) -> bool:
        dialog = PCStressDialog(self.scene.title(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.pc_takes_stress(pc_id, Trait(dialog.trait.currentData()),
                                    str(dialog.level.currentData()), dialog.why.text())

    def resolve_doom(self, pc_id: str, outcome: str, **options: Any) -> bool:
        return self._run("Doom", lambda scene: scene.resolve_doom(
            pc_id, outcome, **options)) is not None

    def doom_dialog(self, pc_id: str) -> bool:
        dialog = DoomDialog(self.scene.title(pc_id), self.scene.character(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        options = {"weakness_name": dialog.weakness.text(),
                   "legendary_weakness_name": dialog.legendary.text()}
        return self.resolve_doom(pc_id, str(dialog.outcome.currentData()), **options)

    def spend_luck(self, pc_id: str, purpose: str = "reroll", amount: int = 1,
                   why: str = "") -> bool:
        return self._run("Luck", lambda scene: scene.spend_luck(
            pc_id, purpose, amount, why)) is not None

    def give_luck(self, pc_id: str, reason: str = "the GM's reward", amount: int = 1) -> bool:
        return self._run("Luck", lambda scene: scene.give_luck(pc_id, reason, amount)) \
            is not None

    def luck_dialog(self, pc_id: str, give: bool) -> bool:
        dialog = LuckDialog(self.scene.title(pc_id), give, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if give:
            return self.give_luck(pc_id, dialog.why.text() or "the GM's reward",
                                  dialog.amount.value())
        return self.spend_luck(pc_id, str(dialog.purpose.currentData()),
                               dialog.amount.value(), dialog.why.text())

    def earn_pivot(self, pc_id: str, slot: str, why: str = "") -> bool:
        return self._run("Pivot", lambda scene: scene.earn_pivot(pc_id, slot, why)) is not None

    def pivot_dialog(self, pc_id: str) -> bool:
        dialog = PivotDialog(self.scene.character(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.slot.currentData():
            return False
        return self.earn_pivot(pc_id, str(dialog.slot.currentData()), dialog.why.text())

    def stunt(self, pc_id: str, name: str, trait: Trait, why: str = "") -> bool:
        """A natural 20: a permanent Good Stunt (written to the file at the scene's end)."""
        return self._run("Stunt", lambda scene: scene.stunt(pc_id, name, trait, why)) \
            is not None

    def stunt_dialog(self, pc_id: str) -> bool:
        dialog = StuntDialog(self.scene.title(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())
