"""The 2d20 GM Screen page: a profile picker, the calculator, the reference tables and the
conflict tracker. The tracker is a ``2d20.conflict`` document held by a DocumentOwner
(``conflict_owner``), so the shell can save and autosave it; the page's profile is the
tracker's profile, changed through the owner (undoable) like every other edit. The dice roller
may write to a conflict open in a tab instead (:meth:`GmScreen.set_tab_conflicts`); the
calculator then plays that conflict's profile and table settings."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.trackers import RefusedError
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Conflict
from seforge.systems.twod20.documents import CONFLICT_KIND
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile, profile_info
from ui.shell.document_owner import DocumentOwner
from ui.systems.twod20.calculator import Calculator, profile_combo
from ui.systems.twod20.common import page_scroll
from ui.systems.twod20.conflict_view import ConflictView
from ui.systems.twod20.reference_view import ReferenceView
from ui.systems.twod20.roller_view import RollerPanel


class GmScreen(QWidget):
    def __init__(self, owner: DocumentOwner[Conflict] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("twod20-gm-screen")
        self.conflict_owner: DocumentOwner[Conflict] = owner or DocumentOwner(
            CONFLICT_KIND, cf.new_conflict(Profile.SRD2022), title="Conflict", parent=self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.profile = profile_combo()
        caption = QLabel("&Profile")
        caption.setBuddy(self.profile)
        top.addWidget(caption)
        top.addWidget(self.profile)
        top.addStretch(1)
        self.summary = QLabel()
        self.summary.setAccessibleName("Profile summary")
        self.summary.setWordWrap(True)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        self.tabs = QTabWidget()
        rollers: list[RollerPanel] = []

        def roller_head(calculator: Calculator) -> RollerPanel:
            rollers.append(RollerPanel(calculator, self.conflict_owner))
            return rollers[0]

        # the roller heads the results: Tab goes from the inputs to it, then to the odds
        self.calculator = Calculator(head=roller_head)
        self.roller = rollers[0]
        self.reference = ReferenceView()
        self.conflict = ConflictView(self.conflict_owner)
        self.record_owner: DocumentOwner[Character] | None = None
        self.conflict.record_folder = self._record_folder
        self.tabs.addTab(self.calculator, "Calculator")
        self.tabs.addTab(self.reference, "Reference")
        scroll = page_scroll(self.conflict)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.tabs.addTab(scroll, "Conflict")
        layout.addWidget(self.tabs, 1)
        self.profile.currentIndexChanged.connect(self._profile_chosen)
        self.conflict_owner.changed.connect(self._follow_document)
        self.roller.conflict_changed.connect(self._follow_document)
        self._follow_document()

    def documents(self) -> list[DocumentOwner[Conflict]]:
        """The tracker the shell saves, autosaves and asks about (its File menu)."""
        return [self.conflict_owner]

    def new_tracker(self, owner: DocumentOwner[Conflict]) -> Conflict:
        """A fresh conflict in the profile the table plays now."""
        return cf.new_conflict(owner.document.profile)

    def _profile_chosen(self) -> None:
        wanted = Profile(self.profile.currentData())
        try:
            self.conflict_owner.apply("Change the profile",
                                      lambda d: cf.change_profile(d, wanted))
        except RefusedError as exc:  # pragma: no cover - change_profile never refuses
            self.summary.setText(exc.reason)

    def set_record(self, owner: DocumentOwner[Character] | None) -> None:
        """The 2d20 record open in the window's current tab (None: none): the calculator and
        the reference show its profile, and the roller can write to it."""
        if self.record_owner is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # gone with its tab
                self.record_owner.changed.disconnect(self._follow_document)
        self.record_owner = owner
        if owner is not None:
            owner.changed.connect(self._follow_document)
        self.roller.set_record(owner)
        self._follow_document()

    def _record_folder(self) -> Path | None:
        """The folder of the open record's file (None: no record, or not saved yet)."""
        path = self.record_owner.path if self.record_owner is not None else None
        return path.parent if path is not None else None

    def set_tab_conflicts(self, owners: Sequence[DocumentOwner[Conflict]],
                          follow: DocumentOwner[Conflict] | None = None) -> None:
        """The 2d20 conflicts open in the window's tabs; the roller writes to ``follow``
        (the conflict tab made current), and back to this page's tracker once the tab it
        writes to closes."""
        self.roller.set_tab_conflicts(owners, follow)

    def shown_profile(self) -> Profile:
        """The profile the page shows: the open record's, else that of the conflict the
        roller writes to."""
        if self.record_owner is not None:
            return self.record_owner.document.profile
        return self.roller.conflict_owner.document.profile

    def _follow_document(self) -> None:
        doc = self.conflict_owner.document
        played = self.roller.conflict_owner
        self.profile.blockSignals(True)
        self.profile.setCurrentIndex(self.profile.findData(doc.profile.value))
        self.profile.blockSignals(False)
        shown = self.shown_profile()
        if self.calculator.profile is not shown:
            self.calculator.set_profile(shown)
        if self.calculator.settings != played.document.settings:
            self.calculator.set_settings(played.document.settings)
        if self.reference.profile is not shown:
            self.reference.set_profile(shown)
        if shown is Profile.CONAN:
            text = ("Doom, Combat Dice, Vigor and Resolve, Wounds and Trauma, Fortune; PCs act "
                    "first.")
        else:
            text = "Threat, Challenge Dice, Stress and Harms; sides alternate turns."
        if self.record_owner is not None and shown is not played.document.profile:
            name = self.record_owner.document.name or "the open record"
            text = (f"Showing {profile_info(shown).title} for {name}; "
                    f"{self.roller.conflict_title(played)} plays "
                    f"{profile_info(played.document.profile).title}.")
        elif played is not self.conflict_owner and shown is not doc.profile:
            text = (f"Showing {profile_info(shown).title} for the roller's conflict, "
                    f"{self.roller.conflict_label(played)}; the GM Screen's tracker plays "
                    f"{profile_info(doc.profile).title}.")
        self.summary.setText(text)
