"""The Elements section: the table, its buttons and the selected Element's details."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QItemSelectionModel, Qt
from PySide6.QtGui import QAction, QColor, QFontMetrics, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSpinBox,
    QStyle,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge import editing
from seforge.systems.swords_edge.models import MAX_GM_EXTRA_COST, ElementKind, Trait
from seforge.systems.swords_edge.quality_key import QualityKey
from ui.systems.swords_edge.commands import (
    KIND_LABELS,
    InsertElementCommand,
    MoveElementCommand,
    RemoveElementCommand,
    SetFieldCommand,
    SetKindCommand,
    SetLinkCommand,
    SetRankCommand,
    SetTextCommand,
)
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.element_delegates import (
    KIND_EDITOR_TIP,
    KIND_HELP,
    ElementCellDelegate,
    apply_kind_choices,
    kind_allowed,
)
from ui.systems.swords_edge.elements_model import (
    COLUMNS,
    GM,
    KIND,
    NAME,
    RANK,
    TRAIT,
    ElementsModel,
    column_texts,
)
from ui.systems.swords_edge.rank_combo import RankCombo
from ui.systems.swords_edge.widgets import HistoryLineEdit, TraitLinkCombo

FITTED = (RANK, TRAIT, KIND, GM)
"""The columns sized to what they may hold; the name takes the rest."""

ADD_KEYS: dict[ElementKind, str] = {
    ElementKind.QUALITY: "&Quality",
    ElementKind.ITEM: "&Item",
    ElementKind.SFX: "&SFX",
    ElementKind.WEAKNESS: "&Weakness",
    ElementKind.FETISH: "&Fetish",
    ElementKind.STUNT: "S&tunt",
}
"""The kinds in Add Element's drop-down, each with its key (S is the SFX's)."""


class _SplitButton(QToolButton):
    """Add Element and its arrow: Alt+Down (or F4), a drop-down's key, opens the arrow's
    list from the keyboard (Qt's tool button has no key for it)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        alt_down = (event.key() == Qt.Key.Key_Down
                    and event.modifiers() & Qt.KeyboardModifier.AltModifier)
        if self.menu() is not None and (alt_down or event.key() == Qt.Key.Key_F4):
            event.accept()
            self.showMenu()
            return
        super().keyPressEvent(event)


