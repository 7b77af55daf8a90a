"""The crew editor: Tier, hold, rep and turf, heat and wanted level, coin, factions, claims
and the GM's clocks, every change an undoable apply of a core mutator."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import format_probability
from seforge.systems.blades import content, odds
from seforge.systems.blades import crew as rules
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.facts import Effect
from seforge.systems.blades.models import Crew
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.refusal import apply_or_refuse as apply
from ui.shell.refusal import refuse, status_line
from ui.systems.blades.clock_face import ClockFace
from ui.systems.blades.common import (
    ReflowRow,
    header_tips,
    stretch_columns,
    text_item,
    wrap_list,
)

Mutator = Callable[[Crew], None]


class CrewWidget(QScrollArea):
    def __init__(self, owner: DocumentOwner[Crew], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.setAccessibleName("Crew editor")
        self.setWidgetResizable(True)
        host = QWidget()
        self.setWidget(host)
        layout = QVBoxLayout(host)
        self.status = status_line()
        layout.addWidget(self.status)
        top = ReflowRow()
        layout.addLayout(top)
        crew_box = QGroupBox("Crew")
        form = QFormLayout(crew_box)
        self.name = QLineEdit()
        self.name.setAccessibleName("Name")
        self.name.editingFinished.connect(partial(self._text, self.name, "name"))
        form.addRow("Name", self.name)
        self.type_pick = QComboBox()
        self.type_pick.setEditable(True)
        self.type_pick.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.type_pick.setAccessibleName("Crew type")
        self.type_pick.addItem("", "")
        for data in content.crew_types():
            self.type_pick.addItem(data.name, data.name)
            self.type_pick.setItemData(self.type_pick.count() - 1,
                                       f"{data.name}: {data.summary}",
                                       Qt.ItemDataRole.ToolTipRole)
        type_edit = self.type_pick.lineEdit()
        assert type_edit is not None
        self.crew_type = type_edit
        self.crew_type.setAccessibleName("Crew type")
        self.crew_type.editingFinished.connect(self._set_type)
        self.type_pick.activated.connect(lambda _i: self._set_type())
        form.addRow("Crew type", self.type_pick)
        self.choices: dict[str, QComboBox] = {}
        for field, label in (("reputation", "Reputation"), ("hunting_grounds",
                                                            "Hunting grounds"),
                             ("contact", "Favourite contact")):
            combo = QComboBox()
            combo.setAccessibleName(label)
            combo.activated.connect(partial(self._choice, field))
            form.addRow(label, combo)
            self.choices[field] = combo
        self.lair = QLineEdit()
        self.lair.setAccessibleName("Lair")
        self.lair.setToolTip("Where the crew has its lair, in a few words")
        self.lair.editingFinished.connect(self._lair_done)
        form.addRow("Lair", self.lair)
        self.xp_track = QLabel()
        self.xp_track.setAccessibleName("Crew XP")
        xp_row = FlowLayout(fill=True)
        self.xp_minus = self._button("−", lambda: self.do(
            "Clear crew XP", lambda c: rules.mark_crew_xp(c, -1)))
        self.xp_minus.setAccessibleName("Clear crew XP")
        self.xp_plus = self._button("+", lambda: self.do(
            "Mark crew XP", lambda c: rules.mark_crew_xp(c, 1)))
        self.xp_plus.setAccessibleName("Mark crew XP")
        self.advance_kind = QComboBox()
        self.advance_kind.setAccessibleName("Crew advance")
        self.advance_kind.addItem("a special ability", "ability")
        self.advance_kind.addItem("two upgrade boxes", "upgrades")
        self.advance = self._button("Take advance", self._advance)
        for part0 in (self.xp_track, self.xp_minus, self.xp_plus, self.advance_kind,
                      self.advance):
            xp_row.addWidget(part0)
        form.addRow("Crew XP", xp_row)
        self.profit = QLabel()
        self.profit.setAccessibleName("Crew advance profit")
        self.profit.setWordWrap(True)
        form.addRow("", self.profit)
        self.numbers: dict[str, QSpinBox] = {}
        for field, label in (("tier", "Tier"), ("wanted", "Wanted level"),
                             ("vault", "Vault upgrades")):
            spin = QSpinBox()
            spin.setAccessibleName(label)
            low, high = rules.EDITABLE[field]
            spin.setRange(low, high)
            spin.valueChanged.connect(partial(self._number, field))
            form.addRow(label, spin)
            self.numbers[field] = spin
        self.hold = QComboBox()
        self.hold.setAccessibleName("Hold")
        self.hold.addItems(["weak", "strong"])
        self.hold.activated.connect(lambda _i: self.do(
            "Hold", lambda c: setattr(c, "hold", self.hold.currentText())))
        form.addRow("Hold", self.hold)
        top.addWidget(crew_box, 1)
        econ = QGroupBox("Rep, heat and coin")
        grid = QGridLayout(econ)
        self.rep = QLabel()
        self.rep.setAccessibleName("Rep")
        self.rep_amount = QSpinBox()
        self.rep_amount.setAccessibleName("Rep to gain")
        self.rep_amount.setRange(0, 12)
        self.rep_amount.setValue(2)
        self.rep_amount.setToolTip("2 per score, one more per Tier the target is above you")
        self.gain_rep = self._button("Gain rep", lambda: self.do(
            "Gain rep", lambda c: rules.gain_rep(c, self.rep_amount.value())))
        self.from_pcs = QSpinBox()
        self.from_pcs.setAccessibleName("Coin from the scoundrels")
        self.from_pcs.setRange(0, 48)
        self.from_pcs.setPrefix("PCs pay ")
        self.from_pcs.setToolTip("Coin the scoundrels put toward the next Tier (each takes it "
                                 "off their own sheet); the lair pays the rest")
        self.develop = self._button("Develop", lambda: self.do(
            "Develop", lambda c: rules.develop(c, self.from_pcs.value())))
        self.lose_hold = self._button("Lose hold", lambda: self.do("Lose hold",
                                                                   rules.lose_hold))
        grid.addWidget(self.rep, 0, 0)
        grid.addWidget(self.rep_amount, 0, 1)
        grid.addWidget(self.gain_rep, 0, 2)
        grid.addWidget(self.from_pcs, 0, 3)
        grid.addWidget(self.develop, 0, 4)
        grid.addWidget(self.lose_hold, 0, 5)
        self.heat = QLabel()
        self.heat.setAccessibleName("Heat")
        self.heat_amount = QSpinBox()
        self.heat_amount.setAccessibleName("Heat to gain")
        self.heat_amount.setRange(0, 9)
        self.heat_amount.setValue(1)
        self.gain_heat = self._button("Gain heat", lambda: self.do(
            "Gain heat", lambda c: rules.gain_heat(c, self._heat())))
        self.clear_heat = self._button("Clear heat", lambda: self.do(
            "Clear heat", lambda c: rules.set_number(c, "heat", 0)))
        grid.addWidget(self.heat, 1, 0)
        grid.addWidget(self.heat_amount, 1, 1)
        grid.addWidget(self.gain_heat, 1, 2)
        grid.addWidget(self.clear_heat, 1, 3)
        self.coin = QLabel()
        self.coin.setAccessibleName("Coin")
        self.coin_amount = QSpinBox()
        self.coin_amount.setAccessibleName("Coin amount")
        self.coin_amount.setRange(1, 16)
        self.gain_coin = self._button("Gain coin", lambda: self.do(
            "Gain coin", lambda c: rules.gain_coin(c, self.coin_amount.value())))
        self.spend_coin = self._button("Spend coin", lambda: self.do(
            "Spend coin", lambda c: rules.spend_coin(c, self.coin_amount.value())))
        grid.addWidget(self.coin, 2, 0)
        grid.addWidget(self.coin_amount, 2, 1)
        grid.addWidget(self.gain_coin, 2, 2)
        grid.addWidget(self.spend_coin, 2, 3)
        top.addWidget(econ, 2)

        self.war = QLabel()
        self.war.setAccessibleName("War effects")
        self.war.setWordWrap(True)
        grid.addWidget(self.war, 3, 0, 1, 6)
        self.score_heat = QCheckBox("from a score (+1 at war)")
        self.score_heat.setAccessibleName("Heat from a score")
        grid.addWidget(self.score_heat, 1, 4, 1, 2)

        assets = ReflowRow()
        layout.addLayout(assets)
        abilities = QGroupBox("Special abilities")
        al = QVBoxLayout(abilities)
        self.abilities = QListWidget()
        wrap_list(self.abilities)
        self.abilities.setAccessibleName("Crew special abilities")
        self.abilities.setMaximumHeight(90)
        al.addWidget(self.abilities)
        row0 = FlowLayout(fill=True)
        self.ability_pick = QComboBox()
        self.ability_pick.setAccessibleName("Crew ability to take")
        self.add_ability = self._button("Take", self._add_ability)
        self.add_ability.setAccessibleName("Take crew ability")
        self.remove_ability = self._button("Remove", self._remove_ability)
        self.remove_ability.setAccessibleName("Remove crew ability")
        for part7 in (self.ability_pick, self.add_ability, self.remove_ability):
            row0.addWidget(part7)
        row0.setStretch(0, 1)
        al.addLayout(row0)
        assets.addWidget(abilities, 2)
        upgrades = QGroupBox("Upgrades")
        ul = QVBoxLayout(upgrades)
        self.upgrade_boxes = QLabel()
        self.upgrade_boxes.setAccessibleName("Upgrade boxes")
        ul.addWidget(self.upgrade_boxes)
        self.upgrades = QListWidget()
        wrap_list(self.upgrades)
        self.upgrades.setAccessibleName("Crew upgrades")
        self.upgrades.setMaximumHeight(120)
        self.upgrades.itemSelectionChanged.connect(self._refresh_upgrade_buttons)
        ul.addWidget(self.upgrades)
        row1 = FlowLayout(fill=True)
        self.mark_upgrade = self._button("Mark a box", self._mark_upgrade)
        self.clear_upgrade = self._button("Clear a box", self._clear_upgrade)
        row1.addWidget(self.mark_upgrade)
        row1.addWidget(self.clear_upgrade)
        ul.addLayout(row1)
        assets.addWidget(upgrades, 3)
        cohorts = QGroupBox("Cohorts")
        col = QVBoxLayout(cohorts)
        self.cohorts = QListWidget()
        wrap_list(self.cohorts)
        self.cohorts.setAccessibleName("Cohorts")
        self.cohorts.setMaximumHeight(90)
        col.addWidget(self.cohorts)
        row2 = FlowLayout(fill=True)
        self.cohort_kind = QComboBox()
        self.cohort_kind.setAccessibleName("Cohort kind")
        self.cohort_kind.addItem("Gang", "gang")
        self.cohort_kind.addItem("Expert", "expert")
        self.cohort_type = QComboBox()
        self.cohort_type.setEditable(True)
        self.cohort_type.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.cohort_type.setAccessibleName("Cohort type")
        for gang in content.lists().gang_types:
            self.cohort_type.addItem(gang.name, gang.name)
            self.cohort_type.setItemData(self.cohort_type.count() - 1, gang.summary,
                                         Qt.ItemDataRole.ToolTipRole)
        self.add_cohort = self._button("Recruit", self._add_cohort)
        self.add_cohort.setAccessibleName("Recruit cohort")
        self.remove_cohort = self._button("Remove", self._remove_cohort)
        self.remove_cohort.setAccessibleName("Remove cohort")
        for part8 in (self.cohort_kind, self.cohort_type, self.add_cohort,
                      self.remove_cohort):
            row2.addWidget(part8)
        col.addLayout(row2)
        self.cohort_kind.currentIndexChanged.connect(lambda _i: self.refresh())
        self.cohort_type.currentTextChanged.connect(lambda _t: self.refresh())
        assets.addWidget(cohorts, 3)

        middle = ReflowRow()
        layout.addLayout(middle)
        factions = QGroupBox("Factions")
        fl = QVBoxLayout(factions)
        self.factions = QTableWidget(0, 4)
        self.factions.setAccessibleName("Factions")
        self.factions.setHorizontalHeaderLabels(["Faction", "Tier", "Hold", "Status"])
        header_tips(self.factions)
        self.factions.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.factions.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        stretch_columns(self.factions)
        self.factions.setMinimumHeight(90)
        self.factions.itemSelectionChanged.connect(self._refresh_status)
        fl.addWidget(self.factions)
        row = FlowLayout(fill=True)
        self.faction_name = QLineEdit()
        self.faction_name.setAccessibleName("New faction")
        self.faction_name.setPlaceholderText("faction name")
        self.faction_tier = QSpinBox()
        self.faction_tier.setAccessibleName("New faction Tier")
        self.faction_tier.setRange(0, 6)
        self.add_faction = self._button("Add", lambda: self.do(
            "Add faction", lambda c: rules.add_faction(c, self.faction_name.text(),
                                                       self.faction_tier.value())))
        self.faction_name.textChanged.connect(lambda _t: self._refresh_add_faction())
        for part1 in (self.faction_name, self.faction_tier, self.add_faction):
            row.addWidget(part1)
        fl.addLayout(row)
        row = FlowLayout(fill=True)
        self.status_spin = QSpinBox()
        self.status_spin.setAccessibleName("Faction status")
        self.status_spin.setRange(-3, 3)
        self.status_spin.setToolTip("-3 war … 0 neutral … +3 allies")
        self.set_status = self._button("Set status", self._set_status)
        self.remove_faction = self._button("Remove", self._remove_faction)
        for part2 in (QLabel("Status"), self.status_spin, self.set_status, self.remove_faction):
            row.addWidget(part2)
        fl.addLayout(row)
        middle.addWidget(factions, 3)
        claims = QGroupBox("Claims")
        cl = QVBoxLayout(claims)
        self.claims = QListWidget()
        wrap_list(self.claims)
        self.claims.setAccessibleName("Claims")
        self.claims.itemChanged.connect(self._claim_toggled)
        cl.addWidget(self.claims)
        row = FlowLayout(fill=True)
        self.claim_name = QLineEdit()
        self.claim_name.setAccessibleName("New claim")
        self.claim_name.setPlaceholderText("claim name")
        self.claim_turf = QCheckBox("turf")
        self.claim_turf.setAccessibleName("New claim is turf")
        self.add_claim = self._button("Add", lambda: self.do(
            "Add claim", lambda c: rules.add_claim(c, self.claim_name.text(),
                                                   self.claim_turf.isChecked())))
        for part3 in (self.claim_name, self.claim_turf, self.add_claim):
            row.addWidget(part3)
        cl.addLayout(row)
        middle.addWidget(claims, 2)

        clocks = QGroupBox("Clocks")
        kl = QVBoxLayout(clocks)
        self.faces_host = QWidget()
        self.faces = QGridLayout(self.faces_host)
        self.faces.setContentsMargins(0, 0, 0, 0)
        self._faces: dict[str, tuple[ClockFace, QLabel]] = {}
        kl.addWidget(self.faces_host)
        self.clocks = QTableWidget(0, 3)
        self.clocks.setAccessibleName("Clocks")
        self.clocks.setHorizontalHeaderLabels(["Clock", "Kind", "Filled"])
        header_tips(self.clocks)
        self.clocks.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.clocks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.clocks.horizontalHeader().setStretchLastSection(True)
        self.clocks.itemSelectionChanged.connect(self._refresh_clock_buttons)
        kl.addWidget(self.clocks)
        row = FlowLayout(fill=True)
        self.tick = self._button("Tick", lambda: self._tick(1))
        self.untick = self._button("Untick", lambda: self._tick(-1))
        self.remove_clock = self._button("Remove clock", self._remove_clock)
        for part4 in (self.tick, self.untick, self.remove_clock):
            row.addWidget(part4)
        row.addStretch(1)
        kl.addLayout(row)
        row = FlowLayout(fill=True)
        self.clock_name = QLineEdit()
        self.clock_name.setAccessibleName("New clock")
        self.clock_name.setPlaceholderText("clock name")
        self.clock_size = QComboBox()
        self.clock_size.setAccessibleName("New clock segments")
        for size in rules.BLADES_CLOCK_SIZES:
            self.clock_size.addItem(rules.clock_size_label(size), size)
        self.clock_kind = QComboBox()
        self.clock_kind.setAccessibleName("New clock kind")
        self.clock_kind.addItems(list(rules.CLOCK_KINDS))
        self.add_clock = self._button("Add clock", self._add_clock)
        self.clock_name.textChanged.connect(lambda _t: self._refresh_clock_buttons())
        for part5 in (self.clock_name, self.clock_size, self.clock_kind, self.add_clock):
            row.addWidget(part5)
        kl.addLayout(row)
        row = FlowLayout(fill=True)
        self.link_kind = QComboBox()
        self.link_kind.setAccessibleName("Link kind")
        self.link_kind.addItems(["linked", "racing", "tug-of-war"])
        self.link_first = QComboBox()
        self.link_first.setAccessibleName("First clock")
        self.link_second = QComboBox()
        self.link_second.setAccessibleName("Second clock")
        self.link_button = self._button("Link", self._link)
        for part6 in (self.link_kind, self.link_first, self.link_second, self.link_button):
            row.addWidget(part6)
        kl.addLayout(row)
        odds_row = FlowLayout(fill=True)
        self.fill_dice = QSpinBox()
        self.fill_dice.setAccessibleName("Dice per roll against the clock")
        self.fill_dice.setRange(0, odds.MAX_TRAIT_DICE)
        self.fill_dice.setValue(2)
        self.fill_effect = QComboBox()
        self.fill_effect.setAccessibleName("Effect against the clock")
        for effect in Effect:
            self.fill_effect.addItem(effect.value.capitalize(), effect.value)
        self.fill_effect.setCurrentIndex(self.fill_effect.findData("standard"))
        self.fill_odds = QLabel()
        self.fill_odds.setAccessibleName("Fill odds of the selected clock")
        self.fill_odds.setWordWrap(True)
        for part in (QLabel("Rolling"), self.fill_dice, QLabel("dice at"), self.fill_effect,
                     self.fill_odds):
            odds_row.addWidget(part)
        odds_row.setStretch(4, 1)
        kl.addLayout(odds_row)
        self.fill_dice.valueChanged.connect(lambda _v: self._refresh_fill_odds())
        self.fill_effect.currentIndexChanged.connect(lambda _i: self._refresh_fill_odds())
        self.links = QLabel()
        self.links.setAccessibleName("Clock links")
        self.links.setWordWrap(True)
        kl.addWidget(self.links)
        layout.addWidget(clocks, 1)
        for spin in (self.rep_amount, self.heat_amount, self.coin_amount, self.from_pcs):
            spin.valueChanged.connect(lambda _v: self.refresh())
        owner.changed.connect(self.refresh)
        self.refresh()

    @property
    def crew(self) -> Crew:
        return self.owner.document

    def do(self, text: str, mutate: Mutator) -> bool:
        return apply(self.owner, text, mutate, self.status)

    def _button(self, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(text)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    def _heat(self) -> int:
        amount = self.heat_amount.value()
        return rules.score_heat(self.crew, amount) if self.score_heat.isChecked() else amount

    def _set_type(self) -> None:
        name = self.crew_type.text().strip()
        if name != self.crew.crew_type:
            self.do("Choose crew type", lambda c: rules.set_crew_type(c, name))
            self.refresh()

    def _choice(self, field: str, index: int) -> None:
        value = str(self.choices[field].itemData(index) or "")
        if value != getattr(self.crew, field):
            self.do(f"Choose {field.replace('_', ' ')}",
                    lambda c: rules.set_field(c, field, value))

    def _lair_done(self) -> None:
        value = self.lair.text()
        if value.strip() != self.crew.lair:
            self.do("Edit lair", lambda c: rules.set_field(c, "lair", value))

    def _advance(self) -> None:
        kind = str(self.advance_kind.currentData())
        gained: list[int] = []
        if self.do("Crew advance", lambda c: gained.append(rules.take_crew_advance(c, kind))):
            self.status.setText(f"Crew advance taken: each scoundrel gains {gained[-1]} stash "
                                "(mark it on their sheets).")
            self.status.setVisible(True)

    def _add_ability(self) -> None:
        name = str(self.ability_pick.currentData() or "")
        self.do("Take crew ability", lambda c: rules.add_crew_ability(c, name))

    def _remove_ability(self) -> None:
        item = self.abilities.currentItem()
        if item is not None:
            name = item.text()
            self.do("Remove crew ability", lambda c: rules.remove_crew_ability(c, name))

    def _upgrade_name(self) -> str:
        item = self.upgrades.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def _mark_upgrade(self) -> None:
        name = self._upgrade_name()
        self.do(f"Mark {name}", lambda c: rules.mark_upgrade(c, name))

    def _clear_upgrade(self) -> None:
        name = self._upgrade_name()
        self.do(f"Clear {name}", lambda c: rules.clear_upgrade(c, name))

    def _add_cohort(self) -> None:
        kind = str(self.cohort_kind.currentData())
        kind_type = self.cohort_type.currentText()
        self.do("Recruit cohort", lambda c: rules.add_cohort(c, kind, kind_type))

    def _remove_cohort(self) -> None:
        index = self.cohorts.currentRow()
        self.do("Remove cohort", lambda c: rules.remove_cohort(c, index))

    def _text(self, edit: QLineEdit, field: str) -> None:
        value = edit.text()
        if value.strip() != getattr(self.crew, field):
            self.do(f"Edit {field}", lambda c: rules.set_text(c, field, value))

    def _number(self, field: str, value: int) -> None:
        if getattr(self.crew, field) != value:
            self.do(f"Set {field}", lambda c: rules.set_number(c, field, value))
            self.refresh()

    def _selected(self, table: QTableWidget) -> int:
        rows = table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def _set_status(self) -> None:
        index, value = self._selected(self.factions), self.status_spin.value()
        self.do("Faction status", lambda c: rules.set_status(c, index, value))

    def _remove_faction(self) -> None:
        index = self._selected(self.factions)
        self.do("Remove faction", lambda c: rules.remove_faction(c, index))

    def _claim_toggled(self, item: QListWidgetItem) -> None:
        index = self.claims.row(item)
        held = item.checkState() == Qt.CheckState.Checked
        if index < len(self.crew.claims) and self.crew.claims[index].held != held:
            self.do("Hold claim", lambda c: rules.hold_claim(c, index, held))
            self.refresh()

    def _clock_name(self) -> str:
        index = self._selected(self.clocks)
        return self.crew.clocks[index].name if 0 <= index < len(self.crew.clocks) else ""

    def _tick(self, amount: int) -> None:
        name = self._clock_name()
        if amount > 0:
            self.do(f"Tick {name}", lambda c: rules.tick(c, name, amount))
        else:
            self.do(f"Untick {name}", lambda c: rules.untick(c, name, -amount))

    def _fill_to(self, name: str, filled: int) -> None:
        clock = next((c for c in self.crew.clocks if c.name == name), None)
        if clock is None or filled == clock.filled:
            return
        if filled > clock.filled:
            self.do(f"Tick {name}", lambda c: rules.tick(c, name, filled - clock.filled))
        else:
            self.do(f"Untick {name}", lambda c: rules.untick(c, name, clock.filled - filled))

    def _refresh_faces(self) -> None:
        names = [c.name for c in self.crew.clocks]
        if list(self._faces) != names:
            for face, label in self._faces.values():
                face.deleteLater()
                label.deleteLater()
            self._faces = {}
            for i, clock in enumerate(self.crew.clocks):
                face = ClockFace(clock.name, clock.segments, clock.filled)
                face.fill_requested.connect(self._fill_to)
                label = QLabel(clock.name)
                label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
                label.setWordWrap(True)
                label.setMaximumWidth(90)
                self.faces.addWidget(face, (i // 6) * 2, i % 6,
                                     alignment=Qt.AlignmentFlag.AlignHCenter)
                self.faces.addWidget(label, (i // 6) * 2 + 1, i % 6)
                self._faces[clock.name] = (face, label)
        for clock in self.crew.clocks:
            face, label = self._faces[clock.name]
            face.show_state(clock.segments, clock.filled)
            label.setText(f"{clock.name} {clock.filled}/{clock.segments}")

    def _remove_clock(self) -> None:
        name = self._clock_name()
        self.do(f"Remove {name}", lambda c: rules.remove_clock(c, name))

    def _add_clock(self) -> None:
        name, size = self.clock_name.text(), int(self.clock_size.currentData())
        kind = self.clock_kind.currentText()
        if self.do("Add clock", lambda c: rules.add_clock(c, name, size, kind)):
            self.clock_name.clear()

    def _link(self) -> None:
        kind = self.link_kind.currentText()
        first, second = self.link_first.currentText(), self.link_second.currentText()
        self.do("Link clocks", lambda c: rules.link(c, kind, first, second))

    # -- redraw -------------------------------------------------------------------------------
    def refresh(self) -> None:
        widgets = self.findChildren(QWidget)
        for widget in widgets:
            widget.blockSignals(True)
        try:
            self._refresh()
        finally:
            for widget in widgets:
                widget.blockSignals(False)

    def _refresh(self) -> None:
        crew = self.crew
        if not self.name.hasFocus():
            self.name.setText(crew.name)
        if not self.crew_type.hasFocus():
            self.crew_type.setText(crew.crew_type)
        self._refresh_type(crew)
        for field, spin in self.numbers.items():
            spin.setValue(getattr(crew, field))
        self.hold.setCurrentText(crew.hold)
        self.rep.setText(f"Rep {crew.rep} of {rules.rep_to_fill(crew)} "
                         f"(turf {rules.turf(crew)})")
        refuse(self.gain_rep, rules.why_not_gain_rep(crew, self.rep_amount.value()),
               "Add rep from a score")
        cost = rules.tier_cost(crew)
        refuse(self.develop, rules.why_not_develop(crew, self.from_pcs.value()),
               "A full rep track: strengthen hold, or pay for the next Tier "
               f"({cost} coin, from the lair and the scoundrels)")
        self.heat.setText(f"Heat {crew.heat} of {crew.heat_boxes}, wanted {crew.wanted}")
        refuse(self.gain_heat, rules.why_not_gain_heat(crew, self.heat_amount.value()),
               "Add heat; a full track adds a wanted level")
        self.coin.setText(f"Coin {crew.coin} of {rules.vault_cap(crew)}")
        refuse(self.gain_coin, rules.why_not_gain_coin(crew, self.coin_amount.value()),
               "Put coin in the lair")
        self.factions.setRowCount(len(crew.factions))
        for r, faction in enumerate(crew.factions):
            self.factions.setItem(r, 0, text_item(faction.name))
            self.factions.setItem(r, 1, text_item(str(faction.tier)))
            self.factions.setItem(r, 2, text_item(faction.hold))
            self.factions.setItem(r, 3, text_item(
                f"{faction.status:+d} {rules.STATUS_NAMES[faction.status]}"))
        self._refresh_add_faction()
        self._refresh_status()
        self.claims.clear()
        for i, claim in enumerate(crew.claims):
            item = QListWidgetItem(claim.name + (" (turf)" if claim.turf else "") +
                                   (" — held" if claim.held else " — not held"))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if claim.held else Qt.CheckState.Unchecked)
            reason = rules.why_not_hold_claim(crew, i, True)
            item.setToolTip(reason or "Tick when the crew holds it")
            self.claims.addItem(item)
        selected = self._selected(self.clocks)
        self.clocks.setRowCount(len(crew.clocks))
        for r, clock in enumerate(crew.clocks):
            self.clocks.setItem(r, 0, text_item(clock.name))
            self.clocks.setItem(r, 1, text_item(clock.kind))
            self.clocks.setItem(r, 2, text_item(
                "■" * clock.filled + "□" * (clock.segments - clock.filled) +
                f"  {clock.filled}/{clock.segments}"))
        if 0 <= selected < len(crew.clocks):
            self.clocks.selectRow(selected)
        self._refresh_faces()
        names = [c.name for c in crew.clocks]
        for combo in (self.link_first, self.link_second):
            current = combo.currentText()
            combo.clear()
            combo.addItems(names)
            if current in names:
                combo.setCurrentText(current)
        self.links.setText("; ".join(f"{lk.first} → {lk.second} ({lk.kind})"
                                     for lk in crew.links) or "No links.")
        self._refresh_clock_buttons()

    def _refresh_type(self, crew: Crew) -> None:
        data = content.crew_type(crew.crew_type)
        lists = content.lists()
        self._refresh_choices(crew, data, lists)
        if not self.lair.hasFocus():
            self.lair.setText(crew.lair)
        self._refresh_crew_xp(crew, data)
        self._refresh_crew_abilities(crew, data)
        self._refresh_upgrades(crew, data, lists)
        self._refresh_cohorts(crew)

    def _refresh_choices(self, crew: Crew, data: content.CrewTypeData | None,
                         lists: content.Lists) -> None:
        """Reputation, hunting grounds and contact: the game's and the crew type's options,
        plus the crew's own value when it is none of them."""
        options: dict[str, list[tuple[str, str, str]]] = {
            "reputation": [(r, r, "how the underworld sees the crew")
                           for r in lists.reputations],
            "hunting_grounds": [(o, o, "the crew's preferred operation")
                                for o in (data.operations if data else ())],
            "contact": [(p.label(), p.name, p.label())
                        for p in (data.contacts if data else ())],
        }
        for field, combo in self.choices.items():
            wanted = [("", "", ""), *options[field]]
            current = getattr(crew, field)
            if current and current not in [v for _, v, _ in wanted]:
                wanted.append((current, current, "kept as written"))
            if [combo.itemData(i) for i in range(combo.count())] != [v for _, v, _ in wanted]:
                combo.clear()
                for text, value, tip in wanted:
                    combo.addItem(text or "—", value)
                    combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
            combo.setCurrentIndex(max(0, combo.findData(current)))

    def _refresh_crew_xp(self, crew: Crew, data: content.CrewTypeData | None) -> None:
        """The crew XP track and its buttons, the advance, the profit and the war."""
        self.xp_track.setText("■" * crew.xp + "□" * (crew.crew_xp_boxes - crew.xp) +
                              f" {crew.xp}/{crew.crew_xp_boxes}")
        self.xp_track.setToolTip("Mark 1 or 2 per crew XP trigger at the end of a session"
                                 + (f"; the crew's own: {data.xp_trigger}" if data else ""))
        refuse(self.xp_plus, None if crew.xp < crew.crew_xp_boxes else "the track is full",
               "Mark one crew XP")
        refuse(self.xp_minus, None if crew.xp else "no crew XP to clear", "Clear one crew XP")
        refuse(self.advance, rules.why_not_crew_advance(crew, str(
            self.advance_kind.currentData())), "Clear the full track for an advance")
        self.profit.setText(f"Each crew advance gives every scoundrel {rules.profit(crew)} "
                            "stash (Tier + 2).")
        effects = rules.war_effects(crew)
        self.war.setText("At war: " + "; ".join(effects) + "." if effects else "Not at war.")

    def _refresh_crew_abilities(self, crew: Crew, data: content.CrewTypeData | None) -> None:
        """The abilities taken (each with what it does) and the crew type's to pick from."""
        self.abilities.clear()
        for name in crew.special_abilities:
            found = next((a for a in (data.special_abilities if data else ())
                          if a.name == name), None)
            item = QListWidgetItem(name)
            item.setToolTip(found.summary if found else name)
            self.abilities.addItem(item)
        wanted_abilities = [a.name for a in (data.special_abilities if data else ())]
        if [self.ability_pick.itemData(i) for i in range(self.ability_pick.count())] != \
                wanted_abilities:
            self.ability_pick.clear()
            for ability in data.special_abilities if data else ():
                self.ability_pick.addItem(ability.name, ability.name)
                self.ability_pick.setItemData(self.ability_pick.count() - 1, ability.summary,
                                              Qt.ItemDataRole.ToolTipRole)
        refuse(self.add_ability, rules.why_not_add_crew_ability(
            crew, str(self.ability_pick.currentData() or "")), "Take this crew ability")
        refuse(self.remove_ability, None if crew.special_abilities else "none taken",
               "Remove the selected ability")

    def _refresh_upgrades(self, crew: Crew, data: content.CrewTypeData | None,
                          lists: content.Lists) -> None:
        """The upgrades (the crew type's, then every crew's) with their boxes marked; the
        selected one stays selected."""
        self.upgrade_boxes.setText(f"{rules.upgrade_boxes_used(crew)} of "
                                   f"{rules.upgrade_boxes_allowed(crew)} boxes chosen "
                                   "(the type's two are free; a cohort costs 2)")
        selected = self._upgrade_name()
        pool = [*(data.upgrades if data else ()), *lists.crew_upgrades]
        self.upgrades.clear()
        for upgrade in pool:
            marks = crew.upgrades.get(upgrade.name, 0)
            item = QListWidgetItem(f"{'■' * marks}{'□' * (upgrade.boxes - marks)} "
                                   f"{upgrade.name}")
            item.setData(Qt.ItemDataRole.UserRole, upgrade.name)
            item.setToolTip(upgrade.summary + (" (from the crew type)"
                                               if upgrade.name in crew.starting_upgrades
                                               else ""))
            self.upgrades.addItem(item)
            if upgrade.name == selected:
                self.upgrades.setCurrentItem(item)
        self._refresh_upgrade_buttons()

    def _refresh_cohorts(self, crew: Crew) -> None:
        self.cohorts.clear()
        for cohort in crew.cohorts:
            self.cohorts.addItem(
                f"{cohort.name} ({cohort.kind}, {cohort.type}; quality "
                f"{rules.cohort_quality(crew, cohort)})" +
                (" — from the crew type" if cohort.starting else ""))
        refuse(self.add_cohort, rules.why_not_add_cohort(
            crew, str(self.cohort_kind.currentData()), self.cohort_type.currentText()),
            "Recruit the cohort (two upgrade boxes)")
        refuse(self.remove_cohort, None if crew.cohorts else "no cohort",
               "Remove the selected cohort")

    def _refresh_upgrade_buttons(self) -> None:
        name = self._upgrade_name()
        reason = None if name else "select an upgrade"
        refuse(self.mark_upgrade, reason or rules.why_not_mark_upgrade(self.crew, name),
               "Mark one box of the selected upgrade")
        clear_reason = reason or (None if self.crew.upgrades.get(name) else
                                  f"{name} has no box marked")
        refuse(self.clear_upgrade, clear_reason, "Clear one box of the selected upgrade")

    def _refresh_fill_odds(self) -> None:
        name = self._clock_name()
        if not name:
            self.fill_odds.setText("Select a clock to see how soon it fills.")
            self.fill_odds.setToolTip("")
            return
        clock = next(c for c in self.crew.clocks if c.name == name)
        if clock.filled >= clock.segments:
            self.fill_odds.setText(f"{name} is full.")
            return
        effect = Effect(str(self.fill_effect.currentData()))
        dice = self.fill_dice.value()
        chances = [odds.clock_fill_odds(clock.segments, dice, effect, n,
                                        filled=clock.filled) for n in (1, 2, 3)]
        expected = odds.clock_expected_rolls(clock.segments, dice, effect,
                                             filled=clock.filled)
        average = ("never fills" if expected is None
                   else f"on average {float(expected):.1f} rolls")
        self.fill_odds.setText(
            f"{name}: within 1/2/3 rolls " + " / ".join(
                format_probability(p) for p in chances) + f"; {average}")
        self.fill_odds.setToolTip("exactly " + ", ".join(str(p) for p in chances) +
                                  (f"; expected {expected}" if expected is not None else ""))

    def _refresh_add_faction(self) -> None:
        refuse(self.add_faction, rules.why_not_add_faction(self.crew, self.faction_name.text()),
               "Put the faction on the ladder")

    def _refresh_status(self) -> None:
        index = self._selected(self.factions)
        reason = None if index >= 0 else "select a faction"
        refuse(self.set_status, reason, "Set the selected faction's status")
        refuse(self.remove_faction, reason, "Take the selected faction off the ladder")

    def _refresh_clock_buttons(self) -> None:
        crew = self.crew
        name = self._clock_name()
        if not name:
            for button in (self.tick, self.untick, self.remove_clock):
                refuse(button, "select a clock", button.text())
        else:
            refuse(self.tick, rules.why_not_tick(crew, name), f"Tick {name}")
            clock = next(c for c in crew.clocks if c.name == name)
            refuse(self.untick, None if clock.filled else f"{name} is empty", f"Untick {name}")
            refuse(self.remove_clock, None, f"Remove {name}")
        refuse(self.add_clock, rules.why_not_add_clock(
            crew, self.clock_name.text(), int(self.clock_size.currentData() or 4),
            self.clock_kind.currentText()), "Add the clock")
        refuse(self.link_button, None if len(crew.clocks) >= 2 else "add two clocks first",
               "Link the two clocks")
        self._refresh_fill_odds()


class CrewEditor:
    """A :class:`ui.shell.system_uis.DocumentEditor` for a crew document."""

    def __init__(self, owner: DocumentOwner[Crew], parent: QWidget | None = None) -> None:
        self.owner = owner
        self._widget = CrewWidget(owner, parent)

    def widget(self) -> QWidget:
        return self._widget


def new_owner() -> DocumentOwner[Crew]:
    return DocumentOwner(CREW, Crew())
