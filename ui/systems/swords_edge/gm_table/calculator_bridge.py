"""Fill the GM screen's Test calculator from a scene pairing.

A thin adapter from the scene tracker to the calculator: it hands over the
pairing's :class:`~seforge.systems.swords_edge.pending.PendingTest` (the same model the scene
stores) and, while the calculator still works on that pairing, hands each change
back so the scene keeps it. It also brings the GM screen's dock forward on the
calculator.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QDockWidget, QTabWidget

from seforge.systems.swords_edge.models import Character, NarrativeCharacter
from seforge.systems.swords_edge.pending import PendingTest
from ui.systems.swords_edge.gm.calculator import CalculatorTab, ConsequenceHandler
from ui.systems.swords_edge.gm.widgets import CharactersProvider

TestSink = Callable[[PendingTest], None]


class CalculatorBridge:
    """Callable as ``bridge(character, ncs, stress=..., spent=..., momentum_level=...)``;
    :meth:`open_test` hands over a scene pairing's Test itself.

    ``base_provider``, if given, becomes what the calculator lists (the open
    characters); PCs handed over by the scene tracker are added after them by the
    calculator itself. With ``dock`` (the GM screen's dock) the dock is shown,
    raised and turned to the calculator.
    """

    def __init__(self, calculator: CalculatorTab,
                 base_provider: CharactersProvider | None = None,
                 dock: QDockWidget | None = None) -> None:
        self.calculator = calculator
        self.dock = dock
        self._link: tuple[Character, TestSink] | None = None
        if base_provider is not None:
            calculator.set_provider(base_provider)
        calculator.owner.changed.connect(self._on_change)

    def characters(self) -> list[Character]:
        return self.calculator.characters()

    def __call__(self, character: Character, ncs: Sequence[NarrativeCharacter], *,
                 stress: Iterable[int] = (), spent: Iterable[str] = (),
                 momentum_level: str | None = None) -> None:
        stresses = list(stress)
        opponents = [(nc, stresses[i] if i < len(stresses) else 0)
                     for i, nc in enumerate(ncs)]
        self._unlink()
        self.calculator.load_pairing(character, opponents, set(spent), momentum_level)
        self._show()

    def open_test(self, character: Character, test: PendingTest,
                  on_change: TestSink | None = None,
                  on_consequence: ConsequenceHandler | None = None,
                  push_step: Callable[[QUndoCommand], None] | None = None,
                  history: QUndoStack | None = None) -> None:
        """Open ``test`` (a pairing's) with ``character`` acting; while the
        calculator keeps that character, each change goes to ``on_change`` and what
        a critical roll gives can be recorded through ``on_consequence``.

        With ``push_step`` each of the calculator's steps goes there (the scene's undo
        stack, ``history``, whose Undo the calculator's buttons then use)."""
        self._unlink()
        self.calculator.load_test(test, character)
        if on_change is not None:
            self._link = (character, on_change)
            self.calculator.scene_records = True  # the scene keeps rolls and Luck
            if push_step is not None:
                self.calculator.owner.route_steps(push_step)
                self.calculator.use_history(history)
        self.calculator.consequence_handler = on_consequence
        self.calculator.recalc()
        self._show()

    def _unlink(self) -> None:
        self._link = None
        self.calculator.owner.route_steps(None)
        self.calculator.use_history(None)
        self.calculator.consequence_handler = None
        self.calculator.scene_records = False

    def _on_change(self) -> None:
        if self._link is None:
            return
        character, sink = self._link
        if self.calculator.owner.character is not character:
            self._unlink()  # the GM moved on to another Test
            return
        sink(self.calculator.owner.test.model_copy(deep=True))

    def _show(self) -> None:
        if self.dock is not None:
            self.dock.show()
            self.dock.raise_()
            # The page may sit inside the window's GM Screen dock, itself maybe behind
            # another dock's tab: bring each enclosing dock forward too.
            outer = self.dock.parentWidget()
            while outer is not None:
                if isinstance(outer, QDockWidget):
                    outer.show()
                    outer.raise_()
                outer = outer.parentWidget()
            tabs = self.dock.findChild(QTabWidget)
            if tabs is not None:
                tabs.setCurrentWidget(self.calculator)
