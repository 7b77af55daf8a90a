"""The Budget dock names a Quality that has no name yet "(unnamed)", as the Elements
table does, rather than showing an empty pair of quotes (seen building a new character:
'Concept "": Good, 0 Ranks' and 'Ranks: 6 of 7 spent (6 + 1 from Weakness "")')."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.ui.helpers import se_part, summary, type_into
from ui.shell.window import MainWindow


def test_unnamed_qualities_in_the_ledger(window: MainWindow) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    lines = se_part(window).budget_panel.ledger_lines()
    assert lines[0] == "Concept (unnamed): Good, 0 Ranks"
    assert lines[2] == "Faculty (unnamed): Good, 0 Ranks"
    assert not any('""' in line for line in lines)

    editor.elements.add_button.menu().actions()[3].trigger()  # Add Weakness
    lines = se_part(window).budget_panel.ledger_lines()
    assert "Weakness (unnamed): Basic, 0 Ranks (free)" in lines
    assert "Bonus from Weakness (unnamed): +1 Rank to spend" in lines
    assert summary(window) == "Ranks: 0 of 7 spent (6 + 1 from Weakness (unnamed))"

    type_into(editor.core_names["concept"], "Bounty Hunter")
    type_into(editor.elements.name_edit, "Greedy")
    QTest.keyClick(editor.elements.name_edit, Qt.Key.Key_Tab)
    lines = se_part(window).budget_panel.ledger_lines()
    assert lines[0] == 'Concept "Bounty Hunter": Good, 0 Ranks'
    assert 'Weakness "Greedy": Basic, 0 Ranks (free)' in lines
    assert summary(window) == 'Ranks: 0 of 7 spent (6 + 1 from Weakness "Greedy")'
