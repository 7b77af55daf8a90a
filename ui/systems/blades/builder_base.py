"""What every section of the scoundrel builder shares: the document it edits (through its
owner), one undoable step per change, and the small widgets that run them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import creation
from seforge.systems.blades.models import Scoundrel
from ui.shell.document_owner import DocumentOwner
from ui.shell.refusal import apply_or_refuse as apply
from ui.shell.widgets import DocumentLineEdit, follows_document
from ui.systems.blades.common import FormGrid

Mutator = Callable[[Scoundrel], None]


class BuilderBase(QWidget):
    """The scoundrel builder's common ground; :class:`ui.systems.blades.builder.ScoundrelBuilder`
    sets these up and redraws every section in :meth:`refresh`."""

    owner: DocumentOwner[Scoundrel]
    form: QVBoxLayout
    """The form the sections stack in."""
    status: QLabel
    """The status line that shows a refusal."""
    texts: dict[str, QLineEdit]
    """The editor of each free-text field."""

    @property
    def sc(self) -> Scoundrel:
        return self.owner.document

    def do(self, text: str, mutate: Mutator) -> bool:
        return apply(self.owner, text, mutate, self.status)

    def _tall_row(self, form: FormGrid, label: str, field: QWidget | QLayout) -> None:
        """A row of ``form`` whose field may be more than one line high (a list, a row that
        wraps): its label sits at the top, beside the field's first line (where a Qt form
        puts it), rather than halfway down."""
        form.addRow(label, field, top=self.fontMetrics().height() * 7 // 4)

    def _line(self, field: str, label: str, layout: QFormLayout | FormGrid,
              tip: str) -> QLineEdit:
        edit = DocumentLineEdit()
        edit.setAccessibleName(label)
        edit.setToolTip(tip)
        edit.editingFinished.connect(partial(self._text_done, field))
        layout.addRow(label, edit)
        self.texts[field] = edit
        return edit

    def _choice(self, field: str, label: str, layout: QFormLayout | FormGrid, tip: str,
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
        follows_document(edit)
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

    def refresh(self) -> None:
        """Redraw every section from the document."""
        raise NotImplementedError
