"""What 2d20 adds to the window: its GM Screen page follows the record in the current tab.

The window tells the part which document is current (:meth:`current_changed`); when it is a
2d20 record, the GM Screen page shows that record's profile (Thak, a Conan NPC, under Conan)
and its dice roller can write to it through the record's owner.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from ui.shell.window_part import WindowPart


class TwoD20WindowPart(WindowPart):
    system_id = "2d20"

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.page: Any = None
        self.record: Any = None

    def gm_screen(self, parent: QWidget | None = None) -> QWidget | None:
        from ui.systems.twod20.gm_screen import GmScreen

        page = GmScreen(parent=parent)
        page.set_record(self.record)
        page.destroyed.connect(self._page_gone)
        self.page = page
        return page

    def _page_gone(self) -> None:
        self.page = None

    def current_changed(self, document: Any, widget: QWidget | None) -> None:
        from seforge.systems.twod20.models import Character

        held = getattr(document, "document", None)
        self.record = document if isinstance(held, Character) else None
        if self.page is not None:
            self.page.set_record(self.record)
