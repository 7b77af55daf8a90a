"""Fill the GM screen's Test calculator from a scene pairing.

The calculator (``ui.gm.calculator.CalculatorTab``) has no single public method
for "this PC against these NCs", so this adapter uses its public pieces:
``set_provider`` (to make the scene's PC choosable), ``actor_combo.choose``,
``clear_ncs``/``add_card`` with :class:`ui.gm.nc_card.NCCard`, the cards'
``stress_spin``, the ``spent`` sets and ``level_combo``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtWidgets import QDockWidget, QTabWidget

from seforge.models import Character, NarrativeCharacter
from ui.gm.calculator import CalculatorTab
from ui.gm.nc_card import NCCard
from ui.gm.widgets import CharactersProvider


def _none() -> list[Character]:
    return []


class CalculatorBridge:
    """Callable as ``bridge(character, ncs, stress=..., spent=..., momentum_level=...)``.

    ``base_provider`` is what the calculator listed before (the open characters);
    PCs handed over by the scene tracker are added after them. With ``dock`` (the
    GM screen's dock) the dock is shown, raised and turned to the calculator.
    """

    def __init__(self, calculator: CalculatorTab,
                 base_provider: CharactersProvider | None = None,
                 dock: QDockWidget | None = None) -> None:
        self.calculator = calculator
        self.base_provider: CharactersProvider = base_provider or _none
        self.dock = dock
        self.extra: list[Character] = []
        calculator.set_provider(self.characters)

    def characters(self) -> list[Character]:
        base = list(self.base_provider())
        return base + [c for c in self.extra if all(c is not b for b in base)]

    def __call__(self, character: Character, ncs: Sequence[NarrativeCharacter], *,
                 stress: Iterable[int] = (), spent: Iterable[str] = (),
                 momentum_level: str | None = None) -> None:
        calc = self.calculator
        if all(character is not c for c in self.characters()):
            self.extra.append(character)
        calc.spent[id(character)] = set(spent)
        calc.refresh_characters()
        calc.actor_combo.choose(character)
        calc.clear_ncs()
        stresses = list(stress)
        for index, nc in enumerate(ncs):
            card = calc.add_card(NCCard(nc, calc.trait()))
            if index < len(stresses) and stresses[index]:
                card.stress_spin.setValue(stresses[index])
        level = calc.level_combo.findData(momentum_level)
        calc.level_combo.setCurrentIndex(max(level, 0))
        calc.set_step("momentum" if momentum_level is None else "action")
        calc.refresh_characters()  # re-reads the PC's Qualities with the spent set
        if self.dock is not None:
            self.dock.show()
            self.dock.raise_()
            tabs = self.dock.findChild(QTabWidget)
            if tabs is not None:
                tabs.setCurrentWidget(calc)
