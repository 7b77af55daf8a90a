"""The Grip a conflict writes back to characters' sheets, followed in both documents' histories.

Writing back changes two documents, each through its own owner in one undo step of its own:
the character's (the Grip lost, in its open tab's history, or in a file read, changed and
saved) and the conflict's (its side marked "written back"). :class:`WriteBacks` keeps, for each
side written, both steps by weak reference (as the Blades roller follows its writes) and keeps
the mark true to the character's history:

- the conflict's mark undone: the character's write is undone with it (when it is the last
  step of that character's history; a file not open in a tab is given back and saved again);
  the mark redone: the write is redone;
- the write undone in the character's tab: the conflict's mark is taken back (its last step
  undone, or a step of its own), so the Grip may be written again; redone: marked again.
  The sheet read again from its file (File › Revert) counts as an undo when the file was
  saved without the write, and as a redo when it was saved with it (:class:`WrittenStep`).

When the other side cannot follow (the sheet was edited after the write, the file changed on
disk or is open in a tab now, or the sheet's tab closed after its file was saved with the
write), the write stands, and :meth:`WriteBacks.blocked` says why that side cannot be written
again. A sheet whose tab closed without its file holding the write (its changes discarded)
let the write go: the conflict's mark is taken back as the tab closes (a step of the
conflict's own), and the side may be written again (to the file).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QTimer

from seforge.systems.sword_of_life.conflict import mark_written_back
from seforge.systems.sword_of_life.conflict_model import Side, SolConflict
from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep, last_step


def _saved_then_closed(write: WrittenStep) -> bool:
    """Whether the sheet's tab closed (its history with it) when its file as last saved
    held the write (as of the last look, which every save of that history triggers): the
    write stands in the file, out of reach of both histories."""
    return write.state() == "closed" and write.was_saved


@dataclass(eq=False)
class _Link:
    """One side's write-back: the character's step and the conflict's marks."""

    path: str
    name: str
    write: WrittenStep
    """The Grip lost, in the character's history."""
    held: DocumentOwner[Any] | None
    """The owner that read the file when the character was not open in a tab (kept for its
    history: undoing the write there saves the file again)."""
    mark: WrittenStep | None = None
    """The conflict's last step marking the side written back."""
    unmark: WrittenStep | None = None
    """The conflict's last step taking the mark back (the write undone in the sheet)."""


