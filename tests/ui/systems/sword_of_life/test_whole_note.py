"""The Odds tab's whole-conflict part says, for the kind chosen, what it draws: the two sides'
Edge (N and M) in combat, the scores themselves in a debate or a problem (N and M unused)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMainWindow

from seforge.systems.sword_of_life.odds import WHOLE_NOTES, ConflictKind
from tests.ui.keyboard import choose_with_keys
from ui.systems.sword_of_life.gm_screen import SolGmScreen
from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI


def test_the_whole_conflict_note_says_what_each_kind_draws(qtbot: Any) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, SolGmScreen)
    window = QMainWindow()
    window.setCentralWidget(screen)
    window.resize(1366, 768)
    qtbot.addWidget(window)
    window.show()
    calc = screen.calculator
    for kind in ConflictKind:
        choose_with_keys(qtbot, calc.kind, calc.kind.findData(kind))
        assert calc.whole_note.text() == WHOLE_NOTES[kind]
        assert WHOLE_NOTES[kind] in calc.whole_box.toolTip()  # every kind's, in the tooltip
        before = calc.whole.text()
        calc.cards.setValue(calc.cards.value() + 1)  # "Your cards (N)"
        moved = calc.whole.text() != before
        # what the note says is what the odds do: N counts in combat only
        assert moved is (kind == ConflictKind.COMBAT)
        assert ("not used" in WHOLE_NOTES[kind]) is (kind != ConflictKind.COMBAT)
