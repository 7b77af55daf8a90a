"""The window's documents: one tab per open document of any game system.

:class:`DocumentController` opens, creates, saves, reverts, duplicates and closes the
tabs' documents, asks about unsaved changes, follows files changed by another program
and brings back autosaves after a crash. It knows a document only through
:class:`~ui.shell.system_uis.OpenDocument` and its system only through its
:class:`~ui.shell.system_uis.SystemUi` (and that system's
:class:`~ui.shell.window_part.WindowPart`, when it has one).
"""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from seforge.core.atomic import ReadOnlyFileError
from seforge.core.documents import DocumentFileError, peek_format
from ui.shell import dialogs
from ui.shell.disk import same_file
from ui.shell.system_uis import (
    UI_REGISTRY,
    DocumentEditor,
    NewDocumentChoice,
    OpenDocument,
    SystemUi,
    format_ids_of,
    loaded_systems,
    suffixes_of,
)

if TYPE_CHECKING:
    from ui.shell.campaign_view import CampaignEditor
    from ui.shell.unsaved_dialog import UnsavedWork
    from ui.shell.window import MainWindow
    from ui.shell.window_part import WindowPart

MISSING_DELAY_MS = 500
"""How long a file may be gone (a save by delete and write) before it counts as lost."""


@dataclass
class Tab:
    """One tab: its system, its editor and the editor's document."""

    system_id: str
    editor: DocumentEditor
    document: Any  # an OpenDocument

    @property
    def widget(self) -> QWidget:
        return self.editor.widget()


def document_name(document: OpenDocument, part: WindowPart | None = None) -> str:
    """What a tab and the window title call a document: its part's name for it (a
    character's name), else its file name or working title ("Untitled 2")."""
    name = part.display_name(document) if part is not None else ""
    return name or document.title()


