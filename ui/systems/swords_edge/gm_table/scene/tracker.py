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
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
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
    load_character,
    save_character,
)
from seforge.systems.swords_edge.models import Character, NarrativeCharacter, Trait
from seforge.systems.swords_edge.pending import Consequence, PendingTest, roll_line
from seforge.systems.swords_edge.play.history import full_dump
from seforge.systems.swords_edge.play.luck import record_roll
from seforge.systems.swords_edge.scene import (
    Scene,
)
from seforge.systems.swords_edge.scene_changes import Patch, replay
from seforge.systems.swords_edge.scene_text import nc_state_text
from ui.shell import dialogs
from ui.shell.disk import DiskStamp
from ui.shell.widgets import buddy, button, tip
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import DocumentRegistry
from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
from ui.systems.swords_edge.gm_table.common import TYPE_LABELS, warn
from ui.systems.swords_edge.gm_table.scene.autosave import SceneAutosave
from ui.systems.swords_edge.gm_table.scene.dialogs import (
    AddOpponentsDialog,
    DoomDialog,
    FacesDialog,
    LuckDialog,
    MomentumDialog,
    PCStressDialog,
    StuntDialog,
)
from ui.systems.swords_edge.gm_table.scene.owner import SceneOwner
from ui.systems.swords_edge.gm_table.scene.pc_owner_steps import HOLDER, PCOwnerSteps, sentence
from ui.systems.swords_edge.gm_table.scene.pc_panel import NCOverview, PCPanel
from ui.systems.swords_edge.gm_table.scene_commands import SceneStep
from ui.systems.swords_edge.play.dialogs import EndSceneDialog, PivotDialog
from ui.systems.swords_edge.widgets import cell_text

CHARACTER_FILTER = "Sword's Edge characters (*.sechar);;All files (*)"


OpenCalculator = Callable[..., None]
"""``open_calculator(character, ncs)``; a :class:`CalculatorBridge` also gets the
NCs' Stress, the Qualities spent on Momentum and the Momentum Level."""
CharactersProvider = Callable[[], Sequence[tuple[Character, Path | None]]]
OpponentsProvider = Callable[[], Sequence[NarrativeCharacter]]
SaveDocument = Callable[[CharacterDocument], bool]
"""Saves one PC's owner (the main window's Save, with its checks); True when written."""
SAVE_OTHERS = "Save Those Too"
KEEP_OTHERS = "Keep Them Unsaved"
"""End scene's answers for a PC with unsaved edits made outside the scene."""
REFRESH_DELAY_MS = 300
"""How long after the last keystroke in the builder the tracker redraws a PC."""


def _book_ncs() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc")]


def _no_characters() -> list[tuple[Character, Path | None]]:
    return []


