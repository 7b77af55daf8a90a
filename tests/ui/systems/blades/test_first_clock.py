"""Adding the first clock does not move the crew page's clock controls: the faces have
their own room from the start (before, the first face appeared above the table and pushed
the table, the buttons and the new-clock row down under the pointer)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.crew_editor import CrewEditor, CrewWidget


def _y(widget: QWidget, host: QWidget) -> int:
    return widget.mapTo(host, QPoint(0, 0)).y()


def test_the_first_clock_leaves_the_controls_in_place(qtbot: QtBot) -> None:
    editor = SYSTEM_UI.new_editor("blades.crew")
    assert isinstance(editor, CrewEditor)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    host = widget.widget()
    assert host is not None
    parts = (widget.clocks, widget.tick, widget.clock_name, widget.add_clock, widget.link_kind)
    qtbot.wait(10)
    before = [_y(part, host) for part in parts]
    assert widget.no_faces.isVisible()
    assert "face" in widget.no_faces.text()
    widget.clock_name.setText("Bluecoat patrol")
    qtbot.mouseClick(widget.add_clock, Qt.MouseButton.LeftButton)
    assert [c.name for c in editor.owner.document.clocks] == ["Bluecoat patrol"]
    face, _label = widget._faces["Bluecoat patrol"]
    qtbot.waitUntil(face.isVisible)
    qtbot.wait(10)
    assert [_y(part, host) for part in parts] == before
    assert not widget.no_faces.isVisible()
    # a long name keeps to two lines, the count under it (the whole name in the tooltip)
    for name in ("A very long clock name that would wrap over many lines", "Two"):
        widget.clock_name.setText(name)
        qtbot.mouseClick(widget.add_clock, Qt.MouseButton.LeftButton)
    qtbot.wait(10)
    assert [_y(part, host) for part in parts] == before
    _face, long_label = widget._faces["A very long clock name that would wrap over many lines"]
    assert long_label.toolTip() == "A very long clock name that would wrap over many lines 0/4"
    first, second, count = long_label.text().split("\n")
    assert first.startswith("A very") and second.endswith("…") and count == "0/4"
    assert widget._faces["Bluecoat patrol"][1].text() in ("Bluecoat patrol\n0/4",
                                                          "Bluecoat\npatrol\n0/4")
    # removing the last clock brings the note back, still without a jump
    for _name in list(widget._faces):
        widget.clocks.selectRow(0)
        qtbot.mouseClick(widget.remove_clock, Qt.MouseButton.LeftButton)
    assert editor.owner.document.clocks == []
    qtbot.wait(10)
    assert widget.no_faces.isVisible()
    assert [_y(part, host) for part in parts] == before