class DocumentController(QObject):
    """The tabs' documents of one window (see the module's docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.tabs: list[Tab] = []
        self._untitled = 0
        self._asking: list[object] = []
        """Documents a file question is open for (not asked twice at once)."""
        self._missing: list[object] = []
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_path_changed)
        self.watcher.directoryChanged.connect(self._on_path_changed)
        self._recheck = QTimer(self)
        self._recheck.setSingleShot(True)
        self._recheck.setInterval(MISSING_DELAY_MS)
        self._recheck.timeout.connect(self.check_missing)

    # -- systems ----------------------------------------------------------------------
    def systems(self) -> list[SystemUi]:
        return loaded_systems()

    def system(self, system_id: str) -> SystemUi:
        return UI_REGISTRY.get(system_id)

    def choices(self) -> list[tuple[SystemUi, NewDocumentChoice]]:
        """Every new document of every registered system, in menu order."""
        return [(ui, choice) for ui in self.systems() for choice in ui.new_document_choices()]

    def suffixes(self) -> list[str]:
        """Every suffix the window opens (campaigns too, when a system's open here)."""
        from seforge.core.campaign import CAMPAIGN_SUFFIX

        found = [s for ui in self.systems() for s in suffixes_of(ui)]
        if CAMPAIGN_SUFFIX not in found and self.campaign_systems():
            found.append(CAMPAIGN_SUFFIX)
        return found

    def file_filter(self) -> str:
        """File › Open's filter: every document, then each system's, then all files."""
        entries = []
        every: list[str] = []
        for ui in self.systems():
            patterns = [f"*{s}" for s in suffixes_of(ui)]
            if not patterns:
                continue
            every += patterns
            label = ui.file_filter or f"{ui.title} files"
            entries.append(f"{label} ({' '.join(patterns)})")
        from seforge.core.campaign import CAMPAIGN_SUFFIX

        if f"*{CAMPAIGN_SUFFIX}" not in every and self.campaign_systems():
            every.append(f"*{CAMPAIGN_SUFFIX}")
            entries.append(f"Campaigns (*{CAMPAIGN_SUFFIX})")
        if len(entries) > 1:
            entries.insert(0, f"SEForge documents ({' '.join(every)})")
        return ";;".join([*entries, "All files (*)"])

    def system_for_path(self, path: Path) -> SystemUi | None:
        """The system whose suffix ``path`` has, else whose format is written in it."""
        suffix = path.suffix.lower()
        systems = self.systems()
        for ui in systems:
            if suffix in suffixes_of(ui):
                return ui
        try:
            found = peek_format(path)
        except (DocumentFileError, OSError, ValueError, RecursionError):
            return None
        for ui in systems:
            if found in format_ids_of(ui):
                return ui
        return None

    # -- campaigns of systems without their own campaign view ---------------------------
    def handles_campaigns(self, ui: SystemUi) -> bool:
        """True when ``ui`` opens its campaigns itself (it lists the campaign format
        among its documents: Sword's Edge's party view); else they open in a
        campaign tab of the shell's own."""
        from seforge.core.campaign import CAMPAIGN_FORMAT

        return CAMPAIGN_FORMAT in format_ids_of(ui)

    def campaign_systems(self) -> list[SystemUi]:
        """The systems whose campaigns open in the shell's campaign tab."""
        return [ui for ui in self.systems() if not self.handles_campaigns(ui)]

    def generic_campaign(self, path: Path) -> str | None:
        """The system id of the campaign at ``path`` when the shell's campaign tab
        opens it; None for any other file (or a campaign its system opens itself, or
        one that cannot be read: the usual routing tells why)."""
        from seforge.core.campaign import CAMPAIGN_FORMAT, CAMPAIGN_SUFFIX, peek_system

        try:
            if (path.suffix.lower() != CAMPAIGN_SUFFIX
                    and peek_format(path) != CAMPAIGN_FORMAT):
                return None
            system_id = peek_system(path)
        except (DocumentFileError, OSError, ValueError, RecursionError):
            return None
        ui = next((u for u in self.systems() if u.system_id == system_id), None)
        if ui is not None and self.handles_campaigns(ui):
            return None
        return system_id

    def campaign_editor(self, system_id: str, path: Path | None = None) -> CampaignEditor:
        """A campaign tab's editor: a new campaign of ``system_id``, or the one at
        ``path`` (DocumentFileError, OSError)."""
        from ui.shell.campaign_view import (
            CampaignEditor,
            load_campaign_owner,
            new_campaign_owner,
        )

        owner = (load_campaign_owner(path) if path is not None
                 else new_campaign_owner(system_id))
        ui = self.system(system_id)
        return CampaignEditor(owner, ui, self.window, self.window.tabs)

    def new_campaign(self, system_id: str) -> Any:
        """A new, empty campaign of ``system_id`` in a new tab; returns its owner."""
        editor = self.campaign_editor(system_id)
        editor.owner.set_title(f"New {self.system(system_id).title} campaign")
        self.add_editor(system_id, editor)
        editor.view.name.setFocus()
        return editor.owner

    def _open_editor(self, ui: SystemUi, path: Path) -> DocumentEditor:
        """The editor of the file at ``path``: a campaign tab or the system's own."""
        system_id = self.generic_campaign(path)
        if system_id is not None and system_id == ui.system_id:
            return self.campaign_editor(system_id, path)
        return ui.open_editor(path, self.window.tabs)

    def part(self, system_id: str | None) -> WindowPart | None:
        return self.window.parts.get(system_id) if system_id else None

    # -- the tabs ---------------------------------------------------------------------
    def documents(self) -> list[Any]:
        return [tab.document for tab in self._ordered()]

    def _ordered(self) -> list[Tab]:
        by_widget = {id(t.widget): t for t in self.tabs}
        widgets = self.window.tabs
        return [by_widget[id(widgets.widget(i))] for i in range(widgets.count())
                if id(widgets.widget(i)) in by_widget]

    def tab_at(self, index: int) -> Tab | None:
        widget = self.window.tabs.widget(index)
        return next((t for t in self.tabs if t.widget is widget), None)

    def tab_of(self, document: object) -> Tab | None:
        return next((t for t in self.tabs if t.document is document), None)

    def current_tab(self) -> Tab | None:
        return self.tab_at(self.window.tabs.currentIndex())

    def current_document(self) -> Any:
        tab = self.current_tab()
        return tab.document if tab is not None else None

    def all_documents(self) -> list[Any]:
        """The tabs' documents, those the parts hold elsewhere and the GM Screen
        pages' trackers (autosaved, asked about on quit)."""
        found = list(self.documents())
        for part in self.window.parts.values():
            found += [d for d in part.documents() if not any(d is f for f in found)]
        found += [d for d in self.window.gm_documents() if not any(d is f for f in found)]
        return found

    def holder_of(self, path: Path, besides: object = None) -> Any:
        """The open document (other than ``besides``) whose file is ``path``, if any."""
        for document in self.all_documents():
            if document is not besides and document.path is not None and same_file(
                    Path(document.path), Path(path)):
                return document
        return None

    def gm_holder_of(self, path: Path) -> Any:
        """The GM Screen tracker whose file is ``path``, if any."""
        return next((d for d in self.window.gm_documents()
                     if d.path is not None and same_file(Path(d.path), Path(path))), None)

    def add_editor(self, system_id: str, editor: DocumentEditor) -> QWidget:
        """Show ``editor`` in a new tab and make it current."""
        window = self.window
        window.ensure_ready()
        document = editor.owner
        widget = editor.widget()
        tab = Tab(system_id, editor, document)
        self.tabs.append(tab)
        part = self.part(system_id)
        if part is not None:
            part.adopt(document)
        window.undo_group.addStack(document.undo_stack)
        window.watch_drops(widget)
        index = window.tabs.addTab(widget, document_name(document, part))
        window.apply_zoom_to(widget)
        document.modified_changed.connect(lambda _m, d=document: self.update_tab(d))
        document.path_changed.connect(lambda d=document: self.update_tab(d))
        document.path_changed.connect(self.sync_watch)
        document.saved.connect(self.sync_watch)
        document.saved.connect(lambda d=document: self._forget_autosave(d))
        document.changed.connect(lambda *_a, d=document: self._on_document_changed(d))
        window.tabs.setCurrentIndex(index)
        self.update_tab(document)
        window.update_state()
        self.sync_watch()
        window.documents_changed.emit()
        return widget

    def forget_autosave(self, document: OpenDocument) -> None:
        self._forget_autosave(document)

    def _forget_autosave(self, document: OpenDocument) -> None:
        if self.window.autosaver_started():
            self.window.autosaver.forget(document)

    def _on_document_changed(self, document: OpenDocument) -> None:
        for part in self.window.parts.values():
            part.document_changed(document)
        self.update_tab(document)

    def default_choice(self) -> tuple[SystemUi, NewDocumentChoice] | None:
        choices = self.choices()
        return choices[0] if choices else None

    def new_document(self, system_id: str | None = None,
                     format_id: str | None = None) -> Any:
        """A new, empty document of ``format_id`` (default: the first system's first
        choice) in a new tab; returns its owner (None when no system offers one)."""
        if system_id is None:
            default = self.default_choice()
            if default is None:
                return None
            system_id, format_id = default[0].system_id, default[1].format_id
        ui = self.system(system_id)
        if format_id is None:
            format_id = ui.new_document_choices()[0].format_id
        editor = ui.new_editor(format_id, self.window.tabs)
        self._untitled += 1
        editor.owner.set_title("Untitled" if self._untitled == 1
                               else f"Untitled {self._untitled}")
        widget = self.add_editor(system_id, editor)
        part = self.part(system_id)
        if part is not None:
            part.new_opened(widget)
        else:
            widget.setFocus()
        return editor.owner

    def find_open(self, path: Path) -> int:
        """The tab of the file ``path`` names (by device and inode, so a hard link or a
        symlink finds it too; a symlink loop is no file), or -1."""
        for index, document in enumerate(self.documents()):
            if same_file(document.path, path):
                return index
        return -1

    def open_file(self, path: Path) -> bool:
        """Open ``path`` where its kind belongs (a tab, or its system's own place);
        False when it could not be opened (the user has been told why)."""
        if self.generic_campaign(path) is not None:
            return self.open_path(path) is not None
        ui = self.system_for_path(path)
        part = self.part(ui.system_id) if ui is not None else None
        if part is not None:
            handled = part.open_path(path)
            if handled is not None:
                return handled
        return self.open_path(path) is not None

    def open_path(self, path: Path) -> Any:
        """Open a file in a new tab (or switch to it when already open); its owner,
        None when it cannot be read (the user has been told why)."""
        path = Path(path)
        index = self.find_open(path)
        if index >= 0:
            self.window.tabs.setCurrentIndex(index)
            return self.documents()[index]
        held = self.gm_holder_of(path)
        if held is not None:  # one file, one owner: the GM Screen has it
            QMessageBox.information(
                self.window, "Already open",
                f"“{path.name}” is open on the GM Screen; it is edited there. Open another "
                "file there (its File menu) to edit this one in a tab.")
            self.window.gm_screen_dock.show()
            self.window.gm_screen_dock.raise_()
            return held
        campaign_of = self.generic_campaign(path)
        if campaign_of is not None:
            return self._open_campaign(campaign_of, path)
        ui = self.system_for_path(path)
        if ui is None:
            systems = self.systems()
            if not systems:
                QMessageBox.critical(self.window, "Cannot open file",
                                     f"{path.name}: no game system here opens this file.")
                return None
            ui = systems[0]  # its loader says in one line what is wrong with the file
        part = self.part(ui.system_id)
        existing = part.existing_editor(path, self.window.tabs) if part is not None else None
        if existing is not None:  # another view has it open: show that same owner
            self.add_editor(ui.system_id, existing)
            self.window.remember(path)
            return existing.owner
        try:
            editor = ui.open_editor(path, self.window.tabs)
        except (DocumentFileError, ValueError, RecursionError) as exc:
            self.window.forget_missing(path)
            QMessageBox.critical(self.window, f"Cannot open {file_noun(ui, path)}", str(exc))
            return None
        except OSError as exc:
            self.window.forget_missing(path)
            QMessageBox.critical(self.window, f"Cannot open {file_noun(ui, path)}",
                                 f"{path.name}: {exc.strerror or exc}")
            return None
        self.add_editor(ui.system_id, editor)
        self.window.remember(path)
        return editor.owner

    def _open_campaign(self, system_id: str, path: Path) -> Any:
        if not any(ui.system_id == system_id for ui in self.systems()):
            QMessageBox.critical(
                self.window, "Cannot open campaign",
                f"{path.name} is a campaign of the game system “{system_id}”, which this "
                "SEForge does not have.")
            return None
        try:
            editor = self.campaign_editor(system_id, path)
        except (DocumentFileError, ValueError, RecursionError) as exc:
            QMessageBox.critical(self.window, "Cannot open campaign", str(exc))
            return None
        except OSError as exc:
            QMessageBox.critical(self.window, "Cannot open campaign",
                                 f"{path.name}: {exc.strerror or exc}")
            return None
        self.add_editor(system_id, editor)
        self.window.remember(path)
        return editor.owner

    def open_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.window, "Open", self.window.dialog_folder(), self.file_filter())
        for name in names:
            self.open_file(Path(name))

    # -- saving -----------------------------------------------------------------------
    def save(self, document: Any = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        if document.path is None:
            return self.save_as(document)
        return self._write(document, document.path)

    def save_as(self, document: Any = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        suffix = document.autosave_suffix
        tab = self.tab_of(document)
        name_now = document_name(document, self.part(tab.system_id if tab else None))
        own_name = document.document_name()
        if tab is None and own_name.strip():
            name_now = own_name  # a GM Screen tracker: its conflict's name
        suggested = document.path or Path(self.window.dialog_folder()) / (
            name_now.strip() + suffix)
        ui = self.system(tab.system_id) if tab is not None else None
        label = ui.file_filter if ui is not None else ""
        if not label:
            kind_title = document.kind_title()
            label = f"{kind_title} files" if kind_title else ""
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save As", str(suggested),
            f"{label or 'SEForge documents'} (*{suffix});;All files (*)")
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != suffix.lower():
            path = path.with_name(path.name + suffix)
        return self._write(document, path)

    def _write(self, document: Any, path: Path) -> bool:
        replace = ["Replace", "Save As…", "Cancel"]
        if self.holder_of(path, besides=document) is not None:
            QMessageBox.warning(
                self.window, "Cannot save",
                f"“{path.name}” is open in another place here; saving over it would leave "
                "two copies of one file. Choose another name, or close it first.")
            return False
        if same_file(path, document.path) and document.disk_changed():
            choice = dialogs.ask_choice(
                self.window, "File changed on disk",
                f"“{path.name}” was changed by another program since SEForge read it. "
                "Replace it with your version?", replace, default=2)
            if choice == "Save As…":
                return self.save_as(document)
            if choice != "Replace":
                return False
        try:
            try:
                document.save(path)
            except ReadOnlyFileError:
                choice = dialogs.ask_choice(
                    self.window, "Read-only file",
                    f"“{path.name}” is read-only. Replace it with your version anyway?",
                    replace, default=2)
                if choice == "Save As…":
                    return self.save_as(document)
                if choice != "Replace":
                    return False
                document.save(path, overwrite_read_only=True)
        except OSError as exc:
            QMessageBox.critical(self.window, "Cannot save",
                                 f"{path.name}: {exc.strerror or exc}")
            return False
        self.window.remember(path)
        self.update_tab(document)
        return True

    # -- closing ----------------------------------------------------------------------
    def maybe_save(self, document: Any) -> bool:
        """Ask about unsaved changes; False when the user cancels."""
        if not document.is_modified():
            return True
        answer = QMessageBox.question(
            self.window, "Save changes?",
            f"“{document.title()}” has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(document)
        return answer == QMessageBox.StandardButton.Discard

    def close_tab(self, index: int) -> bool:
        tab = self.tab_at(index)
        if tab is None:
            return False
        window = self.window
        document = tab.document
        window.tabs.setCurrentIndex(index)
        part = self.part(tab.system_id)
        kept_for = part.still_used(document) if part is not None else ""
        if not kept_for and not self.maybe_save(document):
            return False
        window.undo_group.removeStack(document.undo_stack)
        self.tabs = [t for t in self.tabs if t is not tab]
        window.tabs.removeTab(window.tabs.indexOf(tab.widget))
        tab.widget.deleteLater()
        released = part.released(document) if part is not None else True
        if released and not kept_for:
            self._forget_autosave(document)
            document.deleteLater()
        elif kept_for:
            window.statusBar().showMessage(kept_for, 5000)
        self.sync_watch()
        window.update_state()
        window.documents_changed.emit()
        return True

    def close_current(self) -> bool:
        return self.close_tab(self.window.tabs.currentIndex())

    def revert(self, document: Any = None) -> bool:
        """File › Revert to Saved: drop the unsaved changes and read the file again."""
        document = document or self.current_document()
        if document is None or document.path is None:
            return False
        if document.is_modified():
            choice = dialogs.ask_choice(
                self.window, "Revert to saved",
                f"Throw away the changes to “{document.title()}” since it was last saved?",
                ["Revert", "Cancel"], default=1)
            if choice != "Revert":
                return False
        try:
            document.reload()
        except (DocumentFileError, OSError, ValueError) as exc:
            QMessageBox.critical(self.window, "Cannot revert", str(exc))
            return False
        self.update_tab(document)
        self.window.statusBar().showMessage(
            f"{document.title()}: back to the saved file.", 5000)
        return True

    def duplicate(self, document: Any = None) -> Any:
        """File › Duplicate: an unsaved copy of the document in a new tab (read back
        from a copy written the way autosave writes it)."""
        source = document or self.current_document()
        tab = self.tab_of(source) if source is not None else None
        if tab is None:
            return None
        name = document_name(source, self.part(tab.system_id))
        ui = self.system(tab.system_id)
        with tempfile.TemporaryDirectory(prefix="seforge-copy-") as folder:
            copy_path = Path(folder) / f"copy{source.autosave_suffix}"
            try:
                source.write_copy(copy_path)
                editor = self._open_editor(ui, copy_path)
            except (DocumentFileError, OSError, ValueError) as exc:
                QMessageBox.critical(self.window, "Cannot duplicate", str(exc))
                return None
        copy = editor.owner
        copy.set_path(None)
        copy.disk_stamp = None
        copy.set_title(f"{name} (copy)")
        copy.mark_modified()
        self.add_editor(tab.system_id, editor)
        return copy

    def unsaved_work(self) -> list[UnsavedWork]:
        """Every unsaved document: the tabs', then the parts' own unsaved work (the
        documents they hold elsewhere included)."""
        from ui.shell.unsaved_dialog import UnsavedWork

        work = [UnsavedWork(noun(self.system(tab.system_id), tab.document), tab.document.title(),
                            partial(self.save, tab.document))
                for tab in self._ordered() if tab.document.is_modified()]
        for part in self.window.parts.values():
            work += part.unsaved_work()
        from ui.shell.gm_documents import kind_title

        listed = [tab.document for tab in self.tabs]
        work += [UnsavedWork(kind_title(d).lower(), f"{d.title()} (GM Screen)",
                             partial(self.save, d))
                 for d in self.window.gm_documents()
                 if d.is_modified() and not any(d is t for t in listed)]
        return work

    # -- the tabs' text -------------------------------------------------------------
    def update_tab(self, document: Any) -> None:
        tab = self.tab_of(document)
        if tab is not None:
            widgets = self.window.tabs
            index = widgets.indexOf(tab.widget)
            text = document_name(document, self.part(tab.system_id)) + (
                " *" if document.is_modified() else "")
            if widgets.tabText(index) != text.replace("&", "&&"):
                widgets.setTabText(index, text.replace("&", "&&"))
            tip = (f"{document.path.name}\n{document.path.parent}" if document.path
                   else "Not saved yet")
            if len(self.systems()) > 1:  # which game the document belongs to
                tip = f"{tip}\n{self.system(tab.system_id).title}"
            if widgets.tabToolTip(index) != tip:
                widgets.setTabToolTip(index, tip)
        if document is self.current_document():
            self.window.update_title()

    # -- files changed by another program ----------------------------------------------
    def watched_documents(self) -> list[Any]:
        """The tabs' documents no part watches itself, and the GM Screen's trackers."""
        result = []
        for tab in self.tabs:
            part = self.part(tab.system_id)
            if part is None or not part.claims(tab.document):
                result.append(tab.document)
        result += [d for d in self.window.gm_documents() if not any(d is r for r in result)]
        return result

    def sync_watch(self) -> None:
        """Watch exactly the watched documents' files and their folders (a file that is
        missing for a moment, during a replace, is picked up again from its folder)."""
        wanted: set[str] = set()
        for document in self.watched_documents():
            if document.path is None:
                continue
            path = Path(document.path).absolute()
            wanted.add(str(path.parent))
            if path.exists():
                wanted.add(str(path))
        current = set(self.watcher.files() + self.watcher.directories())
        gone = sorted(current - wanted)
        new = sorted(p for p in wanted - current if Path(p).exists())
        if gone:
            self.watcher.removePaths(gone)
        if new:
            self.watcher.addPaths(new)

    def _on_path_changed(self, changed: str) -> None:
        self.sync_watch()
        for document in self.watched_documents():
            path = document.path
            if path is None or not (same_file(path, Path(changed))
                                    or same_file(Path(path).parent, Path(changed))):
                continue
            if document.disk_changed() and (path.exists()):
                self.on_disk_changed(document)
        if any(d.path is not None and not Path(d.path).exists()
               for d in self.watched_documents()):
            self._recheck.start()

    def check_missing(self) -> None:
        for document in self.watched_documents():
            gone = document.path is not None and not Path(document.path).exists()
            known = any(d is document for d in self._missing)
            if gone and not known:
                self._missing.append(document)
                self.on_disk_missing(document)
            elif known and not gone:
                self._missing = [d for d in self._missing if d is not document]

    def on_disk_changed(self, document: Any) -> None:
        """A clean document reloads (with a status message); a modified one asks."""
        if any(d is document for d in self._asking):
            return
        status = self.window.statusBar()
        title = document.title()
        if not document.is_modified():
            try:
                document.reload()
            except (DocumentFileError, OSError, ValueError) as exc:
                status.showMessage(f"{title} was changed on disk but cannot be read ({exc}); "
                                   "the open copy is kept.", 10000)
                return
            self.update_tab(document)
            status.showMessage(
                f"{title} was changed by another program and has been reloaded.", 8000)
            return
        self._asking.append(document)
        try:
            choice = dialogs.ask_choice(
                self.window, "File changed on disk",
                f"“{title}” was changed by another program, and you have changes here "
                "that are not saved. Reload the file (losing yours), save yours under "
                "another name, or keep yours?", ["Reload", "Save As…", "Keep Mine"],
                default=2)
            if choice == "Reload":
                try:
                    document.reload()
                except (DocumentFileError, OSError, ValueError) as exc:
                    QMessageBox.critical(self.window, "Cannot reload", str(exc))
                    document.acknowledge_disk()
                self.update_tab(document)
            elif choice == "Save As…":
                if not self.save_as(document):
                    document.acknowledge_disk()
            else:
                document.acknowledge_disk()
        finally:
            self._asking = [d for d in self._asking if d is not document]

    def on_disk_missing(self, document: Any) -> None:
        """The file went away: the document keeps everything, counts as unsaved (so it
        is autosaved and Quit asks) and Save writes the file again."""
        document.mark_modified()
        self.update_tab(document)
        self.window.statusBar().showMessage(
            f"{document.title()} was moved or deleted by another program; it is still "
            "open here, and Save writes it again.", 10000)

    # -- autosave recovery --------------------------------------------------------------
    def restore_autosaves(self) -> int:
        """Offer the autosaves a crashed session left; returns how many were restored."""
        from ui.shell import autosave

        window = self.window
        autosaver = window.autosaver
        if not autosaver.owns_session:
            return 0  # another live instance holds these autosaves
        mine = {d.autosave_id for d in self.all_documents()}
        set_aside: list[Path] = []
        systems: dict[int, str] = {}

        def load(path: Path) -> DocumentEditor | None:
            if path.stem in mine:
                return None
            for part_id, part in window.parts.items():  # held outside the tabs
                held = part.autosave_editor(path)
                if held is not None:
                    systems[id(held)] = part_id
                    return held
            campaign_of = self.generic_campaign(path)
            if campaign_of is not None and any(u.system_id == campaign_of
                                               for u in self.systems()):
                campaign: DocumentEditor = self.campaign_editor(campaign_of, path)
                systems[id(campaign)] = campaign_of
                return campaign
            ui = self.system_for_path(path) if path.suffix else None
            if ui is None or path.suffix.lower() not in suffixes_of(ui):
                return None
            editor = self._open_editor(ui, path)
            systems[id(editor)] = ui.system_id
            return editor

        leftovers = autosave.leftover_autosaves(autosaver.folder, set_aside, load)
        if set_aside:
            window.report_problems([
                f"An autosaved document could not be read; it was kept as {p.name} in "
                f"{p.parent}." for p in set_aside])
        if not leftovers:
            return 0
        titles = [r.title or document_name(r.editor.owner,
                                           self.part(systems.get(id(r.editor))))
                  for r in leftovers]
        if not dialogs.ask_restore(window, titles):
            for item in leftovers:
                item.editor.widget().deleteLater()
                with contextlib.suppress(RuntimeError):
                    item.editor.owner.deleteLater()
            autosave.discard(leftovers)
            return 0
        for item in leftovers:
            if item.gm_screen and self._restore_on_gm_screen(item):
                continue
            part = self.part(systems.get(id(item.editor), ""))
            if part is not None and part.restore_autosave(item):
                continue
            document = item.editor.owner
            document.set_path(item.original_path)
            if item.title:
                document.set_title(item.title)
            document.disk_stamp = item.restored_stamp()
            document.mark_modified()
            self.add_editor(systems[id(item.editor)], item.editor)
            autosaver.write(document)
        autosave.discard(leftovers)
        return len(leftovers)

    def _restore_on_gm_screen(self, item: Any) -> bool:
        """Put a GM Screen tracker's autosave back on its page (when the page holds a
        tracker of that kind without unsaved changes); False to restore it in a tab."""
        from ui.shell.gm_documents import page_documents

        dock = self.window.gm_screen_dock
        if item.gm_screen not in dock.system_ids():
            return False
        restored = item.editor.owner
        page = dock.page(item.gm_screen)
        target = next((o for o in page_documents(page)
                       if o.kind.format_id == restored.kind.format_id
                       and not o.is_modified()), None)
        if target is None:
            return False
        target.start_over(restored.document.model_copy(deep=True), item.original_path)
        if item.title:
            target.set_title(item.title)
        target.disk_stamp = item.restored_stamp()
        target.mark_modified()
        self.window.autosaver.write(target)
        item.editor.widget().deleteLater()
        with contextlib.suppress(RuntimeError):
            restored.deleteLater()
        dock.follow(item.gm_screen)
        dock.show()
        self.sync_watch()
        return True


def noun(ui: SystemUi, document: OpenDocument | None = None) -> str:
    """What an open document is called in messages: its kind's title ("Blades crew"),
    else its system's only kind of new document without the system's name ("character"
    for Sword's Edge), else "file"."""
    kind_title = document.kind_title() if document is not None else ""
    if kind_title:
        return kind_title
    from ui.shell.start_page import short_label

    choices = ui.new_document_choices()
    if len(choices) == 1:
        return short_label(ui.title, choices[0].label).lower()
    return "file"


def file_noun(ui: SystemUi, path: Path) -> str:
    """What the file at ``path`` is called in a "Cannot open …" title: the kind its
    format id names ("scene" for ``swords-edge.scene``, the label of a File › New choice
    when it is one), else :func:`noun` (a file whose format cannot be read)."""
    try:
        found = peek_format(path)
    except (DocumentFileError, OSError, ValueError, RecursionError):
        return noun(ui)
    from ui.shell.start_page import short_label

    for choice in ui.new_document_choices():
        if choice.format_id == found:
            return short_label(ui.title, choice.label).lower()
    kind = found.partition(".")[2].replace("-", " ").replace("_", " ").strip()
    return kind or noun(ui)
