"""Edit › Redo says beforehand which other steps it takes along, as Edit › Undo does:
redoing half of a linked scene step redoes the steps still undone under its other halves
first, and the Redo action names them ("(and 1 earlier scene step)") with a tooltip
listing them, the sentence the status line shows once it is done."""

from __future__ import annotations

import re
from pathlib import Path

from tests.ui.systems.swords_edge.gm_table.test_scene_undo_from_a_tab import Table
from ui.shell.window import MainWindow

REDO_ALONG = re.compile(r"^&Redo (.+) \(and (\d+) earlier (scene )?steps?\)$")


def test_edit_redo_says_beforehand_which_earlier_steps_go_along(
        window: MainWindow, tmp_path: Path) -> None:
    table = Table(window, tmp_path)
    table.test_with_a_reroll(0)
    table.test_with_a_reroll(1)

    # Tella's reroll undone in the scene; Jyrell's from his tab (Tella's roll first).
    table.in_scene()
    table.undo()
    table.in_tab(0)
    table.undo()
    assert table.spent() == [0, 0]
    # Redo in his tab: his reroll is next on the scene too, nothing else goes along.
    assert window.redo_action.text() == "&Redo Scene: Luck reroll (Jyrell)"
    assert "Also" not in window.redo_action.toolTip()

    # In Tella's tab, Redo of her roll needs Jyrell's reroll first, on the scene.
    table.in_tab(1)
    text = window.redo_action.text()
    found = REDO_ALONG.match(text)
    assert found is not None, text
    assert found.group(1) == "Scene: Roll (Tella of Jost)"
    assert found.group(2) == "1" and found.group(3)
    ahead = window.redo_action.toolTip()
    assert ahead.startswith("Redo Scene: Roll (Tella of Jost). Also redoes")
    assert "in the scene, Luck reroll (Jyrell)" in ahead
    # The Undo action is left as it was: nothing of the warning leaks across.
    assert "earlier" not in window.undo_action.text()

    table.redo()
    told = table.tracker.status_label.text()
    assert told.startswith("Also redone")
    assert told.removeprefix("Also redone") == ahead.split("Also redoes", 1)[1]
    assert table.spent() == [1, 0]
    table.assert_agree()
    # Her reroll is next and alone: the warning is gone from the text and tooltip.
    assert not REDO_ALONG.match(window.redo_action.text())
    assert window.redo_action.text() == "&Redo Scene: Luck reroll (Tella of Jost)"
    assert "Also" not in window.redo_action.toolTip()
    table.redo()
    assert table.spent() == [1, 1]
    assert not window.redo_action.isEnabled()
