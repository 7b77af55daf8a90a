"""The crew editor: Tier, hold, rep and turf, heat and wanted level, coin, factions, claims
and the GM's clocks, every change an undoable apply of a core mutator."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import content
from seforge.systems.blades import crew as rules
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.models import Crew
from ui.shell.document_owner import DocumentOwner
from ui.shell.focus_nav import FocusInView
from ui.shell.refusal import refuse, status_line
from ui.shell.widgets import (
    DocumentLineEdit,
    follows_document,
    show_document_text,
    spin_box,
    whole_numbers,
)
from ui.systems.blades.common import (
    CountLabel,
    FormGrid,
    ReflowRow,
    fill_row,
    quietly,
    wrap_list,
)
from ui.systems.blades.crew_world import WorldSections


class CrewWidget(WorldSections):
    def __init__(self, owner: DocumentOwner[Crew], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.setAccessibleName("Crew editor")
        self.setWidgetResizable(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it would show no focus
        host = QWidget()
        self.setWidget(host)
        layout = QVBoxLayout(host)
        self.status = status_line()
        layout.addWidget(self.status)
        # side by side only where both boxes have their width: the counts of rep, heat and
        # coin wrap where the tab is narrow (unwrapped they held the page 19 px wider than
        # its tab at 1024x768 beside a 430 px GM Screen), which is no reason to squeeze the
        # crew box beside them
        top = ReflowRow(preferred=True)
        layout.addLayout(top)
        crew_box = QGroupBox("Crew")
        form = FormGrid(crew_box)
        self.name = DocumentLineEdit()
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
        self.crew_type = follows_document(type_edit)
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
        self.lair = DocumentLineEdit()
        self.lair.setAccessibleName("Lair")
        self.lair.setToolTip("Where the crew has its lair, in a few words")
        self.lair.editingFinished.connect(self._lair_done)
        form.addRow("Lair", self.lair)
        self.xp_track = QLabel()
        self.xp_track.setAccessibleName("Crew XP")
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
        form.addRow("Crew XP", self._xp_lines(), top=self.xp_minus.sizeHint().height())
        self.profit = QLabel()
        self.profit.setAccessibleName("Crew advance profit")
        self.profit.setWordWrap(True)
        form.addRow("", self.profit)
        self.numbers: dict[str, QSpinBox] = {}
        for field, label in (("tier", "Tier"), ("wanted", "Wanted level"),
                             ("vault", "Vault upgrades")):
            low, high = rules.EDITABLE[field]
            spin = spin_box(label, low, high, 0)
            whole_numbers(spin)
            spin.valueChanged.connect(partial(self._number, field))
            form.addRow(label, spin)
            self.numbers[field] = spin
        self.hold = QComboBox()
        self.hold.setAccessibleName("Hold")
        self.hold.addItems(["weak", "strong"])
        self.hold.activated.connect(lambda _i: self.do(
            "Hold", lambda c: setattr(c, "hold", self.hold.currentText())))
        form.addRow("Hold", self.hold)
        # what the war leaves of them (the boxes above keep what comes back after it)
        self.hold_now = QLabel()
        self.hold_now.setAccessibleName("Hold and Tier that count now")
        self.hold_now.setWordWrap(True)
        form.addRow("Counts now", self.hold_now)
        top.addWidget(crew_box, 1)
        econ = QGroupBox("Rep, heat and coin")
        grid = QGridLayout(econ)
        self.rep = CountLabel()
        self.rep.setAccessibleName("Rep")
        self.rep_amount = spin_box("Rep to gain", 0, 12, 2, "")  # tip: the crew's rep table
        self.gain_rep = self._button("Gain rep", lambda: self.do(
            "Gain rep", lambda c: rules.gain_rep(c, self.rep_amount.value())))
        self.from_pcs = spin_box("Coin from the scoundrels", 0, 48, 0,
                                 "Coin the scoundrels put toward the next Tier (each takes "
                                 "it off their own sheet); the lair pays the rest")
        self.from_pcs.setPrefix("PCs pay ")
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
        self.heat = CountLabel()
        self.heat.setAccessibleName("Heat")
        self.heat_amount = spin_box("Heat to gain", 0, 9, 1)
        self.gain_heat = self._button("Gain heat", lambda: self.do(
            "Gain heat", lambda c: rules.gain_heat(c, self._heat())))
        self.clear_heat = self._button("Clear heat", lambda: self.do(
            "Clear heat", lambda c: rules.set_number(c, "heat", 0)))
        grid.addWidget(self.heat, 1, 0)
        grid.addWidget(self.heat_amount, 1, 1)
        grid.addWidget(self.gain_heat, 1, 2)
        grid.addWidget(self.clear_heat, 1, 3)
        self.score_heat = QCheckBox("from a score (+1 at war)")
        self.score_heat.setAccessibleName("Heat from a score")
        grid.addWidget(self.score_heat, 1, 4, 1, 2)
        self.coin = CountLabel()
        self.coin.setAccessibleName("Coin")
        self.coin_amount = spin_box("Coin amount", 1, 16, 0)
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

        assets = ReflowRow()
        layout.addLayout(assets)
        abilities = QGroupBox("Special abilities")
        al = QVBoxLayout(abilities)
        self.abilities = QListWidget()
        wrap_list(self.abilities)
        self.abilities.setAccessibleName("Crew special abilities")
        self.abilities.setMaximumHeight(90)
        al.addWidget(self.abilities)
        self.ability_pick = QComboBox()
        self.ability_pick.setAccessibleName("Crew ability to take")
        # as wide as the crew type's abilities (the list fills once a type is chosen: sized
        # on first show, it stayed the empty box's width and cut "Everyone Steals"); the
        # buttons go under it when the column is narrow
        self.ability_pick.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.add_ability = self._button("Take", self._add_ability)
        self.add_ability.setAccessibleName("Take crew ability")
        # Take asks the rules about the ability picked, not the one shown at the last change
        self.ability_pick.currentIndexChanged.connect(lambda _i: self._refresh_take_ability())
        self.remove_ability = self._button("Remove", self._remove_ability)
        self.remove_ability.setAccessibleName("Remove crew ability")
        row0 = fill_row(self.ability_pick, self.add_ability, self.remove_ability)
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
        self.mark_upgrade = self._button("Mark a box", self._mark_upgrade)
        self.clear_upgrade = self._button("Clear a box", self._clear_upgrade)
        ul.addLayout(fill_row(self.mark_upgrade, self.clear_upgrade))
        assets.addWidget(upgrades, 3)
        cohorts = QGroupBox("Cohorts")
        col = QVBoxLayout(cohorts)
        self.cohorts = QListWidget()
        wrap_list(self.cohorts)
        self.cohorts.setAccessibleName("Cohorts")
        self.cohorts.setMaximumHeight(90)
        col.addWidget(self.cohorts)
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
        row2 = fill_row(self.cohort_kind, self.cohort_type, self.add_cohort,
                        self.remove_cohort)
        col.addLayout(row2)
        self.cohort_kind.currentIndexChanged.connect(lambda _i: self.refresh())
        self.cohort_type.currentTextChanged.connect(lambda _t: self.refresh())
        assets.addWidget(cohorts, 3)

        self._build_factions_and_claims(layout)

        self._build_clocks(layout)
        for spin in (self.rep_amount, self.heat_amount, self.coin_amount, self.from_pcs):
            spin.valueChanged.connect(lambda _v: self.refresh())
        self.focus_in_view = FocusInView(self)
        # a new crew's tab gives the focus to its name, where typing starts
        self.setFocusProxy(self.name)
        owner.changed.connect(self.refresh)
        self.refresh()

    def _xp_lines(self) -> QVBoxLayout:
        """The Crew XP track and its buttons on one line, the advance to take on the next:
        two lines at every width, so the rows under them never move with the width."""
        for button in (self.xp_minus, self.xp_plus):
            button.setFixedWidth(30)
        track = QHBoxLayout()
        track.addWidget(self.xp_track)
        track.addWidget(self.xp_minus)
        track.addWidget(self.xp_plus)
        track.addStretch(1)
        advance = QHBoxLayout()
        advance.addWidget(self.advance_kind)
        advance.addWidget(self.advance)
        advance.addStretch(1)
        lines = QVBoxLayout()
        lines.setContentsMargins(0, 0, 0, 0)
        lines.addLayout(track)
        lines.addLayout(advance)
        return lines

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

    # -- redraw -------------------------------------------------------------------------------
    def refresh(self) -> None:
        quietly(self, self._refresh)

    def _refresh(self) -> None:
        crew = self.crew
        self.name.show_text(crew.name)
        show_document_text(self.crew_type, crew.crew_type)
        self._refresh_type(crew)
        for field, spin in self.numbers.items():
            spin.setValue(getattr(crew, field))
        self.hold.setCurrentText(crew.hold)
        held = rules.war_hold(crew)
        self.hold_now.setText(held.summary())
        self.hold_now.setToolTip(rules.WAR_HOLD_RULE if held.at_war else
                                 "Not at war: the Tier and hold count as set")
        self.rep.setText(f"Rep {crew.rep} of {rules.rep_to_fill(crew)} "
                         f"(turf\u00a0{rules.turf(crew)})")
        refuse(self.gain_rep, rules.why_not_gain_rep(crew, self.rep_amount.value()),
               "Add rep from a score")
        self.rep_amount.setToolTip(
            f"Rep a score earns this Tier {rules.tier_now(crew)} crew, by the target's Tier: "
            + ", ".join(f"Tier {tier}: {rep}" for tier, rep in rules.rep_by_target_tier(crew)))
        cost = rules.tier_cost(crew)
        refuse(self.develop, rules.why_not_develop(crew, self.from_pcs.value()),
               "A full rep track: strengthen hold, or pay for the next Tier "
               f"({cost} coin, from the lair and the scoundrels)")
        # a word and its number stay together where the line wraps (a narrow tab)
        self.heat.setText(f"Heat {crew.heat} of {crew.heat_boxes}, wanted\u00a0{crew.wanted}")
        refuse(self.gain_heat, rules.why_not_gain_heat(crew, self.heat_amount.value()),
               "Add heat; a full track adds a wanted level")
        self.coin.setText(f"Coin {crew.coin} of {rules.vault_cap(crew)}")
        refuse(self.gain_coin, rules.why_not_gain_coin(crew, self.coin_amount.value()),
               "Put coin in the lair")
        self._refresh_factions_and_claims(crew)
        self._refresh_clocks(crew)

    def _refresh_type(self, crew: Crew) -> None:
        data = content.crew_type(crew.crew_type)
        lists = content.lists()
        self._refresh_choices(crew, data, lists)
        self.lair.show_text(crew.lair)
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
        self.profit.setText(f"On a crew advance, {rules.profit_note(rules.tier_now(crew))}.")
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
        self._refresh_take_ability()
        refuse(self.remove_ability, None if crew.special_abilities else "none taken",
               "Remove the selected ability")

    def _refresh_take_ability(self) -> None:
        refuse(self.add_ability, rules.why_not_add_crew_ability(
            self.crew, str(self.ability_pick.currentData() or "")), "Take this crew ability")

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


class CrewEditor:
    """A :class:`ui.shell.system_uis.DocumentEditor` for a crew document."""

    def __init__(self, owner: DocumentOwner[Crew], parent: QWidget | None = None) -> None:
        self.owner = owner
        self._widget = CrewWidget(owner, parent)

    def widget(self) -> QWidget:
        return self._widget


def new_owner() -> DocumentOwner[Crew]:
    return DocumentOwner(CREW, Crew())
