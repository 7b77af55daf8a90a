"""What the GM's table does when a file it holds open (the campaign, the opponent being
edited) was changed by another program: one flow for both.

Without changes here the file is read again; with changes, the GM chooses Reload or
Keep Mine. Saving over a file changed since it was read asks first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from PySide6.QtWidgets import QWidget

from seforge.core.documents import DocumentFileError
from ui.systems.swords_edge.document_registry import DiskStamp

T = TypeVar("T")


class DiskHolder(Protocol):
    """A view holding one file open, stamped when it was last read or written."""

    disk_stamp: DiskStamp | None


def reload_changed_file(
    holder: DiskHolder,
    parent: QWidget,
    path: Path,
    noun: str,
    *,
    unsaved: bool,
    load: Callable[[Path], T],
    reload: Callable[[T], None],
    show: Callable[[str, bool], None],
    label: str = "",
    keep_mine: Callable[[], None] | None = None,
) -> bool:
    """Another program changed ``path``: read it again (asking first when there are
    ``unsaved`` changes here); True when it was reloaded.

    Keeping one's own changes, or a file that cannot be read, takes the new stamp so
    the question is not asked again for the same change; ``keep_mine`` runs then.
    ``show`` gets a one-line note on what happened (naming the file ``label``, by
    default its name) and whether the file was reloaded."""
    from ui.systems.swords_edge import file_watch

    label = label or path.name
    if unsaved:
        choice = file_watch.ask_choice(
            parent, f"{noun.capitalize()} changed on disk",
            f"“{path.name}” was changed by another program, and the {noun} has changes "
            "here that are not saved. Reload the file (losing them) or keep yours?",
            ["Reload", "Keep Mine"], default=1)
        if choice != "Reload":
            holder.disk_stamp = DiskStamp.of(path)
            if keep_mine is not None:
                keep_mine()
            return False
    try:
        value = load(path)
    except DocumentFileError as exc:
        holder.disk_stamp = DiskStamp.of(path)
        show(f"{label}: changed on disk but cannot be read ({exc})", False)
        return False
    reload(value)
    show(f"{label} (reloaded: it was changed by another program)", True)
    return True


def may_replace(parent: QWidget, path: Path, noun: str, changed: bool) -> bool:
    """Whether to write over ``path``: asks when another program ``changed`` it since it
    was read here."""
    from ui.systems.swords_edge import file_watch

    if not changed:
        return True
    choice = file_watch.ask_choice(
        parent, f"{noun.capitalize()} changed on disk",
        f"“{path.name}” was changed by another program since it was read here. Replace it "
        f"with this {noun}?", ["Replace", "Cancel"], default=1)
    return choice == "Replace"
