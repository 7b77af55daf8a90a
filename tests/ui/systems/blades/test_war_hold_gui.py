"""At war the crew page shows the hold and Tier that count now (the core's
:func:`seforge.systems.blades.crew.war_hold`), set through the widgets."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as rules
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.crew_editor import CrewEditor, CrewWidget


def _crew_page(qtbot: QtBot) -> tuple[CrewEditor, CrewWidget]:
    editor = SYSTEM_UI.new_editor("blades.crew")
    assert isinstance(editor, CrewEditor)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    widget.show()
    return editor, widget


def _set_status(qtbot: QtBot, widget: CrewWidget, row: int, status: int) -> None:
    widget.factions.selectRow(row)
    widget.status_spin.setValue(status)
    qtbot.mouseClick(widget.set_status, Qt.MouseButton.LeftButton)


def test_the_crew_page_shows_the_hold_the_war_leaves(qtbot: QtBot) -> None:
    editor, widget = _crew_page(qtbot)
    widget.numbers["tier"].setValue(2)
    widget.hold.setCurrentText("strong")
    widget.hold.activated.emit(widget.hold.currentIndex())
    widget.faction_name.setText("Red Sashes")
    widget.faction_tier.setValue(2)
    qtbot.mouseClick(widget.add_faction, Qt.MouseButton.LeftButton)
    assert (editor.owner.document.tier, editor.owner.document.hold) == (2, "strong")
    assert widget.hold_now.text() == "Tier 2, strong hold"
    assert widget.factions.item(0, 2).text() == "strong"

    _set_status(qtbot, widget, 0, -3)  # war with the Red Sashes
    assert rules.at_war(editor.owner.document)
    assert widget.hold_now.text() == "Tier 2, weak hold for the war (strong once it ends)"
    assert widget.hold_now.accessibleName() == "Hold and Tier that count now"
    # the faction at war loses its step of hold too
    assert widget.factions.item(0, 2).text() == "weak (strong once the war ends)"
    # the sheet's own hold is kept: it comes back when the war ends
    assert widget.hold.currentText() == "strong" and editor.owner.document.hold == "strong"

    widget.hold.setCurrentText("weak")  # a weak hold at war costs a Tier
    widget.hold.activated.emit(widget.hold.currentIndex())
    assert widget.hold_now.text() == "Tier 1 for the war (2 once it ends), weak hold"
    assert "Tier 1" in widget.profit.text()  # a crew advance pays on the Tier that counts
    assert "this Tier 1 crew" in widget.rep_amount.toolTip()

    _set_status(qtbot, widget, 0, -2)  # the war ends: the Tier comes back
    assert widget.hold_now.text() == "Tier 2, weak hold"
    assert widget.factions.item(0, 2).text() == "strong"
