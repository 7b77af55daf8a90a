"""The scoundrel builder's sections for play at the table: experience and advances; stress,
trauma, harm, healing and armor; load, items, coin, stash and notes. Each control asks
:mod:`seforge.systems.blades.play` whether its step is allowed and is disabled with the
reason in its tooltip."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
)

from seforge.systems.blades import content, creation, play, rules
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.facts import (
    ACTIONS,
    ARMOR_BOXES,
    MAX_LOAD,
    TRAUMA_CONDITIONS,
    XP_TRACKS,
)
from seforge.systems.blades.models import Scoundrel
from ui.shell.flow_layout import FlowLayout
from ui.shell.refusal import refuse
from ui.shell.widgets import spin_box, whole_numbers
from ui.systems.blades.builder_base import BuilderBase
from ui.systems.blades.clock_face import ClockFace
from ui.systems.blades.common import (
    FormGrid,
    TraumaPick,
    fill_row,
    room_for_placeholder,
    wrap_list,
)


class PlaySections(BuilderBase):
    """The sections of the builder a scoundrel uses in play (built and redrawn by
    :class:`ui.systems.blades.builder.ScoundrelBuilder`)."""

    def _build_advancement(self) -> None:
        box = QGroupBox("Experience and advances")
        grid = QGridLayout(box)
        from seforge.systems.blades.reference import table

        xp = table("xp")
        triggers = QLabel("XP triggers: " + "; ".join(f"{row[0].lower()}: {row[1]}"
                                                      for row in xp.rows[:5]))
        triggers.setWordWrap(True)
        triggers.setAccessibleName("XP triggers")
        triggers.setToolTip(f"Source: {xp.source.label}" if xp.source is not None else "")
        grid.addWidget(triggers, len(XP_TRACKS) + 1, 0, 1, 6)
        self.xp_labels: dict[str, QLabel] = {}
        self.xp_plus: dict[str, QPushButton] = {}
        self.xp_minus: dict[str, QPushButton] = {}
        self.advance_choice: dict[str, QComboBox] = {}
        self.advance_button: dict[str, QPushButton] = {}
        for r, track in enumerate(XP_TRACKS):
            grid.addWidget(QLabel(track.capitalize()), r, 0)
            label = QLabel()
            label.setAccessibleName(f"{track.capitalize()} XP")
            grid.addWidget(label, r, 1)
            minus = self._button("−", f"Clear {track} XP",
                                 partial(self._xp, track, -1))
            plus = self._button("+", f"Mark {track} XP", partial(self._xp, track, 1))
            for button in (minus, plus):
                button.setFixedWidth(30)
            grid.addWidget(minus, r, 2)
            grid.addWidget(plus, r, 3)
            choice = QComboBox()
            choice.setAccessibleName(f"{track.capitalize()} advance choice")
            choice.setEditable(track == "playbook")
            grid.addWidget(choice, r, 4)
            advance = self._button("Take advance", f"Take {track} advance",
                                   partial(self._advance, track))
            grid.addWidget(advance, r, 5)
            self.xp_labels[track], self.xp_plus[track], self.xp_minus[track] = label, plus, minus
            self.advance_choice[track], self.advance_button[track] = choice, advance
            if track == "playbook":
                line = choice.lineEdit()
                assert line is not None
                line.setPlaceholderText("new special ability")
                room_for_placeholder(choice)
                line.textChanged.connect(lambda _t: self._refresh_advances())
            else:
                choice.currentIndexChanged.connect(lambda _i: self._refresh_advances())
        # made after the tracks' rows, under which it sits, so Tab reaches it after them
        self.desperate_action = QComboBox()
        self.desperate_action.setAccessibleName("Action rolled desperate")
        for action in ACTIONS:
            self.desperate_action.addItem(action.capitalize(), action)
        self.desperate_action.currentIndexChanged.connect(lambda _i: self._refresh_advances())
        self.desperate = self._button("Desperate roll: +1 XP", "Desperate roll XP",
                                      self._desperate)
        grid.addWidget(QLabel("Rolled desperate"), len(XP_TRACKS), 0)
        grid.addWidget(self.desperate_action, len(XP_TRACKS), 1, 1, 3)
        grid.addWidget(self.desperate, len(XP_TRACKS), 4, 1, 2)
        self.form.addWidget(box)

    def _desperate(self) -> None:
        action = str(self.desperate_action.currentData())
        self.do("Desperate roll XP", lambda sc: play.desperate_roll(sc, action))

    def _xp(self, track: str, amount: int) -> None:
        self.do(f"{'Mark' if amount > 0 else 'Clear'} {track} XP",
                lambda sc: play.mark_xp(sc, track, amount))

    def _advance(self, track: str) -> None:
        combo = self.advance_choice[track]
        choice = combo.currentText() if track == "playbook" else str(combo.currentData() or "")
        self.do(f"Take {track} advance", lambda sc: play.take_advance(sc, track, choice))

    def _build_stress_harm(self) -> None:
        box = QGroupBox("Stress, trauma, harm and armor")
        layout = FormGrid(box)
        self.stress_label = QLabel()
        self.stress_label.setAccessibleName("Stress")
        self.stress_minus = self._button("−", "Clear 1 stress", lambda: self.do(
            "Clear stress", lambda sc: play.clear_stress(sc, 1)))
        self.stress_plus = self._button("+", "Take 1 stress", self._take_stress)
        self.trauma_pick = TraumaPick("Trauma if the track fills")
        self.trauma_pick.currentIndexChanged.connect(lambda _i: self._refresh_stress())
        row = fill_row(self.stress_label, self.stress_minus, self.stress_plus,
                       QLabel("if full:"), self.trauma_pick)
        row.addStretch(1)
        self._tall_row(layout, "Stress", row)
        trauma_grid = QGridLayout()
        self.trauma_boxes: dict[str, QCheckBox] = {}
        for i, condition in enumerate(TRAUMA_CONDITIONS):
            check = QCheckBox(condition)
            check.setAccessibleName(f"Trauma {condition}")
            check.toggled.connect(partial(self._trauma, condition))
            trauma_grid.addWidget(check, i // 4, i % 4)
            self.trauma_boxes[condition] = check
        self._tall_row(layout, "Trauma", trauma_grid)
        self.harm_rows: list[QListWidget] = []
        for level in (3, 2, 1):
            rows = QListWidget()
            wrap_list(rows)
            rows.setAccessibleName(f"Harm level {level}")
            rows.setMaximumHeight(44)
            rows.setFlow(QListWidget.Flow.LeftToRight)
            # activated: a double-click, or Enter on the entry (the keyboard's way)
            rows.itemActivated.connect(partial(self._clear_harm, level))
            rows.setToolTip(f"Penalty: {rules.HARM_PENALTIES[level - 1]}. "
                            "Double-click an entry, or press Enter on it, to heal it.")
            self._tall_row(layout, f"Harm {level}", rows)
            self.harm_rows.insert(0, rows)
        harm_row = FlowLayout(fill=True)
        self.harm_text = QLineEdit()
        self.harm_text.setAccessibleName("New harm")
        self.harm_text.setPlaceholderText("e.g. Deep cut to arm")
        room_for_placeholder(self.harm_text)
        self.harm_level = spin_box("Harm level", 1, 4, 0)
        self.harm_level.valueChanged.connect(lambda _v: self._refresh_harm())
        self.harm_add = self._button("Write harm", "Write harm", self._add_harm)
        self.harm_text.returnPressed.connect(self.harm_add.click)  # Enter: Write harm
        harm_row.addWidget(self.harm_text, 1)
        harm_row.addWidget(QLabel("level"))
        harm_row.addWidget(self.harm_level)
        harm_row.addWidget(self.harm_add)
        layout.addRow("", harm_row)
        heal_row = FlowLayout(fill=True)
        self.healing = ClockFace("Healing", rules.HEALING_SEGMENTS, 0)
        self.healing.setAccessibleName("Healing clock")
        self.healing.fill_requested.connect(self._heal_to)
        self.healing_label = QLabel()
        self.healing_label.setWordWrap(True)
        heal_row.addWidget(self.healing)
        heal_row.addWidget(self.healing_label, 1)
        self._tall_row(layout, "Healing", heal_row)
        armor = FlowLayout(fill=True)
        self.armor_boxes: dict[str, QCheckBox] = {}
        for box_name in ARMOR_BOXES:
            check = QCheckBox(box_name.capitalize())
            check.setAccessibleName(f"{box_name.capitalize()} armor used")
            check.toggled.connect(partial(self._armor, box_name))
            armor.addWidget(check)
            self.armor_boxes[box_name] = check
        self.heavy_worn = QCheckBox("wears heavy armor")
        self.special_ability = QCheckBox("an ability uses special armor")
        for check, field in ((self.heavy_worn, "heavy_armor"),
                             (self.special_ability, "special_armor")):
            check.setAccessibleName(check.text())
            check.toggled.connect(partial(self._flag, field))
            armor.addWidget(check)
        self._tall_row(layout, "Armor", armor)
        self.form.addWidget(box)

    def _take_stress(self) -> None:
        trauma = self.trauma_pick.condition()
        self.do("Take stress", lambda sc: play.take_stress(sc, 1, trauma))

    def _trauma(self, condition: str, on: bool) -> None:
        if on == (condition in self.sc.trauma):
            return
        if on:
            self.do(f"Trauma {condition}", lambda sc: play.add_trauma(sc, condition))
        else:
            self.do(f"Clear {condition}", lambda sc: play.remove_trauma(sc, condition))
        self.refresh()

    def _add_harm(self) -> None:
        level, text = self.harm_level.value(), self.harm_text.text()

        def write(sc: Scoundrel) -> None:
            play.add_harm(sc, level, text)

        if self.do("Write harm", write):
            self.harm_text.clear()

    def _heal_to(self, _name: str, filled: int) -> None:
        fixed = rules.HEALING_SEGMENTS - rules.healing_segments(self.sc)
        ticks = filled - fixed - self.sc.healing

        def heal(sc: Scoundrel) -> None:
            play.tick_healing(sc, ticks)

        if ticks:
            self.do("Healing clock", heal)

    def _clear_harm(self, level: int, item: object) -> None:
        rows = self.harm_rows[level - 1]
        index = rows.currentRow()
        self.do("Heal harm", lambda sc: play.clear_harm(sc, level, index))

    def _armor(self, box_name: str, on: bool) -> None:
        if on == (box_name in self.sc.armor_used):
            return
        if on:
            self.do(f"Mark {box_name} armor", lambda sc: play.mark_armor(sc, box_name))
        else:
            self.do("Restore armor", play.restore_armor)
        self.refresh()

    def _flag(self, field: str, on: bool) -> None:
        if on != getattr(self.sc, field):
            self.do("Armor", lambda sc: setattr(sc, field, on))

    def _build_load_coin(self) -> None:
        box = QGroupBox("Load, coin and stash")
        layout = FormGrid(box)
        load_row = FlowLayout(fill=True)
        self.load = spin_box("Load", 0, MAX_LOAD, 0)
        self.load.setSpecialValueText("none")
        whole_numbers(self.load)
        self.load.valueChanged.connect(self._set_load)
        self.load_level = QLabel()
        load_row.addWidget(self.load)
        load_row.addWidget(self.load_level, 1)
        self._tall_row(layout, "Load", load_row)
        self.items = QListWidget()
        wrap_list(self.items)
        self.items.setAccessibleName("Items carried")
        self.items.setMaximumHeight(70)
        self.item_checks = QListWidget()
        wrap_list(self.item_checks)
        self.item_checks.setAccessibleName("Items to carry")
        self.item_checks.setToolTip("The playbook's items, then the standard ones: tick what "
                                    "the scoundrel has on hand, up to the chosen load")
        self.item_checks.setMinimumHeight(120)
        self.item_checks.itemChanged.connect(self._item_checked)
        self._tall_row(layout, "Sheet items", self.item_checks)
        self._tall_row(layout, "Carried", self.items)
        self.item_name = QLineEdit()
        self.item_name.setAccessibleName("New item")
        self.item_name.textChanged.connect(lambda _t: self._refresh_items())
        self.item_boxes = spin_box("Item boxes", 0, 3, 1)
        self.item_boxes.valueChanged.connect(lambda _v: self._refresh_items())
        self.item_add = self._button("Carry", "Carry item", self._add_item)
        self.item_remove = self._button("Drop", "Drop item", self._remove_item)
        item_row = fill_row(self.item_name, self.item_boxes, self.item_add, self.item_remove)
        layout.addRow("", item_row)
        self.coin_label = QLabel()
        self.coin_label.setAccessibleName("Coin and stash")
        self.coin_minus = self._button("−", "Spend 1 coin",
                                       lambda: self.do("Spend coin",
                                                       lambda sc: play.spend_coin(sc, 1)))
        self.coin_plus = self._button("+", "Gain 1 coin",
                                      lambda: self.do("Gain coin",
                                                      lambda sc: play.gain_coin(sc, 1)))
        self.stash_button = self._button("Stash 1", "Stash 1 coin",
                                         lambda: self.do("Stash coin",
                                                         lambda sc: play.stash_coin(sc, 1)))
        self.withdraw_button = self._button("Withdraw 1", "Withdraw 1 coin",
                                            lambda: self.do("Withdraw",
                                                            lambda sc: play.withdraw(sc, 1)))
        coin_row = fill_row(self.coin_label, self.coin_minus, self.coin_plus, self.stash_button,
                            self.withdraw_button)
        coin_row.addStretch(1)
        self._tall_row(layout, "Coin", coin_row)
        profit_row = FlowLayout(fill=True)
        low, high = crew_rules.EDITABLE["tier"]
        self.profit_tier = spin_box("Crew Tier for the profit", low, high, 0)
        self.profit_tier.setPrefix("crew Tier ")
        self.profit = self._button("Crew advance profit", "Take crew advance profit",
                                   self._take_profit)
        self.profit_tier.valueChanged.connect(lambda _v: self._refresh_profit())
        profit_row.addWidget(self.profit_tier)
        profit_row.addWidget(self.profit)
        profit_row.addStretch(1)
        self._tall_row(layout, "Profit", profit_row)
        self.notes = QPlainTextEdit()
        self.notes.setAccessibleName("Notes")
        self.notes.setMaximumHeight(80)
        self.notes.setTabChangesFocus(True)
        self._tall_row(layout, "Notes", self.notes)
        notes_save = self._button("Keep notes", "Keep notes", lambda: self.do(
            "Edit notes", lambda sc: creation.set_text(sc, "notes", self.notes.toPlainText())))
        layout.addRow("", notes_save)
        self.form.addWidget(box)

    def _take_profit(self) -> None:
        tier = self.profit_tier.value()

        def profit(sc: Scoundrel) -> None:
            play.take_profit(sc, tier)

        self.do("Crew advance profit", profit)

    def _refresh_profit(self) -> None:
        tier = self.profit_tier.value()
        refuse(self.profit, play.why_not_take_profit(self.sc, tier),
               f"The crew advanced, so {crew_rules.profit_note(tier)}: add it to this "
               "scoundrel's stash")

    def _set_load(self, value: int) -> None:
        if value != self.sc.load:
            self.do("Choose load", lambda sc: play.set_load(sc, value))
            self.refresh()

    def _add_item(self) -> None:
        name, boxes = self.item_name.text(), self.item_boxes.value()
        if self.do("Carry item", lambda sc: play.add_item(sc, name, boxes)):
            self.item_name.clear()

    def _remove_item(self) -> None:
        index = self.items.currentRow()
        if index >= 0:
            self.do("Drop item", lambda sc: play.remove_item(sc, index))

    def _refresh_condition(self, sc: Scoundrel) -> None:
        """Trauma, harm, healing and armor."""
        for condition, check in self.trauma_boxes.items():
            check.setChecked(condition in sc.trauma)
            if condition not in sc.trauma:
                refuse(check, play.why_not_add_trauma(sc, condition), f"Mark {condition}")
        for i, rows in enumerate(self.harm_rows):
            rows.clear()
            rows.addItems(sc.harm[i])
        self._refresh_harm()
        self._refresh_healing()
        for box_name, check in self.armor_boxes.items():
            check.setChecked(box_name in sc.armor_used)
            if box_name not in sc.armor_used:
                refuse(check, play.why_not_mark_armor(sc, box_name),
                       f"Mark the {box_name} armor box instead of resisting")
            else:
                check.setToolTip("Untick to restore all armor")
        self.heavy_worn.setChecked(sc.heavy_armor)
        self.special_ability.setChecked(sc.special_armor)

    def _refresh_gear(self, sc: Scoundrel) -> None:
        """Load, the items carried, coin, stash and the crew's profit."""
        self.load.setValue(sc.load)
        self.load_level.setText(f"{rules.load_level(sc.load)}; items and coin use "
                                f"{rules.items_load(sc)}")
        self.items.clear()
        self.items.addItems([f"{'▪' * item.boxes or '·'} {item.name}" for item in sc.items])
        self._refresh_items()
        self.coin_label.setText(f"{sc.coin} coin, stash {sc.stash} (lifestyle "
                                f"{rules.lifestyle(sc)})")
        refuse(self.coin_plus, play.why_not_gain_coin(sc, 1), "Gain 1 coin")
        refuse(self.coin_minus, None if sc.coin else "no coin to spend", "Spend 1 coin")
        refuse(self.stash_button, play.why_not_stash(sc, 1), "Put 1 coin in the stash")
        refuse(self.withdraw_button, play.why_not_withdraw(sc, 1),
               "Take 1 coin out of the stash for 2 stash")
        self._refresh_profit()

    def _refresh_item_checks(self, sc: Scoundrel) -> None:
        """The playbook's and the standard items, each ticked when carried (refill the
        list only when the playbook changes what it holds)."""
        carried = {item.name for item in sc.items}
        wanted = [(i.name, i.load) for i in content.playbook_items(sc.playbook)]
        if [self.item_checks.item(r).data(Qt.ItemDataRole.UserRole)
                for r in range(self.item_checks.count())] != [n for n, _ in wanted]:
            self.item_checks.clear()
            for name, load in wanted:
                entry = QListWidgetItem(f"{name} ({load} load)" if load else
                                        f"{name} (no load)")
                entry.setData(Qt.ItemDataRole.UserRole, name)
                entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                self.item_checks.addItem(entry)
        for r in range(self.item_checks.count()):
            entry = self.item_checks.item(r)
            name = str(entry.data(Qt.ItemDataRole.UserRole))
            on = name in carried
            entry.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            reason = None if on else play.why_not_carry(sc, name)
            entry.setToolTip(f"Not now: {reason}." if reason else
                             ("Untick to drop it" if on else "Tick to carry it this score"))

    def _item_checked(self, entry: QListWidgetItem) -> None:
        name = str(entry.data(Qt.ItemDataRole.UserRole))
        on = entry.checkState() == Qt.CheckState.Checked
        if on == any(item.name == name for item in self.sc.items):
            return
        if on:
            self.do(f"Carry {name}", lambda sc: play.carry(sc, name))
        else:
            self.do(f"Drop {name}", lambda sc: play.drop(sc, name))
        self.refresh()

    def _refresh_advances(self) -> None:
        sc = self.sc
        refuse(self.desperate, play.why_not_desperate_roll(
            sc, str(self.desperate_action.currentData())),
            "Mark 1 XP in the attribute of an action rolled from a desperate position")
        for track in XP_TRACKS:
            length = rules.xp_track_length(sc, track)
            marks = sc.xp.get(track, 0)
            self.xp_labels[track].setText(f"{marks} of {length}")
            refuse(self.xp_plus[track], play.why_not_mark_xp(sc, track, 1), f"Mark {track} XP")
            refuse(self.xp_minus[track], play.why_not_mark_xp(sc, track, -1),
                   f"Clear {track} XP")
            combo = self.advance_choice[track]
            if track != "playbook":
                wanted = [a for a in sc.house.attribute_map[track]]
                if [combo.itemData(i) for i in range(combo.count())] != wanted:
                    combo.blockSignals(True)
                    combo.clear()
                    for action in wanted:
                        combo.addItem(action.capitalize(), action)
                    combo.blockSignals(False)
                choice = str(combo.currentData() or "")
            else:
                choice = combo.currentText()
            refuse(self.advance_button[track], play.why_not_advance(sc, track, choice),
                   "Take the advance of a full track")

    def _refresh_stress(self) -> None:
        sc = self.sc
        self.stress_label.setText(f"{sc.stress} of {sc.house.stress_boxes}")
        self.trauma_pick.set_conditions([c for c in TRAUMA_CONDITIONS if c not in sc.trauma])
        refuse(self.stress_plus, play.why_not_take_stress(sc, 1, self.trauma_pick.condition()),
               "Mark 1 stress (the last box brings the trauma chosen beside it)")
        refuse(self.stress_minus, None if sc.stress else "no stress to clear", "Clear 1 stress")

    def _refresh_healing(self) -> None:
        sc = self.sc
        fixed = rules.HEALING_SEGMENTS - rules.healing_segments(sc)
        self.healing.show_state(rules.HEALING_SEGMENTS, sc.healing + fixed)
        reason = play.why_not_tick_healing(sc, 1)
        self.healing_label.setText(
            (f"Not now: {reason}." if reason else
             f"{sc.healing} of {rules.healing_segments(sc)} ticked; a full clock lowers "
             "every harm one level.") + (" Vigorous keeps one segment filled." if fixed
                                           else ""))

    def _refresh_harm(self) -> None:
        refuse(self.harm_add, play.why_not_add_harm(self.sc, self.harm_level.value()),
               "Write the harm in its row (or the next row up when full)")

    def _refresh_items(self) -> None:
        refuse(self.item_add, play.why_not_add_item(self.sc, self.item_name.text(),
                                                    self.item_boxes.value()),
               "Mark the item as carried this score")
        refuse(self.item_remove, None if self.sc.items else "nothing is carried",
               "Drop the selected item")
