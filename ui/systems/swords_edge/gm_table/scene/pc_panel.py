"""One PC's pairing in the scene tracker, and the overview of the scene's opponents.

The panel is drawn afresh from the scene on every change; its buttons call the
:class:`~ui.systems.swords_edge.gm_table.scene.tracker.SceneTracker`, which runs the
step on the scene and the PC's owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.play.pivots import pivot_earn_reason
from seforge.systems.swords_edge.resolution.opponents import nc_qualities
from seforge.systems.swords_edge.scene import (
    SceneNC,
    ScenePC,
)
from seforge.systems.swords_edge.scene_text import PLAY_TIPS, nc_state_text, nc_stress_rule
from ui.shell.flow_layout import FlowLayout
from ui.shell.focus_nav import no_tab_trap
from ui.shell.mnemonic_scopes import mnemonic_scope
from ui.shell.widgets import tip
from ui.systems.swords_edge.gm_table.common import TYPE_LABELS
from ui.systems.swords_edge.widgets import cell_data, cell_text

if TYPE_CHECKING:
    from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker


NC_MIME = "application/x-seforge-scene-nc"
class NCOverview(QTableWidget):
    """Every NC in the scene; rows can be dragged onto a PC to pair them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        no_tab_trap(self)  # Tab goes on, the arrows walk the NCs
        self.setHorizontalHeaderLabels(["Opponent", "Type", "State", "Faces"])
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setAlternatingRowColors(True)
        # The opponent's name always whole; its state and whom it faces share the rest
        # and wrap (at 1024x768 a squeezed name column showed "Des..." or nothing).
        header = self.horizontalHeader()
        for column, mode in ((0, QHeaderView.ResizeMode.ResizeToContents),
                             (1, QHeaderView.ResizeMode.ResizeToContents),
                             (2, QHeaderView.ResizeMode.Stretch),
                             (3, QHeaderView.ResizeMode.Stretch)):
            header.setSectionResizeMode(column, mode)
        self.setWordWrap(True)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        tip(self, "Opponents in the scene", "Every NC in the scene; drag rows onto a PC to "
            "pair them")

    def selected_ids(self) -> list[str]:
        rows = sorted({i.row() for i in self.selectedIndexes()})
        return [str(cell_data(self, r, 0)) for r in rows]

    def mimeData(self, items: Sequence[QTableWidgetItem]) -> QMimeData:
        data = QMimeData()
        rows = sorted({i.row() for i in items})
        ids = [str(cell_data(self, r, 0)) for r in rows]
        data.setData(NC_MIME, "\n".join(ids).encode("utf-8"))
        data.setText(", ".join(cell_text(self, r, 0) for r in rows))
        return data

    def mimeTypes(self) -> list[str]:
        return [NC_MIME]


def _status_parts(entry: ScenePC, character: Character) -> list[str]:
    """The PC's status line: Luck, Luck spent here, Penalty Ranks, Advancements."""
    pstate = character.play
    status = [f"Luck {pstate.luck}"]
    if entry.luck_spent:
        status.append(f"{entry.luck_spent} spent this scene")
    penalties = ", ".join(f"{t.value} {n}" for t, n in pstate.penalty_ranks.items() if n)
    status.append(f"Penalty Ranks: {penalties or 'none'}")
    if pstate.advancements:
        status.append(f"{len(pstate.advancements)} Advancement"
                      f"{'s' if len(pstate.advancements) != 1 else ''} held")
    return status


def _alerts(entry: ScenePC, character: Character) -> list[str]:
    """What the GM must not miss about the PC: Doom, Undefended, out of scene or game."""
    pstate = character.play
    alerts = []
    if pstate.doom_trait is not None:
        alerts.append(f"Doom on {pstate.doom_trait.value}: resolve it before the scene "
                      "ends")
    if entry.undefended:
        alerts.append(PLAY_TIPS["undefended"])
    if pstate.removed_from_scene:
        alerts.append("Out of this scene")
    if pstate.out_of_play:
        alerts.append("Out of the game")
    return alerts


