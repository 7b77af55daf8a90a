"""The scoundrel builder: every control asks the core whether its step is allowed and is
disabled with the reason in its tooltip; every change is one undoable apply on the owner."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import content, creation, play, rules
from seforge.systems.blades.documents import SCOUNDREL
from seforge.systems.blades.facts import (
    ACTIONS,
    ARMOR_BOXES,
    ATTRIBUTES,
    HOUSE_DEFAULT_LABELS,
    MAX_LOAD,
    TRAUMA_CONDITIONS,
    VICES,
    XP_TRACKS,
    attribute_of,
)
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.refusal import apply_or_refuse as apply
from ui.shell.refusal import refuse, show_refusal, status_line
from ui.systems.blades.clock_face import ClockFace
from ui.systems.blades.common import ReflowRow, dots_text, wrap_list
from ui.systems.blades.ledger import LedgerPanel

Mutator = Callable[[Scoundrel], None]


class ScoundrelBuilder(QWidget):
    """The editor widget for one ``blades.character`` document."""

    def __init__(self, owner: DocumentOwner[Scoundrel], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self.setAccessibleName("Scoundrel builder")
        outer = ReflowRow(self)
        outer.setContentsMargins(0, 0, 0, 0)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        self.splitter = splitter
        outer.addWidget(splitter)
        form_host = QWidget()
        self.form = QVBoxLayout(form_host)
        self.status = status_line()
        self.form.addWidget(self.status)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(form_host)
        self.form_scroll = scroll
        splitter.addWidget(scroll)
        self.ledger = LedgerPanel()
        splitter.addWidget(self.ledger)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        self.ledger.setMinimumWidth(260)
        splitter.setSizes([900, 380])
        self.texts: dict[str, QLineEdit] = {}
        self._held: dict[str, tuple[str, str]] = {}
        """Refused values still shown where they were typed: role -> (value, reason)."""
        self._build_identity()
        self._build_actions()
        self._build_bonds()
        self._build_advancement()
        self._build_stress_harm()
        self._build_load_coin()
        self._build_house()
        self.form.addStretch(1)
        owner.changed.connect(self.refresh)
        self.refresh()

    def two_column_width(self) -> int:
        """The width from which the ledger sits beside the form rather than under it."""
        host = self.form_scroll.widget()
        form = host.minimumSizeHint().width() if host is not None else 0
        bar = self.form_scroll.verticalScrollBar().sizeHint().width()
        return form + bar + self.ledger.minimumWidth() + self.splitter.handleWidth() + 8

    def is_two_columns(self) -> bool:
        return self.splitter.orientation() == Qt.Orientation.Horizontal

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Reflow as Sword's Edge's builder does: the ledger beside the form when there
        is room, under it when narrow, so the form never scrolls sideways."""
        super().resizeEvent(event)
        wanted = (Qt.Orientation.Horizontal if event.size().width() >= self.two_column_width()
                  else Qt.Orientation.Vertical)
        if wanted != self.splitter.orientation():
            self.splitter.setOrientation(wanted)
            total = (event.size().width() if wanted == Qt.Orientation.Horizontal
                     else event.size().height())
            self.splitter.setSizes([total * 7 // 10, total - total * 7 // 10])

    # -- helpers ------------------------------------------------------------------------------
    @property
    def sc(self) -> Scoundrel:
        return self.owner.document

    def do(self, text: str, mutate: Mutator) -> bool:
        return apply(self.owner, text, mutate, self.status)

    def _line(self, field: str, label: str, layout: QFormLayout, tip: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setAccessibleName(label)
        edit.setToolTip(tip)
        edit.editingFinished.connect(partial(self._text_done, field))
        layout.addRow(label, edit)
        self.texts[field] = edit
        return edit

    def _choice(self, field: str, label: str, layout: QFormLayout, tip: str,
                options: list[tuple[str, str]]) -> QComboBox:
        """An editable combo for a text field: the game's choices (each with its summary)
        or the table's own; its line edit is the field's editor."""
        combo = QComboBox()
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setAccessibleName(label)
        combo.setToolTip(tip)
        combo.addItem("", "")
        for name, summary in options:
            combo.addItem(name, name)
            combo.setItemData(combo.count() - 1, summary, Qt.ItemDataRole.ToolTipRole)
        edit = combo.lineEdit()
        assert edit is not None
        edit.setAccessibleName(label)
        edit.editingFinished.connect(partial(self._text_done, field))
        combo.activated.connect(lambda _i: self._text_done(field))
        layout.addRow(label, combo)
        self.texts[field] = edit
        return combo

    def _text_done(self, field: str) -> None:
        value = self.texts[field].text()
        if value.strip() != getattr(self.sc, field):
            self.do(f"Edit {field.replace('_', ' ')}",
                    lambda sc: creation.set_text(sc, field, value))

    def _button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.clicked.connect(lambda _checked=False: slot())
        return button

    # -- sections -----------------------------------------------------------------------------
    def _build_identity(self) -> None:
        box = QGroupBox("Scoundrel")
        layout = QFormLayout(box)
        self._line("name", "Name", layout, "The scoundrel's name")
        self._line("alias", "Alias", layout, "A street name, if any")
        self._line("look", "Look", layout, "A few words on how they look")
        self.playbook = QComboBox()
        self.playbook.setEditable(True)
        self.playbook.setAccessibleName("Playbook")
        self.playbook.addItem("")
        for playbook in content.playbooks():
            self.playbook.addItem(playbook.name)
            self.playbook.setItemData(self.playbook.count() - 1,
                                      f"{playbook.name}: {playbook.summary}",
                                      Qt.ItemDataRole.ToolTipRole)
        self.playbook.setToolTip(
            "Choose a playbook: the three the rules text names place their three dots "
            "(published starting dots, a default you can change by typing another name "
            "and placing the dots yourself)")
        self.playbook.activated.connect(lambda _i: self._set_playbook())
        line = self.playbook.lineEdit()
        assert line is not None
        line.editingFinished.connect(self._set_playbook)
        layout.addRow("Playbook", self.playbook)
        self._line("xp_trigger", "XP trigger", layout, "The playbook's own XP trigger")
        lists = content.lists()
        self.heritage = self._choice("heritage", "Heritage", layout,
                                     "Where the family line comes from (pick or type)",
                                     [(h.name, h.summary) for h in lists.heritages])
        self._line("heritage_detail", "Family detail", layout, "A detail of family life")
        self.background = self._choice("background", "Background", layout,
                                       "What they did before the crew (pick or type)",
                                       [(b.name, b.summary) for b in lists.backgrounds])
        self._line("background_detail", "Background detail", layout, "A specific detail")
        self.form.addWidget(box)

    def _set_playbook(self) -> None:
        name = self.playbook.currentText().strip()
        if name != self.sc.playbook:
            self.do("Choose playbook", lambda sc: creation.set_playbook(sc, name))
            self.refresh()

    def _build_actions(self) -> None:
        box = QGroupBox("Action dots")
        grid = QGridLayout(box)
        self.attribute_labels: dict[str, QLabel] = {}
        self.dot_labels: dict[str, QLabel] = {}
        self.plus: dict[str, QPushButton] = {}
        self.minus: dict[str, QPushButton] = {}
        # one block per attribute, side by side when there is room, stacked when narrow
        attributes = ReflowRow()
        self._attribute_grids: dict[str, QGridLayout] = {}
        for attribute in ATTRIBUTES:
            block = QWidget()
            block_grid = QGridLayout(block)
            block_grid.setContentsMargins(0, 0, 0, 0)
            label = QLabel()
            label.setAccessibleName(f"{attribute.capitalize()} rating")
            font = label.font()
            font.setBold(True)
            label.setFont(font)
            block_grid.addWidget(label, 0, 0, 1, 4)
            block_grid.setColumnStretch(0, 1)
            self.attribute_labels[attribute] = label
            self._attribute_grids[attribute] = block_grid
            attributes.addWidget(block)
        grid.addLayout(attributes, 0, 0, 1, 12)
        self._action_rows: dict[str, tuple[int, int]] = {}
        for action in ACTIONS:
            name = QLabel(action.capitalize())
            dots = QLabel()
            dots.setAccessibleName(f"{action.capitalize()} dots")
            minus = self._button("−", f"Remove a {action.capitalize()} dot",
                                 partial(self._remove_dot, action))
            plus = self._button("+", f"Add a {action.capitalize()} dot",
                                partial(self._add_dot, action))
            for button in (minus, plus):
                button.setFixedWidth(30)
            self.dot_labels[action] = dots
            self.plus[action] = plus
            self.minus[action] = minus
            self._action_rows[action] = (0, 0)
            setattr(self, f"_name_{action}", name)
        self._place_actions()
        row = 20
        form = QFormLayout()
        self.heritage_dot = QComboBox()
        self.background_dot = QComboBox()
        for combo, source in ((self.heritage_dot, "heritage"),
                              (self.background_dot, "background")):
            combo.setAccessibleName(f"{source.capitalize()} dot")
            combo.addItem("— not placed —", "")
            for action in ACTIONS:
                combo.addItem(action.capitalize(), action)
            combo.activated.connect(partial(self._move_dot, combo, source))
            form.addRow(f"{source.capitalize()} dot", combo)
        grid.addLayout(form, row, 0, 1, 12)
        self.finish = self._button("Finish creation", "Finish creation", self._finish)
        grid.addWidget(self.finish, row + 1, 0, 1, 6)
        self.mastery = QCheckBox("Crew has Mastery (ratings up to 4)")
        self.mastery.setAccessibleName("Mastery")
        self.mastery.toggled.connect(self._toggle_mastery)
        grid.addWidget(self.mastery, row + 1, 6, 1, 6)
        self.form.addWidget(box)

    def _place_actions(self) -> None:
        mapping = self.sc.house.attribute_map
        if getattr(self, "_placed", None) == mapping:
            return
        self._placed = dict(mapping)
        for action in ACTIONS:
            for widget in (getattr(self, f"_name_{action}"), self.dot_labels[action],
                           self.minus[action], self.plus[action]):
                for block_grid in self._attribute_grids.values():
                    block_grid.removeWidget(widget)
        for attribute in ATTRIBUTES:
            block_grid = self._attribute_grids[attribute]
            for r, action in enumerate(mapping[attribute]):
                name: QLabel = getattr(self, f"_name_{action}")
                block_grid.addWidget(name, r + 1, 0)
                block_grid.addWidget(self.dot_labels[action], r + 1, 1)
                block_grid.addWidget(self.minus[action], r + 1, 2)
                block_grid.addWidget(self.plus[action], r + 1, 3)

    def _add_dot(self, action: str) -> None:
        source = creation.next_dot_source(self.sc)
        self.do(f"Add {action} dot", lambda sc: creation.add_dot(sc, action, source))

    def _remove_dot(self, action: str) -> None:
        source = creation.removable_source(self.sc, action)
        if source is None:
            show_refusal(self.status, creation.why_not_remove_any(self.sc, action))
            return
        self.do(f"Remove {action} dot", lambda sc: creation.remove_dot(sc, action, source))

    def _move_dot(self, combo: QComboBox, source: str, _index: int) -> None:
        action = str(combo.currentData() or "")
        self.do(f"Place {source} dot", lambda sc: creation.move_dot(sc, source, action))
        self.refresh()

    def _finish(self) -> None:
        self.do("Finish creation", creation.finish_creation)

    def _toggle_mastery(self, on: bool) -> None:
        if on != self.sc.mastery:
            self.do("Mastery", lambda sc: setattr(sc, "mastery", on))

    def _build_bonds(self) -> None:
        box = QGroupBox("Special ability, friend, rival and vice")
        layout = QFormLayout(box)
        self.abilities = QListWidget()
        wrap_list(self.abilities)
        self.abilities.setAccessibleName("Special abilities")
        self.abilities.setMaximumHeight(70)
        self.abilities.currentRowChanged.connect(lambda _r: self._refresh_ability_button())
        layout.addRow("Special abilities", self.abilities)
        row = FlowLayout(fill=True)
        self.ability_pick = QComboBox()
        self.ability_pick.setEditable(True)
        self.ability_pick.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.ability_pick.setAccessibleName("New special ability")
        self.ability_pick.setToolTip("The playbook's special abilities (the first is the "
                                     "suggested one); a Veteran may type another's")
        ability_edit = self.ability_pick.lineEdit()
        assert ability_edit is not None
        self.ability_edit = ability_edit
        self.ability_edit.setAccessibleName("New special ability")
        self.ability_edit.setPlaceholderText("a special ability of the playbook")
        self.ability_edit.textChanged.connect(lambda _t: self._refresh_ability_button())
        self.add_ability = self._button("Add", "Add special ability", self._add_ability)
        self.remove_ability = self._button("Remove", "Remove special ability",
                                           self._remove_ability)
        row.addWidget(self.ability_pick, 1)
        row.addWidget(self.add_ability)
        row.addWidget(self.remove_ability)
        layout.addRow("", row)
        self.friend_pick = QComboBox()
        self.rival_pick = QComboBox()
        edits: list[QLineEdit] = []
        for combo, role, label in ((self.friend_pick, "friend", "Close friend"),
                                   (self.rival_pick, "rival", "Rival")):
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.setAccessibleName(label)
            edit = combo.lineEdit()
            assert edit is not None
            edit.setAccessibleName(label)
            edit.setToolTip(f"The {label.lower()}, from the playbook's people")
            edit.editingFinished.connect(partial(self._contact_done, edit, role))
            combo.activated.connect(partial(self._contact_picked, combo, edit, role))
            layout.addRow(label, combo)
            edits.append(edit)
        self.friend, self.rival = edits
        self._people_of = ""
        self.vice = QComboBox()
        self.vice.setAccessibleName("Vice")
        self.vice.addItem("— none —", "")
        for vice in VICES:
            self.vice.addItem(vice, vice)
        self.vice.setToolTip("One vice, which the scoundrel indulges to clear stress")
        self.vice.activated.connect(lambda _i: self.do(
            "Choose vice", lambda sc: creation.set_vice(sc, str(self.vice.currentData() or ""))))
        layout.addRow("Vice", self.vice)
        self._line("vice_purveyor", "Purveyor", layout, "Name and place of the vice purveyor")
        self.form.addWidget(box)

    def _refresh_ability_button(self) -> None:
        refuse(self.add_ability, creation.why_not_add_ability(self.sc, self.ability_edit.text()),
               "Add this special ability")
        refuse(self.remove_ability, None if self.abilities.currentItem() is not None
               else "select a special ability", "Remove the selected special ability")

    def _add_ability(self) -> None:
        ability = self.ability_edit.text()
        if self.do("Add special ability", lambda sc: creation.add_ability(sc, ability)):
            self.ability_edit.clear()

    def _remove_ability(self) -> None:
        item = self.abilities.currentItem()
        if item is not None:
            text = item.text()
            self.do("Remove special ability", lambda sc: creation.remove_ability(sc, text))

    def _contact_done(self, edit: QLineEdit, role: str) -> None:
        name = edit.text()
        current = self.sc.friend if role == "friend" else self.sc.rival
        if name.strip() == current:
            self._held.pop(role, None)
            self._show_held()
            return
        reason = creation.why_not_set_contact(self.sc, role, name)
        if reason is not None:
            # a refused value stays where it was typed, with its reason (never erased)
            self._held[role] = (name, reason)
            show_refusal(self.status, reason, "Not kept")
            self._show_held()
            return
        self._held.pop(role, None)
        self.do(f"Set {role}", lambda sc: creation.set_contact(sc, role, name))
        self._show_held()

    def _contact_picked(self, combo: QComboBox, edit: QLineEdit, role: str,
                        index: int) -> None:
        edit.setText(str(combo.itemData(index) or ""))
        self._contact_done(edit, role)

    def _show_held(self) -> None:
        """Mark the fields that hold a refused value (its reason in the tooltip and the
        ledger); a held value is never overwritten by a redraw."""
        for role, edit in (("friend", self.friend), ("rival", self.rival)):
            held = self._held.get(role)
            label = "close friend" if role == "friend" else "rival"
            if held is None:
                edit.setStyleSheet("")
                edit.setToolTip(f"The {label}, from the playbook's people")
            else:
                edit.setStyleSheet("QLineEdit { border: 2px solid #c0392b; }")
                edit.setToolTip(f"Not kept: {held[1]}. The sheet keeps "
                                f"{getattr(self.sc, role) or 'no one'}.")
        self.ledger.show_held([f"{('Close friend' if role == 'friend' else 'Rival')} "
                               f"“{value.strip()}” not kept: {reason}"
                               for role, (value, reason) in self._held.items()])

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
                line.textChanged.connect(lambda _t: self._refresh_advances())
            else:
                choice.currentIndexChanged.connect(lambda _i: self._refresh_advances())
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
        layout = QFormLayout(box)
        row = FlowLayout(fill=True)
        self.stress_label = QLabel()
        self.stress_label.setAccessibleName("Stress")
        self.stress_minus = self._button("−", "Clear 1 stress", lambda: self.do(
            "Clear stress", lambda sc: play.clear_stress(sc, 1)))
        self.stress_plus = self._button("+", "Take 1 stress", self._take_stress)
        self.trauma_pick = QComboBox()
        self.trauma_pick.setAccessibleName("Trauma if the track fills")
        self.trauma_pick.setToolTip("The trauma condition taken when stress fills the track")
        self.trauma_pick.currentIndexChanged.connect(lambda _i: self._refresh_stress())
        for widget in (self.stress_label, self.stress_minus, self.stress_plus,
                       QLabel("if full:"), self.trauma_pick):
            row.addWidget(widget)
        row.addStretch(1)
        layout.addRow("Stress", row)
        trauma_grid = QGridLayout()
        self.trauma_boxes: dict[str, QCheckBox] = {}
        for i, condition in enumerate(TRAUMA_CONDITIONS):
            check = QCheckBox(condition)
            check.setAccessibleName(f"Trauma {condition}")
            check.toggled.connect(partial(self._trauma, condition))
            trauma_grid.addWidget(check, i // 4, i % 4)
            self.trauma_boxes[condition] = check
        layout.addRow("Trauma", trauma_grid)
        self.harm_rows: list[QListWidget] = []
        for level in (3, 2, 1):
            rows = QListWidget()
            wrap_list(rows)
            rows.setAccessibleName(f"Harm level {level}")
            rows.setMaximumHeight(44)
            rows.setFlow(QListWidget.Flow.LeftToRight)
            rows.itemDoubleClicked.connect(partial(self._clear_harm, level))
            rows.setToolTip(f"Penalty: {rules.HARM_PENALTIES[level - 1]}. "
                            "Double-click an entry to heal it.")
            layout.addRow(f"Harm {level}", rows)
            self.harm_rows.insert(0, rows)
        harm_row = FlowLayout(fill=True)
        self.harm_text = QLineEdit()
        self.harm_text.setAccessibleName("New harm")
        self.harm_text.setPlaceholderText("e.g. Deep cut to arm")
        self.harm_level = QSpinBox()
        self.harm_level.setAccessibleName("Harm level")
        self.harm_level.setRange(1, 4)
        self.harm_level.valueChanged.connect(lambda _v: self._refresh_harm())
        self.harm_add = self._button("Write harm", "Write harm", self._add_harm)
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
        layout.addRow("Healing", heal_row)
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
        layout.addRow("Armor", armor)
        self.form.addWidget(box)

    def _take_stress(self) -> None:
        trauma = self.trauma_pick.currentText()
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
        layout = QFormLayout(box)
        load_row = FlowLayout(fill=True)
        self.load = QSpinBox()
        self.load.setAccessibleName("Load")
        self.load.setRange(0, MAX_LOAD)
        self.load.setSpecialValueText("none")
        self.load.valueChanged.connect(self._set_load)
        self.load_level = QLabel()
        load_row.addWidget(self.load)
        load_row.addWidget(self.load_level, 1)
        layout.addRow("Load", load_row)
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
        layout.addRow("Sheet items", self.item_checks)
        layout.addRow("Carried", self.items)
        item_row = FlowLayout(fill=True)
        self.item_name = QLineEdit()
        self.item_name.setAccessibleName("New item")
        self.item_name.textChanged.connect(lambda _t: self._refresh_items())
        self.item_boxes = QSpinBox()
        self.item_boxes.setAccessibleName("Item boxes")
        self.item_boxes.setRange(0, 3)
        self.item_boxes.setValue(1)
        self.item_boxes.valueChanged.connect(lambda _v: self._refresh_items())
        self.item_add = self._button("Carry", "Carry item", self._add_item)
        self.item_remove = self._button("Drop", "Drop item", self._remove_item)
        for widget in (self.item_name, self.item_boxes, self.item_add, self.item_remove):
            item_row.addWidget(widget)
        layout.addRow("", item_row)
        coin_row = FlowLayout(fill=True)
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
        for part in (self.coin_label, self.coin_minus, self.coin_plus, self.stash_button,
                     self.withdraw_button):
            coin_row.addWidget(part)
        coin_row.addStretch(1)
        layout.addRow("Coin", coin_row)
        profit_row = FlowLayout(fill=True)
        self.profit_tier = QSpinBox()
        self.profit_tier.setAccessibleName("Crew Tier for the profit")
        self.profit_tier.setRange(0, 6)
        self.profit_tier.setPrefix("crew Tier ")
        self.profit = self._button("Crew advance profit", "Take crew advance profit",
                                   self._take_profit)
        self.profit_tier.valueChanged.connect(lambda _v: self._refresh_profit())
        profit_row.addWidget(self.profit_tier)
        profit_row.addWidget(self.profit)
        profit_row.addStretch(1)
        layout.addRow("Profit", profit_row)
        self.notes = QPlainTextEdit()
        self.notes.setAccessibleName("Notes")
        self.notes.setMaximumHeight(80)
        self.notes.setTabChangesFocus(True)
        layout.addRow("Notes", self.notes)
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
               f"The crew advanced: put Tier + 2 = {tier + 2} in the stash")

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

    def _build_house(self) -> None:
        box = QGroupBox("House defaults (not in the rules text)")
        box.setToolTip("Values the rules text does not give; the defaults are the published "
                       "game's. Change them to suit your table.")
        layout = QFormLayout(box)
        self.house: dict[str, QSpinBox] = {}
        for field in ("stress_boxes", "attribute_xp_boxes", "playbook_xp_boxes"):
            spin = QSpinBox()
            spin.setRange(1, 20)
            spin.setAccessibleName(HOUSE_DEFAULT_LABELS[field])
            spin.setToolTip(HOUSE_DEFAULT_LABELS[field])
            spin.valueChanged.connect(partial(self._house, field))
            layout.addRow(HOUSE_DEFAULT_LABELS[field].split(" (")[0], spin)
            self.house[field] = spin
        harm = FlowLayout(fill=True)
        self.harm_boxes: list[QSpinBox] = []
        for level in (1, 2, 3):
            spin = QSpinBox()
            spin.setRange(1, 6)
            spin.setPrefix(f"row {level}: ")
            spin.setAccessibleName(f"Harm row {level} boxes")
            spin.setToolTip(HOUSE_DEFAULT_LABELS["harm_boxes"])
            spin.valueChanged.connect(partial(self._harm_boxes, level))
            harm.addWidget(spin)
            self.harm_boxes.append(spin)
        layout.addRow("Harm boxes", harm)
        grid = QGridLayout()
        self.attribute_of: dict[str, QComboBox] = {}
        for i, action in enumerate(ACTIONS):
            combo = QComboBox()
            combo.setAccessibleName(f"{action.capitalize()} attribute")
            combo.setToolTip(HOUSE_DEFAULT_LABELS["attribute_map"])
            for attribute in ATTRIBUTES:
                combo.addItem(attribute.capitalize(), attribute)
            combo.activated.connect(partial(self._move_action, action, combo))
            grid.addWidget(QLabel(action.capitalize()), i // 2, (i % 2) * 2)
            grid.addWidget(combo, i // 2, (i % 2) * 2 + 1)
            self.attribute_of[action] = combo
        layout.addRow("Attribute of", grid)
        self.form.addWidget(box)

    def _harm_boxes(self, level: int, value: int) -> None:
        if self.sc.house.harm_boxes[level - 1] != value:
            self.do("House default", lambda sc: creation.set_harm_boxes(sc, level, value))
            self.refresh()

    def _move_action(self, action: str, combo: QComboBox, _index: int) -> None:
        attribute = str(combo.currentData())
        self.do("House default", lambda sc: creation.move_action(sc, action, attribute))
        self.refresh()

    def _house(self, field: str, value: int) -> None:
        if getattr(self.sc.house, field) != value:
            self.do("House default", lambda sc: creation.set_house(sc, **{field: value}))
            self.refresh()

    # -- redraw -------------------------------------------------------------------------------
    def refresh(self) -> None:
        sc = self.sc
        blockers = [w for w in self.findChildren(QWidget)]
        for widget in blockers:
            widget.blockSignals(True)
        try:
            self._refresh(sc)
        finally:
            for widget in blockers:
                widget.blockSignals(False)
        self.ledger.show_scoundrel(sc)
        self._show_held()

    def _refresh(self, sc: Scoundrel) -> None:
        self._refresh_identity(sc)
        self._refresh_actions(sc)
        self._refresh_dot_sources(sc)
        self.mastery.setChecked(sc.mastery)
        self.abilities.clear()
        self.abilities.addItems(sc.special_abilities)
        self._refresh_playbook_lists(sc)
        self._refresh_ability_button()
        self._refresh_people(sc)
        self._refresh_advances()
        self._refresh_stress()
        self._refresh_condition(sc)
        self._refresh_gear(sc)
        if not self.notes.hasFocus():
            self.notes.setPlainText(sc.notes)
        self._refresh_house(sc)
        self._place_actions()

    def _refresh_identity(self, sc: Scoundrel) -> None:
        """The text fields (one being typed in keeps its text) and the playbook, each
        playbook the rules refuse disabled with the reason."""
        for field, edit in self.texts.items():
            if not edit.hasFocus() or edit.text().strip() == getattr(sc, field):
                edit.setText(getattr(sc, field))
        self.playbook.setCurrentText(sc.playbook)
        playbooks = self.playbook.model()
        assert isinstance(playbooks, QStandardItemModel)
        for i in range(1, self.playbook.count()):
            reason = creation.why_not_set_playbook(sc, self.playbook.itemText(i))
            item = playbooks.item(i)
            item.setEnabled(reason is None or self.playbook.itemText(i) == sc.playbook)
            item.setToolTip(reason or "Its three dots are placed for you")
        refuse(self.playbook, None if sc.stage == "creation" else
               "the playbook is chosen at creation", "The scoundrel's playbook")

    def _refresh_actions(self, sc: Scoundrel) -> None:
        """The attribute ratings and each action's dots with its + and − buttons."""
        attrs = rules.attributes(sc)
        for attribute, label in self.attribute_labels.items():
            label.setText(f"{attribute.capitalize()} {attrs[attribute]} "
                          f"(resists with {attrs[attribute]}d)")
        cap = rules.rating_cap(sc)
        source = creation.next_dot_source(sc)
        for action in ACTIONS:
            rating = sc.actions.get(action, 0)
            self.dot_labels[action].setText(dots_text(rating))
            self.dot_labels[action].setToolTip(f"{action.capitalize()} {rating} (at most {cap} "
                                               "now)")
            refuse(self.plus[action], creation.why_not_add_dot(sc, action, source),
                   f"Add a {source} dot to {action.capitalize()}")
            refuse(self.minus[action], creation.why_not_remove_any(sc, action),
                   f"Take a dot off {action.capitalize()}")

    def _refresh_dot_sources(self, sc: Scoundrel) -> None:
        """Where the heritage and background dots sit, and the Finish creation button."""
        for combo, source_name in ((self.heritage_dot, "heritage"),
                                   (self.background_dot, "background")):
            current = sc.heritage_dot if source_name == "heritage" else sc.background_dot
            combo.setCurrentIndex(max(0, combo.findData(current)))
            model = combo.model()
            assert isinstance(model, QStandardItemModel)
            for i in range(combo.count()):
                action = str(combo.itemData(i) or "")
                reason = creation.why_not_move_dot(sc, source_name, action)
                item = model.item(i)
                item.setEnabled(reason is None)
                item.setToolTip(reason or f"Put the {source_name} dot here")
            refuse(combo, None if sc.stage == "creation" else "creation is finished",
                   f"The action that shows the {source_name}")
        refuse(self.finish, creation.why_not_finish_creation(sc),
               "End creation: ratings may then reach 3 through advances")

    def _refresh_people(self, sc: Scoundrel) -> None:
        """The friend and rival (a refused value that is still refused stays as typed) and
        the vice."""
        for role, edit in (("friend", self.friend), ("rival", self.rival)):
            held = self._held.get(role)
            if held is not None and creation.why_not_set_contact(sc, role, held[0]) is None:
                del self._held[role]  # what refused it has changed: type it again to keep it
                held = None
            if held is None:
                edit.setText(getattr(sc, role))
        self.vice.setCurrentIndex(max(0, self.vice.findData(sc.vice)))

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

    def _refresh_house(self, sc: Scoundrel) -> None:
        """The house defaults: track lengths, harm boxes and which attribute each action
        belongs to."""
        for field, spin in self.house.items():
            spin.setValue(getattr(sc.house, field))
        for level, spin in enumerate(self.harm_boxes, start=1):
            spin.setValue(sc.house.harm_boxes[level - 1])
        for action, combo in self.attribute_of.items():
            combo.setCurrentIndex(combo.findData(attribute_of(action, sc.house)))

    def _refresh_playbook_lists(self, sc: Scoundrel) -> None:
        """The choices the playbook offers: abilities, people and items."""
        book = content.playbook(sc.playbook)
        for i in range(self.abilities.count()):
            item = self.abilities.item(i)
            found = book.ability(item.text()) if book else None
            if found is not None:
                item.setToolTip(found.summary + (" (uses special armor)"
                                                 if found.special_armor else ""))
        if self._people_of != sc.playbook:
            self._people_of = sc.playbook
            self._fill_playbook_picks(book)
        self._refresh_item_checks(sc)

    def _fill_playbook_picks(self, book: content.PlaybookData | None) -> None:
        """The playbook's special abilities and people in their pick lists (what is typed
        in the friend and rival fields stays)."""
        self.ability_pick.clear()
        self.ability_pick.addItem("", "")
        for ability in book.special_abilities if book else ():
            self.ability_pick.addItem(ability.name, ability.name)
            self.ability_pick.setItemData(self.ability_pick.count() - 1, ability.summary,
                                          Qt.ItemDataRole.ToolTipRole)
        for combo, edit in ((self.friend_pick, self.friend),
                            (self.rival_pick, self.rival)):
            typed = edit.text()
            combo.clear()
            combo.addItem("", "")
            for person in book.friends if book else ():
                combo.addItem(person.label(), person.name)
                combo.setItemData(combo.count() - 1, person.label(),
                                  Qt.ItemDataRole.ToolTipRole)
            edit.setText(typed)

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
        free = [c for c in TRAUMA_CONDITIONS if c not in sc.trauma]
        if [self.trauma_pick.itemText(i) for i in range(self.trauma_pick.count())] != free:
            self.trauma_pick.blockSignals(True)
            self.trauma_pick.clear()
            self.trauma_pick.addItems(free)
            self.trauma_pick.blockSignals(False)
        refuse(self.stress_plus, play.why_not_take_stress(sc, 1, self.trauma_pick.currentText()),
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


class ScoundrelEditor:
    """A :class:`ui.shell.system_uis.DocumentEditor` for a scoundrel."""

    def __init__(self, owner: DocumentOwner[Scoundrel], parent: QWidget | None = None) -> None:
        self.owner = owner
        self._widget = ScoundrelBuilder(owner, parent)

    def widget(self) -> QWidget:
        return self._widget

    @property
    def builder(self) -> ScoundrelBuilder:
        return self._widget


def new_owner() -> DocumentOwner[Scoundrel]:
    return DocumentOwner(SCOUNDREL, Scoundrel())
