"""The conflict screen's links to character files: a side taken from a ``.sol`` file, its
specialty, and the Grip written back to its sheet.

:class:`CharacterLinks` holds the buttons of that row and what they do; the conflict screen
(``conflict_view.ConflictEditor``) lays them out, and every change to the conflict goes
through its ``apply`` (the conflict owner's undoable ``apply``), every change to a sheet
through that character's owner (:mod:`ui.systems.sword_of_life.write_back`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QCheckBox, QPushButton, QTableWidget, QWidget

from seforge.core.documents import DocumentFileError
from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import LABELS, SolCharacter
from seforge.systems.sword_of_life.conflict import (
    grip_to_give_back,
    grip_to_write,
    grip_written,
    mark_written_back,
    set_use_specialty,
    side_character,
    take_character,
    to_write_back,
)
from seforge.systems.sword_of_life.conflict_model import Side, SolConflict
from seforge.systems.sword_of_life.documents import CHARACTER
from seforge.systems.sword_of_life.rules import give_back_wounds, take_wounds
from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep, last_step
from ui.systems.sword_of_life.write_back import WriteBacks, write_sheet


def _wounded(character: SolCharacter, lost: int, back: int) -> None:
    take_wounds(character, lost)
    give_back_wounds(character, back)


def _written(conflict: SolConflict, index: int | None) -> None:
    mark_written_back(conflict, index)  # (WriteBacks keeps it true to the sheet's history)


def _change(conflict: SolConflict, side: Side) -> str:
    """What the next write does to a side's sheet: "2" (lowers it), "2 back" (raises it)."""
    lost = grip_to_write(conflict, side)
    return str(lost) if lost else f"{grip_to_give_back(conflict, side)} back"


