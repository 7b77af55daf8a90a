"""The NC editor: minions, regulars and heroes from the book's templates, with the
TN each Quality gives shown live. Rules come from :mod:`seforge.systems.swords_edge.nc_builder`."""

from __future__ import annotations

import html
from collections.abc import Callable
from itertools import permutations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge.budget import TRAIT_START
from seforge.systems.swords_edge.library import list_entries
from seforge.systems.swords_edge.models import TRAITS, NarrativeCharacter, NCQuality, NCType, Trait
from seforge.systems.swords_edge.nc_builder import (
    TEMPLATES,
    nc_problems,
    new_nc,
    quality_rows,
    template_deviations,
)
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank, format_modifier
from ui.shell.keys import redo_keys, unique_keys
from ui.shell.theme import verdict_colour
from ui.shell.widgets import buddy, tip
from ui.systems.swords_edge.gm_table.common import (
    TYPE_LABELS,
    combo_select,
    fill_rank_combo,
    fill_type_combo,
)
from ui.systems.swords_edge.gm_table.opponent_owner import OpponentOwner
from ui.systems.swords_edge.widgets import HistoryLineEdit, HistoryPlainTextEdit, cell_text

TRAIT_ORDERS: tuple[tuple[Trait, ...], ...] = tuple(permutations(TRAITS))


def book_genres() -> list[str]:
    """The genres of the book's NCs, sorted."""
    return sorted({e.genre for e in list_entries("nc") if e.genre}, key=str.casefold)


