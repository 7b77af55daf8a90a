"""Undo commands: each wraps one edit of the character.

Rank, name, link, Element and Pivot edits go through ``seforge.systems.swords_edge.editing``; redo
calls
the mutator with the new value, undo with the old one it returned. Typing in a text
field merges into the previous command for the same field, so one word is one undo
step. Free fields (player, campaign, notes, portrait, table rules, the GM's extra
charge and the Fetish link) go through ``seforge.systems.swords_edge.editing.set_field``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from seforge.systems.swords_edge import editing
from seforge.systems.swords_edge.models import Character, Element, ElementKind, Trait
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.wording import with_article
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.document_registry import Changes

_MERGE_IDS: dict[str, int] = {}


def merge_id(field: str) -> int:
    """A stable QUndoCommand id per text field, so typing merges per field."""
    return _MERGE_IDS.setdefault(field, 1000 + len(_MERGE_IDS))


def describe_key(character: Character, key: str) -> str:
    """A short name for the Quality behind ``key`` for "Undo …" texts."""
    if key == "name":
        return "name"
    parsed = QualityKey.parse(key)
    if parsed.is_trait:
        return parsed.rest
    if parsed.is_element:
        index = int(parsed.rest)
        if 0 <= index < len(character.elements):
            name = character.elements[index].name.strip()
            return f'"{name}"' if name else f"Element {index + 1}"
        return "Element"
    return key.capitalize()


class _DocumentCommand(QUndoCommand):
    changes = Changes.RANKS
    """What the command touches, for the owner's ``changed`` signal."""

    def __init__(self, document: CharacterDocument, text: str) -> None:
        super().__init__(text)
        self.document = document

    @property
    def character(self) -> Character:
        return self.document.character


class SetTextCommand(_DocumentCommand):
    """Rename the character or a Quality (``editing.set_name``); merges typing."""

    changes = Changes.IDENTITY

    def __init__(self, document: CharacterDocument, key: str, text: str) -> None:
        what = "the character" if key == "name" else describe_key(document.character, key)
        super().__init__(document, f"Rename {what}")
        self.key = key
        self.new = text
        self.old: str | None = None

    def redo(self) -> None:
        old = editing.set_name(self.character, self.key, self.new)
        if self.old is None:
            self.old = old
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.set_name(self.character, self.key, self.old or "")
        self.document.notify_changed(self.changes)

    def id(self) -> int:
        return merge_id(f"name:{self.key}")

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetTextCommand) or other.key != self.key:
            return False
        self.new = other.new
        if self.new == self.old:
            self.setObsolete(True)
        return True


class SetFieldCommand(_DocumentCommand):
    """Set a free field through ``seforge.systems.swords_edge.editing.set_field``.

    ``merge`` makes consecutive edits of the same field one undo step (typing)."""

    changes = Changes.IDENTITY

    def __init__(
        self,
        document: CharacterDocument,
        field: str,
        value: Any,
        text: str,
        merge: bool = False,
    ) -> None:
        super().__init__(document, text)
        self.field = field
        if field.startswith(("option:", "element:")):
            self.changes = Changes.IDENTITY | Changes.RANKS  # what the Ranks may depend on
        self.new = value
        self.old: Any = None
        self._has_old = False
        self.merge = merge

    def redo(self) -> None:
        old = editing.set_field(self.character, self.field, self.new)
        if not self._has_old:
            self.old = old
            self._has_old = True
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.set_field(self.character, self.field, self.old)
        self.document.notify_changed(self.changes)

    def id(self) -> int:
        return merge_id(f"field:{self.field}") if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetFieldCommand) or other.field != self.field:
            return False
        self.new = other.new
        if self.new == self.old:
            self.setObsolete(True)
        return True


class SetRankCommand(_DocumentCommand):
    def __init__(self, document: CharacterDocument, key: str, rank: Rank) -> None:
        what = describe_key(document.character, key)
        super().__init__(document, f"Set {what} to {rank.label}")
        self.key = key
        self.new = rank
        self.old = editing.get_rank(document.character, key)

    def redo(self) -> None:
        editing.set_rank(self.character, self.key, self.new)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.set_rank(self.character, self.key, self.old)
        self.document.notify_changed(self.changes)