class SceneTracker(SceneAutosave, PCOwnerSteps):
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
        self._test_step: list[SceneStep] | None = None
        """While a calculator step on a pairing is pushed: where its scene half goes."""
        self._routed = False
        """True once the calculator's steps on a pairing come to this scene's stack."""
        """Every Character a PC id was bound to, to rebind after an undo."""
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(REFRESH_DELAY_MS)
        self._later.timeout.connect(self.refresh)
        self.open_calculator = open_calculator
        self.characters_provider = characters_provider or _no_characters
        self.opponents_provider = opponents_provider or _book_ncs
        self.paths: dict[str, Path | None] = {}
        self.panels: dict[str, PCPanel] = {}
        self._build()
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
        self.name_edit = QLineEdit(self.scene.name, self)
        tip(self.name_edit, "Scene name", "A name for the scene (shown in the log)")
        self.name_edit.textEdited.connect(self._on_name)
        self.add_pc_button = QPushButton("Add &PCs", self)
        tip(self.add_pc_button, "Add PCs", "Bring PCs from the campaign or the open "
            "characters into the scene, or open a character file")
        self.pc_menu = QMenu(self.add_pc_button)
        self.pc_menu.aboutToShow.connect(self._fill_pc_menu)
        self.add_pc_button.setMenu(self.pc_menu)
        self.add_nc_button = button(
            "Add &opponents…", self, "Add opponents",
            "Bring opponents from the library into the "
            "scene, several at once if you like",
            self.add_opponents_dialog)
        self.end_button = button(
            "&End scene…", self, "End scene",
            "Walk each PC through Recovery, Luck and Pivots, "
            "then write their files",
            self.end_scene_dialog)
        self.new_button = button(
            "&Next scene", self, "Next scene",
            "Start a new scene with the same PCs (opponents "
            "leave)",
            self.next_scene)
        top = QHBoxLayout()
        top.addWidget(buddy("Sce&ne:", self.name_edit, self))
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
            who = f"{entry.name} holds the Momentum ({entry.momentum_level}"
            who += f", +{bonus} on the first Action)" if bonus else ")"
        elif entry.momentum == "nc":
            who = "The opponents hold the Momentum"
        else:
            who = "Momentum not tested yet"
        return f"{tn} · {who}"

    def momentum_tn(self, pc_id: str) -> int:
        """The pairing's Momentum TN with the NC Qualities chosen (RefusedError if none)."""
        return self.scene.momentum_tn_for(pc_id, self.scene.momentum_applied(pc_id))

    def refresh(self) -> None:
        self._later.stop()
        self._sync_owners()
        focus = self.focusWidget()
        focus_name = focus.objectName() if focus is not None and self.isAncestorOf(focus) \
            else ""
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
        if focus_name:
            target = self.findChild(QWidget, focus_name)
            if target is not None and target.isEnabled():
                target.setFocus()
        self.save_autosave()
        self.changed.emit()

    def _refresh_overview(self) -> None:
        facing: dict[str, list[str]] = {}
        for pc in self.scene.pcs:
            for nid in pc.facing:
                facing.setdefault(nid, []).append(pc.name)
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

    def _run(self, title: str, operation: Callable[[], Any],
             joining: CharacterDocument | None = None) -> Any:
        """Run a scene operation; a RefusedError becomes a warning and changes nothing.

        What the step did to each PC becomes an undo command on that PC's owner."""
        try:
            result = self._apply(title, operation, joining)
        except RefusedError as exc:
            warn(self, title, sentence(exc))
            return None
        self.status_label.setText(str(result) if result is not None else "")
        self.refresh()
        return result

    def _on_name(self, text: str) -> None:
        self.scene.name = text
        self.save_autosave()

    # -- PCs and NCs ----------------------------------------------------------------
    def add_pc(self, character: Character, path: Path | None = None) -> str | None:
        """Bring a PC into the scene (the core starts their session if none is running).

        The PC is the character of its owner: the open document of ``path`` (or of this
        very Character) if there is one, else a new owner the registry keeps."""
        document = self.registry.adopt(character, Path(path) if path is not None else None,
                                       HOLDER)
        character = document.character
        event = self._run("Add PC", lambda: self.scene.add_pc(character, start_session=True),
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
        return self._run("Note", lambda: self.scene.note(text)) is not None

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
        for character, path in self.characters_provider():
            if any(character is c for c in in_scene):
                continue
            if path is not None and any(same_file(path, p) for p in in_paths):
                continue
            action = self.pc_menu.addAction(character.name or "(unnamed)")
            action.setToolTip(str(path) if path else "Not saved to a file yet")
            action.triggered.connect(lambda _c=False, ch=character, p=path: self.add_pc(ch, p))
        if self.pc_menu.isEmpty():
            none = self.pc_menu.addAction("No campaign or open character to add")
            none.setEnabled(False)
        self.pc_menu.addSeparator()
        self.pc_menu.addAction("From a character file…", self._add_pc_from_file)

    def _add_pc_from_file(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, "Add PCs", str(Path.home()),
                                                CHARACTER_FILTER)
        for name in names:
            self.add_pc_file(Path(name))

    def add_nc(self, nc: NarrativeCharacter, count: int = 1) -> list[str]:
        event = self._run("Add opponents", lambda: self.scene.add_nc(nc, count))
        return list(event.ids) if event is not None else []

    def add_opponents_dialog(self) -> list[str]:
        dialog = AddOpponentsDialog(self.opponents_provider(), self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return []
        chosen = dialog.chosen()
        return self.add_nc(*chosen) if chosen is not None else []

    def pair(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        event = self._run("Pair", lambda: self.scene.pair(pc_id, list(nc_ids)))
        return event is not None

    def add_to_pairing(self, pc_id: str, nc_ids: Sequence[str]) -> bool:
        current = [n.id for n in self.scene.facing(pc_id)]
        return self.pair(pc_id, current + [i for i in nc_ids if i not in current])

    def faces_dialog(self, pc_id: str) -> bool:
        dialog = FacesDialog(self.scene, pc_id, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.pair(pc_id, dialog.chosen())

    def set_applied(self, pc_id: str, nc_id: str, key: str, on: bool) -> None:
        """Whether NC ``nc_id`` brings Quality ``key`` to ``pc_id``'s Momentum Test."""
        self._run("Momentum", lambda: self.scene.set_momentum_quality(pc_id, nc_id, key, on))

    # -- Momentum -------------------------------------------------------------------
    def record_momentum(self, pc_id: str, won: bool, level: str | None = None,
                        qualities: Sequence[str] = ()) -> bool:
        return self._run("Momentum", lambda: self.scene.record_momentum(
            pc_id, won, level, list(qualities))) is not None

    def momentum_dialog(self, pc_id: str) -> bool:
        try:
            dialog = MomentumDialog(self.scene, pc_id, self)
        except RefusedError as exc:
            warn(self, "Momentum", sentence(exc))
            return False
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.record_momentum(pc_id, *dialog.values())

    def open_in_calculator(self, pc_id: str) -> bool:
        """Hand the pairing to the Test calculator (if a callback was given)."""
        if self.open_calculator is None:
            return False
        character = self.scene.character(pc_id)
        faced = self.scene.facing(pc_id)
        entry = self.scene.pc(pc_id)
        if isinstance(self.open_calculator, CalculatorBridge):
            pid = entry.id

            def store(test: PendingTest) -> None:
                self.store_test(pid, test)

            def record(_pc: Character, offer: Consequence) -> bool:
                return self.record_consequence(pid, offer)

            self._routed = True
            self.open_calculator.open_test(character, self.scene.pairing_test(pc_id), store,
                                           record, push_step=self.push_calculator_step,
                                           history=self.undo_stack)
        else:
            ncs = []
            for n in faced:
                copy = n.nc.model_copy(deep=True)
                copy.rank = n.current_rank
                ncs.append(copy)
            self.open_calculator(character, ncs)
        return True

    def record_consequence(self, pc_id: str, offer: Consequence) -> bool:
        """Record what a critical roll in the calculator gives the PC: the Critical
        Failure's Advancement, or (asking for its name) the Stunt."""
        if offer.kind == "advancement":
            return self._run("Critical Failure", lambda: self.scene.critical_failure(
                pc_id, list(offer.qualities), offer.trait, "Test calculator")) is not None
        dialog = StuntDialog(self.scene.pc(pc_id).name, self)
        if offer.trait is not None:
            dialog.trait.setCurrentIndex(dialog.trait.findData(offer.trait.value))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())

    def push_calculator_step(self, command: QUndoCommand) -> None:
        """Put a calculator step on a pairing on the scene's undo stack, with what it
        did to the scene and its PCs: one Undo takes back the Test, the log lines, the
        NC Stress and the PCs' rolls and Luck together."""
        held: list[SceneStep] = []
        self.undo_stack.beginMacro(f"Scene: {command.text()}")
        self._test_step = held
        try:
            self.undo_stack.push(command)  # its redo hands the Test to store_test
        finally:
            self._test_step = None
            for step in held:
                self.undo_stack.push(step)
            self.undo_stack.endMacro()

    def store_test(self, pc_id: str, test: PendingTest) -> None:
        """Keep the calculator's latest Test as the pairing's (saved with the scene),
        with what it brings: its rolls in the log and the PC's history, the Luck of a
        reroll, a settled Momentum, NC Stress. A step the scene's Undo or Redo replays
        changes nothing here (the scene's half of that step restores the scene)."""
        if self._routed and self._test_step is None:
            return
        try:
            before = self.scene.pc(pc_id).test
        except RefusedError:
            return  # the PC left the scene meanwhile
        if self.scene.ended:
            self._apply("Test calculator", lambda: self.scene.store_test(pc_id, test))
            self.save_autosave()
            return
        known = len(before.log) if before is not None else 0
        new = test.log[known:] if len(test.log) > known else []
        rerolls = test.luck_rerolls - (before.luck_rerolls if before is not None else 0)
        title = "Luck reroll" if rerolls > 0 else "Roll" if new else "Test calculator"
        notes: list[str] = []
        # Whether the panels show something new (not only the Test: no redraw then).
        shown = [bool(new) or rerolls > 0]

        def operation() -> None:
            self.scene.store_test(pc_id, test)
            for entry in new:
                self.scene.note(roll_line(entry))
            if new and self.scene.is_bound(pc_id):
                # Each roll is in the PC's history too, an undo step on its owner.
                character = self.scene.character(pc_id)
                for entry in new:
                    record_roll(character, roll_line(entry))
            # Moving on from a judged Momentum (or Seize) roll settles who holds it.
            judged = test.verdict
            if before is not None and judged is not None and judged == before.verdict \
                    and judged.step in ("momentum", "seize") and before.step == judged.step \
                    and test.step == "action":
                try:
                    self.scene.record_momentum(pc_id, judged.success, judged.level,
                                               judged.used)
                except RefusedError as exc:
                    notes.append(f"Momentum: {sentence(exc)}")
                shown[0] = True
            # A Luck reroll in the calculator is Luck the PC spends.
            if rerolls > 0:
                try:
                    self.scene.spend_luck(pc_id, "reroll", rerolls, "Test calculator")
                except RefusedError as exc:
                    notes.append(f"Luck reroll: {sentence(exc)}")
            # Stress the calculator put on an NC is the scene's too.
            for opponent in test.opponents:
                try:
                    target = self.scene.nc(opponent.scene_id)
                except RefusedError:
                    continue
                more = opponent.stress - target.stress
                if more > 0 and not target.removed:
                    self.scene.nc_takes_stress(target.id, more, "Test calculator")
                    shown[0] = True

        self._apply(title, operation)
        if notes:
            self.status_label.setText(" ".join(notes))
        if shown[0]:
            self.refresh()
        else:
            self.save_autosave()

    # -- Stress and the rest --------------------------------------------------------
    def nc_takes_stress(self, nc_id: str, stress: int = 1, why: str = "") -> bool:
        return self._run("Stress", lambda: self.scene.nc_takes_stress(nc_id, stress, why)) \
            is not None

    def remove_nc(self, nc_id: str, why: str = "") -> bool:
        return self._run("Remove", lambda: self.scene.remove_nc(nc_id, why)) is not None

    def pc_takes_stress(self, pc_id: str, trait: Trait, level: str, why: str = "") -> bool:
        return self._run("Stress", lambda: self.scene.pc_takes_stress(
            pc_id, trait, level, why)) is not None

    def pc_stress_dialog(self, pc_id: str) -> bool:
        dialog = PCStressDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.pc_takes_stress(pc_id, Trait(dialog.trait.currentData()),
                                    str(dialog.level.currentData()), dialog.why.text())

    def resolve_doom(self, pc_id: str, outcome: str, **options: Any) -> bool:
        return self._run("Doom", lambda: self.scene.resolve_doom(
            pc_id, outcome, **options)) is not None

    def doom_dialog(self, pc_id: str) -> bool:
        dialog = DoomDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        options = {"weakness_name": dialog.weakness.text()}
        return self.resolve_doom(pc_id, str(dialog.outcome.currentData()), **options)

    def spend_luck(self, pc_id: str, purpose: str = "reroll", amount: int = 1,
                   why: str = "") -> bool:
        return self._run("Luck", lambda: self.scene.spend_luck(
            pc_id, purpose, amount, why)) is not None

    def give_luck(self, pc_id: str, reason: str = "the GM's reward", amount: int = 1) -> bool:
        return self._run("Luck", lambda: self.scene.give_luck(pc_id, reason, amount)) \
            is not None

    def luck_dialog(self, pc_id: str, give: bool) -> bool:
        dialog = LuckDialog(self.scene.pc(pc_id).name, give, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if give:
            return self.give_luck(pc_id, dialog.why.text() or "the GM's reward",
                                  dialog.amount.value())
        return self.spend_luck(pc_id, str(dialog.purpose.currentData()),
                               dialog.amount.value(), dialog.why.text())

    def earn_pivot(self, pc_id: str, slot: str, why: str = "") -> bool:
        return self._run("Pivot", lambda: self.scene.earn_pivot(pc_id, slot, why)) is not None

    def pivot_dialog(self, pc_id: str) -> bool:
        dialog = PivotDialog(self.scene.character(pc_id), self)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.slot.currentData():
            return False
        return self.earn_pivot(pc_id, str(dialog.slot.currentData()), dialog.why.text())

    def stunt(self, pc_id: str, name: str, trait: Trait, why: str = "") -> bool:
        """A natural 20: a permanent Good Stunt (written to the file at the scene's end)."""
        return self._run("Stunt", lambda: self.scene.stunt(pc_id, name, trait, why)) \
            is not None

    def stunt_dialog(self, pc_id: str) -> bool:
        dialog = StuntDialog(self.scene.pc(pc_id).name, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.stunt(pc_id, *dialog.values())

    # -- the end --------------------------------------------------------------------
    def end_scene_dialog(self) -> bool:
        if self.scene.ended or not self.scene.pcs:
            return False
        dialog = EndSceneDialog(
            [(p.id, self.scene.character(p.id)) for p in self.scene.pcs], self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.finish_scene(**dialog.values())

    def finish_scene(self, recovery: dict[str, str | None] | None = None,
                     luck_for_penalties: dict[str, int] | None = None,
                     pivot_touched: dict[str, str | None] | None = None) -> bool:
        """End the scene (all or nothing, in the core), then write to every PC's file
        what the scene changed. A PC whose owner also holds edits made outside the scene
        (a Player name typed in its tab) is asked about first: save those too, keep them
        unsaved (the file gets only the scene's changes), or cancel the end."""
        others = self._pcs_with_other_edits()
        keep_unsaved = False
        if others:
            names = ", ".join(sorted({self.scene.pc(pc_id).name or pc_id for pc_id in others}))
            choice = dialogs.ask_choice(
                self, "End scene",
                f"{names}: there are also unsaved changes made outside the scene. Write "
                "them to the file too, or write only what the scene changed and keep "
                "them unsaved?",
                [SAVE_OTHERS, KEEP_OTHERS, "Cancel"], default=1)
            if choice not in (SAVE_OTHERS, KEEP_OTHERS):
                return False
            keep_unsaved = choice == KEEP_OTHERS
        try:
            self._apply("End scene", lambda: self.scene.end_scene(
                recovery, luck_for_penalties, pivot_touched))
        except RefusedError as exc:
            warn(self, "End scene", sentence(exc))
            return False
        written: list[Path] = []
        problems: list[str] = []
        for entry in self.scene.pcs:
            document = self.document_of(entry.id)
            path = document.path if document is not None else self.paths.get(entry.id)
            if path is None or document is None:
                problems.append(f"{entry.name}: no file to write (save the character)")
                continue
            if keep_unsaved and entry.id in others:
                problem = self._write_scene_changes(entry.id, document, path)
                if problem:
                    problems.append(problem)
                else:
                    written.append(path)
                continue
            if not document.is_modified() and not document.disk_changed():
                written.append(path)
                continue
            if self.save_document is not None:
                if not self.save_document(document):
                    problems.append(f"{path.name}: not written")
                    continue
            else:
                try:
                    document.save()
                except OSError as exc:
                    problems.append(f"{path.name}: cannot be written ({exc.strerror})")
                    continue
            written.append(path)
        if written:
            self.scene.note(f"Written: {', '.join(p.name for p in written)}.")
        self.status_label.setText(
            f"The scene has ended; {len(written)} character file"
            f"{'s' if len(written) != 1 else ''} written.")
        self.refresh()
        if problems:
            warn(self, "End scene", "\n".join(problems))
        self.files_written.emit(written)
        return True

    def _pcs_with_other_edits(self) -> set[str]:
        """The PCs whose owner holds more than their file with the scene's changes."""
        found: set[str] = set()
        for entry in self.scene.pcs:
            document = self.document_of(entry.id)
            if document is None or document.path is None or not document.is_modified():
                continue
            try:
                expected = replay(load_character(document.path),
                                  self.scene_changes(entry.id))
            except (CharacterFileError, RefusedError):
                found.add(entry.id)
                continue
            if full_dump(expected) != full_dump(document.character):
                found.add(entry.id)
        return found

    def _write_scene_changes(self, pc_id: str, document: CharacterDocument,
                             path: Path) -> str:
        """Write to ``path`` the file as it is with the scene's changes, leaving the
        owner's other edits unsaved; "" when written, else the problem."""
        try:
            save_character(replay(load_character(path), self.scene_changes(pc_id)), path)
        except (CharacterFileError, RefusedError) as exc:
            return f"{path.name}: {sentence(exc)}"
        except OSError as exc:
            return f"{path.name}: cannot be written ({exc.strerror})"
        document.disk_stamp = DiskStamp.of(path)  # written here: no outside change
        return ""

    def next_scene(self) -> None:
        """A new scene with the same PCs (their files were written at the end)."""
        old = self.scene
        pcs = [(old.character(p.id), self.paths.get(p.id)) for p in old.pcs]
        self.scene = Scene(name="")
        self.name_edit.setText("")
        self.paths = {}
        self._forget_history()
        self._known = {}
        for character, path in pcs:
            event = self.scene.add_pc(character)
            document = self.registry.find_character(character)
            self.paths[event.ids[0]] = document.path if document is not None else path
        self.refresh()

    def set_scene(self, scene: Scene, paths: dict[str, Path | None] | None = None) -> None:
        """Show another scene (its PCs must be attached with ``Scene.bind``)."""
        self.scene = scene
        self.paths = dict(paths or {})
        self._forget_history()
        self._known = {}
        self.name_edit.setText(scene.name)
        self._sync_owners(release=True)
        self.refresh()

