"""What 2d20 adds to the window: its GM Screen page follows the current tab.

The window tells the part which document is current (:meth:`current_changed`), which tabs open
(:meth:`adopt`) and close (:meth:`released`). When the current tab is a 2d20 record, the GM
Screen page shows that record's profile (Thak, a Conan NPC, under Conan) and its dice roller
can write to it through the record's owner. When it is a 2d20 conflict, the roller writes to
that conflict (through its owner, on its own undo history) until the GM picks another or the
tab closes; then it writes to the GM Screen's tracker again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from ui.shell.window_part import WindowPart

if TYPE_CHECKING:  # the page and the models load when first needed, not at start
    from seforge.systems.twod20.conflict import Conflict
    from ui.shell.document_owner import DocumentOwner
    from ui.systems.twod20.gm_screen import GmScreen


def conflict_owner(document: Any) -> DocumentOwner[Conflict] | None:
    """``document`` when it is the owner of an open 2d20 conflict (nothing is imported
    while no document is open: the window asks at start)."""
    if getattr(document, "document", None) is None:
        return None
    from seforge.systems.twod20.conflict import Conflict
    from ui.shell.document_owner import DocumentOwner

    if not isinstance(document, DocumentOwner):
        return None
    return document if isinstance(document.document, Conflict) else None


class TwoD20WindowPart(WindowPart):
    system_id = "2d20"

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.page: GmScreen | None = None
        self.record: Any = None
        self.conflicts: list[DocumentOwner[Conflict]] = []
        """The 2d20 conflicts open in tabs, in the order they opened."""
        self.followed: DocumentOwner[Conflict] | None = None
        """The conflict tab made current last (the roller writes to it), if still open."""
        self._recent: list[DocumentOwner[Conflict]] = []
        """The conflict tabs that have been current, the latest last."""

    def gm_screen(self, parent: QWidget | None = None) -> QWidget | None:
        from ui.systems.twod20.gm_screen import GmScreen

        page = GmScreen(parent=parent)
        page.set_record(self.record)
        page.set_tab_conflicts(self.conflicts, self.followed)
        page.roller.undo_changed.connect(self._rebind_undo)
        page.destroyed.connect(self._page_gone)
        self.page = page
        return page

    def _page_gone(self) -> None:
        self.page = None

    def new_opened(self, widget: QWidget) -> None:
        """A new record starts at its name, a new conflict at the name of a character to
        add (the tab's page itself takes no typing)."""
        from ui.systems.twod20.conflict_view import ConflictView
        from ui.systems.twod20.record_editor import RecordEditor

        view = widget.findChild(ConflictView)
        target = (widget.name if isinstance(widget, RecordEditor)
                  else view.new_name if view is not None else widget)
        target.setFocus()

    def adopt(self, document: Any) -> None:
        owner = conflict_owner(document)
        if owner is not None and not any(owner is o for o in self.conflicts):
            self.conflicts.append(owner)
            if self.page is not None:
                self.page.set_tab_conflicts(self.conflicts)

    def released(self, document: Any) -> bool:
        if any(document is o for o in self.conflicts):
            self.conflicts = [o for o in self.conflicts if o is not document]
            self._recent = [o for o in self._recent if o is not document]
            # The window makes a tab current to close it: the roller, which followed the
            # closing tab, goes back to the conflict tab current before it, if any.
            back = None
            if self.followed is document:
                self.followed = back = self._recent[-1] if self._recent else None
            if self.page is not None:
                self.page.set_tab_conflicts(self.conflicts, back)
        return True

    def current_changed(self, document: Any, widget: QWidget | None) -> None:
        from seforge.systems.twod20.models import Character

        held = getattr(document, "document", None)
        self.record = document if isinstance(held, Character) else None
        conflict = conflict_owner(document)
        if conflict is not None and any(conflict is o for o in self.conflicts):
            self.followed = conflict
            self._recent = [*(o for o in self._recent if o is not conflict), conflict]
        if self.page is not None:
            self.page.set_record(self.record)
            if conflict is not None and conflict is self.followed:
                self.page.set_tab_conflicts(self.conflicts, conflict)

    def focus_stacks(self) -> list[tuple[QWidget, QUndoStack]]:
        """Edit › Undo from inside the roller undoes in the document it writes to."""
        if self.page is None:
            return []
        return [(self.page.roller, self.page.roller.undo_stack())]

    def _rebind_undo(self) -> None:
        bind = getattr(self.window, "bind_undo", None)
        if callable(bind):
            bind()
