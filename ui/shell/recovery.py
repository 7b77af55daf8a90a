"""Autosaves a crashed session left, offered back when the window starts.

Each leftover autosave is read by the view that holds its kind (a system's part, a GM
Screen tracker, a campaign tab, else its system's editor); the user restores them all or
discards them all, and a restored document is unsaved and remembers its file.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ui.shell import dialogs
from ui.shell.system_uis import DocumentEditor, SystemUi, suffixes_of
from ui.shell.window_part import document_name

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.shell.autosave import Autosaver, Recovered
    from ui.shell.campaign_view import CampaignEditor
    from ui.shell.gm_screen import GMScreenDock
    from ui.shell.window_part import WindowPart


class RecoveryHost(Protocol):
    """What recovery needs of the window."""

    parts: dict[str, WindowPart]
    gm_screen_dock: GMScreenDock

    @property
    def autosaver(self) -> Autosaver: ...

    def window(self) -> QWidget: ...

    def report_problems(self, messages: list[str]) -> None: ...


class Restoring(Protocol):
    """What recovery needs of the window's documents (the document controller)."""

    @property
    def host(self) -> RecoveryHost: ...

    def all_documents(self) -> list[Any]: ...

    def systems(self) -> list[SystemUi]: ...

    def system_for_path(self, path: Path) -> SystemUi | None: ...

    def generic_campaign(self, path: Path) -> str | None: ...

    def campaign_editor(self, system_id: str, path: Path | None = None) -> CampaignEditor: ...

    def open_editor(self, ui: SystemUi, path: Path) -> DocumentEditor: ...

    def part(self, system_id: str | None) -> WindowPart | None: ...

    def add_editor(self, system_id: str, editor: DocumentEditor) -> QWidget: ...

    def sync_watch(self) -> None: ...


def restore_autosaves(docs: Restoring) -> int:
    """Offer the autosaves a crashed session left; returns how many were restored."""
    from ui.shell import autosave

    host = docs.host
    autosaver = host.autosaver
    if not autosaver.owns_session:
        return 0  # another live instance holds these autosaves
    mine = {d.autosave_id for d in docs.all_documents()}
    set_aside: list[Path] = []
    systems: dict[int, str] = {}

    def load(path: Path) -> DocumentEditor | None:
        if path.stem in mine:
            return None
        for part_id, part in host.parts.items():  # held outside the tabs
            held = part.autosave_editor(path)
            if held is not None:
                systems[id(held)] = part_id
                return held
        campaign_of = docs.generic_campaign(path)
        if campaign_of is not None and any(u.system_id == campaign_of
                                           for u in docs.systems()):
            campaign: DocumentEditor = docs.campaign_editor(campaign_of, path)
            systems[id(campaign)] = campaign_of
            return campaign
        ui = docs.system_for_path(path) if path.suffix else None
        if ui is None or path.suffix.lower() not in suffixes_of(ui):
            return None
        editor = docs.open_editor(ui, path)
        systems[id(editor)] = ui.system_id
        return editor

    leftovers = autosave.leftover_autosaves(autosaver.folder, set_aside, load)
    if set_aside:
        host.report_problems([
            f"An autosaved document could not be read; it was kept as {p.name} in "
            f"{p.parent}." for p in set_aside])
    if not leftovers:
        return 0
    titles = [r.title or document_name(r.editor.owner,
                                       docs.part(systems.get(id(r.editor))))
              for r in leftovers]
    if not dialogs.ask_restore(host.window(), titles):
        for item in leftovers:
            item.editor.widget().deleteLater()
            with contextlib.suppress(RuntimeError):
                item.editor.owner.deleteLater()
        autosave.discard(leftovers)
        return 0
    for item in leftovers:
        if item.gm_screen and _restore_on_gm_screen(docs, item):
            continue
        part = docs.part(systems.get(id(item.editor), ""))
        if part is not None and part.restore_autosave(item):
            continue
        document = item.editor.owner
        document.set_path(item.original_path)
        if item.title:
            document.set_title(item.title, placeholder=item.title_follows_name)
        document.disk_stamp = item.restored_stamp()
        document.mark_modified()
        docs.add_editor(systems[id(item.editor)], item.editor)
        autosaver.write(document)
    autosave.discard(leftovers)
    return len(leftovers)


def _restore_on_gm_screen(docs: Restoring, item: Recovered) -> bool:
    """Put a GM Screen tracker's autosave back on its page (when the page holds a
    tracker of that kind without unsaved changes); False to restore it in a tab."""
    from ui.shell.gm_documents import page_documents

    dock = docs.host.gm_screen_dock
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
        target.set_title(item.title, placeholder=item.title_follows_name)
    target.disk_stamp = item.restored_stamp()
    target.mark_modified()
    docs.host.autosaver.write(target)
    item.editor.widget().deleteLater()
    with contextlib.suppress(RuntimeError):
        restored.deleteLater()
    dock.follow(item.gm_screen)
    dock.show()
    docs.sync_watch()
    return True
