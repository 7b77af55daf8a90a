"""The registry of open characters: which owner holds each file, and what a change touched.

Every open character has exactly one :class:`~ui.systems.swords_edge.document.CharacterDocument`
(its
*owner*). The :class:`DocumentRegistry` hands the same owner to every view that asks
for a file: the builder tab, the Play dock, the scene tracker and the party view all
change the character through undo commands on that owner and redraw from its one
``changed`` signal, which carries :class:`Changes` flags saying what changed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ui.shell.disk import DiskStamp as DiskStamp
from ui.shell.disk import changed_on_disk as changed_on_disk
from ui.shell.disk import same_file as same_file

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character
    from ui.systems.swords_edge.document import CharacterDocument


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
        from ui.systems.swords_edge.document import CharacterDocument

        document = self.find(path)
        if document is None:
            document = CharacterDocument.load(Path(path), parent=self)
        return self.add(document, holder)

    def adopt(self, character: Character, path: Path | None, holder: str) -> CharacterDocument:
        """The owner of ``character``: the one holding this very object, else the
        owner of ``path``, else a new owner around ``character`` itself."""
        from ui.systems.swords_edge.document import CharacterDocument

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
