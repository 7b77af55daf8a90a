"""The conflict tracker: a view of one ``2d20.conflict`` document through its owner.

Every button is an undoable ``owner.apply`` of a function in ``seforge.systems.twod20.conflict``;
a control the rules do not allow now is disabled with the core's reason in its tooltip, and a
refused change is shown in one line. The view redraws from ``owner.changed`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.core.limits import NAME_CHARS
from seforge.core.trackers import RefusedError, TimeUnit
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Combatant, Conflict, OrderMode, Payment, Side
from seforge.systems.twod20.damage import MAX_COVER_DICE
from seforge.systems.twod20.models import HarmKind
from seforge.systems.twod20.profiles import Profile
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import no_tab_trap
from ui.shell.refusal import show_refusal
from ui.shell.widgets import spin_box, whole_numbers
from ui.systems.twod20.common import (
    ReflowRow,
    elide_headers,
    fit_columns,
    flow_of,
    row_of,
    set_reason,
    wrapping_form,
)
from ui.systems.twod20.conflict_settings import TableSettings

COLUMNS = ("Name", "Side", "Acted", "Fortune", "Stress", "Harms", "Cover", "Morale", "Status")
SHORT_HEADS = {"Fortune": "Fort", "Vigor / Resolve": "Vig/Res", "Harms": "Harm",
               "Cover": "Cov", "Morale": "Mor"}
"""The heads a narrow table shows (the GM Screen's at 1024x768), each whole in its tooltip."""
NAME_ROOM = 16
"""Letters of a name the Name column keeps room for (a longer one elides, whole in its
tooltip)."""


class ConflictView(QWidget):
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

    # -- helpers ---------------------------------------------------------------------------
    @property
    def doc(self) -> Conflict:
        return self.owner.document

    def run(self, text: str, change: Callable[[Conflict], Conflict]) -> bool:
        """Apply one change through the owner; a refusal is shown, nothing changes. The
        message names the change only when there was one (leaving the bought-dice prices
        unchanged is none)."""
        before = self.owner.document
        try:
            self.owner.apply(text, change)
        except RefusedError as exc:
            show_refusal(self.message, exc)
            return False
        if self.owner.document is not before:
            self.message.setText(text + ".")
        return True

    def selected(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.text() if item is not None else None

    def select(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.text() == name:
                self.table.selectRow(row)
                return

    def _button(self, text: str, tip: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.clicked.connect(slot)
        return button

    # -- building ----------------------------------------------------------------------------
    def _build_pools(self) -> QWidget:
        box = QGroupBox("Pools and rounds")
        column = QVBoxLayout(box)
        self.momentum_label = QLabel()
        self.momentum_label.setAccessibleName("Momentum pool")
        self.gm_label = QLabel()
        self.gm_label.setAccessibleName("GM pool")
        self.round_label = QLabel()
        self.round_label.setAccessibleName("Round")
        self.order_label = QLabel()
        self.order_label.setAccessibleName("Who acts next")
        self.order_label.setWordWrap(True)
        self.momentum_add = self._button("+1", "Bank one Momentum (over the cap it "
                                         "is lost)", lambda: self.run(
                                             "Bank 1 Momentum", lambda d: cf.add_momentum(d, 1)))
        self.momentum_spend = self._button("-1", "Spend one Momentum", lambda: self.run(
            "Spend 1 Momentum", lambda d: cf.spend_momentum(d, 1)))
        self.gm_add = self._button("+1", "Add one to the GM's pool", lambda: self.run(
            f"Add 1 {cf.gm_pool_name(self.doc)}", lambda d: cf.add_gm_pool(d, 1)))
        self.gm_spend = self._button("-1", "Spend one from the GM's pool", lambda: self.run(
            f"Spend 1 {cf.gm_pool_name(self.doc)}", lambda d: cf.spend_gm_pool(d, 1)))
        self.momentum_add.setAccessibleName("+1 Momentum")
        self.momentum_spend.setAccessibleName("-1 Momentum")
        self.gm_add.setAccessibleName("+1 to the GM's pool")
        self.gm_spend.setAccessibleName("-1 from the GM's pool")
        self.keep_momentum = self._button("Keep initiative (Momentum)", "", lambda: self.run(
            "Keep the initiative", lambda d: cf.keep_initiative(d, Payment.MOMENTUM)))
        self.keep_gm = self._button("Keep initiative (GM pool)", "", lambda: self.run(
            "Keep the initiative", lambda d: cf.keep_initiative(d, Payment.GM_POOL)))
        self.opener = QComboBox()
        self.opener.setAccessibleName("Who opens the next round")
        self.opener.setToolTip("The side that takes the first turn of the next round")
        self.opener.addItem("Next round: either side", None)
        self.opener.addItem("Next round: player characters", Side.PC.value)
        self.opener.addItem("Next round: NPCs", Side.NPC.value)
        self.opener_pay = QComboBox()
        self.opener_pay.setAccessibleName("How the last actor's side pays to open")
        self.opener_pay.addItem("paid with Momentum", Payment.MOMENTUM.value)
        self.opener_pay.addItem("paid with the GM pool", Payment.GM_POOL.value)
        self.opener_pay.setToolTip("Only when the last actor's own side opens the next round")
        self.end_round_button = self._button("End round", "", self.end_round)
        self.end_scene_button = self._button(
            "End scene", "Clear Stress (SRD), end scene-long effects and start at round 1",
            lambda: self.run("End the scene", cf.end_scene))
        self.gm_name = QLabel()
        self.session_fortune = spin_box("Fortune per PC at the start", 2, 3, 3,
                                        "Each PC begins a Conan session with 2 or 3 Fortune")
        self.session_fortune.setPrefix("Fortune each: ")
        self.session_button = self._button("Start session", "", lambda: self.run(
            "Start the session", lambda d: cf.start_session(d, self.session_fortune.value())))
        self.undo_button = self._button("Undo", "Undo the last change to the tracker",
                                        owner_undo(self))
        self.redo_button = self._button("Redo", "Redo the change just undone", owner_redo(self))
        column.addWidget(flow_of([
            row_of([QLabel("Momentum"), self.momentum_label, self.momentum_add,
                    self.momentum_spend]),
            row_of([self.gm_name, self.gm_label, self.gm_add, self.gm_spend])]))
        order_row = QHBoxLayout()
        order_row.addWidget(self.round_label)
        order_row.addWidget(self.order_label, 1)
        column.addLayout(order_row)
        column.addWidget(flow_of([self.keep_momentum, self.keep_gm]))
        column.addWidget(flow_of([self.opener, self.opener_pay, self.end_round_button,
                                  self.end_scene_button]))
        column.addWidget(flow_of([self.session_fortune, self.session_button,
                                  self.undo_button, self.redo_button]))
        return box

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

    def _build_character_panel(self) -> QWidget:
        box = QGroupBox("Selected character")
        form = wrapping_form(QFormLayout(box))
        self.selected_label = QLabel("Nobody selected")
        form.addRow(self.selected_label)
        self.turn_button = self._button("Take turn", "", self.take_turn)
        self.seize_button = self._button("Seize initiative", "", self.seize)
        self.early_button = self._button("Act early", "", lambda: self._on_selected(
            "Act early", lambda d, n: cf.act_early(d, n)))
        form.addRow(flow_of([self.turn_button, self.seize_button, self.early_button]))
        self.fortune_spend = self._button("Spend Fortune", "", lambda: self._on_selected(
            "Spend 1 Fortune", lambda d, n: cf.spend_fortune(d, n)))
        self.fortune_gain = self._button("Gain Fortune", "Give one Fortune", lambda: (
            self._on_selected("Gain 1 Fortune", lambda d, n: cf.gain_fortune(d, n))))
        form.addRow(flow_of([self.fortune_spend, self.fortune_gain]))
        self.stress_amount = spin_box("Stress amount", 0, 99, 1, "Stress after Resistance")
        self.stress_kind = QComboBox()
        self.stress_kind.setAccessibleName("Physical or mental")
        self.stress_kind.addItem("physical", False)
        self.stress_kind.addItem("mental", True)
        self.take_button = self._button("Take", "", lambda: self._on_selected(
            "Take Stress", lambda d, n: cf.take_stress(
                d, n, self.stress_amount.value(), bool(self.stress_kind.currentData()))))
        self.recover_button = self._button("Recover", "Remove Stress or regain Vigor/Resolve",
                                           lambda: self._on_selected(
            "Recover", lambda d, n: cf.recover_stress(
                d, n, self.stress_amount.value(), bool(self.stress_kind.currentData()))))
        self.stress_amount.valueChanged.connect(self._refresh_selected)
        self.stress_kind.currentIndexChanged.connect(self._refresh_selected)
        form.addRow("Stress", flow_of([self.stress_amount, self.stress_kind, self.take_button,
                                       self.recover_button]))
        self.wound_button = self._button("Add Wound", "Mark a physical Harm", lambda: (
            self._on_selected("Add a Wound", lambda d, n: cf.add_harm(d, n, HarmKind.WOUND))))
        self.trauma_button = self._button("Add Trauma", "Mark a mental Harm", lambda: (
            self._on_selected("Add a Trauma", lambda d, n: cf.add_harm(d, n, HarmKind.TRAUMA))))
        self.heal_button = self._button("Remove Harm", "Remove the last Harm", self.remove_harm)
        form.addRow("Harms", flow_of([self.wound_button, self.trauma_button,
                                      self.heal_button]))
        self.cover = spin_box("Cover dice", 0, MAX_COVER_DICE, 0, "Cover dice protecting the "
                              "character (physical Resistance)")
        self.morale = spin_box("Morale dice", 0, MAX_COVER_DICE, 0, "Morale dice (mental "
                               "Resistance); Confidence gives at most 4")
        self.cover.valueChanged.connect(lambda v: self._on_selected(
            "Set Cover", lambda d, n: cf.update_combatant(d, n, cover_dice=v)))
        self.morale.valueChanged.connect(lambda v: self._on_selected(
            "Set Morale", lambda d, n: cf.update_combatant(d, n, morale_dice=v)))
        self.initiative = spin_box("Initiative score", 0, cf.MAX_TRACK, 0,
                                   "Initiative score for the initiative-score order: the higher "
                                   "of Agility and Insight")
        self.initiative.valueChanged.connect(lambda v: self._on_selected(
            "Set initiative", lambda d, n: cf.update_combatant(d, n, initiative=v)))
        self.initiative_label = QLabel("Initiative")
        form.addRow(self.initiative_label, self.initiative)
        form.addRow("Cover dice", self.cover)
        form.addRow("Morale dice", self.morale)
        self.track_max = spin_box("Maximum of the track", 0, cf.MAX_TRACK, 10,
                                  "Maximum Stress (SRD) or Vigor (Conan)")
        self.track_max.valueChanged.connect(self._set_max)
        self.max_label = QLabel("Maximum")
        form.addRow(self.max_label, self.track_max)
        self.resolve_max = spin_box("Maximum Resolve", 0, cf.MAX_TRACK, 10,
                                    "Resolve = Willpower + Discipline (Conan)")
        self.resolve_max.valueChanged.connect(lambda v: self._on_selected(
            "Set maximum Resolve", lambda d, n: cf.update_combatant(
                d, n, max_resolve=v, resolve=min(v, cf.find(d, n).resolve))))
        self.resolve_label = QLabel("Maximum Resolve")
        form.addRow(self.resolve_label, self.resolve_max)
        self.armour = soak_box("Armour")
        self.courage = soak_box("Courage")
        self.armour.valueChanged.connect(lambda v: self._on_selected(
            "Set Armour", lambda d, n: cf.set_soak(d, n, known(v), cf.find(d, n).courage)))
        self.courage.valueChanged.connect(lambda v: self._on_selected(
            "Set Courage", lambda d, n: cf.set_soak(d, n, cf.find(d, n).armour, known(v))))
        form.addRow("Armour", self.armour)
        form.addRow("Courage", self.courage)
        whole_numbers(self.cover, self.morale, self.initiative, self.track_max,
                      self.resolve_max, self.armour, self.courage)
        return box

    def _build_effects(self) -> QWidget:
        box = QGroupBox("Timed effects")
        layout = QVBoxLayout(box)
        self.effects = QListWidget()
        self.effects.setAccessibleName("Timed effects")
        layout.addWidget(self.effects)
        self.effect_name = QLineEdit()
        self.effect_name.setMaxLength(NAME_CHARS)
        self.effect_name.setPlaceholderText("effect, e.g. Stunned")
        self.effect_name.setAccessibleName("Effect name")
        self.effect_length = spin_box("Effect duration", 1, 99, 1, "How long it lasts")
        self.effect_unit = QComboBox()
        self.effect_unit.setAccessibleName("Effect unit")
        for unit in TimeUnit:
            self.effect_unit.addItem(f"{unit.value}s", unit.value)
        self.effect_on = QCheckBox("on selected")
        self.effect_on.setToolTip("Tie the effect to the selected character (turn-long "
                                  "effects count down at the end of their turns)")
        self.effect_add = self._button("Add effect", "Add the timed effect", self.add_effect)
        self.effect_remove = self._button("Remove effect", "Remove the chosen effect",
                                          self.remove_effect)
        layout.addWidget(self.effect_name)
        layout.addWidget(flow_of([self.effect_length, self.effect_unit, self.effect_on,
                                  self.effect_add, self.effect_remove]))
        return box

    # -- actions -----------------------------------------------------------------------------
    def _on_selected(self, text: str, change: Callable[[Conflict, str], Conflict]) -> None:
        name = self.selected()
        if name is None:
            self.message.setText("Select a character first.")
            return
        self.run(f"{text}: {name}", lambda d: change(d, name))

    def _set_max(self, value: int) -> None:
        field = "max_vigor" if self.doc.profile is Profile.CONAN else "max_stress"
        if self.doc.profile is Profile.CONAN:
            self._on_selected("Set maximum Vigor", lambda d, n: cf.update_combatant(
                d, n, max_vigor=value, vigor=min(value, cf.find(d, n).vigor)))
        else:
            self._on_selected("Set maximum Stress", lambda d, n: cf.update_combatant(
                d, n, **{field: value, "stress": min(value, cf.find(d, n).stress)}))

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

    def take_turn(self) -> None:
        self._on_selected("Take a turn", lambda d, n: cf.take_turn(d, n))

    def seize(self) -> None:
        name = self.selected()
        if (name is not None and self.doc.order_mode is OrderMode.ALTERNATING
                and cf.find(self.doc, name).side is Side.NPC and cf.is_opening(self.doc)):
            self._on_selected("An NPC opens round 1", lambda d, n: cf.npc_open(d, n))
            return
        self._on_selected("Seize the initiative", lambda d, n: cf.seize_initiative(d, n))

    def remove_harm(self) -> None:
        name = self.selected()
        if name is None:
            return
        last = len(cf.find(self.doc, name).harms) - 1
        self.run(f"Remove a Harm: {name}", lambda d: cf.remove_harm(d, name, last))

    def end_round(self) -> None:
        data = self.opener.currentData()
        opener = Side(data) if data else None
        payment = Payment(self.opener_pay.currentData())
        self.run("End the round", lambda d: cf.end_round(d, opener, payment))

    def add_effect(self) -> None:
        name = self.effect_name.text()
        target = self.selected() if self.effect_on.isChecked() else None
        unit = TimeUnit(self.effect_unit.currentData())
        length = self.effect_length.value()
        if self.run(f"Add the effect {name.strip()}", lambda d: cf.add_effect(
                d, name, length, unit, target or "")):
            self.effect_name.clear()

    def remove_effect(self) -> None:
        row = self.effects.currentRow()
        if row < 0:
            self.message.setText("Choose an effect first.")
            return
        self.run("Remove an effect", lambda d: cf.remove_effect(d, row))

    # -- drawing -----------------------------------------------------------------------------
    def _refresh_history(self) -> None:
        stack = self.owner.undo_stack
        try:
            stack.canUndo()
        except RuntimeError:  # the stack is being torn down with its owner
            return
        set_reason(self.undo_button, None if stack.canUndo() else "nothing to undo",
                   f"Undo: {stack.undoText()}" if stack.canUndo() else "Undo")
        set_reason(self.redo_button, None if stack.canRedo() else "nothing to redo",
                   f"Redo: {stack.redoText()}" if stack.canRedo() else "Redo")

    def _refresh_pools(self) -> None:
        """The pools, the round, who acts next and what keeping the initiative costs."""
        doc = self.doc
        gm = cf.gm_pool_name(doc)
        self.momentum_label.setText(f"{doc.momentum} / {doc.settings.momentum_cap}")
        self.gm_name.setText(gm)
        self.gm_label.setText(str(doc.gm_pool))
        self.gm_add.setText(f"+1 {gm}")
        self.gm_spend.setText(f"-1 {gm}")
        set_reason(self.momentum_spend, cf.why_not_spend_momentum(doc, 1), "Spend one Momentum")
        set_reason(self.gm_spend, cf.why_not_spend_gm_pool(doc, 1), f"Spend one {gm}")
        self.round_label.setText(f"Round {doc.round}")
        self.order_label.setText(order_text(doc))
        cost = doc.settings.keep_initiative_cost
        set_reason(self.keep_momentum, cf.why_not_keep_initiative(doc, Payment.MOMENTUM),
                   f"The last actor's side pays {cost} Momentum to let an ally act next")
        set_reason(self.keep_gm, cf.why_not_keep_initiative(doc, Payment.GM_POOL),
                   f"PCs add {cost} {gm}, NPCs spend {cost} {gm}, to let an ally act next")
        set_reason(self.end_round_button, cf.why_not_end_round(
            doc, Side(self.opener.currentData()) if self.opener.currentData() else None,
            Payment(self.opener_pay.currentData())),
            f"End the round: Momentum drops by {doc.settings.momentum_loss_per_round}, "
            "everyone may act again")

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
        doc = self.doc
        self._refresh_history()
        conan = doc.profile is Profile.CONAN
        self._refresh_pools()
        self._refresh_table()
        self._refresh_selected()
        self.effects.clear()
        for effect in doc.effects:
            on = f" on {effect.target}" if effect.target else ""
            self.effects.addItem(f"{effect.name}{on}: {effect.remaining} {effect.unit.value}"
                                 f"{'s' if effect.remaining != 1 else ''} left")
        self.table_settings.refresh()
        self.session_button.setVisible(conan)
        self.session_fortune.setVisible(conan)
        set_reason(self.session_button, cf.why_not_start_session(doc),
                   "Start a Conan session: Doom at 3 per player character, each PC's Fortune "
                   "set to the number beside")

    def _refresh_selected(self) -> None:
        doc = self.doc
        name = self.selected()
        controls: list[QWidget] = [
            self.turn_button, self.seize_button, self.fortune_spend, self.fortune_gain,
            self.take_button, self.recover_button, self.wound_button, self.trauma_button,
            self.heal_button, self.cover, self.morale, self.track_max, self.resolve_max,
            self.remove_button, self.early_button, self.initiative, self.armour,
            self.courage]
        conan = doc.profile is Profile.CONAN
        self.max_label.setText("Maximum Vigor" if conan else "Maximum Stress")
        self.track_max.setAccessibleName(self.max_label.text())
        self.resolve_max.setVisible(conan)
        self.resolve_label.setVisible(conan)
        by_score = doc.order_mode is OrderMode.INITIATIVE
        self.early_button.setVisible(by_score)
        self.initiative.setVisible(by_score)
        self.initiative_label.setVisible(by_score)
        if name is None:
            self.selected_label.setText("Nobody selected")
            for widget in controls:
                widget.setEnabled(False)
                widget.setToolTip("Select a character in the table first")
            return
        c = cf.find(doc, name)
        self.selected_label.setText(f"{name} ({'PC' if c.side is Side.PC else 'NPC'})")
        for widget in controls:
            widget.setEnabled(True)
        for box in (self.armour, self.courage):
            box.setToolTip(soak_tip(box.accessibleName()))
        set_reason(self.turn_button, cf.why_not_take_turn(doc, name),
                   f"{name} takes their turn")
        if (doc.order_mode is OrderMode.ALTERNATING and c.side is Side.NPC
                and cf.is_opening(doc)):
            opener = doc.settings.npc_opener_cost
            self.seize_button.setText(f"Open round 1 ({opener} {cf.gm_pool_name(doc)})")
            set_reason(self.seize_button, cf.why_not_npc_open(doc, name),
                       f"Spend {opener} {cf.gm_pool_name(doc)} so this NPC opens round 1")
        else:
            self.seize_button.setText("Seize initiative")
            set_reason(self.seize_button, cf.why_not_seize(doc, name),
                       f"Spend {doc.settings.seize_initiative_cost} {cf.gm_pool_name(doc)} "
                       "so this NPC acts now")
        if doc.order_mode is OrderMode.INITIATIVE:
            set_reason(self.early_button, cf.why_not_act_early(doc, name),
                       f"Act before your initiative: {cf.act_early_cost(doc, name)} "
                       f"{cf.gm_pool_name(doc)} (added by a PC, spent for an NPC)")
        set_reason(self.fortune_spend, cf.why_not_spend_fortune(doc, name),
                   "Spend one Fortune")
        harms_at = cf.stress_harms(doc, name, self.stress_amount.value(),
                                   bool(self.stress_kind.currentData()))
        self.take_button.setToolTip(f"Take the Stress; it would cause {harms_at} Harm"
                                    f"{'s' if harms_at != 1 else ''} now")
        self.heal_button.setEnabled(bool(c.harms))
        for box, value in ((self.cover, c.cover_dice), (self.morale, c.morale_dice),
                           (self.resolve_max, c.max_resolve), (self.initiative, c.initiative),
                           (self.armour, UNKNOWN if c.armour is None else c.armour),
                           (self.courage, UNKNOWN if c.courage is None else c.courage),
                           (self.track_max, c.max_vigor if doc.profile is Profile.CONAN
                            else c.max_stress)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self.table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)



UNKNOWN = -1
"""An Armour or Courage box's value when the character's is not known (shown in words)."""


def soak_box(name: str) -> QSpinBox:
    """A box for a character's Armour or Courage, its lowest step saying it is not known."""
    box = spin_box(name, UNKNOWN, cf.MAX_TRACK, UNKNOWN, soak_tip(name))
    box.setSpecialValueText("not set")
    return box


def soak_tip(name: str) -> str:
    """What an Armour or Courage box is for (its tooltip while a character is selected)."""
    kind = "physical" if name == "Armour" else "mental"
    return (f"{name}: the static Soak against {kind} damage the roller uses when it hits "
            "this character; not set, it uses the calculator's Armour")


def known(value: int) -> int | None:
    """An Armour or Courage box's value for the tracker (None: not known)."""
    return None if value == UNKNOWN else value


def owner_undo(view: ConflictView) -> Callable[[], None]:
    return lambda: view.owner.undo_stack.undo()


def owner_redo(view: ConflictView) -> Callable[[], None]:
    return lambda: view.owner.undo_stack.redo()


def order_text(doc: Conflict) -> str:
    """Who acts next under the document's action order, and who has still to act."""
    waiting = cf.waiting(doc)
    left = ", ".join(waiting) or "nobody"
    if not waiting:
        # not "NPCs act" (or "Either side may act") with nobody in the conflict or left
        due = "End the round" if doc.combatants else "Add the characters"
    elif doc.order_mode is OrderMode.PCS_FIRST:
        due = "PCs act first" if cf.waiting(doc, Side.PC) else "NPCs act"
    elif doc.order_mode is OrderMode.NARRATIVE:
        due = "The GM picks who acts"
    elif doc.order_mode is OrderMode.INITIATIVE:
        first = cf.initiative_due(doc)
        due = "Anyone may open" if first is None else f"Next by initiative: {', '.join(first)}"
    elif cf.npc_opening_cost(doc):
        due = (f"A player character opens, or an NPC for {cf.npc_opening_cost(doc)} "
               f"{cf.gm_pool_name(doc)}")
    elif doc.next_side is None:
        due = "Either side may act"
    else:
        due = f"Next: {doc.next_side.label}"
    return f"{due}; still to act: {left}"


def row_cells(doc: Conflict, c: Combatant) -> tuple[str, ...]:
    """The table's cells for one character, in the order of :data:`COLUMNS`."""
    conan = doc.profile is Profile.CONAN
    # two words at most: a narrow column wraps it onto two lines, not three
    track = (f"{c.vigor}/{c.max_vigor} {c.resolve}/{c.max_resolve}" if conan
             else f"{c.stress}/{c.max_stress}")
    wounds = sum(h.kind is HarmKind.WOUND for h in c.harms)
    harms = f"{len(c.harms)} ({wounds}W {len(c.harms) - wounds}T)" if c.harms else "0"
    return (c.name, "PC" if c.side is Side.PC else "NPC", "yes" if c.acted else "",
            str(c.fortune), track, harms, str(c.cover_dice), str(c.morale_dice),
            cf.status(doc, c.name))
