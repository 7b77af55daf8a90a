"""Fill the GM screen's Test calculator from a scene pairing.

A thin adapter from the scene tracker's call to
:meth:`ui.gm.calculator.CalculatorTab.load_pairing`; it also brings the GM
screen's dock forward on the calculator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtWidgets import QDockWidget, QTabWidget

from seforge.models import Character, NarrativeCharacter
from ui.gm.calculator import CalculatorTab
from ui.gm.widgets import CharactersProvider


class CalculatorBridge:
    """Callable as ``bridge(character, ncs, stress=..., spent=..., momentum_level=...)``.

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
        if base_provider is not None:
            calculator.set_provider(base_provider)

    def characters(self) -> list[Character]:
        return self.calculator.characters()

    def __call__(self, character: Character, ncs: Sequence[NarrativeCharacter], *,
                 stress: Iterable[int] = (), spent: Iterable[str] = (),
                 momentum_level: str | None = None) -> None:
        stresses = list(stress)
        opponents = [(nc, stresses[i] if i < len(stresses) else 0)
                     for i, nc in enumerate(ncs)]
        self.calculator.load_pairing(character, opponents, set(spent), momentum_level)
        if self.dock is not None:
            self.dock.show()
            self.dock.raise_()
            tabs = self.dock.findChild(QTabWidget)
            if tabs is not None:
                tabs.setCurrentWidget(self.calculator)
