"""``SYSTEM_UI``: what the window gets from the 2d20 system (editors and the GM screen)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ui.shell.system_uis import NewDocumentChoice, SystemUiBase

if TYPE_CHECKING:
    from ui.shell.document_owner import DocumentOwner


class ConflictEditor:
    """A conflict tracker opened as a document of its own (the tracker view in a tab)."""

    def __init__(self, owner: DocumentOwner[Any], parent: QWidget | None = None) -> None:
        from ui.systems.twod20.calculator import profile_combo
        from ui.systems.twod20.common import page_scroll
        from ui.systems.twod20.conflict_view import ConflictView

        self.owner = owner
        self._page = QWidget(parent)
        layout = QVBoxLayout(self._page)
        top = QHBoxLayout()
        self.profile = profile_combo()
        caption = QLabel("&Profile")
        caption.setBuddy(self.profile)
        top.addWidget(caption)
        top.addWidget(self.profile)
        top.addStretch(1)
        layout.addLayout(top)
        self.view = ConflictView(owner)
        scroll = page_scroll(self.view)
        layout.addWidget(scroll, 1)
        self.profile.currentIndexChanged.connect(self._profile_chosen)
        owner.changed.connect(self._follow)
        self._follow()

    def _profile_chosen(self) -> None:
        from seforge.systems.twod20.conflict import change_profile

        wanted = self.profile.currentData()
        self.owner.apply("Change the profile", lambda d: change_profile(d, wanted))

    def _follow(self) -> None:
        self.profile.blockSignals(True)
        self.profile.setCurrentIndex(self.profile.findData(self.owner.document.profile.value))
        self.profile.blockSignals(False)

    def widget(self) -> QWidget:
        return self._page


class TwoD20Ui(SystemUiBase):
    system_id = "2d20"
    title = "2d20 (SRD 2022 / Conan)"

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (
            NewDocumentChoice("2d20 character or NPC", "2d20.character",
                              "A record for the SRD 2022 or Conan profile"),
            NewDocumentChoice("2d20 conflict tracker", "2d20.conflict",
                              "Momentum, Threat or Doom, turn order, Stress and Harms"),
        )

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> Any:
        from seforge.systems.twod20.conflict import new_conflict
        from seforge.systems.twod20.documents import CHARACTER_KIND, CONFLICT_KIND
        from seforge.systems.twod20.models import new_character
        from ui.shell.document_owner import DocumentOwner
        from ui.systems.twod20.record_editor import RecordEditor

        if format_id == CHARACTER_KIND.format_id:
            return RecordEditor(DocumentOwner(CHARACTER_KIND, new_character()), parent)
        if format_id == CONFLICT_KIND.format_id:
            return ConflictEditor(DocumentOwner(CONFLICT_KIND, new_conflict()), parent)
        raise ValueError(f"the 2d20 system has no document format {format_id!r}")

    def open_editor(self, path: Path, parent: QWidget | None = None) -> Any:
        from seforge.core.documents import peek_format
        from seforge.systems.twod20.documents import CHARACTER_KIND, CONFLICT_KIND
        from ui.shell.document_owner import DocumentOwner
        from ui.systems.twod20.record_editor import RecordEditor

        if CONFLICT_KIND.accepts(peek_format(path)):
            return ConflictEditor(DocumentOwner.load(CONFLICT_KIND, path), parent)
        return RecordEditor(DocumentOwner.load(CHARACTER_KIND, path), parent)

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int:
        """File › Export PDF…: the document as it is now, printed by the system's own
        export, on ``paper`` ("a4", "letter"; empty: the locale's); a kind it
        cannot print is refused with one line."""
        from seforge.systems.twod20.cards import export_cards
        from ui.shell.pdf_export import export_owner

        return export_owner(owner, export_cards, out, paper or None)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        from ui.systems.twod20.gm_screen import GmScreen

        return GmScreen(parent=parent)

    def window_part(self, window: Any) -> Any:
        """The GM Screen page that follows the record in the current tab."""
        from ui.systems.twod20.window_part import TwoD20WindowPart

        return TwoD20WindowPart(window)


SYSTEM_UI = TwoD20Ui()
