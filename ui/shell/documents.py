"""The window's documents: one tab per open document of any game system.

:class:`DocumentController` opens, creates, saves, reverts, duplicates and closes the
tabs' documents, asks about unsaved changes, follows files changed by another program
and brings back autosaves after a crash. It knows a document only through
:class:`~ui.shell.system_uis.OpenDocument` and its system only through its
:class:`~ui.shell.system_uis.SystemUi` (and that system's
:class:`~ui.shell.window_part.WindowPart`, when it has one).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ui.shell import dialogs
from ui.shell.busy import busy_opening
from ui.shell.disk import same_file
from ui.shell.disk_watch import DiskWatch
from ui.shell.document_saving import DocumentSaving
from ui.shell.nouns import file_noun, noun
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
from ui.shell.window_part import WindowPart, document_name

if TYPE_CHECKING:
    from ui.shell.campaign_view import CampaignEditor
    from ui.shell.unsaved_dialog import UnsavedWork
    from ui.shell.window_api import DocumentHost



@dataclass
class Tab:
    """One tab: its system, its editor and the editor's document."""

    system_id: str
    editor: DocumentEditor
    document: Any  # an OpenDocument

    @property
    def widget(self) -> QWidget:
        return self.editor.widget()


class DocumentController(DocumentSaving, QObject):
    """The tabs' documents of one window (see the module's docstring)."""

    def __init__(self, host: DocumentHost) -> None:
        super().__init__(host.window())
        self.host = host
        self.dialog_parent: QWidget = host.window()
        """The parent of the controller's questions and messages (the main window)."""
        self.tabs: list[Tab] = []
        self._untitled = 0
        self.disk = DiskWatch(self, host, self)

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
        from seforge.core.documents import DocumentFileError, peek_format

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
        from seforge.core.documents import DocumentFileError, peek_format

        try:
            if (path.suffix.lower() != CAMPAIGN_SUFFIX
                    and peek_format(path) != CAMPAIGN_FORMAT):
                return None
            # a file written before game systems names none: the app's default system's
            systems = self.systems()
            system_id = peek_system(path, legacy=systems[0].system_id if systems else "")
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
        return CampaignEditor(owner, ui, self.host, self.host.tabs)

    def new_campaign(self, system_id: str) -> Any:
        """A new, empty campaign of ``system_id`` in a new tab; returns its owner."""
        editor = self.campaign_editor(system_id)
        editor.owner.set_title(f"New {self.system(system_id).title} campaign")
        self.add_editor(system_id, editor)
        editor.view.name.setFocus()
        return editor.owner

    def open_editor(self, ui: SystemUi, path: Path) -> DocumentEditor:
        """The editor of the file at ``path``: a campaign tab or the system's own."""
        system_id = self.generic_campaign(path)
        if system_id is not None and system_id == ui.system_id:
            return self.campaign_editor(system_id, path)
        return ui.open_editor(path, self.host.tabs)

    def part(self, system_id: str | None) -> WindowPart | None:
        return self.host.parts.get(system_id) if system_id else None

    # -- the tabs ---------------------------------------------------------------------
    def documents(self) -> list[Any]:
        return [tab.document for tab in self._ordered()]

    def _ordered(self) -> list[Tab]:
        by_widget = {id(t.widget): t for t in self.tabs}
        widgets = self.host.tabs
        return [by_widget[id(widgets.widget(i))] for i in range(widgets.count())
                if id(widgets.widget(i)) in by_widget]

    def tab_at(self, index: int) -> Tab | None:
        widget = self.host.tabs.widget(index)
        return next((t for t in self.tabs if t.widget is widget), None)

    def tab_of(self, document: object) -> Tab | None:
        return next((t for t in self.tabs if t.document is document), None)

    def current_tab(self) -> Tab | None:
        return self.tab_at(self.host.tabs.currentIndex())

    def current_document(self) -> Any:
        tab = self.current_tab()
        return tab.document if tab is not None else None

    def all_documents(self) -> list[Any]:
        """The tabs' documents, those the parts hold elsewhere and the GM Screen
        pages' trackers (autosaved, asked about on quit)."""
        found = list(self.documents())
        for part in self.host.parts.values():
            found += [d for d in part.documents() if not any(d is f for f in found)]
        found += [d for d in self.host.gm_documents() if not any(d is f for f in found)]
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
        return next((d for d in self.host.gm_documents()
                     if d.path is not None and same_file(Path(d.path), Path(path))), None)

    def add_editor(self, system_id: str, editor: DocumentEditor) -> QWidget:
        """Show ``editor`` in a new tab and make it current."""
        window = self.host
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
        document.path_changed.connect(lambda d=document: self._path_changed(d))
        document.path_changed.connect(self.sync_watch)
        document.saved.connect(self.sync_watch)
        document.saved.connect(lambda d=document: self._forget_autosave(d))
        document.changed.connect(lambda *_a, d=document: self._on_document_changed(d))
        window.tabs.setCurrentIndex(index)
        from ui.shell.focus_nav import focus_first

        focus_first(widget)  # (a new document's part then puts it where typing starts)
        self.update_tab(document)
        window.update_state()
        self.sync_watch()
        window.documents_changed.emit()
        return widget

    def forget_autosave(self, document: OpenDocument) -> None:
        self._forget_autosave(document)

    def _forget_autosave(self, document: OpenDocument) -> None:
        if self.host.autosaver_started():
            self.host.autosaver.forget(document)

    def _on_document_changed(self, document: OpenDocument) -> None:
        for part in self.host.parts.values():
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
        editor = ui.new_editor(format_id, self.host.tabs)
        self._untitled += 1
        editor.owner.set_title("Untitled" if self._untitled == 1
                               else f"Untitled {self._untitled}", placeholder=True)
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
            self.host.tabs.setCurrentIndex(index)
            return self.documents()[index]
        held = self.gm_holder_of(path)
        if held is not None:  # one file, one owner: the GM Screen has it
            QMessageBox.information(
                self.dialog_parent, "Already open",
                f"“{path.name}” is open on the GM Screen; it is edited there. Open another "
                "file there (its File menu) to edit this one in a tab.")
            self.host.gm_screen_dock.show()
            self.host.gm_screen_dock.raise_()
            return held
        campaign_of = self.generic_campaign(path)
        if campaign_of is not None:
            return self._open_campaign(campaign_of, path)
        ui = self.system_for_path(path)
        if ui is None:
            systems = self.systems()
            if not systems:
                dialogs.cannot_open(self.dialog_parent, "Cannot open file",
                                    f"{path.name}: no game system here opens this file.")
                return None
            ui = systems[0]  # its loader says in one line what is wrong with the file
        if is_shipped(path):  # a sample opened from the install: never saved over
            from seforge.core.library import document_title

            return self.open_copy(path, document_title(path))
        part = self.part(ui.system_id)
        existing = part.existing_editor(path, self.host.tabs) if part is not None else None
        if existing is not None:  # another view has it open: show that same owner
            self.add_editor(ui.system_id, existing)
            self.host.remember(path)
            return existing.owner
        editor = self._read_editor(ui, path)
        if editor is None:
            self.host.forget_missing(path)
            return None
        self.add_editor(ui.system_id, editor)
        self.host.remember(path)
        return editor.owner

    def _open_campaign(self, system_id: str, path: Path) -> Any:
        from seforge.core.documents import DocumentFileError

        if not any(ui.system_id == system_id for ui in self.systems()):
            dialogs.cannot_open(
                self.dialog_parent, "Cannot open campaign",
                f"{path.name} is a campaign of the game system “{system_id}”, which this "
                "SEForge does not have.")
            return None
        try:
            editor = self.campaign_editor(system_id, path)
        except (DocumentFileError, ValueError, RecursionError) as exc:
            dialogs.cannot_open(self.dialog_parent, "Cannot open campaign", str(exc))
            return None
        except OSError as exc:
            dialogs.cannot_open(self.dialog_parent, "Cannot open campaign",
                                f"{path.name}: {exc.strerror or exc}")
            return None
        self.add_editor(system_id, editor)
        self.host.remember(path)
        return editor.owner

    def open_dialog(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self.dialog_parent, "Open", self.host.dialog_folder(), self.file_filter())
        for name in names:
            self.open_file(Path(name))

    # -- closing (saving: ui.shell.document_saving) ------------------------------------
    def close_tab(self, index: int) -> bool:
        tab = self.tab_at(index)
        if tab is None:
            return False
        window = self.host
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
        return self.close_tab(self.host.tabs.currentIndex())

    def duplicate(self, document: Any = None) -> Any:
        """File › Duplicate: an unsaved copy of the document in a new tab (read back
        from a copy written the way autosave writes it)."""
        from seforge.core.documents import DocumentFileError

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
                editor = self.open_editor(ui, copy_path)
            except (DocumentFileError, OSError, ValueError) as exc:
                QMessageBox.critical(self.dialog_parent, "Cannot duplicate", str(exc))
                return None
        return self._as_copy(tab.system_id, editor, f"{name} (copy)")

    def _as_copy(self, system_id: str, editor: DocumentEditor, title: str) -> Any:
        """``editor``'s document as a new, unsaved one titled ``title``, in a tab."""
        copy = editor.owner
        copy.set_path(None)
        copy.disk_stamp = None
        copy.set_title(title)
        copy.mark_modified()
        self.add_editor(system_id, editor)
        return copy

    def open_copy(self, path: Path, title: str = "") -> Any:
        """A ready-made document (a system's sample, any file SEForge ships) opened as a
        new, unsaved copy titled ``title`` (else its file's name): saving it asks where,
        and the shipped file is never changed. Its owner, None when it cannot be read."""

        path = Path(path)
        ui = self.system_for_path(path)
        if ui is None:
            dialogs.cannot_open(self.dialog_parent, "Cannot open file",
                                f"{path.name}: no game system here opens this file.")
            return None
        editor = self._read_editor(ui, path)
        if editor is None:
            return None
        return self._as_copy(ui.system_id, editor, title or path.stem)

    def _read_editor(self, ui: Any, path: Path) -> DocumentEditor | None:
        """``path`` read into a new editor of ``ui``'s; None when it cannot be read (the
        user has been told why, in one line)."""
        from seforge.core.documents import DocumentFileError

        try:
            with busy_opening(path, self.host.statusBar()):
                editor: DocumentEditor = ui.open_editor(path, self.host.tabs)
        except (DocumentFileError, ValueError, OSError, RecursionError) as exc:
            dialogs.cannot_open(self.dialog_parent, f"Cannot open {file_noun(ui, path)}",
                                f"{path.name}: {exc.strerror or exc}"
                                if isinstance(exc, OSError) else str(exc))
            return None
        return editor

    def unsaved_work(self) -> list[UnsavedWork]:
        """Every unsaved document: the tabs', then the parts' own unsaved work (the
        documents they hold elsewhere included)."""
        from ui.shell.unsaved_dialog import UnsavedWork

        work = [UnsavedWork(noun(self.system(tab.system_id), tab.document), tab.document.title(),
                            partial(self.save, tab.document))
                for tab in self._ordered() if tab.document.is_modified()]
        for part in self.host.parts.values():
            work += part.unsaved_work()
        from ui.shell.gm_documents import kind_title

        listed = [tab.document for tab in self.tabs]
        work += [UnsavedWork(kind_title(d).lower(), f"{d.title()} (GM Screen)",
                             partial(self.save, d))
                 for d in self.host.gm_documents()
                 if d.is_modified() and not any(d is t for t in listed)]
        return work

    # -- the tabs' text -------------------------------------------------------------
    def update_tab(self, document: Any) -> None:
        tab = self.tab_of(document)
        if tab is not None:
            widgets = self.host.tabs
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
            self.host.update_title()

    def _path_changed(self, document: Any) -> None:
        """A document saved under a new name (or given back its file): its tab, and when
        it is the current one, the File actions that need a file (Revert)."""
        self.update_tab(document)
        if document is self.current_document():
            self.host.update_state()

    # -- files changed by another program (see ui.shell.disk_watch) --------------------
    def watched_documents(self) -> list[Any]:
        """The tabs' documents no part watches itself, and the GM Screen's trackers."""
        result = []
        for tab in self.tabs:
            part = self.part(tab.system_id)
            if part is None or not part.claims(tab.document):
                result.append(tab.document)
        result += [d for d in self.host.gm_documents() if not any(d is r for r in result)]
        return result

    def sync_watch(self) -> None:
        self.disk.sync_watch()

    def check_missing(self) -> None:
        self.disk.check_missing()

    def on_disk_changed(self, document: Any) -> None:
        """A clean document reloads (with a status message); a modified one asks."""
        self.disk.on_disk_changed(document)

    def on_disk_missing(self, document: Any) -> None:
        self.disk.on_disk_missing(document)

    # -- autosave recovery (see ui.shell.recovery) ---------------------------------------
    def restore_autosaves(self) -> int:
        """Offer the autosaves a crashed session left; returns how many were restored."""
        from ui.shell.recovery import restore_autosaves

        return restore_autosaves(self)


def is_shipped(path: Path) -> bool:
    """True when ``path`` is one of the files SEForge ships (under its resources)."""
    from seforge.core.resources import resource_root

    try:
        return Path(path).resolve().is_relative_to(resource_root().resolve())
    except (OSError, RuntimeError):
        return False
