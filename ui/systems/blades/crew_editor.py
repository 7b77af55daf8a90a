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
    QHBoxLayout,
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

from seforge.systems.blades import crew as rules
from seforge.systems.blades import odds
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.facts import Effect
from seforge.systems.blades.models import Crew
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.common import apply, refuse, text_item

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
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setVisible(False)
        self.status.setAccessibleName("Last refusal")
        layout.addWidget(self.status)
        top = QHBoxLayout()
        layout.addLayout(top)
        crew_box = QGroupBox("Crew")
        form = QFormLayout(crew_box)
        self.name = QLineEdit()
        self.crew_type = QLineEdit()
        for edit, field, label in ((self.name, "name", "Name"),
                                   (self.crew_type, "crew_type", "Crew type")):
            edit.setAccessibleName(label)
            edit.editingFinished.connect(partial(self._text, edit, field))
            form.addRow(label, edit)
        self.numbers: dict[str, QSpinBox] = {}
        for field, label in (("tier", "Tier"), ("wanted", "Wanted level"),
                             ("vault", "Vault upgrades"), ("xp", "Crew XP")):
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
            "Gain heat", lambda c: rules.gain_heat(c, self.heat_amount.value())))
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

        middle = QHBoxLayout()
        layout.addLayout(middle)
        factions = QGroupBox("Factions")
        fl = QVBoxLayout(factions)
        self.factions = QTableWidget(0, 4)
        self.factions.setAccessibleName("Factions")
        self.factions.setHorizontalHeaderLabels(["Faction", "Tier", "Hold", "Status"])
        self.factions.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.factions.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.factions.horizontalHeader().setStretchLastSection(True)
        self.factions.setMinimumHeight(90)
        self.factions.itemSelectionChanged.connect(self._refresh_status)
        fl.addWidget(self.factions)
        row = QHBoxLayout()
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
        row = QHBoxLayout()
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
        self.claims.setAccessibleName("Claims")
        self.claims.itemChanged.connect(self._claim_toggled)
        cl.addWidget(self.claims)
        row = QHBoxLayout()
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
        self.clocks = QTableWidget(0, 3)
        self.clocks.setAccessibleName("Clocks")
        self.clocks.setHorizontalHeaderLabels(["Clock", "Kind", "Filled"])
        self.clocks.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.clocks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.clocks.horizontalHeader().setStretchLastSection(True)
        self.clocks.itemSelectionChanged.connect(self._refresh_clock_buttons)
        kl.addWidget(self.clocks)
        row = QHBoxLayout()
        self.tick = self._button("Tick", lambda: self._tick(1))
        self.untick = self._button("Untick", lambda: self._tick(-1))
        self.remove_clock = self._button("Remove clock", self._remove_clock)
        for part4 in (self.tick, self.untick, self.remove_clock):
            row.addWidget(part4)
        row.addStretch(1)
        kl.addLayout(row)
        row = QHBoxLayout()
        self.clock_name = QLineEdit()
        self.clock_name.setAccessibleName("New clock")
        self.clock_name.setPlaceholderText("clock name")
        self.clock_size = QComboBox()
        self.clock_size.setAccessibleName("New clock segments")
        for size in rules.BLADES_CLOCK_SIZES:
            self.clock_size.addItem(str(size), size)
        self.clock_kind = QComboBox()
        self.clock_kind.setAccessibleName("New clock kind")
        self.clock_kind.addItems(list(rules.CLOCK_KINDS))
        self.add_clock = self._button("Add clock", self._add_clock)
        self.clock_name.textChanged.connect(lambda _t: self._refresh_clock_buttons())
        for part5 in (self.clock_name, self.clock_size, self.clock_kind, self.add_clock):
            row.addWidget(part5)
        kl.addLayout(row)
        row = QHBoxLayout()
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
        odds_row = QHBoxLayout()
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
                f"{float(p) * 100:.1f}%" for p in chances) + f"; {average}")
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
    """A :class:`ui.shell.system_ui.DocumentEditor` for a crew document."""

    def __init__(self, owner: DocumentOwner[Crew], parent: QWidget | None = None) -> None:
        self.owner = owner
        self._widget = CrewWidget(owner, parent)

    def widget(self) -> QWidget:
        return self._widget


def new_owner() -> DocumentOwner[Crew]:
    return DocumentOwner(CREW, Crew())
