"""The Grip a conflict writes back to characters' sheets, followed in both documents' histories.

Writing back changes two documents, each through its own owner in one undo step of its own:
the character's (the Grip lost since the last write, in its open tab's history, or in a file
read, changed and saved) and the conflict's (the side's mark: how much of its Grip lost is
written). A side that loses more after a write is written again, for the difference: each
write is a link of its own, and :class:`WriteBacks` keeps, for each side, the stack of its
links (both steps by weak reference, as the Blades roller follows its writes) and keeps the
mark true to the character's history, one write at a time:

- a mark undone in the conflict (the amount written drops below a write's): that write is
  undone with it (when it is the last step of that character's history; a file not open in
  a tab is given back and saved again); the mark redone: the write is redone;
- a write undone in the character's tab: the conflict's mark goes back to what was written
  before it (its last step undone, or a step of its own), so that Grip may be written
  again; redone: marked again. The sheet read again from its file (File › Revert) counts as
  an undo when the file was saved without the write, and as a redo when it was saved with
  it (:class:`WrittenStep`).

A side that wins Grip back after a write (its score raised by hand) is written again too,
giving that Grip back (``grip_to_give_back``): its link lowers the amount marked written
instead of raising it. The links of a side are a chain, each starting where the one before
it ended, and the conflict marks a first part of it (its marks are pushed in that order):
up to the last link whose end is the amount marked now (and whose mark is not undone, where
two ends are the same amount).

A file not open in a tab is written again through the owner that read it for the side's last
write (unless the file changed on disk since), so its writes are one history too.

When the other side cannot follow (the sheet was edited after the write, the file changed on
disk or is open in a tab now, or the sheet's tab closed after its file was saved with the
write), the write stands, and :meth:`WriteBacks.blocked` says why that side cannot be written
again (the Grip lost would be taken off twice). A sheet whose tab closed without its file
holding the write (its changes discarded) let the write go: the conflict's mark goes back to
what was written before it as the tab closes (a step of the conflict's own), and that Grip
may be written again (to the file).
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

from seforge.systems.sword_of_life.conflict import grip_written, mark_written_back
from seforge.systems.sword_of_life.conflict_model import Side, SolConflict
from ui.shell.document_owner import DocumentOwner
from ui.shell.written_step import WrittenStep, last_step


def _saved_then_closed(write: WrittenStep) -> bool:
    """Whether the sheet's tab closed (its history with it) when its file as last saved
    held the write (as of the last look, which every save of that history triggers): the
    write stands in the file, out of reach of both histories."""
    return write.state() == "closed" and write.was_saved


def write_sheet(owner: DocumentOwner[Any], text: str, mutate: Callable[[Any], object],
                is_open: bool) -> WrittenStep | None:
    """``mutate`` the character in one step ``text`` of ``owner``'s history; a file not open
    in a tab is saved, and the step undone again when it cannot be (its owner may write it
    again later). The step (None: nothing changed)."""
    before = last_step(owner.undo_stack)
    owner.apply(text, mutate)
    write = WrittenStep.pushed(owner, before)
    if not is_open:
        try:
            owner.save()
        except Exception:
            if write is not None:
                write.undo()
            raise
    return write


def _marked_count(links: list[_Link], written: int) -> int:
    """How many of a side's ``links`` (a chain, the first made first) the conflict marks
    when the amount it marks written is ``written``: up to the last one ending there whose
    mark was not undone (two ends may be the same amount: a write, Grip given back, the
    same lost again); none when the chain starts there; else (a chain broken by a write
    that changed no sheet) the first links each on the marked side of its end."""
    for count in range(len(links), 0, -1):
        link = links[count - 1]
        if link.after == written and not (link.mark is not None
                                          and link.mark.stands() is False):
            return count
    if links and links[0].before == written:
        return 0
    count = 0
    for link in links:
        if not (written >= link.after if link.after >= link.before else written <= link.after):
            break
        count += 1
    return count


@dataclass(eq=False)
class _Link:
    """One write of a side's Grip lost: the character's step and the conflict's marks."""

    path: str
    name: str
    write: WrittenStep
    """The Grip lost since the last write, in the character's history."""
    held: DocumentOwner[Any] | None
    """The owner that read the file when the character was not open in a tab (kept for its
    history: undoing the write there saves the file again)."""
    before: int
    """The Grip lost the conflict had marked written before this write."""
    after: int
    """... and after it: the write stands in the conflict while its mark is this high."""
    mark: WrittenStep | None = None
    """The conflict's last step marking the write (``after``)."""
    unmark: WrittenStep | None = None
    """The conflict's last step taking the mark back to ``before`` (the write undone in the
    sheet)."""


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
        self._links: dict[int | None, list[_Link]] = {}
        """Each side's writes, the first made first."""
        self._followed: list[weakref.ref[DocumentOwner[Any]]] = []
        self._busy = False
        owner.undo_stack.indexChanged.connect(self._conflict_moved)

    # -- writing ------------------------------------------------------------------------
    @contextlib.contextmanager
    def writing(self, index: int | None) -> Iterator[None]:
        """While side ``index`` is written: its links whose writes the conflict no longer
        marks are forgotten (the new write replaces them) and neither history's moves are
        followed."""
        links = [link for link in self._links.get(index, []) if self._marked(index, link)]
        if links:
            self._links[index] = links
        else:
            self._links.pop(index, None)
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    def held(self, path: Path) -> DocumentOwner[Any] | None:
        """The owner that read ``path`` (not open in a tab) for its last write, while the
        file is as that owner saved it: the next write goes to the same history."""
        for link in reversed([link for links in self._links.values() for link in links]):
            owner = link.held
            if owner is not None and shiboken6.isValid(owner) and Path(link.path) == path:
                return None if owner.disk_changed() else owner
        return None

    def record(self, index: int | None, side: Side, write: WrittenStep | None,
               mark: WrittenStep | None, held: DocumentOwner[Any] | None,
               before: int) -> None:
        """Side ``index``'s Grip lost was written (``write``, None when the sheet did not
        change) and marked (``mark``; ``before``: the Grip it had written until then);
        ``held``: the owner that read its file, not open in a tab."""
        if write is None or side.character is None:
            return
        self._links.setdefault(index, []).append(_Link(
            side.character.path, side.name or "the character", write, held, before,
            grip_written(side), mark))
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
        """Why side ``index``, whose Grip lost the conflict says is not all written, cannot
        be written: a write beyond what the conflict marks still stands in the character's
        history (or in the file that history was read again from)."""
        for link in reversed(self._links.get(index, [])):
            if side.character is None or side.character.path != link.path:
                return None
            if not self._marked(index, link) and (reason := self._why(link)) is not None:
                return reason
        return None

    def _why(self, link: _Link) -> str | None:
        """Why ``link``'s write, which the conflict does not mark, still stands (None: it
        does not), worded for what it was: Grip lost, or Grip given back."""
        given = link.after < link.before  # a give-back lowers the amount marked written
        grip = "the Grip given back here" if given else "the Grip lost here"
        in_file = (f"the Grip given back to {link.name} here" if given else
                   f"{link.name}'s Grip lost here")
        write = "give-back" if given else "write"
        if _saved_then_closed(link.write):
            return (f"{Path(link.path).name} still has {in_file} (saved with it before its "
                    "tab closed): set Grip now there")
        if link.write.stands() is not True:
            return None
        if link.write.restarted:
            return (f"{link.name}'s sheet still has {grip} (read again from a file saved "
                    "with it): set Grip now there")
        if link.held is None:
            why = ("the conflict was read again from a file saved without the mark"
                   if link.mark is not None and link.mark.stands() is False
                   and link.mark.restarted
                   else f"it was changed after the {write}")
            return (f"{link.name}'s sheet still has {grip} ({why}): undo the {write} there "
                    "first")
        why = ("it is open in a tab now" if self._is_open(Path(link.path))
               else "it changed on disk since")
        return f"{Path(link.path).name} still has {in_file} ({why}): set Grip now there"

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
            for index in list(self._links):
                self._follow_side(index, from_conflict)
        finally:
            self._busy = False
        self._redraw()

    def _side_now(self, index: int | None) -> Side | None:
        doc = self.owner.document
        if index is not None and not 0 <= index < len(doc.opponents):
            return None
        return doc.player if index is None else doc.opponents[index]

    def _side(self, index: int | None, link: _Link) -> Side | None:
        side = self._side_now(index)
        return side if side is not None and side.character is not None \
            and side.character.path == link.path else None

    def _marked(self, index: int | None, link: _Link) -> bool | None:
        """Whether the conflict marks ``link``'s write (None: the side is no longer that
        character): it is in the first part of the side's chain of links that the amount
        marked written now ends (see the module's notes)."""
        side = self._side(index, link)
        if side is None:
            return None
        links = self._links.get(index, [])
        if link not in links:
            return False
        return links.index(link) < _marked_count(links, grip_written(side))

    def _follow_side(self, index: int | None, from_conflict: bool) -> None:
        links = self._forget_closed(index, self._links.get(index, []))
        if links:
            self._links[index] = links
        else:
            self._links.pop(index, None)
        live = [link for link in links if not _saved_then_closed(link.write)]
        # kept, the saved-then-closed ones: the file holds the write, which nothing can
        # follow now. The last write first where a write must go (undone), the first first
        # where it must come back (redone), as both histories hold them.
        for link in reversed(live):
            if link.write.stands() and self._marked(index, link) is False:
                self._follow_written(index, link, from_conflict)
        for link in live:
            if link.write.stands() is False and self._marked(index, link):
                self._follow_unwritten(index, link, from_conflict)

    def _forget_closed(self, index: int | None, links: list[_Link]) -> list[_Link]:
        """``links`` less those out of reach (a document closed, a history afresh); a sheet
        closed with its changes discarded never kept its writes: the conflict's mark goes
        back to what was written before them (one step of its own)."""
        kept: list[_Link] = []
        lowest: _Link | None = None
        for link in links:
            if _saved_then_closed(link.write):
                kept.append(link)
                continue
            written = link.write.stands()
            marks = [step.stands() for step in (link.mark, link.unmark) if step is not None]
            if written is not None and None not in marks:
                kept.append(link)
            elif (written is None and not link.write.was_saved and None not in marks
                  and self._marked(index, link) and lowest is None):
                lowest = link
        if lowest is not None:
            self._mark(index, lowest, lowest.before)
        return kept

    def _follow_written(self, index: int | None, link: _Link, from_conflict: bool) -> None:
        """The write stands and the conflict does not mark it."""
        if from_conflict:
            # the mark undone: the character's write follows (else it stands: blocked)
            self._character_step(link, undo=True)
        elif not (link.unmark is not None and link.unmark.undo()) and not (
                link.mark is not None and link.mark.redo()):
            # the write redone in the character's tab: marked again
            self._mark(index, link, link.after)

    def _follow_unwritten(self, index: int | None, link: _Link, from_conflict: bool) -> None:
        """The conflict marks the write and it does not stand."""
        if from_conflict:
            # the mark redone: the character's write follows; when it cannot come back,
            # the mark is taken back
            if not self._character_step(link, undo=False):
                self._mark(index, link, link.before)
        elif not (link.mark is not None and link.mark.undo()):
            # the write undone in the character's tab: the mark goes back
            self._mark(index, link, link.before)

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
            rising = link.after > link.before  # a write of Grip lost, not Grip given back
            self._tell(f"{'Grip given back in' if undo == rising else 'Grip lost written to'}"
                       f" {Path(link.path).name}.")
        return True

    def _mark(self, index: int | None, link: _Link, written: int) -> None:
        """A step of the conflict's own marking ``written`` of side ``index``'s Grip lost
        written back: ``link``'s write (its ``after``) or what was before it."""
        stack = self.owner.undo_stack
        before = last_step(stack)
        marks = written == link.after
        self.owner.apply(f"Grip {'written back' if marks else 'write-back undone'}"
                         f" ({link.name})",
                         lambda c: mark_written_back(c, index, written))
        step = WrittenStep.pushed(self.owner, before)
        if marks:
            link.mark = step
        else:
            link.unmark = step
