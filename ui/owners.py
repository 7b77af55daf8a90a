"""Who owns an open document: what changed, the file stamp, and the registry.

Every open character has exactly one :class:`~ui.document.CharacterDocument` (its
*owner*). The :class:`DocumentRegistry` hands the same owner to every view that asks
for a file: the builder tab, the Play dock, the scene tracker and the party view all
change the character through undo commands on that owner and redraw from its one
``changed`` signal, which carries :class:`Changes` flags saying what changed.
"""

from __future__ import annotations

import enum
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character
    from ui.document import CharacterDocument


class Changes(enum.Flag):
    """What a change touched; views refresh only what concerns them."""

    NONE = 0
    IDENTITY = enum.auto()
    """Name, notes, portrait, Pivots, table rules: what the builder's fields show."""
    RANKS = enum.auto()
    """Traits, Elements and their Ranks."""
    PLAY = enum.auto()
    """Luck, Penalty Ranks, Advancements, history: the Play dock's data."""
    SCENE = enum.auto()
    """The change came from the scene tracker."""
    FILE = enum.auto()
    """Reloaded, reverted or saved under another name."""
    ALL = IDENTITY | RANKS | PLAY | SCENE | FILE


@dataclass(frozen=True)
class DiskStamp:
    """What a file looked like when we last read or wrote it."""

    mtime_ns: int
    size: int
    digest: str
    inode: int = 0
    """A replaced file (an atomic save) is a new inode even within one clock tick."""

    @classmethod
    def of(cls, path: Path) -> DiskStamp | None:
        """The file's stamp, or None when it cannot be read (gone, a folder...)."""
        try:
            info = os.stat(path)
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read(64 * 1024 * 1024)).hexdigest()
        except OSError:
            return None
        return cls(info.st_mtime_ns, info.st_size, digest, info.st_ino)

    def same_content(self, other: DiskStamp | None) -> bool:
        return other is not None and other.size == self.size and other.digest == self.digest

    def still_matches(self, path: Path) -> bool:
        """Whether ``path`` still holds this content: an unchanged time, size and inode
        is enough (no read); otherwise the content decides (a mere touch is no change).
        A file that cannot be read (gone for now) counts as unchanged."""
        try:
            info = os.stat(path)
        except OSError:
            return True
        if (info.st_mtime_ns, info.st_size, info.st_ino) == (
                self.mtime_ns, self.size, self.inode):
            return True
        now = DiskStamp.of(path)
        return now is None or self.same_content(now)


def changed_on_disk(stamp: DiskStamp | None, path: Path | None) -> bool:
    """Whether another program changed ``path`` since ``stamp`` was taken (False when
    there is no file or no stamp yet)."""
    if path is None or stamp is None:
        return False
    return not stamp.still_matches(path)


def same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return False
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return Path(a).absolute() == Path(b).absolute()


class DocumentRegistry(QObject):
    """Every open character owner, found by file or by the Character it holds.

    A document stays open while something holds it: a builder tab (holder
    ``"tab"``), the scene tracker, ... :meth:`release` closes it when the last
    holder lets go. ``added``/``removed`` announce documents coming and going.
    """

    added = Signal(object)
    removed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._documents: list[CharacterDocument] = []
        self._holders: dict[int, set[str]] = {}

    # -- lookups --------------------------------------------------------------------
    def documents(self) -> list[CharacterDocument]:
        return list(self._documents)

    def find(self, path: Path) -> CharacterDocument | None:
        for document in self._documents:
            if same_file(document.path, path):
                return document
        return None

    def find_character(self, character: Character) -> CharacterDocument | None:
        for document in self._documents:
            if document.character is character:
                return document
        return None

    def holders(self, document: CharacterDocument) -> set[str]:
        return set(self._holders.get(id(document), set()))

    # -- opening --------------------------------------------------------------------
    def add(self, document: CharacterDocument, holder: str) -> CharacterDocument:
        """Register ``document`` (if new) and note that ``holder`` uses it."""
        if document not in self._documents:
            self._documents.append(document)
            self._holders[id(document)] = set()
            self.added.emit(document)
        self._holders[id(document)].add(holder)
        return document

    def open(self, path: Path, holder: str) -> CharacterDocument:
        """The owner of ``path``, loaded when nobody has it open (CharacterFileError)."""
        from ui.document import CharacterDocument

        document = self.find(path)
        if document is None:
            document = CharacterDocument.load(Path(path), parent=self)
        return self.add(document, holder)

    def adopt(self, character: Character, path: Path | None, holder: str) -> CharacterDocument:
        """The owner of ``character``: the one holding this very object, else the
        owner of ``path``, else a new owner around ``character`` itself."""
        from ui.document import CharacterDocument

        document = self.find_character(character)
        if document is None and path is not None:
            document = self.find(path)
        if document is None:
            document = CharacterDocument(character, path=Path(path) if path else None,
                                         parent=self)
            if path is not None:
                document.remember_disk()
        return self.add(document, holder)

    def release(self, document: CharacterDocument, holder: str, force: bool = False) -> bool:
        """``holder`` no longer uses ``document``; True when it was closed.

        A document with unsaved changes stays open although nobody holds it (it is
        still autosaved and listed when quitting), unless ``force`` says the user
        already chose what to do with them."""
        holders = self._holders.get(id(document))
        if holders is None:
            return False
        holders.discard(holder)
        if holders or (document.is_modified() and not force):
            return False
        self._documents.remove(document)
        del self._holders[id(document)]
        self.removed.emit(document)
        if document.parent() is self:
            document.deleteLater()
        return True

    def hold_only(self, holder: str, documents: Iterable[CharacterDocument]) -> None:
        """``holder`` now uses exactly ``documents`` (releasing the others)."""
        keep = list(documents)
        for document in keep:
            self.add(document, holder)
        for document in self.documents():
            if document not in keep and holder in self._holders.get(id(document), set()):
                self.release(document, holder)

    def unsaved(self) -> list[CharacterDocument]:
        return [d for d in self._documents if d.is_modified()]