class ElementsPanel(QWidget):
    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = ElementsModel(document, self)
        self._build()
        self._update_details()

    # -- construction -----------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)

        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setObjectName("elementsTable")
        self.table.setAccessibleName("Elements")
        self.table.setToolTip(
            "The character's Elements; select one to edit it below, or double-click "
            "(F2) a name, Rank, Trait or Kind to change it here"
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Tab goes on to the next control (the arrow keys move between the cells)
        self.table.setTabKeyNavigation(False)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.cell_delegate = ElementCellDelegate(self.document, self.table)
        for column in (RANK, TRAIT, KIND):
            self.table.setItemDelegateForColumn(column, self.cell_delegate)
        self.table.setAlternatingRowColors(True)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            self.table.fontMetrics().height() + 12
        )
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        # as wide as the widest text each may hold: sized to what they held, the columns
        # moved under the mouse whenever a Rank rose or a Trait was linked
        for column in FITTED:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(60)
        self.fit_columns()
        self.table.setMinimumHeight(self.table.verticalHeader().defaultSectionSize() * 5 + 8)
        self.apply_selection_palette()
        self.table.selectionModel().currentRowChanged.connect(self._update_details)
        self.model.modelReset.connect(self._update_details)
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        self.add_button = _SplitButton(self)
        self.add_button.setText("Add Element")
        self.add_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.add_button.setAccessibleName("Add Element")
        self.add_button.setToolTip(
            "Add an Element (Ctrl+E); the arrow (Alt+Down) adds other kinds")
        self.add_button.clicked.connect(lambda: self.add_element(ElementKind.QUALITY))
        menu = QMenu(self.add_button)
        self.add_actions: dict[ElementKind, QAction] = {}
        for kind in KIND_LABELS:
            action = menu.addAction(f"Add {ADD_KEYS[kind]}")
            action.setToolTip(KIND_HELP[kind])
            action.triggered.connect(lambda _=False, k=kind: self.add_element(k))
            self.add_actions[kind] = action
        menu.setToolTipsVisible(True)
        for choice in editing.kind_choices(self.document.character):
            if not choice.allowed:  # a new Element is a creation Element
                self.add_actions[choice.kind].setEnabled(False)
                self.add_actions[choice.kind].setToolTip(f"Not offered: {choice.reason}")
        self.add_button.setMenu(menu)

        self.remove_action = self._action("Remove", "Remove the selected Element (Delete)",
                                          QKeySequence.StandardKey.Delete, self.remove_selected)
        self.up_action = self._action("Move Up", "Move the selected Element up (Ctrl+Up)",
                                      QKeySequence("Ctrl+Up"), lambda: self.move_selected(-1))
        self.down_action = self._action("Move Down",
                                        "Move the selected Element down (Ctrl+Down)",
                                        QKeySequence("Ctrl+Down"), lambda: self.move_selected(1))
        buttons.addWidget(self.add_button)
        for action in (self.remove_action, self.up_action, self.down_action):
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setAccessibleName(action.text())
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)

        self.details = QWidget(self)
        self.details.setObjectName("elementDetails")
        form = QFormLayout(self.details)
        form.setContentsMargins(0, 6, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name_edit = HistoryLineEdit(self.details)
        self.name_edit.setPlaceholderText("e.g. Sharp Eyes")
        self.name_edit.setAccessibleName("Element name")
        self.name_edit.setToolTip("A word or phrase for what the Element covers")
        self.name_edit.textEdited.connect(self._on_name_edited)
        self.rank_combo = RankCombo(self.details)
        self.rank_combo.setAccessibleName("Element Rank")
        self.rank_combo.setToolTip("The Element's Rank; greyed-out Ranks say why when hovered")
        self.rank_combo.setPlaceholderText("—")
        self.rank_combo.rank_chosen.connect(self._on_rank_chosen)
        self.trait_combo = TraitLinkCombo(parent=self.details)
        self.trait_combo.setAccessibleName("Element Trait")
        self.trait_combo.setToolTip("The Trait this Element is rolled with")
        self.trait_combo.trait_chosen.connect(self._on_trait_chosen)
        self.kind_combo = QComboBox(self.details)
        for kind, label in KIND_LABELS.items():
            self.kind_combo.addItem(label, kind)
            self.kind_combo.setItemData(
                self.kind_combo.count() - 1, KIND_HELP[kind], Qt.ItemDataRole.ToolTipRole
            )
        self.kind_combo.setAccessibleName("Element kind")
        self.kind_combo.setPlaceholderText("—")
        self.kind_combo.setToolTip(KIND_EDITOR_TIP)
        self.kind_combo.activated.connect(self._on_kind_activated)
        self.gm_spin = QSpinBox(self.details)
        self.gm_spin.setRange(0, MAX_GM_EXTRA_COST)
        self.gm_spin.setPrefix("+")
        self.gm_spin.setSuffix(" Ranks")
        self.gm_spin.setAccessibleName("GM charge")
        self.gm_spin.setToolTip(
            "If the GM finds this Element covers too much, they may ask for extra Ranks "
            "to take it; enter that surcharge here"
        )
        self.gm_spin.valueChanged.connect(self._on_gm_changed)
        self.fetish_edit = HistoryLineEdit(self.details)
        self.fetish_edit.setAccessibleName("Fetish belongs to")
        self.fetish_edit.setToolTip("The name of the SFX Quality this Fetish pays for")
        self.fetish_edit.setPlaceholderText("name of the SFX Quality")
        self.fetish_edit.textEdited.connect(self._on_fetish_edited)
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(self.rank_combo)
        trait_label = QLabel("&Trait", self.details)
        trait_label.setBuddy(self.trait_combo)
        row.addSpacing(10)
        row.addWidget(trait_label)
        row.addWidget(self.trait_combo)
        row.addStretch(1)
        # Kind and GM charge on a row of their own, so a narrow sheet needs no scrolling
        kind_row = QHBoxLayout()
        kind_row.setSpacing(6)
        kind_label_widget = QLabel("&Kind", self.details)
        kind_label_widget.setBuddy(self.kind_combo)
        kind_row.addWidget(self.kind_combo)
        gm_label = QLabel("GM ch&arge", self.details)  # (Alt+H: Help, Alt+R: Rank)
        gm_label.setBuddy(self.gm_spin)
        gm_label.setToolTip(self.gm_spin.toolTip())
        kind_row.addSpacing(10)
        kind_row.addWidget(gm_label)
        kind_row.addWidget(self.gm_spin)
        kind_row.addStretch(1)
        form.addRow("Na&me", self.name_edit)  # (Alt+N: the character's Name)
        label_rank = QLabel("&Rank", self.details)
        label_rank.setBuddy(self.rank_combo)
        form.addRow(label_rank, row)
        form.addRow(kind_label_widget, kind_row)
        self.fetish_label = QLabel("Pa&ys for", self.details)  # (Alt+O: Concept)
        self.fetish_label.setBuddy(self.fetish_edit)
        form.addRow(self.fetish_label, self.fetish_edit)
        layout.addWidget(self.details)

    def _action(self, text: str, tip: str, keys: QKeySequence | QKeySequence.StandardKey,
                slot: object) -> QAction:
        action = QAction(text, self)
        action.setToolTip(tip)
        action.setShortcut(keys)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.table.addAction(action)
        return action

    def fit_columns(self) -> None:
        """Give the Rank, Trait, Kind and GM charge columns the width of the widest text
        each may show (the Trait's in bold, after its colour chip)."""
        style = self.table.style()
        pad = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) + 8
        chip = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize) + 4
        plain = self.table.fontMetrics()
        bold_font = self.table.font()
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        header = self.table.horizontalHeader()
        heading = header.fontMetrics()
        margin = 2 * style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 8
        for column in FITTED:
            metrics, extra = (bold, chip) if column == TRAIT else (plain, 0)
            widest = max(metrics.horizontalAdvance(t) for t in column_texts(column))
            header.resizeSection(column, max(widest + pad + extra,
                                             heading.horizontalAdvance(COLUMNS[column]) + margin))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) \
                and hasattr(self, "table"):
            self.fit_columns()  # another font takes another width

    def apply_selection_palette(self) -> None:
        """A soft selection colour for the table, so the Trait colours stay readable."""
        palette = self.table.palette()
        base = palette.color(QPalette.ColorRole.Base)
        accent = palette.color(QPalette.ColorRole.Highlight)
        soft = QColor(
            (base.red() * 3 + accent.red()) // 4,
            (base.green() * 3 + accent.green()) // 4,
            (base.blue() * 3 + accent.blue()) // 4,
        )
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Highlight, soft)
            palette.setColor(group, QPalette.ColorRole.HighlightedText,
                             palette.color(QPalette.ColorRole.Text))
        self.table.setPalette(palette)

    # -- selection ----------------------------------------------------------------
    def current_row(self) -> int:
        index = self.table.currentIndex()
        return index.row() if index.isValid() else -1

    def select_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, NAME),
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.table.scrollTo(self.model.index(row, NAME))
        self._update_details()

    # -- edits --------------------------------------------------------------------
    def add_element(self, kind: ElementKind = ElementKind.QUALITY,
                    trait: Trait | None = None) -> int:
        """Append a new Element of ``kind`` and select it; returns its row (-1 when
        the rules refuse the kind for a new creation Element)."""
        character = self.document.character
        if not kind_allowed(self.document, None, kind):
            return -1
        element = editing.new_element(kind, character, trait)
        row = len(character.elements)
        self.document.push(InsertElementCommand(self.document, row, element))
        self.select_row(row)
        self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        return row

    def remove_selected(self) -> None:
        row = self.current_row()
        if row < 0:
            return
        self.document.push(RemoveElementCommand(self.document, row))
        self.select_row(min(row, self.model.rowCount() - 1))

    def move_selected(self, step: int) -> None:
        row = self.current_row()
        target = row + step
        if row < 0 or not 0 <= target < self.model.rowCount():
            return
        self.document.push(MoveElementCommand(self.document, row, target))
        self.select_row(target)

    def _on_name_edited(self, text: str) -> None:
        row = self.current_row()
        if row >= 0:
            self.document.push(SetTextCommand(self.document, QualityKey.of_element(row), text))

    def _on_rank_chosen(self, rank: object) -> None:
        row = self.current_row()
        if row >= 0:
            self.document.push(SetRankCommand(self.document, QualityKey.of_element(row), rank))  # type: ignore[arg-type]

    def _on_trait_chosen(self, trait: object) -> None:
        row = self.current_row()
        if row >= 0:
            self.document.push(SetLinkCommand(self.document, QualityKey.of_element(row), trait))  # type: ignore[arg-type]

    def _on_kind_activated(self, index: int) -> None:
        row = self.current_row()
        kind = self.kind_combo.itemData(index)
        if row >= 0 and kind != self.document.character.elements[row].kind:
            if not kind_allowed(self.document, row, kind):
                self._update_details()
                return
            self.document.push(SetKindCommand(self.document, row, kind))

    def _on_gm_changed(self, value: int) -> None:
        row = self.current_row()
        if row < 0 or self.document.character.elements[row].gm_extra_cost == value:
            return
        self.document.push(SetFieldCommand(
            self.document, f"element:{row}:gm_extra_cost", value, "Change GM charge"
        ))

    def _on_fetish_edited(self, text: str) -> None:
        row = self.current_row()
        if row >= 0:
            self.document.push(SetFieldCommand(
                self.document, f"element:{row}:fetish_of", text.strip() or None,
                "Edit Fetish link", merge=True,
            ))

    # -- refresh ------------------------------------------------------------------
    def refresh(self) -> None:
        self.model.refresh()
        self._update_details()

    def _update_details(self) -> None:
        row = self.current_row()
        elements = self.document.character.elements
        has = 0 <= row < len(elements)
        self.details.setEnabled(has)
        self.remove_action.setEnabled(has)
        self.up_action.setEnabled(has and row > 0)
        self.down_action.setEnabled(has and row < len(elements) - 1)
        if not has:
            self.name_edit.set_text_quietly("")
            self.rank_combo.clear_rank()
            if self.kind_combo.currentIndex() != -1:
                blocked = self.kind_combo.blockSignals(True)
                self.kind_combo.setCurrentIndex(-1)
                self.kind_combo.blockSignals(blocked)
            self.fetish_edit.setVisible(False)
            self.fetish_label.setVisible(False)
            return
        element = elements[row]
        key = QualityKey.of_element(row)
        self.name_edit.set_text_quietly(element.name)
        self.rank_combo.set_choices(
            editing.rank_choices(self.document.character, key), element.rank
        )
        self.trait_combo.set_trait(element.trait)
        apply_kind_choices(self.kind_combo, editing.kind_choices(self.document.character, row))
        kind_index = self.kind_combo.findData(element.kind)
        if self.kind_combo.currentIndex() != kind_index:
            self.kind_combo.setCurrentIndex(kind_index)
        if self.gm_spin.value() != element.gm_extra_cost:
            blocked = self.gm_spin.blockSignals(True)
            self.gm_spin.setValue(element.gm_extra_cost)
            self.gm_spin.blockSignals(blocked)
        is_fetish = element.kind is ElementKind.FETISH
        self.fetish_edit.setVisible(is_fetish)
        self.fetish_label.setVisible(is_fetish)
        if is_fetish:
            self.fetish_edit.set_text_quietly(element.fetish_of or "")

    def column_names(self) -> tuple[str, ...]:
        return COLUMNS

    def focus_row(self, row: int) -> None:
        self.select_row(row)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def trait_column(self) -> int:
        return TRAIT

    def kind_column(self) -> int:
        return KIND
