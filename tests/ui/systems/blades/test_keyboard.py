"""A player and a GM at the Blades pages with the keyboard, in the real window: where the
focus lands in a new tab, where Tab and Shift+Tab take it (every stop shows the focus, in
view, and follows the page as it reads, tables included), and what Enter does.

Found driving the installed app with xdotool at 1024x768: typing in a new scoundrel or crew
went nowhere, Enter added no special ability, harm, clock, faction or claim, harm could be
healed only with a double-click, Tab stopped on the form's scroll area and on empty lists
with nothing drawn, could not leave the GM Screen's tables, reached Rolled desperate before
the XP tracks above it, the heat checkbox after the coin row and the clock faces after
everything under them, a clock's focus ring was drawn on its outline, and Shift+Tab from the
ledger left the focus on a field scrolled out of view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QListWidget,
    QScrollArea,
    QWidget,
)
from pytestqt.qtbot import QtBot

from seforge.systems.blades import creation, crew, play
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.models import Crew, Scoundrel
from tests.ui.keyboard import active_window, focused, press, walk
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.blades.builder import ScoundrelBuilder
from ui.systems.blades.clock_face import ClockFace
from ui.systems.blades.crew_editor import CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def new_scoundrel(window: MainWindow) -> tuple[DocumentOwner[Scoundrel], ScoundrelBuilder]:
    owner = window.new_document("blades", "blades.character")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, ScoundrelBuilder)
    return owner, tab.widget


def new_crew(window: MainWindow) -> tuple[DocumentOwner[Crew], CrewWidget]:
    owner = window.new_document("blades", "blades.crew")
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, CrewWidget)
    return owner, tab.widget


def lurk(sc: Scoundrel) -> None:
    """A Lurk whose creation dots are all placed (the free ones on Hunt and Study)."""
    creation.set_playbook(sc, "Lurk")
    creation.move_dot(sc, "heritage", "consort")
    creation.move_dot(sc, "background", "survey")
    creation.add_dot(sc, "hunt")
    creation.add_dot(sc, "study")


def bruised(sc: Scoundrel) -> None:
    play.add_harm(sc, 2, "Bruised ribs")


def two_clocks(c: Crew) -> None:
    crew.add_clock(c, "Raid", 6, "danger")
    crew.add_clock(c, "Escape", 8, "racing")


def gm_page(window: MainWindow) -> BladesGmScreen:
    """The GM Screen's Blades page, on screen (as the GM has it open)."""
    window.ensure_ready()
    dock = window.gm_screen_dock
    dock.show()
    dock.follow("blades")
    page = dock.show_page("blades")
    assert isinstance(page, BladesGmScreen)
    return page


def in_view(widget: QWidget, area: QScrollArea) -> bool:
    """Whether ``widget`` is wholly inside the visible part of ``area``."""
    corner = widget.mapTo(area.viewport(), QPoint(0, 0))
    return area.viewport().rect().contains(QRect(corner, widget.size()))


@pytest.mark.parametrize("kind", ["scoundrel", "crew"])
def test_a_new_tab_takes_typing_in_its_name(window: MainWindow, qtbot: QtBot,
                                            kind: str) -> None:
    owner = (new_scoundrel(window) if kind == "scoundrel" else new_crew(window))[0]
    qtbot.keyClicks(focused(), "Mira")
    press(Qt.Key.Key_Return)
    assert owner.document.name == "Mira"


