"""The scoundrel builder: every control asks the core whether its step is allowed and is
disabled with the reason in its tooltip; every change is one undoable apply on the owner."""

from __future__ import annotations

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
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import content, creation, rules
from seforge.systems.blades.documents import SCOUNDREL
from seforge.systems.blades.facts import (
    ACTIONS,
    ATTRIBUTES,
    HOUSE_DEFAULT_LABELS,
    VICES,
    attribute_of,
)
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.focus_nav import FocusInView
from ui.shell.refusal import refuse, show_refusal, status_line
from ui.shell.widgets import show_document_text, spin_box, whole_numbers
from ui.systems.blades.builder_play import PlaySections
from ui.systems.blades.common import (
    FormGrid,
    ReflowRow,
    dots_text,
    quietly,
    room_for_placeholder,
    wrap_list,
)
from ui.systems.blades.ledger import LedgerPanel


class ScoundrelBuilder(PlaySections):
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
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it would show no focus
        scroll.setWidget(form_host)
        self.form_scroll = scroll
        splitter.addWidget(scroll)
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
        # the ledger, beside the form or under it, is made after the form's fields so
        # that Tab reaches it after them (made before, it came first in the window's
        # order, and Shift+Tab from it left the form for the GM Screen)
        self.ledger = LedgerPanel()
        splitter.addWidget(self.ledger)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        self.ledger.setMinimumWidth(260)
        splitter.setSizes([900, 380])
        self.focus_in_view = FocusInView(scroll)
        # a new scoundrel's tab gives the focus to its name, where typing starts
        self.setFocusProxy(self.texts["name"])
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
            minus = self._button("−", f"Remove a dot from {action.capitalize()}",
                                 partial(self._remove_dot, action))
            plus = self._button("+", f"Add a dot to {action.capitalize()}",
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
        layout = FormGrid(box)
        self.abilities = QListWidget()
        wrap_list(self.abilities)
        self.abilities.setAccessibleName("Special abilities")
        self.abilities.setMaximumHeight(70)
        self.abilities.currentRowChanged.connect(lambda _r: self._refresh_ability_button())
        self._tall_row(layout, "Special abilities", self.abilities)
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
        room_for_placeholder(self.ability_pick)
        self.ability_edit.textChanged.connect(lambda _t: self._refresh_ability_button())
        self.add_ability = self._button("Add", "Add special ability", self._add_ability)
        self.ability_edit.returnPressed.connect(self.add_ability.click)  # Enter: Add
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

    def _build_house(self) -> None:
        box = QGroupBox("House defaults (not in the rules text)")
        box.setToolTip("Values the rules text does not give; the defaults are the published "
                       "game's. Change them to suit your table.")
        layout = FormGrid(box)
        self.house: dict[str, QSpinBox] = {}
        for field in ("stress_boxes", "attribute_xp_boxes", "playbook_xp_boxes"):
            spin = spin_box(HOUSE_DEFAULT_LABELS[field], 1, 20, 0, HOUSE_DEFAULT_LABELS[field])
            whole_numbers(spin)
            spin.valueChanged.connect(partial(self._house, field))
            layout.addRow(HOUSE_DEFAULT_LABELS[field].split(" (")[0], spin)
            self.house[field] = spin
        harm = FlowLayout(fill=True)
        self.harm_boxes: list[QSpinBox] = []
        for level in (1, 2, 3):
            spin = spin_box(f"Harm row {level} boxes", 1, 6, 0, HOUSE_DEFAULT_LABELS["harm_boxes"])
            spin.setPrefix(f"row {level}: ")
            whole_numbers(spin)
            spin.valueChanged.connect(partial(self._harm_boxes, level))
            harm.addWidget(spin)
            self.harm_boxes.append(spin)
        self._tall_row(layout, "Harm boxes", harm)
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
        self._tall_row(layout, "Attribute of", grid)
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
        quietly(self, lambda: self._refresh(sc))
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
            show_document_text(edit, getattr(sc, field))
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
