"""The 2d20 record editor: one character or NPC record through its DocumentOwner.

Widgets take their ranges from the core (attribute and skill limits, a Focus at most the
target number) and every edit is an undoable ``owner.apply`` of a function in
``seforge.systems.twod20.editing``; the ledger on the right shows the derived values with how
they were worked out and every problem ``check_character`` finds.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from seforge.core.limits import NAME_CHARS
from seforge.core.trackers import RefusedError
from seforge.systems.twod20 import editing as ed
from seforge.systems.twod20.harm_state import harm_status
from seforge.systems.twod20.models import MAX_ATTRIBUTE, Character, HarmKind, Role
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import (
    check_character,
    derived_values,
)
from ui.shell.document_owner import DocumentOwner
from ui.shell.flow_layout import FlowLayout
from ui.shell.refusal import show_refusal
from ui.shell.widgets import DocumentLineEdit, spin_box, whole_numbers
from ui.systems.twod20.calculator import profile_combo
from ui.systems.twod20.common import (
    ReflowRow,
    flow_of,
    labelled,
    page_scroll,
    set_reason,
)
from ui.systems.twod20.record_tables import AttackTable, SkillTable
from ui.systems.twod20.rule_settings import RECORD_RULES, RuleSettingsForm


class CommitTextEdit(QPlainTextEdit):
    """A text box that reports its text when it loses focus (one undo step per edit)."""

    committed = Signal(str)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.committed.emit(self.toPlainText())
        super().focusOutEvent(event)


class RecordEditor(QWidget):
    """The editor widget; ``owner`` is the record's only owner."""

    def __init__(self, owner: DocumentOwner[Character], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self._attribute_boxes: dict[str, QSpinBox] = {}
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.page_scroll = page_scroll()
        body = QWidget()
        self.body_layout = QVBoxLayout(body)  # the style's margins, as the other builders
        # have them: at 0 the name field and the group titles touched the tab's frame
        # the sheet and its ledger side by side when wide, the ledger under it when narrow
        self.columns = ReflowRow([body, self._build_ledger()], (3, 1))
        self.page_scroll.setWidget(self.columns)
        outer.addWidget(self.page_scroll)
        self._build_head()
        self.attributes_box = QGroupBox("Attributes")
        self.attributes_grid = FlowLayout(self.attributes_box)
        self.body_layout.addWidget(self.attributes_box)
        self._build_numbers()
        self._build_condition()
        self.skill_table = SkillTable(lambda: self.doc, self.run)
        self.skills = self.skill_table.table
        self.new_skill = self.skill_table.new_name
        self.body_layout.addWidget(self.skill_table)
        self.attack_table = AttackTable(lambda: self.doc, self.run)
        self.weapons = self.attack_table.table
        self.body_layout.addWidget(self.attack_table)
        self._build_harms()
        self._build_texts()
        self._build_rules()
        self.card_button = QPushButton("Save stat card PDF...")
        self.card_button.setToolTip("Print this record's stat card to a PDF (several records "
                                    "on a sheet: seforge export)")
        self.card_button.clicked.connect(self.save_card)
        self.sheet_button = QPushButton("Save player sheet PDF...")
        self.sheet_button.setToolTip("Print this record on a one-page fillable player sheet "
                                     "(read back with its fields filled in)")
        self.sheet_button.clicked.connect(self.save_sheet)
        self.body_layout.addWidget(flow_of([self.sheet_button, self.card_button]))
        self.message = QLabel()
        self.message.setAccessibleName("Last message")
        self.message.setWordWrap(True)
        self.body_layout.addWidget(self.message)
        # Tab follows the page as it reads: the two buttons as they stand, then the ledger
        # (made first, to sit beside the sheet, it came first, before the name)
        for before, after in pairwise([self.sheet_button, self.card_button, self.derived,
                                       self.problems]):
            QWidget.setTabOrder(before, after)
        owner.changed.connect(self.refresh)
        self.refresh()

    def widget(self) -> QWidget:
        return self

    @property
    def doc(self) -> Character:
        return self.owner.document

    def run(self, text: str, change: Callable[[Character], Character | None]) -> bool:
        try:
            self.owner.apply(text, change)
        except RefusedError as exc:
            show_refusal(self.message, exc)
            self.refresh()
            return False
        self.message.setText("")
        return True

    # -- building ----------------------------------------------------------------------------
    def _build_head(self) -> None:
        self.name = DocumentLineEdit()
        self.name.setPlaceholderText("Name")
        self.name.setAccessibleName("Name")
        self.name.setMaxLength(NAME_CHARS)
        self.name.editingFinished.connect(lambda: self.run(
            "Rename", lambda c: ed.set_field(c, "name", self.name.text())))
        self.role = QComboBox()
        self.role.setAccessibleName("Player character or NPC")
        self.role.addItem("Player character", Role.PC.value)
        self.role.addItem("NPC", Role.NPC.value)
        self.role.currentIndexChanged.connect(lambda _i: self.run(
            "Change role", lambda c: ed.set_field(c, "role", self.role.currentData())))
        self.profile = profile_combo()
        self.profile.setToolTip("Changing the profile starts attributes and skills over from "
                                "that game's lists (undoable)")
        self.profile.currentIndexChanged.connect(lambda _i: self.run(
            "Change profile", lambda c: ed.change_profile(c, self.profile.currentData())))
        self.name.setMinimumWidth(160)
        self.body_layout.addWidget(self.name)
        self.body_layout.addWidget(flow_of([self.role, self.profile]))

    def _build_numbers(self) -> None:
        box = QGroupBox("Resistance and resources")
        grid = FlowLayout(box)
        tips = {"armour": "Armour (Armor): persistent physical Resistance",
                "courage": "Courage: persistent mental Resistance",
                "fatigue": "Each Fatigue lowers maximum Stress by 1",
                "fortune": "Fortune points now",
                "renown": "Conan renown, -2 Shunned to 5 Famous"}
        self.numbers: dict[str, QSpinBox] = {}
        self.number_labels: dict[str, QLabel] = {}
        for field, (low, high) in ed.RECORD_NUMBERS.items():
            box_ = spin_box(field.capitalize(), low, high, 0, tips[field])
            box_.valueChanged.connect(lambda v, f=field: self.run(
                f"Set {f}", lambda c: ed.set_field(c, f, v)))
            whole_numbers(box_)
            self.numbers[field] = box_
            self.number_labels[field] = QLabel(field.capitalize())
            grid.addWidget(labelled(self.number_labels[field], box_))
        self.body_layout.addWidget(box)

    def _build_condition(self) -> None:
        """Where the character stands now: Vigor and Resolve left with Wounds and Trauma
        (Conan), or Stress marked with Harms (SRD)."""
        self.condition_box = QGroupBox("Condition")
        column_ = QVBoxLayout(self.condition_box)
        grid = FlowLayout()
        column_.addLayout(grid)
        self.track_boxes: dict[str, QSpinBox] = {}
        self.track_labels: dict[str, QLabel] = {}
        for field, label, tip in (
                ("vigor", "Vigor left", "Vigor left now: Brawn + Resistance when unhurt"),
                ("resolve", "Resolve left", "Resolve left now: Willpower + Discipline when "
                 "unshaken"),
                ("stress", "Stress marked", "Stress taken since the scene began")):
            box = spin_box(label, 0, 99, 0, tip)
            box.valueChanged.connect(lambda v, f=field: self._set_track(f, v))
            whole_numbers(box)
            self.track_boxes[field] = box
            self.track_labels[field] = QLabel(label)
            grid.addWidget(labelled(self.track_labels[field], box))
        self.wounds_label = QLabel()
        self.wounds_label.setAccessibleName("Wounds and Trauma")
        self.wounds_label.setWordWrap(True)
        column_.addWidget(self.wounds_label)
        self.body_layout.addWidget(self.condition_box)

    def _set_track(self, field: str, value: int) -> None:
        from seforge.systems.twod20.records import derived

        if field == "stress":
            self.run("Set Stress", lambda c: ed.set_field(c, "stress", value))
            return
        top = derived(self.doc, field)
        lost = max(0, top - value)
        self.run(f"Set {field.capitalize()}",
                 lambda c: ed.set_field(c, f"{field}_lost", lost))

    def _build_rules(self) -> None:
        box = QGroupBox("Rules this record follows")
        layout = QVBoxLayout(box)
        note = QLabel("Where the SRD and the Conan screen differ, or neither says: each "
                      "setting's tooltip gives its source.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.rules = RuleSettingsForm(RECORD_RULES, self._rule_changed)
        layout.addWidget(self.rules)
        self.body_layout.addWidget(box)

    def _rule_changed(self, name: str, value: Any) -> None:
        from seforge.systems.twod20.settings import SETTING_LABELS

        self.run(f"Change the rule {SETTING_LABELS[name]}",
                 lambda c: ed.change_settings(c, **{name: value}))
        self.rules.show_settings(self.doc.settings)

    def _build_harms(self) -> None:
        box = QGroupBox("Harms")
        layout = QVBoxLayout(box)
        self.harms = QListWidget()
        self.harms.setAccessibleName("Harms")
        self.harms.setMaximumHeight(90)
        layout.addWidget(self.harms)
        self.add_wound = QPushButton("Add Wound")
        self.add_wound.clicked.connect(lambda: self.run(
            "Add a Wound", lambda c: ed.add_harm(c, HarmKind.WOUND)))
        self.add_trauma = QPushButton("Add Trauma")
        self.add_trauma.clicked.connect(lambda: self.run(
            "Add a Trauma", lambda c: ed.add_harm(c, HarmKind.TRAUMA)))
        self.treat = QPushButton("Treated / untreated")
        self.treat.setToolTip("Mark the chosen Harm treated, or no longer treated")
        self.treat.clicked.connect(self._toggle_treated)
        self.remove_harm = QPushButton("Remove Harm")
        self.remove_harm.setToolTip("Remove the chosen Harm (healed)")
        self.remove_harm.clicked.connect(self._remove_harm)
        layout.addWidget(flow_of([self.add_wound, self.add_trauma, self.treat,
                                  self.remove_harm]))
        self.body_layout.addWidget(box)

    def _build_texts(self) -> None:
        box = QGroupBox("Talents, gear and notes")
        form = QFormLayout(box)
        self.texts: dict[str, CommitTextEdit] = {}
        for field in ("talents", "gear", "notes"):
            edit = CommitTextEdit()
            edit.setAccessibleName(field.capitalize())
            edit.setToolTip(f"{field.capitalize()} as free text")
            edit.setMaximumHeight(70)
            edit.committed.connect(lambda text, f=field: self.run(
                f"Edit {f}", lambda c: ed.set_field(c, f, text)))
            self.texts[field] = edit
            form.addRow(field.capitalize(), edit)
        self.body_layout.addWidget(box)

    def _build_ledger(self) -> QWidget:
        box = QGroupBox("Derived values and problems")
        layout = QVBoxLayout(box)
        self.derived = QListWidget()
        self.derived.setAccessibleName("Derived values")
        self.derived.setWordWrap(True)
        self.problems = QListWidget()
        self.problems.setAccessibleName("Problems")
        self.problems.setWordWrap(True)
        layout.addWidget(QLabel("Worked out from the sheet"))
        layout.addWidget(self.derived, 2)
        layout.addWidget(QLabel("Problems"))
        layout.addWidget(self.problems, 1)
        box.setMinimumWidth(220)
        box.setMinimumHeight(260)
        return box

    # -- actions -----------------------------------------------------------------------------
    def save_card(self) -> None:
        from seforge.systems.twod20.cards import render_cards

        self._save_pdf("Save the stat card", "", "Stat card",
                       lambda: render_cards([self.doc])[0])

    def save_sheet(self) -> None:
        from seforge.systems.twod20.player_sheet import render_player_sheet

        self._save_pdf("Save the player sheet", " sheet", "Player sheet",
                       lambda: render_player_sheet(self.doc))

    def _save_pdf(self, title: str, suffix: str, what: str, render: Callable[[], bytes]
                  ) -> None:
        from pathlib import Path

        from seforge.core.atomic import atomic_write_bytes

        name = "".join(c for c in self.doc.name if c not in '<>:"/\\|?*').strip()
        # beside the record's file, as File › Export PDF… does (the bare name started the
        # dialog in whatever folder the app was launched from)
        path = self.owner.path
        folder = path.parent if path is not None else Path.home()
        suggested = folder / f"{name or 'record'}{suffix}.pdf"
        chosen, _filter = QFileDialog.getSaveFileName(self, title, str(suggested),
                                                      "PDF files (*.pdf)")
        if not chosen:
            return
        target = Path(chosen)
        if target.suffix.lower() != ".pdf":
            target = target.with_suffix(".pdf")
        try:
            atomic_write_bytes(target, render())
        except OSError as exc:
            self.message.setText(f"Not saved: {exc.strerror or exc}.")
            return
        self.message.setText(f"{what} saved to {target.name}.")

    def _toggle_treated(self) -> None:
        row = self.harms.currentRow()
        if row >= 0:
            treated = not self.doc.harms[row].treated
            self.run("Treat a Harm", lambda c: ed.set_harm(c, row, treated=treated))

    def _remove_harm(self) -> None:
        row = self.harms.currentRow()
        if row >= 0:
            self.run("Remove a Harm", lambda c: ed.remove_harm(c, row))

    # -- drawing -----------------------------------------------------------------------------
    def _rebuild_attributes(self) -> None:
        info = profile_info(self.doc.profile)
        if list(self._attribute_boxes) == list(info.attributes):
            return
        while self.attributes_grid.count():
            item = self.attributes_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self._attribute_boxes = {}
        for name in info.attributes:
            box = spin_box(name, 0, MAX_ATTRIBUTE, 8, f"{name} score")
            box.valueChanged.connect(lambda v, n=name: self.run(
                f"Set {n}", lambda c: ed.set_attribute(c, n, v)))
            whole_numbers(box)
            self._attribute_boxes[name] = box
            self.attributes_grid.addWidget(labelled(name, box))
        # boxes made now would come last in the Tab order: put them back between the
        # profile and the first number, where they stand on the page
        chain: list[QWidget] = [self.profile, *self._attribute_boxes.values(),
                                next(iter(self.numbers.values()))]
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _refresh_condition(self) -> None:
        from seforge.systems.twod20.roller import track_left

        doc = self.doc
        conan = doc.profile is Profile.CONAN
        self.condition_box.setTitle("Vigor, Resolve, Wounds and Trauma" if conan
                                    else "Stress and Harms")
        shown = {"vigor": conan, "resolve": conan, "stress": not conan}
        for field, box in self.track_boxes.items():
            box.setVisible(shown[field])
            self.track_labels[field].setVisible(shown[field])
            if not shown[field]:
                continue
            left, top = track_left(doc, mental=field == "resolve")
            box.blockSignals(True)
            box.setMaximum(top)
            box.setValue(left)
            box.setSuffix(f" / {top}")
            box.blockSignals(False)
        wounds = sum(h.kind is HarmKind.WOUND for h in doc.harms)
        trauma = len(doc.harms) - wounds
        limit = doc.settings.harm_limit
        status = harm_status(doc.settings, doc.profile, doc.harms)
        boxes = max(limit, wounds, trauma, 5 if conan else limit)

        def marks(count: int) -> str:
            return "■" * count + "□" * max(0, boxes - count)

        self.wounds_label.setText(
            f"Wounds {marks(wounds)} {wounds}    "
            f"{'Trauma' if conan else 'Traumas'} {marks(trauma)} {trauma}"
            + (f"    {status}" if status else ""))

    def _refresh_head(self) -> None:
        doc = self.doc
        blocked = [self.name, self.role, self.profile, *self.numbers.values()]
        for widget in blocked:
            widget.blockSignals(True)
        self.name.show_text(doc.name)
        self.role.setCurrentIndex(self.role.findData(doc.role.value))
        self.profile.setCurrentIndex(self.profile.findData(doc.profile.value))
        limit, reason = ed.fatigue_limit(doc)
        self.numbers["fatigue"].setMaximum(max(limit, doc.fatigue))
        self.numbers["fatigue"].setToolTip(f"Each Fatigue lowers maximum Stress by 1. {reason}.")
        for field, box in self.numbers.items():
            box.setValue(getattr(doc, field))
        conan = doc.profile is Profile.CONAN
        self.numbers["renown"].setVisible(conan)
        self.number_labels["renown"].setVisible(conan)
        for widget in blocked:
            widget.blockSignals(False)
        self._rebuild_attributes()
        for attribute_name, box in self._attribute_boxes.items():
            box.blockSignals(True)
            box.setValue(doc.attributes.get(attribute_name, 0))
            box.blockSignals(False)

    def _refresh_harms(self) -> None:
        doc = self.doc
        harm_row = self.harms.currentRow()
        self.harms.clear()
        for harm in doc.harms:
            label = harm.name or ("Wound" if harm.kind is HarmKind.WOUND else "Trauma")
            self.harms.addItem(f"{label} ({harm.kind.value}"
                               f"{', treated' if harm.treated else ''})")
        if 0 <= harm_row < self.harms.count():
            self.harms.setCurrentRow(harm_row)
        harm_reason = ed.why_not_add_harm(doc)
        set_reason(self.add_wound, harm_reason, "Mark a physical Harm")
        set_reason(self.add_trauma, harm_reason, "Mark a mental Harm")

    def _refresh_ledger(self) -> None:
        doc = self.doc
        self.derived.clear()
        for value in derived_values(doc):
            self.derived.addItem(f"{value.label}: {value.value}\n    = {value.how}")
            derived_item = self.derived.item(self.derived.count() - 1)
            if derived_item is not None:
                derived_item.setToolTip(value.how)
        self.problems.clear()
        report = check_character(doc)
        for problem in report.problems:
            self.problems.addItem(f"{problem.severity.capitalize()}: {problem.message}")
        if not report.problems:
            self.problems.addItem("No problems: the record is within the documents' limits.")

    def refresh(self) -> None:
        self._refresh_head()
        self.skill_table.refresh()
        self.attack_table.refresh()
        self._refresh_condition()
        self.rules.show_settings(self.doc.settings)
        self._refresh_harms()
        for field, edit in self.texts.items():
            if not edit.hasFocus() and edit.toPlainText() != getattr(self.doc, field):
                edit.setPlainText(getattr(self.doc, field))
        self._refresh_ledger()