class CharacterLinks(QObject):
    """*From character file...*, *Specialty applies* and *Write Grip lost to sheets* of one
    conflict screen ``page``, whose table of sides is ``sides``. ``apply(text, mutate)``
    changes the conflict (False: refused, and said); ``tell`` shows a line in the page."""

    def __init__(self, page: QWidget, owner: DocumentOwner[SolConflict], sides: QTableWidget,
                 apply: Callable[[str, Callable[[SolConflict], Any]], bool],
                 tell: Callable[[str], None]) -> None:
        super().__init__(page)
        self.page = page
        self.owner = owner
        self.sides = sides
        self._apply = apply
        self._tell = tell
        self.character_button = QPushButton("Fro&m character file...")
        self.character_button.setToolTip(
            "The selected side (the player when none is selected) becomes a character from "
            "its .sol file: its Edge, Grip, Point, Temper and specialties")
        self.character_button.clicked.connect(self._choose_character)
        self.specialty = QCheckBox("Specialty applies")
        self.specialty.setToolTip("The selected character's specialty in what this conflict "
                                  "draws applies (its rating is drawn instead)")
        self.specialty.toggled.connect(self._specialty_toggled)
        self.write_back_button = QPushButton("&Write Grip lost to sheets")
        self.write_back_button.clicked.connect(self.write_back)
        self.write_backs: WriteBacks

    def follow(self, redraw: Callable[[], None]) -> WriteBacks:
        """Start following the Grip written back in the conflict's and the characters'
        histories (``redraw``: when one moved)."""
        self.write_backs = WriteBacks(self.owner, self._is_open, redraw, self._tell, self.page)
        return self.write_backs

    def selected_side(self) -> int | None:
        """The opponent index of the selected row (None: the player)."""
        row = self.sides.currentRow()
        return row - 1 if row >= 1 and row - 1 < len(self.owner.document.opponents) else None

    # -- taking a character ----------------------------------------------------------------
    def _choose_character(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self.page, "Character for the conflict",
                                              self._suggested_character(),
                                              f"Sword of Life character (*{CHARACTER.suffix})")
        if path:
            self.take_character_file(Path(path), self.selected_side())

    def _documents(self) -> list[object]:
        finder = getattr(self.page.window(), "documents", None)
        return list(finder()) if callable(finder) else []

    def _suggested_character(self) -> str:
        """Where the file dialog starts: the file of a character open in a tab and not in
        the conflict yet (the last opened), chosen already, else the dialog's own."""
        doc = self.owner.document
        taken = {Path(side.character.path).resolve() for side in (doc.player, *doc.opponents)
                 if side.character is not None and side.character.path}
        files = [document.path for document in self._documents()
                 if isinstance(document, DocumentOwner) and document.kind is CHARACTER
                 and document.path is not None]
        free = [path for path in files if path.resolve() not in taken]
        return str(free[-1]) if free else ""

    def take_character_file(self, path: Path, index: int | None) -> bool:
        """Make side ``index`` (None: the player) the character saved in ``path``."""
        try:
            character = CHARACTER.load(path)
        except (DocumentFileError, OSError, ValueError) as error:
            self._tell(f"{path.name}: {getattr(error, 'reason', None) or error}"
                       .splitlines()[0])
            return False
        held = side_character(character, str(path))
        name = character.name or path.stem
        return self._apply(f"Bring in {name}",
                           lambda c: take_character(c, index, held, name))

    def _specialty_toggled(self, on: bool) -> None:
        index = self.selected_side()
        self._apply("Specialty applies" if on else "Specialty does not apply",
                    lambda c: set_use_specialty(c, index, on))

    # -- writing Grip back -----------------------------------------------------------------
    def _character_owner(self, path: Path) -> tuple[DocumentOwner[Any], bool]:
        """The owner of the character in ``path``: the window's, when it is open in a tab
        (True), else the one that read the file for its last write, else one that reads it
        (False)."""
        for document in self._documents():
            if (isinstance(document, DocumentOwner) and document.kind is CHARACTER
                    and document.path is not None
                    and document.path.resolve() == path.resolve()):
                return document, True
        return self.write_backs.held(path) or DocumentOwner.load(CHARACTER, path), False

    def _is_open(self, path: Path) -> bool:
        """Whether the character in ``path`` is open in a tab of the window."""
        return any(isinstance(document, DocumentOwner) and document.kind is CHARACTER
                   and document.path is not None and document.path.resolve() == path.resolve()
                   for document in self._documents())

    def _pending(self, doc: SolConflict) -> list[tuple[int | None, Side]]:
        """The sides whose Grip lost may be written now: not yet written, and no earlier
        write of theirs still stands in the character's history."""
        return [(index, side) for index, side in to_write_back(doc)
                if self.write_backs.blocked(index, side) is None]

    def write_back(self) -> int:
        """Write each character's Grip lost in this combat since its last write to its sheet
        (or give back the Grip won back since: its score raised by hand) through the
        character's owner (an undoable step of its open tab, or the file read, changed and
        saved); the sides written are marked with the Grip lost so far, so a second press
        writes nothing twice. Each mark follows its write's step in the
        character's history (:class:`WriteBacks`): undoing either undoes both."""
        written = 0
        for index, side in self._pending(self.owner.document):
            assert side.character is not None
            path = Path(side.character.path)
            doc = self.owner.document
            lost, back = grip_to_write(doc, side), grip_to_give_back(doc, side)
            had = grip_written(side)
            with self.write_backs.writing(index):
                try:
                    owner, is_open = self._character_owner(path)
                    name = doc.name or "a conflict"
                    write = write_sheet(owner, f"Grip {'lost' if lost else 'won back'} in "
                                        f"{name}", partial(_wounded, lost=lost, back=back),
                                        is_open)
                except (DocumentFileError, OSError, RefusedError, ValueError) as error:
                    self._tell(f"{path.name}: {getattr(error, 'reason', None) or error}"
                               .splitlines()[0])
                    return written
                before = last_step(self.owner.undo_stack)
                if not self._apply("Grip written back", partial(_written, index=index)):
                    return written
                mark = WrittenStep.pushed(self.owner, before)
            self.write_backs.record(index, self.owner.document.player if index is None
                                    else self.owner.document.opponents[index], write, mark,
                                    None if is_open else owner, had)
            written += 1
        self._tell(f"Grip written to {written} sheet(s)." if written else
                   "Nothing to write back.")
        self.draw(self.owner.document)
        return written

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, doc: SolConflict) -> None:
        """The buttons as the selected side and the Grip written back are now."""
        index = self.selected_side()
        side = doc.player if index is None else doc.opponents[index]
        held = side.character
        self.specialty.blockSignals(True)
        self.specialty.setChecked(bool(held and held.use_specialty))
        self.specialty.blockSignals(False)
        names = ", ".join(f"{LABELS[k]}: {n}" for k, n in held.specialty_names.items()) if (
            held) else ""
        self.specialty.setEnabled(bool(held and held.specialties) and not doc.log)
        self.specialty.setToolTip(
            f"{side.name or 'This side'}'s specialties: {names}" if names else
            "Only a side taken from a character with a specialty")
        self.character_button.setEnabled(not doc.log)
        pending = self._pending(doc)
        blocked = [reason for index, side in to_write_back(doc)
                   if (reason := self.write_backs.blocked(index, side)) is not None]
        self.write_back_button.setEnabled(bool(pending))
        written = [f"{side.name or 'the character'} {grip_written(side)}"
                   for side in (doc.player, *doc.opponents) if grip_written(side)]
        done = f"Grip lost written already: {', '.join(written)}" if written else ""
        tip = ("Lower each character's current Grip on its sheet by the Grip lost here since "
               "the last write (or give back the Grip won back here since): " + ", ".join(
                   f"{s.name or 'side'} {_change(doc, s)}" for _, s in pending)
               if pending else "" if blocked or written else
               "Only the Grip lost in combat by characters from files")
        self.write_back_button.setToolTip("\n".join(filter(None, (tip, *blocked, done))))