def _quality_rank_combo(parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    for rank in QUALITY_RANKS:
        combo.addItem(rank.display(), int(rank))
    return combo


def _trait_combo(parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    combo.addItem("No Trait", None)
    for trait in TRAITS:
        combo.addItem(trait.value, trait.value)
    return combo


class QualityRows(QWidget):
    """An editable table of NC Qualities (Elements or flaws): name, Rank, Trait."""

    def __init__(self, kind: str, editor: NCEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind  # "element" or "flaw"
        self.editor = editor
        self.rows: list[tuple[HistoryLineEdit, QComboBox, QComboBox, QPushButton]] = []
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        # Each Quality takes two lines: its name across the whole width, then its Rank,
        # Trait and Remove. On one line the name had what the combos left over (about 80
        # pixels in the docked table at 1366x768), so names were cut.
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(1, 1)
        word = "Element" if kind == "element" else "flaw"
        self.empty = QLabel(f"No {word}s.", self)
        self.empty.setEnabled(False)
        self.add_button = QPushButton(f"Add {word}", self)
        tip(self.add_button, f"Add {word}",
            f"Add a {word} (name, Rank, Trait); it raises the TN when it applies"
            if kind == "element" else
            "Add a flaw: a weak spot, usually at a low Rank, that lowers the TN "
            "when the PCs exploit it")
        self.add_button.clicked.connect(lambda: editor.add_quality(kind))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addWidget(self.empty)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)

    def show_qualities(self, qualities: list[NCQuality]) -> None:
        if len(qualities) != len(self.rows):
            self._rebuild(len(qualities))
        for index, (quality, (name, rank, trait, _remove)) in enumerate(
                zip(qualities, self.rows, strict=True)):
            name.set_text_quietly(quality.name)
            combo_select(rank, int(quality.rank))
            combo_select(trait, quality.trait.value if quality.trait else None)
            label = quality.name or f"{self.kind} {index + 1}"
            unnamed = not quality.name.strip()
            name.setPlaceholderText("Name needed" if unnamed else "Name")
            tip(name, f"{self.kind.capitalize()} {index + 1} name",
                f"The name of this {self.kind}" + (
                    ": it has none, so a Test cannot tell when it applies" if unnamed else ""))
            tip(rank, f"{label}: Rank", f"The Rank of {label}: its modifier is added to "
                "the base TN when it applies")
            tip(trait, f"{label}: Trait", f"The Trait {label} hangs on (optional)")
        self.empty.setVisible(not qualities)

    def _rebuild(self, count: int) -> None:
        for widgets in self.rows:
            for widget in widgets:
                self.grid.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        self.rows = []
        for index in range(count):
            name = HistoryLineEdit(self)
            name.setPlaceholderText("Name")
            rank = _quality_rank_combo(self)
            trait = _trait_combo(self)
            remove = QPushButton("Remove", self)
            tip(remove, f"Remove {self.kind} {index + 1}", f"Delete this {self.kind}")
            name.textEdited.connect(
                lambda text, i=index: self.editor.set_quality_field(self.kind, i, "name", text))
            rank.activated.connect(
                lambda _n, i=index, c=rank: self.editor.set_quality_field(
                    self.kind, i, "rank", Rank(int(c.currentData()))))
            trait.activated.connect(
                lambda _n, i=index, c=trait: self.editor.set_quality_field(
                    self.kind, i, "trait", c.currentData()))
            remove.clicked.connect(
                lambda _c=False, i=index: self.editor.remove_quality(self.kind, i))
            self.grid.addWidget(name, 2 * index, 0, 1, 3)
            for column, cell in enumerate((rank, trait, remove)):
                self.grid.addWidget(cell, 2 * index + 1, column)
            self.rows.append((name, rank, trait, remove))


class NCEditor(QWidget):
    """Edits one NarrativeCharacter; every change is an undoable snapshot.

    ``changed`` is emitted after every edit, undo and redo. :meth:`nc` returns a
    copy of the NC being edited, :meth:`set_nc` starts over with another one.
    """

    changed = Signal()

    SIDE_BY_SIDE_WIDTH = 760
    """Narrower than this, the TN panel goes under the form instead of beside it."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        splitter = getattr(self, "splitter", None)
        if isinstance(splitter, QSplitter):
            wide = event.size().width() >= self.SIDE_BY_SIDE_WIDTH
            wanted = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
            if splitter.orientation() != wanted:
                splitter.setOrientation(wanted)
                # The sheet first, with most of the room: stacked, Qt gave the summary
                # the larger part and the sheet showed two rows at 1024x768.
                length = event.size().width() if wide else event.size().height()
                splitter.setSizes([length * 3 // 5, length - length * 3 // 5])
        super().resizeEvent(event)

    def __init__(self, nc: NarrativeCharacter | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = OpponentOwner(nc, self)
        """The opponent's one owner: the editor changes it only through it."""
        self.owner.changed.connect(self._on_owner_changed)
        self._build()
        self._refresh()

    @property
    def _nc(self) -> NarrativeCharacter:
        """The NC as edited (the owner's; read it, change it through ``_edit``)."""
        return self.owner.nc

    @property
    def undo_stack(self) -> QUndoStack:
        return self.owner.undo_stack

    def _on_owner_changed(self) -> None:
        self._refresh()
        self.changed.emit()

    # -- building -------------------------------------------------------------------
    def _build(self) -> None:
        form_host = QWidget(self)
        form = QFormLayout(form_host)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

        self.name_edit = HistoryLineEdit(form_host)
        self.name_edit.setPlaceholderText("e.g. Shock Troopers")
        tip(self.name_edit, "Opponent name", "The NC's name as the cards and lists show it")
        self.name_edit.textEdited.connect(lambda t: self._edit("Name", self._set("name", t),
                                                               "name"))
        form.addRow(buddy("Na&me:", self.name_edit, form_host), self.name_edit)

        self.type_combo = QComboBox(form_host)
        fill_type_combo(self.type_combo)
        tip(self.type_combo, "Type", " ".join(
            f"{TYPE_LABELS[t]}: {TEMPLATES[t].stress_rule}" for t in NCType))
        self.type_combo.activated.connect(self._on_type)
        self.rank_combo = QComboBox(form_host)
        fill_rank_combo(self.rank_combo)
        tip(self.rank_combo, "Rank", "The NC's Rank: it sets the base TN every Quality "
            "adds to")
        self.rank_combo.activated.connect(self._on_rank)
        row = QHBoxLayout()
        row.addWidget(self.type_combo)
        row.addWidget(buddy("Ran&k:", self.rank_combo, form_host))
        row.addWidget(self.rank_combo, 1)
        form.addRow(buddy("T&ype:", self.type_combo, form_host), row)

        self.order_combo = QComboBox(form_host)
        tip(self.order_combo, "Template Traits",
            "Which Trait gets which of the template's Trait Ranks")
        # "Apply" alone: beside "Template:" it says as much, and "Apply template" left
        # the template's last Trait cut in the docked table
        self.template_button = QPushButton("App&ly", form_host)
        tip(self.template_button, "Apply template",
            "Fill the Concept, Traits and Elements from the book's template for this type "
            "and Rank (the name, Concept name, notes and genre are kept; undoable)")
        self.template_button.clicked.connect(self.apply_template)
        row = QHBoxLayout()
        row.addWidget(self.order_combo, 1)
        row.addWidget(self.template_button)
        form.addRow(buddy("Template:", self.order_combo, form_host), row)

        concept_box = QWidget(form_host)
        self.concept_check = QCheckBox(concept_box)
        tip(self.concept_check, "Has a Concept", "Untick for an NC without a Concept "
            "(an obstacle, say)")
        self.concept_check.toggled.connect(self._on_concept_toggled)
        self.concept_name = HistoryLineEdit(concept_box)
        self.concept_name.setPlaceholderText("e.g. Fearless Soldier")
        tip(self.concept_name, "Concept name", "The NC's Concept: it applies to Actions, "
            "never to Momentum")
        self.concept_name.textEdited.connect(
            lambda t: self._edit("Concept", lambda nc: self._concept(nc).__setattr__("name", t),
                                 "concept"))
        self.concept_rank = _quality_rank_combo(concept_box)
        tip(self.concept_rank, "Concept Rank", "The Concept's Rank: its modifier is added "
            "to the base TN")
        self.concept_rank.activated.connect(
            lambda _i: self._edit("Concept Rank", lambda nc: self._concept(nc).__setattr__(
                "rank", Rank(int(self.concept_rank.currentData())))))
        row = QHBoxLayout(concept_box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.concept_check)
        row.addWidget(self.concept_name, 1)
        row.addWidget(self.concept_rank)
        form.addRow(buddy("Concept:", self.concept_name, form_host), concept_box)

        traits_box = QWidget(form_host)
        # one Trait a row: three check-and-Rank pairs side by side clipped the form
        grid = QGridLayout(traits_box)
        grid.setContentsMargins(0, 0, 0, 0)
        self.trait_checks: dict[Trait, QCheckBox] = {}
        self.trait_ranks: dict[Trait, QComboBox] = {}
        for line, trait in enumerate(TRAITS):
            check = QCheckBox(trait.value, traits_box)
            tip(check, f"{trait.value} given", f"Give the NC a {trait.value} Trait (each "
                "Trait is optional)")
            check.toggled.connect(lambda on, t=trait: self._on_trait_toggled(t, on))
            combo = _quality_rank_combo(traits_box)
            tip(combo, f"{trait.value} Rank", f"The Rank of the NC's {trait.value}")
            combo.activated.connect(lambda _i, t=trait, c=combo: self._edit(
                f"{t.value} Rank", lambda nc: nc.traits.__setitem__(t, Rank(int(c.currentData())))))
            self.trait_checks[trait] = check
            self.trait_ranks[trait] = combo
            grid.addWidget(check, line, 0)
            grid.addWidget(combo, line, 1)
        grid.setColumnStretch(2, 1)
        form.addRow(QLabel("Traits:", form_host), traits_box)

        self.elements = QualityRows("element", self, form_host)
        elements_box = QGroupBox("Elements (extra Qualities: a monster's powers, a hero's "
                                 "edge)", form_host)
        QVBoxLayout(elements_box).addWidget(self.elements)
        form.addRow(elements_box)
        self.flaws = QualityRows("flaw", self, form_host)
        flaws_box = QGroupBox("Flaws", form_host)
        QVBoxLayout(flaws_box).addWidget(self.flaws)
        form.addRow(flaws_box)

        self.genre_edit = HistoryLineEdit(form_host)
        completer = QCompleter(book_genres(), self.genre_edit)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.genre_edit.setCompleter(completer)
        tip(self.genre_edit, "Genre", "The genre, for searching the library (e.g. Fantasy)")
        self.genre_edit.textEdited.connect(lambda t: self._edit("Genre", self._set("genre", t),
                                                                "genre"))
        form.addRow(buddy("&Genre:", self.genre_edit, form_host), self.genre_edit)
        self.source_edit = HistoryLineEdit(form_host)
        tip(self.source_edit, "Source", "Where the NC comes from (a book section, your "
            "campaign)")
        self.source_edit.textEdited.connect(
            lambda t: self._edit("Source", self._set("source", t), "source"))
        form.addRow(buddy("So&urce:", self.source_edit, form_host), self.source_edit)
        self.notes_edit = HistoryPlainTextEdit(form_host)
        self.notes_edit.setPlaceholderText("Tactics, description, what it wants")
        self.notes_edit.setMinimumHeight(60)
        tip(self.notes_edit, "Notes", "Free notes printed on the NC's card")
        self.notes_edit.textChanged.connect(
            lambda: self._edit("Notes", self._set("notes", self.notes_edit.toPlainText()),
                               "notes"))
        form.addRow(buddy("Notes:", self.notes_edit, form_host), self.notes_edit)

        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(form_host)
        scroll.setAccessibleName("Opponent sheet")
        self.form_scroll = scroll

        side = QWidget(self)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(6, 0, 0, 0)
        self.base_label = QLabel(side)
        self.base_label.setObjectName("nc_base_tn")
        # wrapped: its Stress rule in one line was wider than the column beside the
        # sheet, and the summary scrolled sideways over the TN column
        self.base_label.setWordWrap(True)
        tip(self.base_label, "Base TN", "The TN the NC's Rank sets before any Quality")
        self.tn_table = QTableWidget(0, 3, side)
        self.tn_table.setObjectName("nc_tn_table")
        self.tn_table.setHorizontalHeaderLabels(["Quality", "Trait", "TN"])
        self.tn_table.verticalHeader().hide()
        self.tn_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tn_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tn_table.setAlternatingRowColors(True)
        header = self.tn_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        tip(self.tn_table, "TN per Quality", "The TN the NC sets when one of its Qualities "
            "applies: base TN plus that Quality's modifier")
        self.problems_label = QLabel(side)
        self.problems_label.setObjectName("nc_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {verdict_colour(False)};")
        tip(self.problems_label, "Problems", "What does not hold together in this opponent "
            "(the same as seforge check); it can still be saved")
        self.notes_label = QLabel(side)
        self.notes_label.setObjectName("nc_deviations")
        self.notes_label.setWordWrap(True)
        self.notes_label.setTextFormat(Qt.TextFormat.RichText)
        tip(self.notes_label, "Template notes", "Where this NC departs from its type's "
            "template: information, not an error (monsters and obstacles often do)")
        self.undo_button = QPushButton("Undo", side)
        self.redo_button = QPushButton("Redo", side)
        tip(self.undo_button, "Undo", "Undo the last change to this opponent (Ctrl+Z)")
        tip(self.redo_button, "Redo", "Redo the change just undone (Ctrl+Shift+Z)")
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.redo_button.clicked.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_stack.undoTextChanged.connect(
            lambda t: self.undo_button.setToolTip(f"Undo {t} (Ctrl+Z)" if t else "Undo"))
        self.undo_stack.redoTextChanged.connect(
            lambda t: self.redo_button.setToolTip(f"Redo {t} (Ctrl+Shift+Z)" if t else "Redo"))
        self.undo_button.setEnabled(False)
        self.redo_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        side_layout.addWidget(self.problems_label)
        side_layout.addWidget(self.base_label)
        side_layout.addWidget(self.tn_table, 1)
        side_layout.addWidget(self.notes_label)
        side_layout.addLayout(buttons)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter = splitter
        splitter.addWidget(scroll)
        # the summary scrolls rather than taking the room the sheet needs when they
        # are stacked (its own height was the most the sheet got left)
        side_scroll = QScrollArea(self)
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        side_scroll.setWidget(side)
        side_scroll.setAccessibleName("TNs of the opponent")
        side_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        splitter.addWidget(side_scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

        self.shortcut_actions: list[QAction] = []
        """Its own Undo/Redo keys, for an editor on its own (see use_window_undo)."""
        # One action per command holding each of its keys once: on X11 the platform's
        # first Redo key is Ctrl+Shift+Z, and a second action bound to it made the
        # shortcut ambiguous (Qt then runs neither).
        for keys, slot in ((unique_keys(QKeySequence.StandardKey.Undo), self.undo_stack.undo),
                           (redo_keys(), self.undo_stack.redo)):
            action = QAction(self)
            action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
            self.shortcut_actions.append(action)

    def use_window_undo(self) -> None:
        """Inside the main window, whose Edit › Undo/Redo follow the focus to this
        editor's stack: drop the editor's own keys (they would clash with the
        window's and Qt would then run neither)."""
        for action in self.shortcut_actions:
            self.removeAction(action)
        self.shortcut_actions = []

    # -- the model ------------------------------------------------------------------
    def nc(self) -> NarrativeCharacter:
        """A copy of the NC as edited."""
        return self._nc.model_copy(deep=True)

    def set_nc(self, nc: NarrativeCharacter) -> None:
        """Edit ``nc`` (a copy of it) from a clean history."""
        self.owner.set_nc(nc)

    def start_typing(self, select_name: bool = False) -> None:
        """The sheet from its top, the keyboard in the name; with ``select_name`` the
        whole name is selected, so typing replaces a placeholder such as "New opponent"
        (the sheet kept the last opponent's scroll position, the name out of sight)."""
        self.form_scroll.verticalScrollBar().setValue(0)
        self.name_edit.setFocus()
        if select_name:
            self.name_edit.selectAll()

    def _edit(self, text: str, change: Callable[[NarrativeCharacter], object],
              field: str | None = None) -> None:
        self.owner.apply(text, change, field)

    @staticmethod
    def _set(attribute: str, value: object) -> Callable[[NarrativeCharacter], None]:
        return lambda nc: setattr(nc, attribute, value)

    @staticmethod
    def _concept(nc: NarrativeCharacter) -> NCQuality:
        if nc.concept is None:
            nc.concept = NCQuality(rank=TEMPLATES[nc.type].concept)
        return nc.concept

    # -- slots ----------------------------------------------------------------------
    def set_name(self, name: str) -> None:
        self._edit("Name", self._set("name", name))

    def set_type(self, nc_type: NCType | str) -> None:
        kind = NCType(nc_type)
        self._edit("Type", self._set("type", kind))

    def set_rank(self, rank: Rank) -> None:
        self._edit("Rank", self._set("rank", rank))

    def _on_type(self, _index: int) -> None:
        self.set_type(str(self.type_combo.currentData()))

    def _on_rank(self, _index: int) -> None:
        self.set_rank(Rank(int(self.rank_combo.currentData())))

    def _on_concept_toggled(self, on: bool) -> None:
        if on and self._nc.concept is None:
            self._edit("Concept", self._concept)
        elif not on and self._nc.concept is not None:
            self._edit("No Concept", self._set("concept", None))

    def _on_trait_toggled(self, trait: Trait, on: bool) -> None:
        if on and trait not in self._nc.traits:  # it starts where Traits start
            self._edit(f"Add {trait.value}",
                       lambda nc: nc.traits.__setitem__(trait, TRAIT_START))
        elif not on and trait in self._nc.traits:
            self._edit(f"No {trait.value}", lambda nc: nc.traits.pop(trait, None))

    def set_trait(self, trait: Trait, rank: Rank | None) -> None:
        """Give the NC ``trait`` at ``rank`` (None: no such Trait)."""
        if rank is None:
            self._edit(f"No {trait.value}", lambda nc: nc.traits.pop(trait, None))
        else:
            self._edit(f"{trait.value} Rank", lambda nc: nc.traits.__setitem__(trait, rank))

    def trait_order(self) -> tuple[Trait, ...]:
        data = self.order_combo.currentData()
        return TRAIT_ORDERS[int(data)] if data is not None else TRAITS

    def apply_template(self) -> None:
        """Rebuild Concept, Traits and Elements from the type's template at the Rank."""
        fresh = new_nc(self._nc.type, self._nc.rank, self._nc.name, self.trait_order())

        def change(nc: NarrativeCharacter) -> None:
            concept_name = nc.concept.name if nc.concept is not None else ""
            nc.concept = fresh.concept
            if nc.concept is not None:
                nc.concept.name = concept_name
            nc.traits = dict(fresh.traits)
            names = [e.name for e in nc.elements]
            nc.elements = [
                NCQuality(name=names[i] if i < len(names) else "", rank=e.rank, trait=e.trait)
                for i, e in enumerate(fresh.elements)
            ]

        self._edit(f"{TYPE_LABELS[self._nc.type]} template", change)

    def add_quality(self, kind: str) -> None:
        attribute = "elements" if kind == "element" else "flaws"
        rank = Rank.GOOD if kind == "element" else Rank.BASIC
        self._edit(f"Add {kind}", lambda nc: getattr(nc, attribute).append(
            NCQuality(name="", rank=rank)))

    def remove_quality(self, kind: str, index: int) -> None:
        attribute = "elements" if kind == "element" else "flaws"
        self._edit(f"Remove {kind}", lambda nc: getattr(nc, attribute).pop(index))

    def set_quality_field(self, kind: str, index: int, field: str, value: object) -> None:
        """Set ``name``, ``rank`` or ``trait`` of Element/flaw ``index``."""
        attribute = "elements" if kind == "element" else "flaws"
        if field == "trait":
            value = Trait(str(value)) if value else None

        def change(nc: NarrativeCharacter) -> None:
            setattr(getattr(nc, attribute)[index], field, value)

        self._edit(f"{kind.capitalize()} {field}", change,
                   f"{kind}:{index}:name" if field == "name" else None)

    # -- showing --------------------------------------------------------------------
    def _refresh(self) -> None:
        nc = self._nc
        self.name_edit.set_text_quietly(nc.name)
        combo_select(self.type_combo, nc.type.value)
        combo_select(self.rank_combo, int(nc.rank))
        self._fill_orders()
        has_concept = nc.concept is not None
        blocked = self.concept_check.blockSignals(True)
        self.concept_check.setChecked(has_concept)
        self.concept_check.blockSignals(blocked)
        self.concept_name.setEnabled(has_concept)
        self.concept_rank.setEnabled(has_concept)
        self.concept_name.set_text_quietly(nc.concept.name if nc.concept else "")
        combo_select(self.concept_rank,
                     int(nc.concept.rank if nc.concept else TEMPLATES[nc.type].concept))
        for trait in TRAITS:
            given = trait in nc.traits
            check = self.trait_checks[trait]
            blocked = check.blockSignals(True)
            check.setChecked(given)
            check.blockSignals(blocked)
            self.trait_ranks[trait].setEnabled(given)
            # A Trait the NC lacks shows the Rank ticking it gives, never the one the
            # last opponent (or an earlier edit) left in its list.
            combo_select(self.trait_ranks[trait], int(nc.traits.get(trait, TRAIT_START)))
        self.elements.show_qualities(nc.elements)
        self.flaws.show_qualities(nc.flaws)
        self.genre_edit.set_text_quietly(nc.genre)
        self.source_edit.set_text_quietly(nc.source)
        self.notes_edit.set_text_quietly(nc.notes)
        self._refresh_side()

    def _fill_orders(self) -> None:
        template = TEMPLATES[self._nc.type]
        current = self.order_combo.currentData()
        blocked = self.order_combo.blockSignals(True)
        self.order_combo.clear()
        if not template.traits:
            self.order_combo.addItem("No Traits in a minion's template", None)
        else:
            for index, order in enumerate(TRAIT_ORDERS):
                text = ", ".join(f"{t.value} {format_modifier(r.modifier)}"
                                 for t, r in zip(order, template.traits, strict=True))
                self.order_combo.addItem(text, index)
            if current is not None:
                combo_select(self.order_combo, current)
        self.order_combo.setEnabled(bool(template.traits))
        self.order_combo.blockSignals(blocked)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "problems_label"):
            self.problems_label.setStyleSheet(f"color: {verdict_colour(False)};")

    def problems(self) -> list[str]:
        """What the core's NC check finds wrong in the opponent being edited."""
        return nc_problems(self._nc)

    def _refresh_side(self) -> None:
        nc = self._nc
        problems = nc_problems(nc)
        self.problems_label.setText("".join(f"<p style='margin:0'>⚠ {html.escape(p)}</p>"
                                            for p in problems))
        self.problems_label.setAccessibleDescription(" ".join(problems))
        self.problems_label.setVisible(bool(problems))
        self.base_label.setText(
            f"<b>{TYPE_LABELS[nc.type]}, {nc.rank.label}: base TN {nc.base_tn}</b>"
            f"<br>{TEMPLATES[nc.type].stress_rule}")
        rows = quality_rows(nc)
        self.tn_table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            kind = {"concept": "Concept", "trait": "Trait", "element": "Element",
                    "flaw": "Flaw"}[row.kind]
            name = QTableWidgetItem(row.label if row.kind == "trait"
                                    else f"{row.label} ({kind})")
            trait = QTableWidgetItem(row.trait.value if row.trait and row.kind != "trait"
                                     else "")
            tn = QTableWidgetItem(str(row.tn))
            tn.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            tn.setToolTip(f"{nc.base_tn} {format_modifier(row.modifier)} = {row.tn}")
            for column, item in enumerate((name, trait, tn)):
                self.tn_table.setItem(index, column, item)
        notes = template_deviations(nc)
        if notes:
            items = "".join(f"<li>{n}</li>" for n in notes)
            self.notes_label.setText(
                f"<p style='margin:0'>Compared with the {nc.type.value} template:</p>"
                f"<ul style='margin:0 0 0 -20px'>{items}</ul>")
        else:
            self.notes_label.setText(f"Follows the {nc.type.value} template.")
        self.notes_label.setAccessibleDescription(" ".join(notes))

    def tn_rows(self) -> list[tuple[str, str]]:
        """What the TN table shows: (Quality, TN) per row (for tests and readers)."""
        return [(cell_text(self.tn_table, r, 0), cell_text(self.tn_table, r, 2))
                for r in range(self.tn_table.rowCount())]

    def deviations(self) -> list[str]:
        return template_deviations(self._nc)