class WriteBacks(QObject):
    """The write-backs of one conflict screen, kept in step with the characters' histories.

    ``is_open(path)`` tells whether a character file is open in a tab now; ``redraw`` is
    called when a history moved (the screen's buttons depend on it); ``tell`` shows a line
    to the user."""

    def __init__(self, owner: DocumentOwner[SolConflict], is_open: Callable[[Path], bool],
                 redraw: Callable[[], None], tell: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.owner = owner
        self._is_open = is_open
        self._redraw = redraw
        self._tell = tell
        self._links: dict[int | None, _Link] = {}
        self._followed: list[weakref.ref[DocumentOwner[Any]]] = []
        self._busy = False
        owner.undo_stack.indexChanged.connect(self._conflict_moved)

    # -- writing ------------------------------------------------------------------------
    @contextlib.contextmanager
    def writing(self, index: int | None) -> Iterator[None]:
        """While side ``index`` is written: its old link is forgotten (a new write replaces
        it) and neither history's moves are followed."""
        self._links.pop(index, None)
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    def record(self, index: int | None, side: Side, write: WrittenStep | None,
               mark: WrittenStep | None, held: DocumentOwner[Any] | None) -> None:
        """Side ``index``'s Grip was written (``write``, None when the sheet did not change)
        and marked (``mark``); ``held``: the owner that read its file, not open in a tab."""
        if write is None or side.character is None:
            return
        self._links[index] = _Link(side.character.path, side.name or "the character", write,
                                   held, mark)
        write.state()  # looked at as it is now (saved to a file not open in a tab, say)
        owner = write.owner()
        if owner is not None:
            self._follow(owner)

    def _follow(self, owner: DocumentOwner[Any]) -> None:
        """Follow each move of ``owner``'s history: undo, redo, an edit, and a save too
        (it moves only the clean index: whether File › Revert keeps the write)."""
        self._followed = [ref for ref in self._followed
                          if ref() is not None and shiboken6.isValid(ref())]
        if any(ref() is owner for ref in self._followed):
            return
        self._followed.append(weakref.ref(owner))
        owner.undo_stack.indexChanged.connect(self._character_moved)
        owner.undo_stack.cleanChanged.connect(self._character_moved)
        # its tab closed: looked at once the owner is gone (while it is being destroyed,
        # its history still reads as it was)
        owner.destroyed.connect(self._character_closed)

    def _character_closed(self) -> None:
        QTimer.singleShot(0, self, self._after_close)

    def _after_close(self) -> None:
        self._sync(from_conflict=False)

    # -- what may be written -----------------------------------------------------------
    def blocked(self, index: int | None, side: Side) -> str | None:
        """Why side ``index``, which the conflict says is not written back, cannot be
        written: its earlier write still stands in the character's history (or in the file
        that history was read again from)."""
        link = self._links.get(index)
        if link is None or side.character is None or side.character.path != link.path:
            return None
        if _saved_then_closed(link.write):
            return (f"{Path(link.path).name} still has {link.name}'s Grip lost here (saved "
                    "with it before its tab closed): set Grip now there")
        if link.write.stands() is not True:
            return None
        if link.write.restarted:
            return (f"{link.name}'s sheet still has the Grip lost here (read again from a "
                    "file saved with it): set Grip now there")
        if link.held is None:
            why = ("the conflict was read again from a file saved without the mark"
                   if link.mark is not None and link.mark.stands() is False
                   and link.mark.restarted
                   else "it was changed after the write")
            return (f"{link.name}'s sheet still has the Grip lost here ({why}): undo the "
                    "write there first")
        why = ("it is open in a tab now" if self._is_open(Path(link.path))
               else "it changed on disk since")
        return (f"{Path(link.path).name} still has {link.name}'s Grip lost here ({why}): "
                "set Grip now there")

    # -- following both histories --------------------------------------------------------
    def _conflict_moved(self, _index: int) -> None:
        if self._links:
            self._sync(from_conflict=True)

    def _character_moved(self, _moved: int | bool) -> None:
        self._sync(from_conflict=False)

    def _sync(self, from_conflict: bool) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            for index, link in list(self._links.items()):
                self._follow_link(index, link, from_conflict)
        finally:
            self._busy = False
        self._redraw()

    def _side(self, index: int | None, link: _Link) -> Side | None:
        doc = self.owner.document
        if index is not None and not 0 <= index < len(doc.opponents):
            return None
        side = doc.player if index is None else doc.opponents[index]
        return side if side.character is not None and side.character.path == link.path \
            else None

    def _follow_link(self, index: int | None, link: _Link, from_conflict: bool) -> None:
        if _saved_then_closed(link.write):
            return  # kept: the file holds the write, which nothing can follow now
        written = link.write.stands()
        marks = [step.stands() for step in (link.mark, link.unmark) if step is not None]
        if written is None or None in marks:  # a document closed, or a history afresh
            del self._links[index]
            side = self._side(index, link)
            if (written is None and not link.write.was_saved and None not in marks
                    and side is not None and side.character is not None
                    and side.character.written_back):
                # the sheet closed with its changes discarded: the file never held the
                # write, so the conflict no longer says it was written
                self._mark(index, link, False)
            return
        side = self._side(index, link)
        if side is None or side.character is None:
            return
        marked = side.character.written_back
        if marked == written:
            return
        if from_conflict:
            # the mark undone or redone: the character's write follows
            if self._character_step(link, undo=not marked):
                return
            if marked:  # the write cannot come back: the mark is taken back
                self._mark(index, link, False)
            return
        # the write undone or redone in the character's tab: the mark follows
        if not written:
            if not (link.mark is not None and link.mark.undo()):
                self._mark(index, link, False)
        elif not (link.unmark is not None and link.unmark.undo()) and not (
                link.mark is not None and link.mark.redo()):
            self._mark(index, link, True)

    def _character_step(self, link: _Link, undo: bool) -> bool:
        """Undo (or redo) the write in the character's history; a file not open in a tab is
        saved again. False when it cannot follow."""
        held = link.held
        if held is not None and (self._is_open(Path(link.path)) or held.disk_changed()):
            return False
        if not (link.write.undo() if undo else link.write.redo()):
            return False
        if held is not None:
            try:
                held.save()
            except OSError as error:
                _ = link.write.redo() if undo else link.write.undo()  # the file is as it was
                self._tell(f"{Path(link.path).name}: {error}".splitlines()[0])
                return False
            self._tell(f"{'Grip given back in' if undo else 'Grip lost written to'} "
                       f"{Path(link.path).name}.")
        return True

    def _mark(self, index: int | None, link: _Link, written: bool) -> None:
        """A step of the conflict's own marking side ``index`` written back or not."""
        stack = self.owner.undo_stack
        before = last_step(stack)
        self.owner.apply(f"Grip {'written back' if written else 'write-back undone'} "
                         f"({link.name})",
                         lambda c: mark_written_back(c, index, written))
        step = WrittenStep.pushed(self.owner, before)
        if written:
            link.mark = step
        else:
            link.unmark = step
