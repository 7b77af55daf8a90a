"""What Sword's Edge's part of the window does with sheets: export, print and copy the
open characters' sheets (a base of
:class:`~ui.systems.swords_edge.window_part.SwordsEdgeWindowPart`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication

if TYPE_CHECKING:
    from ui.shell.window import MainWindow
    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.printing import PrintJob


class SheetsPart:
    """Sheets, prints and copies of the current character or of every open one."""

    if TYPE_CHECKING:
        window: MainWindow

        def current_character(self) -> CharacterDocument | None: ...

        def characters(self) -> list[CharacterDocument]: ...

    # -- sheets, prints, copies ---------------------------------------------------------
    def paper(self) -> str:
        """The paper to use now: the preference, or the locale's when it is empty."""
        from ui.systems.swords_edge.exports import effective_paper

        return effective_paper(self.window.preferences.paper)

    def export_sheet(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_character_sheets
        from ui.systems.swords_edge.printing import sheets_job

        document = self.current_character()
        if document is None:
            return None
        path = export_character_sheets(self.window, [document.character],
                                       self.window.preferences.paper,
                                       self.window.dialog_folder())
        return self._exported(path, sheets_job([document.character], self.paper()))

    def export_party(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_character_sheets
        from ui.systems.swords_edge.printing import sheets_job

        characters = [d.character for d in self.characters()]
        path = export_character_sheets(self.window, characters, self.window.preferences.paper,
                                       self.window.dialog_folder(), title="Export Party")
        return self._exported(path, sheets_job(characters, self.paper()) if characters else None)

    def print_blank(self) -> Path | None:
        from ui.systems.swords_edge.exports import export_blank_sheet
        from ui.systems.swords_edge.printing import blank_job

        return self._exported(
            export_blank_sheet(self.window, self.window.preferences.paper,
                               self.window.dialog_folder()),
            blank_job(self.paper()))

    def _exported(self, path: Path | None, job: PrintJob | None = None) -> Path | None:
        """After an export: say where the PDF is and offer to open or print it."""
        if path is not None:
            from ui.systems.swords_edge.exports import announce_export

            self.window.statusBar().showMessage(f"Wrote {path}", 5000)
            announce_export(self.window, path, job)
        return path

    def print_job(self, party: bool = False) -> PrintJob | None:
        """The current character's sheet (or every open one's) as a print job."""
        from ui.systems.swords_edge.printing import sheets_job

        current = self.current_character()
        documents = self.characters() if party else [d for d in (current,) if d is not None]
        if not documents:
            return None
        return sheets_job([d.character for d in documents], self.paper())

    def print_preview(self) -> None:
        from ui.systems.swords_edge.printing import print_preview

        job = self.print_job()
        if job is not None:
            print_preview(self.window, job)

    def print_sheet(self) -> bool:
        from ui.systems.swords_edge.printing import print_direct

        job = self.print_job()
        return job is not None and print_direct(self.window, job)

    def print_party(self) -> bool:
        from ui.systems.swords_edge.printing import print_direct

        job = self.print_job(party=True)
        return job is not None and print_direct(self.window, job)

    def copy_sheet(self, markdown: bool = False) -> str:
        """Put the current character on the clipboard as text or Markdown; the text."""
        from seforge.systems.swords_edge.sheet_text import character_text

        document = self.current_character()
        if document is None:
            return ""
        text = character_text(document.character, markdown=markdown)
        QGuiApplication.clipboard().setText(text)
        what = "Markdown" if markdown else "text"
        self.window.statusBar().showMessage(
            f"Copied {document.character.name.strip() or 'the character'} as {what}", 5000)
        return text