def test_no_scroll_area_or_empty_list_takes_the_focus(window: MainWindow) -> None:
    """A scroll area, or a list with no entry, that took the focus showed nothing where it
    was; a list becomes a Tab stop once it has entries."""
    owner, builder = new_scoundrel(window)
    _crew_owner, crew_widget = new_crew(window)
    page = gm_page(window)
    roots: list[QWidget] = [builder, crew_widget, page]
    areas = [crew_widget, *(a for r in roots for a in r.findChildren(QAbstractScrollArea))]
    takers = [a for a in areas if isinstance(a, QScrollArea)
              and a.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert takers == []
    empty = [v.accessibleName() for r in roots for v in r.findChildren(QListWidget)
             if not v.count() and v.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert empty == []
    owner.apply("Harm", bruised)
    assert builder.harm_rows[1].focusPolicy() & Qt.FocusPolicy.TabFocus


def test_enter_adds_what_was_typed(window: MainWindow, qtbot: QtBot) -> None:
    owner, builder = new_scoundrel(window)
    owner.apply("Lurk", lurk)
    builder.ability_edit.setFocus()
    qtbot.keyClicks(builder.ability_edit, "Infiltrator")
    press(Qt.Key.Key_Return)
    assert owner.document.special_abilities == ["Infiltrator"]
    builder.harm_text.setFocus()
    qtbot.keyClicks(builder.harm_text, "Bruised ribs")
    press(Qt.Key.Key_Return)
    assert owner.document.harm[0] == ["Bruised ribs"]

    crew_owner, crew_widget = new_crew(window)
    for edit, text in ((crew_widget.clock_name, "Bluecoat raid"),
                       (crew_widget.faction_name, "The Lampblacks"),
                       (crew_widget.claim_name, "Old bell tower")):
        edit.setFocus()
        qtbot.keyClicks(edit, text)
        press(Qt.Key.Key_Return)
    document = crew_owner.document
    assert [c.name for c in document.clocks] == ["Bluecoat raid"]
    assert [f.name for f in document.factions] == ["The Lampblacks"]
    assert document.claims[-1].name == "Old bell tower"


def test_the_rollers_harm_is_written_with_enter(window: MainWindow, qtbot: QtBot) -> None:
    owner, _builder = new_scoundrel(window)
    roller = gm_page(window).rolls.roller
    roller.harm_text.setFocus()
    qtbot.keyClicks(roller.harm_text, "Grazed by a bolt")
    press(Qt.Key.Key_Return)
    assert owner.document.harm[1] == ["Grazed by a bolt"]


def test_enter_on_a_harm_heals_it_and_the_focus_moves_on(window: MainWindow) -> None:
    owner, builder = new_scoundrel(window)
    owner.apply("Harm", bruised)
    rows = builder.harm_rows[1]
    rows.setFocus()
    rows.setCurrentRow(0)
    after = press(Qt.Key.Key_Return)
    assert owner.document.harm[1] == []
    assert after is not rows  # an empty list hands the focus on


def test_the_experience_box_reads_down_the_page(window: MainWindow) -> None:
    """Rolled desperate sits under the four XP tracks: Tab reaches it after them."""
    owner, builder = new_scoundrel(window)
    owner.apply("Lurk", lurk)
    reached = walk(builder.texts["vice_purveyor"], 10)
    assert reached[0] is builder.xp_plus["insight"]
    assert reached[-3:] == [builder.advance_choice["playbook"], builder.desperate_action,
                            builder.desperate]


def test_shift_tab_from_the_ledger_brings_the_last_field_into_view(
        window: MainWindow, qtbot: QtBot) -> None:
    _owner, builder = new_scoundrel(window)
    last = builder.attribute_of["wreck"]
    builder.form_scroll.verticalScrollBar().setValue(0)
    assert not in_view(last, builder.form_scroll)
    assert walk(builder.ledger.lines, 1, back=True) == [last]
    qtbot.waitUntil(lambda: in_view(last, builder.form_scroll))
    assert walk(last, 2) == [builder.ledger.lines, builder.ledger.problems]


def test_the_crews_heat_checkbox_and_clock_faces_come_where_they_sit(
        window: MainWindow, qtbot: QtBot) -> None:
    owner, crew_widget = new_crew(window)
    owner.apply("Clocks", two_clocks)
    assert walk(crew_widget.clear_heat, 1) == [crew_widget.score_heat]
    faces = [face for face, _label in crew_widget._faces.values()]
    qtbot.waitUntil(lambda: all(face.isVisible() for face in faces))  # shown by the loop
    assert walk(crew_widget.add_claim, 3) == [*faces, crew_widget.clocks]


def test_tab_leaves_the_gm_screens_tables(window: MainWindow) -> None:
    page = gm_page(window)
    rolls = page.rolls
    rolls.results.setCurrentCell(0, 0)
    beyond = walk(rolls.results, 1)[0]
    assert beyond is not rolls.results
    page.setCurrentWidget(page.clocks)
    for table in (page.clocks.table,):
        table.setCurrentCell(0, 0)
        assert walk(table, 1)[0] is not table
        assert walk(table, 1, back=True)[0] is not table


def test_a_focused_clock_shows_a_ring_beside_it(window: MainWindow, qtbot: QtBot) -> None:
    """The ring was drawn on the clock's own outline, where no one could see it."""
    _owner, builder = new_scoundrel(window)
    face = builder.healing
    assert isinstance(face, ClockFace)

    def ring_pixels() -> int:
        image = QImage(face.size(), QImage.Format.Format_ARGB32)
        image.fill(QColor(0, 0, 0, 0))
        face.render(image)
        colour = face.palette().color(QPalette.ColorRole.Highlight)
        inside = QRect(6, 6, face.width() - 12, face.height() - 12)
        return sum(1 for x in range(face.width()) for y in range(face.height())
                   if not inside.contains(x, y)
                   and _near(QColor(image.pixel(x, y)), colour))

    builder.texts["name"].setFocus()
    assert ring_pixels() == 0
    face.setFocus()
    qtbot.waitUntil(face.hasFocus)
    assert ring_pixels() > 40


def _near(a: QColor, b: QColor) -> bool:
    return (abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())
            < 60 and a.alpha() > 128)


def test_an_opened_crews_clock_faces_come_before_its_table(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    """The faces of a crew read from a file are made before its tab holds the editor."""
    path = tmp_path / "crew.bladescrew"
    saved = DocumentOwner(CREW, Crew())
    saved.apply("Clocks", two_clocks)
    saved.save(path)
    window.controller.open_path(path)
    tab = window.controller.current_tab()
    assert tab is not None and isinstance(tab.widget, CrewWidget)
    crew_widget = tab.widget
    faces = [face for face, _label in crew_widget._faces.values()]
    qtbot.waitUntil(lambda: all(face.isVisible() for face in faces))
    assert walk(crew_widget.add_claim, 3) == [*faces, crew_widget.clocks]
