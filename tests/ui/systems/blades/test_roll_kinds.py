"""The GM screen's rolls at a dock's width: the kind of roll is picked at the top (a tab
each for action, resistance, fortune and group), the page takes the height of the kind
shown and the roller follows right under it. Before, at the dock's width the resistance
and fortune pools sat under the whole action roll and the roller, out of sight."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen


def _in_view(widget: QWidget, scroll: QScrollArea) -> bool:
    """Whether ``widget`` is wholly inside the scroll area's view, as it is scrolled."""
    viewport = scroll.viewport()
    top = widget.mapTo(viewport, QPoint(0, 0))
    return (widget.isVisible() and top.y() >= 0 and top.x() >= 0
            and top.y() + widget.height() <= viewport.height()
            and top.x() + widget.width() <= viewport.width())


def _screen(qtbot: QtBot, width: int, height: int) -> tuple[BladesGmScreen, QScrollArea]:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    screen.resize(width, height)
    screen.show()
    qtbot.waitExposed(screen)
    scroll = screen.widget(0)
    assert isinstance(scroll, QScrollArea)
    return screen, scroll


def _pick(qtbot: QtBot, screen: BladesGmScreen, kind: str) -> None:
    kinds = screen.rolls.kinds
    bar = kinds.tabBar()
    index = [kinds.tabText(i) for i in range(kinds.count())].index(kind)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert kinds.currentIndex() == index
    qtbot.wait(20)  # the page takes its new height


def test_each_kind_of_roll_and_the_roller_show_at_the_docks_width(qtbot: QtBot) -> None:
    screen, scroll = _screen(qtbot, 400, 620)
    rolls = screen.rolls
    kinds = rolls.kinds
    assert kinds.accessibleName() == "Roll kind"
    assert [kinds.tabText(i) for i in range(kinds.count())] == [
        "Action", "Resistance", "Fortune", "Group"]
    assert _in_view(rolls.rating, scroll)
    _pick(qtbot, screen, "Resistance")
    for part in (rolls.resist_pick, rolls.resist_dice, rolls.roller.roll_resist):
        assert _in_view(part, scroll), part.accessibleName()
    assert not rolls.rating.isVisible()
    qtbot.mouseClick(rolls.roller.roll_resist, Qt.MouseButton.LeftButton)
    assert rolls.roller.result.text().startswith("Resistance roll")
    _pick(qtbot, screen, "Fortune")
    for part in (rolls.fortune_dice, rolls.versus, rolls.fortune, rolls.roller.roll_fortune):
        assert _in_view(part, scroll), part.accessibleName()
    _pick(qtbot, screen, "Group")
    assert _in_view(rolls.members[0], scroll) and _in_view(rolls.group, scroll)
    # the page never scrolls sideways
    assert rolls.width() <= scroll.viewport().width()
    assert rolls.minimumSizeHint().width() <= scroll.viewport().width()


def test_the_roll_kind_is_reached_and_changed_from_the_keyboard(qtbot: QtBot) -> None:
    screen, _scroll = _screen(qtbot, 400, 620)
    kinds = screen.rolls.kinds
    bar = kinds.tabBar()
    assert bar.focusPolicy() & Qt.FocusPolicy.TabFocus
    bar.setFocus()
    qtbot.waitUntil(bar.hasFocus)
    qtbot.keyClick(bar, Qt.Key.Key_Right)
    assert kinds.tabText(kinds.currentIndex()) == "Resistance"
    qtbot.keyClick(bar, Qt.Key.Key_Right)
    assert kinds.tabText(kinds.currentIndex()) == "Fortune"
    for i in range(kinds.count()):
        assert kinds.widget(i).accessibleName() == f"{kinds.tabText(i)} roll"
