"""The opponent library's files: open, import, export, delete and print the GM's
``.senc`` files (a base of
:class:`~ui.systems.swords_edge.gm_table.opponents.OpponentLibrary`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QWidget,
)

from seforge.systems.swords_edge.fileformat import NC_SUFFIX, CharacterFileError, load_nc, save_nc
from seforge.systems.swords_edge.models import NarrativeCharacter
from seforge.systems.swords_edge.nc_builder import (
    suggest_nc_path,
)
from ui.systems.swords_edge.gm_table.common import (
    warn,
)
from ui.systems.swords_edge.gm_table.opponent_owner import OpponentOwner

if TYPE_CHECKING:
    from ui.systems.swords_edge.gm_table.opponents import OpponentEntry

NC_FILTER = f"Sword's Edge opponents (*{NC_SUFFIX});;All files (*)"
PDF_FILTER = "PDF files (*.pdf)"


class OpponentFiles(QWidget):
    """Opening, importing, exporting, deleting and printing opponents."""

    if TYPE_CHECKING:
        paper: str

        @property
        def user_folder(self) -> Path: ...

        @property
        def editing_path(self) -> Path | None: ...

        @property
        def owner(self) -> OpponentOwner: ...

        def reload(self) -> None: ...

        def selected_entries(self) -> list[OpponentEntry]: ...

        def selected_ncs(self) -> list[NarrativeCharacter]: ...

        def _update_editor_title(self, *_args: object) -> None: ...

        def _start_editing(self, nc: NarrativeCharacter, path: Path | None,
                           copy_of: str = "") -> None: ...

    # -- files ----------------------------------------------------------------------
    def open_path(self, path: Path) -> bool:
        """Edit the NC in ``path`` (a file opened from outside: Save writes back to it)."""
        try:
            nc = load_nc(path)
        except CharacterFileError as exc:
            warn(self, "Open opponent", str(exc))
            return False
        self._start_editing(nc, Path(path))
        return True

    def import_files(self) -> list[Path]:
        names, _ = QFileDialog.getOpenFileNames(self, "Import opponents", str(Path.home()),
                                                NC_FILTER)
        written: list[Path] = []
        problems: list[str] = []
        for name in names:
            try:
                nc = load_nc(name)
            except CharacterFileError as exc:
                problems.append(str(exc))
                continue
            target = suggest_nc_path(self.user_folder, nc)
            try:
                save_nc(nc, target)
            except OSError as exc:
                problems.append(f"{target.name}: cannot be written ({exc.strerror})")
                continue
            written.append(target)
        if written:
            self.reload()
        if problems:
            warn(self, "Import opponents", "\n".join(problems))
        return written

    def export_selected(self) -> Path | None:
        ncs = self.selected_ncs()
        if len(ncs) != 1:
            return None
        nc = ncs[0]
        suggested = suggest_nc_path(Path.home(), nc).name
        name, _ = QFileDialog.getSaveFileName(self, "Export opponent",
                                              str(Path.home() / suggested), NC_FILTER)
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() != NC_SUFFIX:
            path = path.with_name(path.name + NC_SUFFIX)
        try:
            save_nc(nc, path)
        except OSError as exc:
            warn(self, "Export opponent", f"{path.name}: cannot be written ({exc.strerror})")
            return None
        return path

    def delete_selected(self) -> list[Path]:
        entries = [e for e in self.selected_entries() if e.origin in ("own", "broken")]
        if not entries or len(entries) != len(self.selected_entries()):
            return []
        names = "\n".join(e.path.name for e in entries if e.path is not None)
        answer = QMessageBox.question(
            self, "Delete opponents",
            f"Delete these files from your opponents?\n\n{names}\n\nThis cannot be undone.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        if answer != QMessageBox.StandardButton.Yes:
            return []
        deleted: list[Path] = []
        for entry in entries:
            assert entry.path is not None
            try:
                os.remove(entry.path)
            except OSError as exc:
                warn(self, "Delete opponents",
                     f"{entry.path.name}: cannot be deleted ({exc.strerror})")
                continue
            deleted.append(entry.path)
            if entry.path == self.editing_path:
                self.owner.forget_file()
                self._update_editor_title()
        self.reload()
        return deleted

    def print_cards(self) -> Path | None:
        """Write the selected opponents' cards to a PDF, then offer to open or print it."""
        from seforge.systems.swords_edge.cards import export_cards
        from ui.systems.swords_edge.exports import announce_export
        from ui.systems.swords_edge.printing import cards_job

        ncs = self.selected_ncs()
        if not ncs:
            return None
        name, _ = QFileDialog.getSaveFileName(
            self, "Print opponent cards", str(Path.home() / "opponent cards.pdf"), PDF_FILTER)
        if not name:
            return None
        path = Path(name)
        if path.suffix.lower() != ".pdf":
            path = path.with_name(path.name + ".pdf")
        paper = self.paper  # the preference as it is now, resolved
        try:
            export_cards(ncs, path, paper)
        except (OSError, ValueError) as exc:
            warn(self, "Print cards", f"{path.name}: the cards cannot be written ({exc})")
            return None
        announce_export(self, path, cards_job(ncs, paper))
        return path

    def print_preview(self) -> None:
        """A print preview of the selected opponents' cards."""
        from ui.systems.swords_edge.printing import cards_job, print_preview

        ncs = self.selected_ncs()
        if ncs:
            print_preview(self, cards_job(ncs, self.paper))

    def print_direct(self) -> bool:
        """Send the selected opponents' cards to a printer (asks which first)."""
        from ui.systems.swords_edge.printing import cards_job, print_direct

        ncs = self.selected_ncs()
        return bool(ncs) and print_direct(self, cards_job(ncs, self.paper))