class PCPanel(QGroupBox):
    """One PC: status, the NCs it faces with their buttons, and the PC's actions."""

    def __init__(self, tracker: SceneTracker, entry: ScenePC) -> None:
        scene = tracker.scene
        title = scene.title(entry.id)  # two PCs of one name are told apart
        super().__init__(title, tracker)
        self.tracker = tracker
        self.pc_id = entry.id
        self.setObjectName(f"pc:{entry.id}")
        self.setAcceptDrops(True)
        character = scene.character(entry.id)
        self.setAccessibleName(f"{title}'s pairing")
        layout = QVBoxLayout(self)
        layout.setSpacing(4)

        status = _status_parts(entry, character)
        self.status_label = QLabel(" · ".join(status), self)
        self.status_label.setObjectName("pc_status")
        self.status_label.setWordWrap(True)
        tip(self.status_label, f"{title}: status", self.status_label.text())
        layout.addWidget(self.status_label)
        alerts = _alerts(entry, character)
        if alerts:
            alert = QLabel(" · ".join(alerts), self)
            alert.setObjectName("pc_alert")
            alert.setStyleSheet("color: #d9534f; font-weight: bold;")
            alert.setWordWrap(True)
            tip(alert, f"{title}: alerts", alert.text())
            layout.addWidget(alert)

        self.momentum_label = QLabel(tracker.momentum_text(entry.id), self)
        self.momentum_label.setObjectName("momentum")
        self.momentum_label.setWordWrap(True)
        tip(self.momentum_label, f"{title}: Momentum", self.momentum_label.text())
        layout.addWidget(self.momentum_label)
        if entry.spent_on_momentum:
            spent = ", ".join(describe_key(character, k) for k in entry.spent_on_momentum)
            spent_label = QLabel(f"Spent on Momentum this scene: {spent}", self)
            spent_label.setObjectName("spent")
            spent_label.setWordWrap(True)
            tip(spent_label, f"{title}: spent Qualities", spent_label.text())
            layout.addWidget(spent_label)

        # Every piece of a pairing wraps when the panel is narrow (the pairings beside the
        # opponents and the log at 1024x768): the NC rows' names and states wrap, their
        # controls and the PC's buttons flow onto more lines. In rows of their own they
        # made the panel wider than the view and the pairings scrolled sideways.
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 2)
        self.stress_spins: dict[str, QSpinBox] = {}
        self.stress_buttons: dict[str, QPushButton] = {}
        self.remove_buttons: dict[str, QPushButton] = {}
        self.applies_buttons: dict[str, QToolButton] = {}
        facing = [scene.nc(i) for i in entry.facing]
        if facing:
            for column, text in enumerate(("Opponent", "State", "Brings to Momentum")):
                head = QLabel(f"<b>{text}</b>", self)
                head.setWordWrap(True)
                grid.addWidget(head, 0, column)
        for row, nc_entry in enumerate(facing, start=1):
            self._add_nc_row(grid, row, nc_entry)
        layout.addLayout(grid)
        if not facing:
            none = QLabel("Faces nobody yet: use “Faces…” or drag opponents here.", self)
            none.setWordWrap(True)
            none.setEnabled(False)
            layout.addWidget(none)

        row1, row2 = FlowLayout(), FlowLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, help_text, target in (
            ("faces", "F&aces…", "Choose the opponents this PC faces", row1),
            ("momentum", "&Momentum…", "Record the Momentum Test of this pairing", row1),
            ("calculator", "Open &in calculator", "Open the Test calculator with this PC and "
             "the opponents they face filled in", row1),
            ("stress", "Ta&ke Stress…", "The PC is hit: Penalty Ranks on a Trait", row2),
            ("doom", "&Resolve Doom…", "Settle the PC's pending Doom", row2),
            ("spend", "Spend L&uck…", "The PC spends Luck (reroll, exertion…)", row2),
            ("give", "&Give Luck…", "Reward the PC with Luck", row2),
            ("pivot", "Pivot touched…", "A Pivot came into play: an Advancement now", row2),
            ("stunt", "Stunt…", PLAY_TIPS["stunt"], row2),
        ):
            button = QPushButton(text, self)
            button.setObjectName(f"{key}:{entry.id}")
            tip(button, f"{text.replace('&', '').rstrip('…')} ({title})", help_text)
            target.addWidget(button)
            self.buttons[key] = button
        layout.addLayout(row1)
        layout.addLayout(row2)
        self._wire_buttons(character, bool(scene.facing(entry.id)), scene.ended)
        # every PC's panel has the same letters: only the one worked in answers them
        mnemonic_scope(self, among=tracker)

    def _wire_buttons(self, character: Character, facing: bool, ended: bool) -> None:
        """Connect the PC's buttons to the tracker; grey those the PC cannot use now."""
        tracker = self.tracker
        pstate = character.play
        self.buttons["faces"].clicked.connect(lambda: tracker.faces_dialog(self.pc_id))
        self.buttons["momentum"].clicked.connect(lambda: tracker.momentum_dialog(self.pc_id))
        self.buttons["calculator"].clicked.connect(
            lambda: tracker.open_in_calculator(self.pc_id))
        self.buttons["calculator"].setEnabled(tracker.open_calculator is not None
                                              and facing)
        self.buttons["stress"].clicked.connect(lambda: tracker.pc_stress_dialog(self.pc_id))
        self.buttons["doom"].clicked.connect(lambda: tracker.doom_dialog(self.pc_id))
        self.buttons["doom"].setEnabled(pstate.doom_trait is not None)
        self.buttons["spend"].clicked.connect(lambda: tracker.luck_dialog(self.pc_id, False))
        self.buttons["give"].clicked.connect(lambda: tracker.luck_dialog(self.pc_id, True))
        self.buttons["pivot"].clicked.connect(lambda: tracker.pivot_dialog(self.pc_id))
        self.buttons["stunt"].clicked.connect(lambda: tracker.stunt_dialog(self.pc_id))
        self.buttons["stunt"].setEnabled(pstate.session_running and not pstate.out_of_play
                                         and not pstate.removed_from_scene)
        refusal = pivot_earn_reason(character)
        self.buttons["pivot"].setEnabled(not refusal)
        if refusal:
            self.buttons["pivot"].setToolTip(f"Not now: {refusal}")
            self.buttons["pivot"].setAccessibleDescription(f"Not now: {refusal}")
        if ended:
            for button in self.buttons.values():
                button.setEnabled(False)

    def _add_nc_row(self, grid: QGridLayout, row: int, entry: SceneNC) -> None:
        """One NC row of a pairing: name, state, what it brings, Stress n, Remove."""
        panel, pc_id, tracker = self, self.pc_id, self.tracker
        name = QLabel(f"{entry.name} <small>({TYPE_LABELS[entry.nc.type].lower()})</small>",
                      panel)
        name.setWordWrap(True)
        state = QLabel(nc_state_text(entry), panel)
        state.setObjectName(f"state:{entry.id}")
        state.setWordWrap(True)
        tip(state, f"{entry.name}: state", nc_state_text(entry))
        grid.addWidget(name, row, 0)
        grid.addWidget(state, row, 1)
        if entry.removed:
            name.setEnabled(False)
            state.setEnabled(False)
            return
        applies = QToolButton(panel)
        applies.setObjectName(f"applies:{pc_id}:{entry.id}")
        applies.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        applies.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        menu = QMenu(applies)
        chosen = set(tracker.scene.momentum_applied(pc_id).get(entry.id, []))
        for quality in nc_qualities(entry.nc, entry.current_rank):
            if quality.kind == "concept":
                continue
            action = QAction(f"{quality.label} (TN {quality.tn})", menu)
            action.setCheckable(True)
            action.setChecked(quality.key in chosen)
            action.setData(quality.key)
            action.toggled.connect(
                lambda on, k=quality.key: tracker.set_applied(pc_id, entry.id, k, on))
            menu.addAction(action)
        if menu.isEmpty():
            none = menu.addAction("Nothing but its Rank (no Trait or Element)")
            none.setEnabled(False)
        applies.setMenu(menu)
        labels = [a.text().split(" (TN")[0] for a in menu.actions() if a.isChecked()]
        applies.setText(", ".join(labels) if labels else "Rank only")
        tip(applies, f"{entry.name}: brings to Momentum",
            PLAY_TIPS["nc_momentum"])
        spin = QSpinBox(panel)
        spin.setRange(1, 10)
        spin.setMaximumWidth(56)
        spin.setObjectName(f"n:{entry.id}")
        tip(spin, f"Stress for {entry.name}", f"How much Stress {entry.name} takes")
        stress = QPushButton("Stress", panel)
        stress.setObjectName(f"stress:{entry.id}")
        tip(stress, f"Stress {entry.name}",
            f"{entry.name} takes the Stress set beside it ({nc_stress_rule(entry.nc.type)})")
        stress.clicked.connect(lambda: tracker.nc_takes_stress(entry.id, spin.value()))
        remove = QPushButton("Remove", panel)
        remove.setObjectName(f"remove:{entry.id}")
        tip(remove, f"Remove {entry.name}", f"Take {entry.name} out of the scene (the GM's "
            "call)")
        remove.clicked.connect(lambda: tracker.remove_nc(entry.id))
        controls = FlowLayout()  # under "Brings to Momentum", wrapping when narrow
        for widget in (applies, spin, stress, remove):
            controls.addWidget(widget)
            widget.setEnabled(not tracker.scene.ended)  # an ended scene takes no Stress
        grid.addLayout(controls, row, 2)
        panel.stress_spins[entry.id] = spin
        panel.stress_buttons[entry.id] = stress
        panel.remove_buttons[entry.id] = remove
        panel.applies_buttons[entry.id] = applies

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(NC_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if not event.mimeData().hasFormat(NC_MIME):
            return
        ids = bytes(event.mimeData().data(NC_MIME).data()).decode("utf-8").split("\n")
        event.acceptProposedAction()
        self.tracker.add_to_pairing(self.pc_id, [i for i in ids if i])