class SetLinkCommand(_DocumentCommand):
    def __init__(self, document: CharacterDocument, key: str, trait: Trait | None) -> None:
        what = describe_key(document.character, key)
        target = trait.value if trait is not None else "no Trait"
        super().__init__(document, f"Link {what} to {target}")
        self.key = key
        self.new = trait
        self.old: Trait | None = None

    def redo(self) -> None:
        self.old = editing.set_link(self.character, self.key, self.new)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.set_link(self.character, self.key, self.old)
        self.document.notify_changed(self.changes)


class InsertElementCommand(_DocumentCommand):
    def __init__(self, document: CharacterDocument, index: int, element: Element) -> None:
        word = {ElementKind.WEAKNESS: "Weakness", ElementKind.ITEM: "Item"}.get(
            element.kind, "Element"
        )
        super().__init__(document, f"Add {word}")
        self.index = index
        self.element = element

    def redo(self) -> None:
        editing.insert_element(self.character, self.index, self.element)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        self.element = editing.remove_element(self.character, self.index)
        self.document.notify_changed(self.changes)


class RemoveElementCommand(_DocumentCommand):
    def __init__(self, document: CharacterDocument, index: int) -> None:
        what = describe_key(document.character, QualityKey.of_element(index))
        super().__init__(document, f"Remove {what}")
        self.index = index
        self.element: Element | None = None

    def redo(self) -> None:
        self.element = editing.remove_element(self.character, self.index)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        assert self.element is not None
        editing.insert_element(self.character, self.index, self.element)
        self.document.notify_changed(self.changes)


class MoveElementCommand(_DocumentCommand):
    def __init__(self, document: CharacterDocument, source: int, target: int) -> None:
        what = describe_key(document.character, QualityKey.of_element(source))
        super().__init__(document, f"Move {what} {'up' if target < source else 'down'}")
        self.source = source
        self.target = target

    def redo(self) -> None:
        editing.move_element(self.character, self.source, self.target)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.move_element(self.character, self.target, self.source)
        self.document.notify_changed(self.changes)


class SetKindCommand(_DocumentCommand):
    """Change an Element's kind; undo restores the kind and the Rank it had."""

    def __init__(self, document: CharacterDocument, index: int, kind: ElementKind) -> None:
        what = describe_key(document.character, QualityKey.of_element(index))
        super().__init__(document, f"Make {what} {with_article(kind_label(kind))}")
        self.index = index
        self.new = kind
        self.old: tuple[ElementKind, Rank] | None = None

    def redo(self) -> None:
        self.old = editing.set_kind(self.character, self.index, self.new)
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        assert self.old is not None
        editing.restore_kind(self.character, self.index, *self.old)
        self.document.notify_changed(self.changes)


class SetPivotCommand(_DocumentCommand):
    changes = Changes.IDENTITY

    def __init__(self, document: CharacterDocument, slot: str, text: str | None) -> None:
        super().__init__(document, f"Edit {slot.capitalize()}")
        self.slot = slot
        self.new = text
        self.old: str | None = None
        self._has_old = False

    def redo(self) -> None:
        old = editing.set_pivot(self.character, self.slot, self.new)
        if not self._has_old:
            self.old = old
            self._has_old = True
        self.document.notify_changed(self.changes)

    def undo(self) -> None:
        editing.set_pivot(self.character, self.slot, self.old)
        self.document.notify_changed(self.changes)

    def id(self) -> int:
        return merge_id(f"pivot:{self.slot}")

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetPivotCommand) or other.slot != self.slot:
            return False
        self.new = other.new
        if (self.new or None) == (self.old or None):
            self.setObsolete(True)
        return True


KIND_LABELS: dict[ElementKind, str] = {
    ElementKind.QUALITY: "Quality",
    ElementKind.ITEM: "Item",
    ElementKind.SFX: "SFX",
    ElementKind.WEAKNESS: "Weakness",
    ElementKind.FETISH: "Fetish",
    ElementKind.STUNT: "Stunt",
}


def kind_label(kind: ElementKind) -> str:
    return KIND_LABELS[kind]
