"""Start from a sample: the ready-made documents the installed game systems ship (their
core's ``library()``), listed by system; the one picked opens as an unsaved copy, so the
shipped file is never changed. A system whose part offers its library itself (Sword's
Edge's Book Characters, with their own dialog) is left out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.shell import screen_fit


@dataclass(frozen=True)
class Sample:
    """One ready-made document offered: its system, name and file."""

    system_id: str
    system_title: str
    title: str
    path: Path


class SampleDialog(QDialog):
    """A filter over every offered sample; Enter or Open takes the selected one."""

    def __init__(self, samples: Sequence[Sample], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start from a Sample")
        self.samples = list(samples)
        self.chosen: Sample | None = None
        intro = QLabel("Ready-made documents that come with the game systems. The one you "
                       "pick opens as a new, unsaved copy: save it where you like.", self)
        intro.setWordWrap(True)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setPlaceholderText("Filter by name or game system…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Filter")
        self.filter_edit.setToolTip("Type part of a name or of a game system's name")
        self.list = QListWidget(self)
        self.list.setAccessibleName("Samples")
        self.list.setToolTip("Pick one and press Enter to open a copy of it")
        for sample in self.samples:
            item = QListWidgetItem(f"{sample.title} — {sample.system_title}", self.list)
            item.setToolTip(f"{sample.title} ({sample.system_title}): {sample.path.name}")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel,
            self)
        open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        open_button.setText("Open a &Copy")
        open_button.setToolTip("Open a new, unsaved copy of the sample to make your own; "
                               "the sample itself is not changed")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.list)
        layout.addWidget(self.buttons)
        self.filter_edit.textChanged.connect(self._filter)
        self.filter_edit.returnPressed.connect(self.accept)
        self.list.itemActivated.connect(lambda _item: self.accept())
        self.list.currentRowChanged.connect(lambda _row: self._sync_open())
        self.list.setCurrentRow(0)
        self._sync_open()
        screen_fit.size_dialog(self, QSize(520, 420))
        self.filter_edit.setFocus()  # typing filters at once

    def _shown_rows(self) -> list[int]:
        return [row for row in range(self.list.count()) if not self.list.item(row).isHidden()]

    def _filter(self, text: str) -> None:
        """Show the samples whose name or system holds every word typed."""
        words = text.casefold().split()
        for row, sample in enumerate(self.samples):
            haystack = f"{sample.title} {sample.system_title}".casefold()
            self.list.item(row).setHidden(not all(word in haystack for word in words))
        shown = self._shown_rows()
        current = self.list.currentRow()
        if current not in shown:
            self.list.setCurrentRow(shown[0] if shown else -1)
        self._sync_open()

    def _sync_open(self) -> None:
        button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        if button is not None:
            button.setEnabled(self.list.currentRow() in self._shown_rows())

    def accept(self) -> None:
        row = self.list.currentRow()
        if row not in self._shown_rows():
            return
        self.chosen = self.samples[row]
        super().accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Up and Down in the filter move through the list."""
        if self.filter_edit.hasFocus() and event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            shown = self._shown_rows()
            if shown:
                at = shown.index(self.list.currentRow()) if self.list.currentRow() in shown \
                    else -1
                step = 1 if event.key() == Qt.Key.Key_Down else -1
                self.list.setCurrentRow(shown[max(0, min(len(shown) - 1, at + step))])
            return
        super().keyPressEvent(event)


def window_samples(window: Any) -> list[Sample]:
    """The ready-made documents of ``window``'s systems whose part does not offer its
    own (``WindowPart.own_library``)."""
    from ui.shell.system_uis import UI_REGISTRY

    found: list[Sample] = []
    for ui in window.controller.systems():
        part = window.parts.get(ui.system_id)
        if part is not None and part.own_library:
            continue
        found += [Sample(ui.system_id, ui.title, entry.title, entry.path)
                  for entry in UI_REGISTRY.samples_of(ui.system_id)]
    return found


def offer_samples(window: Any) -> None:
    """File › Start from a Sample… (``window.samples_action``) and its start page button,
    when there are any samples."""
    from ui.shell import actions

    samples = window_samples(window)
    if not samples:
        return
    systems = list(dict.fromkeys(s.system_title for s in samples))
    named = (", ".join(systems[:-1]) + " or " + systems[-1]) if len(systems) > 1 \
        else systems[0]
    tip = f"Open a copy of a ready-made document of {named}"
    window.samples_action = actions.make_action(
        window, "Start from a Samp&le…", lambda: start_from_sample(window), None, tip)
    actions.add_to_menu(window, "file.open", [window.samples_action])
    button = window.start_page.add_button("samples", "Start from a Sample", tip)
    button.clicked.connect(lambda _checked=False: start_from_sample(window))


def start_from_sample(window: Any) -> Any:
    """Pick a sample and open a new, unsaved copy of it in ``window``; its owner, None
    if cancelled."""
    dialog = SampleDialog(window_samples(window), window)
    if dialog.exec() != SampleDialog.DialogCode.Accepted or dialog.chosen is None:
        return None
    return window.controller.open_copy(dialog.chosen.path, dialog.chosen.title)
