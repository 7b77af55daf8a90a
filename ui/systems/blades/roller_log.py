"""The Blades dice roller's writes and the log that follows them: each write goes through its
document's owner as one undo step, and its line in the roll log reads "Written:", "Undone:"
or "Reverted:" as that document's history has it; whether the last roll's stress, XP, ticks
or lowered harm stand written is read from there too, so a roll is paid for once."""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtWidgets import QGroupBox, QListWidget, QListWidgetItem

from seforge.systems.blades import roller
from ui.shell.document_owner import DocumentOwner
from ui.shell.refusal import REFUSALS, refusal_text, sentence
from ui.shell.written_step import WrittenStep


@dataclass(eq=False)
class _Write:
    """A roll's write to a document, followed by its undo step (:class:`WrittenStep`: it
    says whether the write stands, after an undo or a revert too), and how the roll log
    words it."""

    step: WrittenStep

    def word(self) -> str:
        """What the roll log says of the write: "Written", "Undone" or "Reverted" (the
        document read again from a file saved without it)."""
        if self.step.stands() is not False:
            return "Written"
        return "Reverted" if self.step.restarted else "Undone"


@dataclass(frozen=True)
class _Logged:
    """A write's line in the roll log: what was written and where; the line reads
    "Written:" while the write stands in its document, "Undone:" once it is undone and
    "Reverted:" when the document was read again from a file saved without it, and ends
    with the name of the document it went to."""

    item: QListWidgetItem
    text: str
    write: _Write
    name: str

    @staticmethod
    def line(word: str, text: str, name: str) -> str:
        """The log's line for the write ``text`` to the document ``name``."""
        return f"{word}: {text} ({name})"


class RollerLog(QGroupBox):
    """The base of :class:`~ui.systems.blades.roller_box.RollerBox`: writing through a
    document's owner (:meth:`_apply`) and the roll log following each write's undo step
    (:meth:`_relog`)."""

    owner: DocumentOwner[Any] | None
    leader: DocumentOwner[Any] | None
    last_group: roller.GroupRoll | None
    log: QListWidget
    _written: dict[str, _Write]
    _logged: list[_Logged]
    _followed: list[weakref.ref[DocumentOwner[Any]]]

    def refresh(self) -> None:
        """Redraw the roller (the box's own)."""
        raise NotImplementedError

    def _payer(self) -> DocumentOwner[Any] | None:
        """Where the last roll's stress and XP go: a group's leader, else the open
        document."""
        return self.leader if self.last_group is not None else self.owner

    def _follow(self, owner: DocumentOwner[Any]) -> None:
        """Read the log again whenever ``owner``'s history moves (once per owner; the
        connection goes with the owner when its document closes)."""
        self._followed = [ref for ref in self._followed
                          if ref() is not None and shiboken6.isValid(ref())]
        if any(ref() is owner for ref in self._followed):
            return
        self._followed.append(weakref.ref(owner))
        owner.undo_stack.indexChanged.connect(self._history_moved)
        # a save moves the clean index only: whether a revert keeps the write
        owner.undo_stack.cleanChanged.connect(self._history_moved)

    def _history_moved(self, _moved: int | bool) -> None:
        """A document written to was undone, redone or edited: its writes' lines, and
        whether the last roll may be written again (to whichever document is open)."""
        self._relog()
        self.refresh()

    def _relog(self) -> None:
        """Each logged write reads "Written:", "Undone:" or "Reverted:" as its document
        has it now. A write out of reach (its document closed) keeps its last line; one
        read back from its file, reverted away, or undone and dropped by another edit
        (the file as saved without it) keeps the line that says so: none of these is
        followed any more (:meth:`WrittenStep.settled`)."""
        kept: list[_Logged] = []
        for logged in self._logged:
            if logged.write.step.stands() is None:
                continue
            logged.item.setText(_Logged.line(logged.write.word(), logged.text, logged.name))
            if not logged.write.step.settled():
                kept.append(logged)
        self._logged = kept

    def _is_written(self, what: str) -> bool:
        """Whether the last roll's ``what`` stands written: its undo step is among the
        done steps of the document it went to (undone, or undone and replaced by another
        edit, it is not), or that document was read again from a file saved with it
        (read again from a file saved without it, it is not). Written to a document since
        closed, it counts as written: what that document holds is out of reach, and a new
        roll is the way on."""
        written = self._written.get(what)
        return written is not None and written.step.stands() is not False

    def _where(self, what: str, to: str = "to") -> str:
        """Where the last roll's ``what`` went when not to the document it writes to now
        (the open one, or the group's leader): " to", or the word ``to`` given, and that
        document's title; else nothing."""
        written = self._written.get(what)
        owner = written.step.owner() if written is not None else None
        here = self._payer() if what in ("stress", "xp") else self.owner
        if owner is here:
            return ""
        if owner is None or not shiboken6.isValid(owner):
            return f" {to} a document since closed"
        return f" {to} {owner.title()}"

    def _apply(self, text: str, mutate: Any, what: str = "",
               owner: DocumentOwner[Any] | None = None) -> bool:
        """Write through ``owner`` (the open document's by default); False when nothing
        was written."""
        owner = owner if owner is not None else self.owner
        if owner is None:
            return False
        stack = owner.undo_stack
        top = stack.command(stack.index() - 1) if stack.index() else None
        try:
            owner.apply(text, mutate)
        except REFUSALS as error:
            # the refusal goes to the log, the roller's one place to answer in (a status
            # label made for it here had no parent: shown, it was a window of its own,
            # mapped and destroyed again inside the click)
            self.log.insertItem(0, sentence("Not done", refusal_text(error)))
            self.refresh()
            return False
        name = owner.document_name().strip() or owner.title()
        item = QListWidgetItem(_Logged.line("Written", text, name))
        self.log.insertItem(0, item)
        step = stack.command(stack.index() - 1) if stack.index() else None
        if step is not None and step is not top:  # a step was pushed
            write = _Write(WrittenStep(weakref.ref(owner), weakref.ref(step)))
            write.step.state()  # looked at from the first move of the history on
            self._logged.append(_Logged(item, text, write, name))
            self._follow(owner)
            if what:
                self._written[what] = write
        self.refresh()
        return True
