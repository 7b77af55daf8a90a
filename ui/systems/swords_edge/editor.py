"""The character editor: one tab, laid out like the book's character sheet."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.swords_edge import editing
from seforge.systems.swords_edge.editing import PIVOT_SLOTS
from seforge.systems.swords_edge.models import TRAITS, Trait
from seforge.systems.swords_edge.play.pivots import pivot_change_reason
from seforge.systems.swords_edge.quality_key import QualityKey
from ui.shell.focus_nav import FocusInView
from ui.shell.steady_text import ElidedLabel
from ui.systems.swords_edge.commands import (
    SetFieldCommand,
    SetLinkCommand,
    SetPivotCommand,
    SetRankCommand,
    SetTextCommand,
)
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.elements_panel import ElementsPanel
from ui.systems.swords_edge.portrait import PortraitWidget
from ui.systems.swords_edge.rank_combo import RankCombo
from ui.systems.swords_edge.trait_style import DESCRIPTIONS, trait_chip, trait_colour
from ui.systems.swords_edge.widgets import (
    HistoryLineEdit,
    HistoryPlainTextEdit,
    TraitLinkCombo,
    set_font_scale,
)

CORE_HELP = {
    "concept": ("Concept", "Who the character is in a few words, e.g. “Bounty Hunter”",
                "e.g. Bounty Hunter"),
    "background": ("Background", "Where the character comes from: a people, a place, "
                   "a former trade", "e.g. Military"),
    "faculty": ("Faculty", "The character's knack or trained skill; it hangs on one Trait",
                "e.g. Hunting"),
}

CORE_CAPTIONS = {"concept": "C&oncept", "background": "&Background", "faculty": "Fac&ulty"}
"""The Qualities' labels, with Alt keys the menus leave free (Alt+C is Character, Alt+F
File) and no other field of the page takes (Alt+A: the Element's GM charge)."""
PIVOT_CAPTIONS = {"goal": "Goa&l", "quirk": "&Quirk", "style": "&Style"}
"""The Pivots' labels: Alt+G is the Genre's (Alt+L, the portrait's Load button gave up)."""

PIVOT_HELP = {
    "goal": ("Goal", "Something the character is working towards (optional)",
             "optional — what they strive for"),
    "quirk": ("Quirk", "A habit or oddity that marks the character (optional)",
              "optional — a telling habit"),
    "style": ("Style", "How the character goes about things (optional)",
              "optional — how they act"),
}

PIVOTS_HINT = "One of each kind at most; leave any of them empty."

NAME_FIELD_WIDTH = 180
"""Name fields are at least this wide (a Quality's name is often three words)."""
LINKED_NAMES_SHOWN = 4


class _TraitRow:
    """One Trait: chip and name, Rank control, and the Qualities hanging on it."""

    def __init__(self, trait: Trait, parent: QWidget) -> None:
        self.trait = trait
        self.chip = QLabel(parent)
        self.name = QLabel(trait.value, parent)
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.name.setToolTip(DESCRIPTIONS[trait])
        self.combo = RankCombo(parent)
        self.combo.setObjectName(f"trait{trait.value}")
        self.combo.setAccessibleName(f"{trait.value} Rank")
        self.combo.setToolTip(f"{trait.value}: {DESCRIPTIONS[trait]}")
        self.name.setBuddy(self.combo)
        # one line: a long list that wrapped moved the rows below it
        self.linked = ElidedLabel(parent=parent)
        self.linked.setObjectName(f"linked{trait.value}")
        self.linked.setMinimumWidth(160)
        self.linked.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.linked.setAccessibleName(f"Qualities on {trait.value}")
        self._linked_text: str | None = None
        self.refresh_colours()

    def refresh_colours(self) -> None:
        self.chip.setPixmap(trait_chip(self.trait, 14).pixmap(14, 14))
        self.name.setStyleSheet(f"color: {trait_colour(self.trait).name()};")

    def set_linked(self, names: list[str]) -> None:
        """Show the Qualities on this Trait; a long list is cut short here (the whole
        list is in the tooltip) so it cannot squeeze the rest of the sheet. The line cuts
        itself at its width: a name cut at a count of letters left the row half empty."""
        shown = names[:LINKED_NAMES_SHOWN]
        if len(names) > LINKED_NAMES_SHOWN:
            shown.append(f"and {len(names) - LINKED_NAMES_SHOWN} more")
        text = ", ".join(shown) if names else "—"
        if text != self._linked_text:
            self._linked_text = text
            self.linked.setText(text)
            self.linked.setToolTip(
                f"Qualities rolled with {self.trait.value}: {', '.join(names)}" if names
                else f"No Quality hangs on {self.trait.value} yet"
            )


class CharacterEditor(QScrollArea):
    """Edits one CharacterDocument; every change goes through an undo command."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.sheet = QWidget(self)
        self.sheet.setObjectName("sheet")
        self.setWidget(self.sheet)
        # an Alt key, a problem's link or Shift+Tab from a dock that lands below the fold
        # scrolls the field into view (Qt follows only Tab pressed inside the page)
        self.focus_in_view = FocusInView(self)
        self._build()
        self._set_tab_order()
        document.changed.connect(self.refresh)
        self.refresh()

    # -- construction -------------------------------------------------------------
    def _line(self, name: str, tip: str, placeholder: str = "") -> HistoryLineEdit:
        edit = HistoryLineEdit(self.sheet)
        edit.setAccessibleName(name)
        edit.setToolTip(tip)
        edit.setPlaceholderText(placeholder)
        return edit

    def _build(self) -> None:
        grid = QGridLayout(self.sheet)
        grid.setContentsMargins(18, 14, 18, 18)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(14)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

        # identity + portrait
        identity = QGroupBox("Character", self.sheet)
        form = QGridLayout(identity)
        form.setHorizontalSpacing(10)
        self.name_edit = self._line("Character name", "The character's name", "Name")
        set_font_scale(self.name_edit, 1.45, bold=True)
        self.name_edit.setMinimumWidth(NAME_FIELD_WIDTH)
        self.name_edit.textEdited.connect(
            lambda text: self.document.push(SetTextCommand(self.document, "name", text))
        )
        self.player_edit = self._line("Player", "Who plays this character", "Player")
        self.player_edit.textEdited.connect(lambda t: self._push_field("player", t, "Edit player"))
        self.campaign_edit = self._line("Campaign", "The campaign or setting", "Campaign")
        self.campaign_edit.textEdited.connect(
            lambda t: self._push_field("campaign", t, "Edit campaign")
        )
        self.genre_edit = self._line("Genre", "The genre you play in, e.g. Western", "Genre")
        self.genre_edit.textEdited.connect(lambda t: self._push_field("genre", t, "Edit genre"))
        for row, (label, edit) in enumerate(
            (("&Name", self.name_edit), ("&Player", self.player_edit),
             ("Campa&ign", self.campaign_edit), ("&Genre", self.genre_edit))
        ):
            caption = QLabel(label, identity)
            caption.setBuddy(edit)
            form.addWidget(caption, row, 0)
            form.addWidget(edit, row, 1)
        self.portrait = PortraitWidget(self.document, identity)
        form.addWidget(self.portrait, 0, 2, 5, 1, Qt.AlignmentFlag.AlignTop)
        form.setColumnStretch(1, 1)
        form.setRowStretch(4, 1)
        form.setColumnMinimumWidth(2, 150)
        self._grid = grid
        self._two_columns: bool | None = None

        # Concept, Background, Faculty
        core = QGroupBox("Qualities", self.sheet)
        core_grid = QGridLayout(core)
        core_grid.setHorizontalSpacing(8)
        core_grid.setVerticalSpacing(8)
        self.core_names: dict[str, HistoryLineEdit] = {}
        self.core_ranks: dict[str, RankCombo] = {}
        for row, key in enumerate(("concept", "background", "faculty")):
            title, tip, placeholder = CORE_HELP[key]
            caption = QLabel(CORE_CAPTIONS[key], core)
            edit = self._line(f"{title} name", tip, placeholder)
            edit.setObjectName(f"{key}Name")
            edit.setMinimumWidth(NAME_FIELD_WIDTH)
            edit.textEdited.connect(
                lambda text, k=key: self.document.push(SetTextCommand(self.document, k, text))
            )
            combo = RankCombo(core)
            combo.setObjectName(f"{key}Rank")
            combo.setAccessibleName(f"{title} Rank")
            combo.setToolTip(f"{title} Rank: starts at Good; each step up costs one Rank")
            combo.rank_chosen.connect(lambda rank, k=key: self._push_rank(k, rank))
            caption.setBuddy(edit)
            core_grid.addWidget(caption, row, 0)
            core_grid.addWidget(edit, row, 1)
            core_grid.addWidget(combo, row, 2)
            self.core_names[key] = edit
            self.core_ranks[key] = combo
        self.faculty_trait = TraitLinkCombo(parent=core)
        self.faculty_trait.setAccessibleName("Faculty Trait")
        self.faculty_trait.setToolTip("The Trait the Faculty is rolled with")
        self.faculty_trait.trait_chosen.connect(
            lambda trait: self.document.push(SetLinkCommand(self.document, "faculty", trait))
        )
        on_label = QLabel("on", core)
        on_label.setBuddy(self.faculty_trait)
        trait_row = QHBoxLayout()
        trait_row.addWidget(on_label)
        trait_row.addWidget(self.faculty_trait)
        trait_row.addStretch(1)
        core_grid.addLayout(trait_row, 3, 1, 1, 2)
        core_grid.setColumnStretch(1, 1)

        # Traits
        traits = QGroupBox("Traits", self.sheet)
        traits_grid = QGridLayout(traits)
        traits_grid.setHorizontalSpacing(8)
        traits_grid.setVerticalSpacing(8)
        self.trait_rows: dict[Trait, _TraitRow] = {}
        for row, trait in enumerate(TRAITS):
            trait_row_widgets = _TraitRow(trait, traits)
            trait_row_widgets.combo.rank_chosen.connect(
                lambda rank, t=trait: self._push_rank(QualityKey.of_trait(t), rank)
            )
            traits_grid.addWidget(trait_row_widgets.chip, row, 0)
            traits_grid.addWidget(trait_row_widgets.name, row, 1)
            traits_grid.addWidget(trait_row_widgets.combo, row, 2)
            traits_grid.addWidget(trait_row_widgets.linked, row, 3)
            self.trait_rows[trait] = trait_row_widgets
        traits_grid.setColumnStretch(3, 1)

        # Elements
        elements = QGroupBox("Elements", self.sheet)
        elements_layout = QVBoxLayout(elements)
        self.elements = ElementsPanel(self.document, elements)
        elements_layout.addWidget(self.elements)

        # Pivots
        pivots = QGroupBox("Pivots", self.sheet)
        pivots.setToolTip("Up to three, one of each kind; all are optional")
        pivots_grid = QGridLayout(pivots)
        pivots_grid.setVerticalSpacing(8)
        hint = QLabel(PIVOTS_HINT, pivots)
        hint.setEnabled(False)
        hint.setWordWrap(True)
        pivots_grid.addWidget(hint, 0, 0, 1, 2)
        self.pivots_hint = hint
        """Says why the Pivots are read-only, while they are (a read-only field looks
        like any other)."""
        self.pivot_edits: dict[str, HistoryLineEdit] = {}
        for row, slot in enumerate(PIVOT_SLOTS, start=1):
            title, tip, placeholder = PIVOT_HELP[slot]
            edit = self._line(f"Pivot: {title}", tip, placeholder)
            edit.setObjectName(f"pivot{title}")
            edit.setClearButtonEnabled(True)
            edit.textEdited.connect(lambda text, s=slot: self._push_pivot(s, text))
            caption = QLabel(PIVOT_CAPTIONS[slot], pivots)
            caption.setBuddy(edit)
            pivots_grid.addWidget(caption, row, 0)
            pivots_grid.addWidget(edit, row, 1)
            self.pivot_edits[slot] = edit
        pivots_grid.setRowStretch(len(PIVOT_SLOTS) + 1, 1)

        # Notes
        notes = QGroupBox("Notes", self.sheet)
        notes_layout = QVBoxLayout(notes)
        self.notes_edit = HistoryPlainTextEdit(notes)
        self.notes_edit.setAccessibleName("Notes")
        self.notes_edit.setToolTip("Anything else: looks, gear, contacts, history")
        self.notes_edit.setPlaceholderText("Looks, gear, contacts, history…")
        self.notes_edit.setMinimumHeight(90)
        self.notes_edit.textChanged.connect(
            lambda: self._push_field("notes", self.notes_edit.toPlainText(), "Edit notes")
        )
        notes_layout.addWidget(self.notes_edit)
        self.groups: dict[str, QGroupBox] = {
            "identity": identity, "core": core, "traits": traits, "elements": elements,
            "pivots": pivots, "notes": notes,
        }
        for key, group in self.groups.items():
            group.setObjectName(f"{key}Box")
        self.set_two_columns(True)

    # -- reflow -------------------------------------------------------------------
    def two_column_width(self) -> int:
        """The narrowest view that still takes the book's two columns comfortably."""
        margins = self._grid.contentsMargins()
        left = max(self.groups["core"].sizeHint().width(),
                   self.groups["pivots"].sizeHint().width())
        right = max(self.groups["traits"].sizeHint().width(),
                    self.groups["notes"].minimumSizeHint().width())
        return (left + right + self._grid.horizontalSpacing()
                + margins.left() + margins.right())

    def set_two_columns(self, two: bool) -> None:
        """The book's two columns (wide) or everything in one column (narrow)."""
        if two == self._two_columns:
            return
        self._two_columns = two
        grid, g = self._grid, self.groups
        for group in g.values():
            grid.removeWidget(group)
        placement: tuple[tuple[str, int, int, int, int], ...]
        if two:
            placement = (("identity", 0, 0, 1, 2), ("core", 1, 0, 1, 1),
                         ("traits", 1, 1, 1, 1), ("elements", 2, 0, 1, 2),
                         ("pivots", 3, 0, 1, 1), ("notes", 3, 1, 1, 1))
        else:
            placement = tuple((key, row, 0, 1, 2) for row, key in enumerate(
                ("identity", "core", "traits", "elements", "pivots", "notes")))
        for key, row, column, rows, columns in placement:
            grid.addWidget(g[key], row, column, rows, columns)
        for row in range(7):
            grid.setRowStretch(row, 0)
        grid.setRowStretch(len(placement) if not two else 4, 1)

    def is_two_columns(self) -> bool:
        return bool(self._two_columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        width = event.size().width() - self.verticalScrollBar().sizeHint().width()
        self.set_two_columns(width >= self.two_column_width())
        super().resizeEvent(event)

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [
            self.name_edit, self.player_edit, self.campaign_edit, self.genre_edit,
            self.portrait.load_button, self.portrait.clear_button,
        ]
        for key in ("concept", "background", "faculty"):
            chain += [self.core_names[key], self.core_ranks[key]]
        chain.append(self.faculty_trait)
        chain += [row.combo for row in self.trait_rows.values()]
        chain += [
            self.elements.table, self.elements.add_button,
            self.elements.name_edit, self.elements.rank_combo, self.elements.trait_combo,
            self.elements.kind_combo, self.elements.gm_spin, self.elements.fetish_edit,
        ]
        chain += list(self.pivot_edits.values())
        chain.append(self.notes_edit)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    # -- pushing edits ------------------------------------------------------------
    def _push_rank(self, key: str, rank: object) -> None:
        self.document.push(SetRankCommand(self.document, key, rank))  # type: ignore[arg-type]

    def _push_field(self, field: str, value: str, text: str) -> None:
        if getattr(self.document.character, field) != value:
            self.document.push(SetFieldCommand(self.document, field, value, text, merge=True))

    def _push_pivot(self, slot: str, text: str) -> None:
        if pivot_change_reason(self.document.character):
            self._refresh_pivots()  # read-only: nothing typed gets here, but be sure
            return
        value = text if text.strip() else None
        if getattr(self.document.character.pivots, slot) != value:
            self.document.push(SetPivotCommand(self.document, slot, value))

    # -- refresh ------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the character as it is now; only widgets whose value changed are touched."""
        character = self.document.character
        self.name_edit.set_text_quietly(character.name)
        self.player_edit.set_text_quietly(character.player)
        self.campaign_edit.set_text_quietly(character.campaign)
        self.genre_edit.set_text_quietly(character.genre)
        for key in ("concept", "background", "faculty"):
            quality = editing.quality_for(character, key)
            self.core_names[key].set_text_quietly(quality.name)
            self.core_ranks[key].set_choices(editing.rank_choices(character, key), quality.rank)
        self.faculty_trait.set_trait(character.faculty.trait)
        for trait, row in self.trait_rows.items():
            key = QualityKey.of_trait(trait)
            row.combo.set_choices(editing.rank_choices(character, key), character.trait_rank(trait))
            row.set_linked([q.name.strip() or "(unnamed)" for q in character.qualities_on(trait)])
        self._refresh_pivots()
        self.notes_edit.set_text_quietly(character.notes)
        self.portrait.refresh()
        self.elements.refresh()

    def _refresh_pivots(self) -> None:
        """The Pivots, typed over only while the core lets them change (the Play dock's
        "Change…" asks the same rule): read-only mid-session, the reason in the tooltip."""
        character = self.document.character
        reason = pivot_change_reason(character)
        for slot, edit in self.pivot_edits.items():
            text = getattr(character.pivots, slot) or ""
            if edit.text() != text:
                # not set_text_quietly: its blocked signals left the clear button as it
                # was (shown on a field an undo emptied); setText emits no textEdited
                edit.setText(text)
                if not edit.hasFocus():
                    edit.setCursorPosition(0)
            if edit.isReadOnly() != bool(reason):
                edit.setReadOnly(bool(reason))
                edit.setClearButtonEnabled(not reason)
            hint = PIVOT_HELP[slot][1]
            if reason:
                hint += f". Read-only now: {reason}"
            edit.setToolTip(hint)
            edit.setAccessibleDescription(hint)
        shown = f"Read-only now: {reason}." if reason else PIVOTS_HINT
        if self.pivots_hint.text() != shown:
            self.pivots_hint.setText(shown)

    def refresh_colours(self) -> None:
        """Re-tint the Trait chips after a theme change."""
        for row in self.trait_rows.values():
            row.refresh_colours()
        self.faculty_trait.refresh_icons()
        self.elements.trait_combo.refresh_icons()
        self.elements.table.setPalette(self.palette())
        self.elements.apply_selection_palette()
        self.portrait.refresh(force=True)
        self.elements.model.refresh_colours()

    # -- navigation -----------------------------------------------------------------
    def field_widget(self, key: str | None, rule: str = "") -> QWidget | None:
        """The widget to focus for a problem's field key (and rule)."""
        if key is None:
            return None
        rank_rule = rule.startswith(("creation.", "rank.", "weakness."))
        if key == "name":
            return self.name_edit
        if key in self.core_names:
            if key == "faculty" and rule.startswith("link."):
                return self.faculty_trait
            return self.core_ranks[key] if rank_rule else self.core_names[key]
        parsed = QualityKey.parse(key)
        if parsed.is_trait:
            return self.trait_rows[Trait(parsed.rest)].combo
        if parsed.is_element:
            row = int(parsed.rest)
            self.elements.select_row(row)
            if rule.startswith("link."):
                return self.elements.trait_combo
            if rank_rule:
                return self.elements.rank_combo
            if rule.startswith("fetish."):
                return self.elements.fetish_edit if self.elements.fetish_edit.isVisible() \
                    else self.elements.table
            if rule == "name.missing" or rule == "element.duplicate":
                return self.elements.name_edit
            return self.elements.table
        if key == "pivots":
            return self.pivot_edits["goal"]
        return None

    def focus_field(self, key: str | None, rule: str = "") -> bool:
        widget = self.field_widget(key, rule)
        if widget is None:
            return False
        self.ensureWidgetVisible(widget, 40, 40)
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        if isinstance(widget, QLineEdit):
            widget.selectAll()
        from ui.shell.focus_ring import ring

        ring(widget)  # focus alone is easy to miss: show where it went
        return True
