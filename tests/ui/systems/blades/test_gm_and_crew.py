"""The GM screen page (odds, clocks, reference) and the crew editor, through real widgets."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from seforge.systems.blades import odds
from seforge.systems.blades.documents import CREW
from seforge.systems.blades.facts import Effect
from seforge.systems.blades.models import Crew
from ui.shell.system_uis import SystemUi
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.crew_editor import CrewEditor, CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen


def test_system_ui_protocol_and_choices() -> None:
    assert isinstance(SYSTEM_UI, SystemUi)
    assert [c.format_id for c in SYSTEM_UI.new_document_choices()] == [
        "blades.character", "blades.crew"]


def test_action_odds_zero_dice_and_push_or_bargain(qtbot: QtBot) -> None:
    screen = SYSTEM_UI.gm_screen()
    qtbot.addWidget(screen)
    assert isinstance(screen, BladesGmScreen)
    rolls = screen.rolls
    rolls.rating.setValue(0)
    assert rolls.results.item(0, 1).text() == "0.00%"
    assert rolls.results.item(3, 1).text() == "75.00%"
    assert rolls.results.item(3, 1).toolTip() == "exactly 3/4"
    assert "keep the lower" in rolls.pool.text()
    rolls.push.setChecked(True)
    assert not rolls.bargain.isEnabled()
    assert "not both" in rolls.bargain.toolTip()
    assert "roller 2" in rolls.pool.text()
    rolls.assist.setChecked(True)
    assert "Pool 2d" in rolls.pool.text() and "helper 1" in rolls.pool.text()
    assert rolls.results.item(0, 1).toolTip() == "exactly 1/36"
    rolls.push_effect.setChecked(True)
    assert "roller 4" in rolls.pool.text() and "great effect (3 clock ticks" in rolls.pool.text()
    rolls.position.setCurrentIndex(rolls.position.findData("desperate"))
    assert "severe harm" in rolls.consequences.item(0, 1).text()
    rolls.resist_dice.setValue(3)
    assert rolls.stress.item(0, 0).text() == "clear 1 (critical)"
    assert rolls.expected.toolTip() == "exactly 209/216"
    rolls.versus.setValue(2)
    assert "Against 2d" in rolls.fortune.text()
    assert "leader's expected stress 0.50" in rolls.group.text()  # two members of 2d
    for spin in rolls.members:
        spin.setValue(-1)
    assert rolls.group.text().startswith("Give at least one")


def test_clock_fill_odds_and_reference_search(qtbot: QtBot) -> None:
    screen = BladesGmScreen()
    qtbot.addWidget(screen)
    clocks = screen.clocks
    clocks.segments.setCurrentIndex(clocks.segments.findData(4))
    clocks.dice.setValue(1)
    clocks.rolls.setValue(3)
    expected = odds.clock_fill_odds(4, 1, Effect.STANDARD, 3)
    assert clocks.table.item(2, 1).toolTip() == f"exactly {expected}"
    assert clocks.summary.toolTip() == f"exactly {Fraction(4)}"
    clocks.effect.setCurrentIndex(clocks.effect.findData("zero"))
    assert "never fills" in clocks.summary.text()
    ref = screen.reference
    assert ref.pick.count() == 16 + 7 + 6 + 1  # rules, playbooks, crew types, lists
    qtbot.keyClicks(ref.search, "drowned")
    assert ref.pick.count() == 1 and ref.pick.currentText().startswith("Harm")
    assert ref.table.rowCount() == 1
    assert "Source: SRD: Harm" in ref.source.text()
    assert "L305" in ref.source.toolTip() and ".txt" not in ref.source.text()
    ref.search.setText("insight")
    titles = [ref.pick.itemText(i) for i in range(ref.pick.count())]
    assert any(t.startswith("Actions") for t in titles)
    ref.pick.setCurrentIndex(next(i for i, t in enumerate(titles) if t.startswith("Actions")))
    sources = [ref.table.item(r, ref.table.columnCount() - 1).text()
               for r in range(ref.table.rowCount())]
    assert any("not in the text" in s for s in sources)
    assert any(s.startswith("SRD: Actions") for s in sources)


def test_crew_editor_clocks_and_factions(qtbot: QtBot, tmp_path: Path) -> None:
    editor = SYSTEM_UI.new_editor("blades.crew")
    assert isinstance(editor, CrewEditor)
    widget = editor.widget()
    qtbot.addWidget(widget)
    assert isinstance(widget, CrewWidget)
    widget.show()
    _add_and_fill_a_clock(qtbot, editor, widget)
    _go_to_war_and_gain_rep(qtbot, editor, widget)
    _hold_a_claim(qtbot, editor, widget)
    path = tmp_path / "crew.bladescrew"
    editor.owner.save(path)
    assert CREW.load(path) == editor.owner.document


def _add_and_fill_a_clock(qtbot: QtBot, editor: CrewEditor, widget: CrewWidget) -> None:
    widget.clock_name.setText("Alarm")
    qtbot.mouseClick(widget.add_clock, Qt.MouseButton.LeftButton)
    widget.clock_name.setText("Alarm")
    assert not widget.add_clock.isEnabled()
    assert "already a clock" in widget.add_clock.toolTip()
    # the clock just added is selected: it can be ticked at once
    assert widget.clocks.currentRow() == 0 and widget.tick.isEnabled()
    widget.clocks.clearSelection()
    assert not widget.tick.isEnabled() and "select a clock" in widget.tick.toolTip()
    widget.clocks.selectRow(0)
    first = odds.clock_fill_odds(4, 2, Effect.STANDARD, 1)
    assert widget.fill_odds.toolTip().startswith(f"exactly {first},")
    assert "Alarm: within 1/2/3 rolls" in widget.fill_odds.text()
    for _ in range(4):
        qtbot.mouseClick(widget.tick, Qt.MouseButton.LeftButton)
    assert editor.owner.document.clocks[0].filled == 4
    assert not widget.tick.isEnabled() and "already full" in widget.tick.toolTip()


def _go_to_war_and_gain_rep(qtbot: QtBot, editor: CrewEditor, widget: CrewWidget) -> None:
    widget.faction_name.setText("Bluecoats")
    qtbot.mouseClick(widget.add_faction, Qt.MouseButton.LeftButton)
    widget.factions.selectRow(0)
    widget.status_spin.setValue(-3)
    qtbot.mouseClick(widget.set_status, Qt.MouseButton.LeftButton)
    assert editor.owner.document.factions[0].status == -3
    assert "war" in widget.factions.item(0, 3).text()
    qtbot.mouseClick(widget.gain_rep, Qt.MouseButton.LeftButton)
    assert editor.owner.document.rep == 2
    assert not widget.develop.isEnabled() and "not full" in widget.develop.toolTip()
    widget.coin_amount.setValue(5)
    assert not widget.gain_coin.isEnabled() and "vault" in widget.gain_coin.toolTip()
    editor.owner.undo_stack.undo()
    assert editor.owner.document.rep == 0


def _hold_a_claim(qtbot: QtBot, editor: CrewEditor, widget: CrewWidget) -> None:
    widget.claim_name.setText("Docks")
    widget.claim_turf.setChecked(True)
    qtbot.mouseClick(widget.add_claim, Qt.MouseButton.LeftButton)
    item = widget.claims.item(0)
    assert item.text() == "Docks (turf) — not held"
    item.setCheckState(Qt.CheckState.Checked)
    assert editor.owner.document.claims[0].held
    assert widget.claims.item(0).text() == "Docks (turf) — held"
    assert "of 11" in widget.rep.text()


def crew_with_clocks(qtbot: QtBot, *names: str) -> tuple[CrewEditor, CrewWidget]:
    """A new crew's editor, shown, with these clocks added through its widgets."""
    editor = SYSTEM_UI.new_editor("blades.crew")
    assert isinstance(editor, CrewEditor)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    widget.show()
    for name in names:
        widget.clock_name.setText(name)
        qtbot.mouseClick(widget.add_clock, Qt.MouseButton.LeftButton)
    return editor, widget


def test_the_link_button_asks_the_rules_about_the_chosen_clocks(qtbot: QtBot) -> None:
    """A clock linked to itself, or a pair linked already, leaves Link disabled with the
    reason (it was enabled, and a second click listed the same link twice)."""
    editor, widget = crew_with_clocks(qtbot, "Patrol", "Vault")
    assert widget.link_first.currentText() == widget.link_second.currentText() == "Patrol"
    assert not widget.link_button.isEnabled()
    assert "itself" in widget.link_button.toolTip()
    widget.link_second.setCurrentIndex(widget.link_second.findText("Vault"))
    assert widget.link_button.isEnabled()
    qtbot.mouseClick(widget.link_button, Qt.MouseButton.LeftButton)
    assert len(editor.owner.document.links) == 1
    assert not widget.link_button.isEnabled()
    assert "linked already" in widget.link_button.toolTip()
    qtbot.mouseClick(widget.link_button, Qt.MouseButton.LeftButton)
    assert len(editor.owner.document.links) == 1
    assert widget.links.text() == "Vault waits for Patrol to fill (linked)"


def test_crew_pays_tier_one_from_the_scoundrels(qtbot: QtBot) -> None:
    """Issue 31: 'Not now: Tier 1 costs 8 coin; the lair holds 4' had no way out."""
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    def setup(crew: Crew) -> None:
        crew.rep, crew.coin = 12, 4

    editor.owner.apply("setup", setup)
    assert not widget.develop.isEnabled() and "holds 4" in widget.develop.toolTip()
    widget.from_pcs.setValue(4)
    assert widget.develop.isEnabled() and "8 coin" in widget.develop.toolTip()
    qtbot.mouseClick(widget.develop, Qt.MouseButton.LeftButton)
    crew = editor.owner.document
    assert (crew.tier, crew.coin, crew.hold, crew.rep) == (1, 0, "weak", 0)
    editor.owner.undo_stack.undo()
    assert editor.owner.document.tier == 0


def test_a_crew_file_with_huge_xp_is_refused_not_shown(tmp_path: Path) -> None:
    from seforge.core.documents import DocumentFileError

    path = tmp_path / "huge.bladescrew"
    path.write_text('{"format": "blades.crew", "version": 1, '
                    '"xp": 1000000000000000000000000000000}', encoding="utf-8")
    with pytest.raises(DocumentFileError) as refused:
        SYSTEM_UI.open_editor(path)
    assert "xp" in str(refused.value) and "\n" not in str(refused.value)


def _pick(combo: object, data: str) -> None:
    index = combo.findData(data)  # type: ignore[attr-defined]
    assert index >= 0, data
    combo.setCurrentIndex(index)  # type: ignore[attr-defined]
    combo.activated.emit(index)  # type: ignore[attr-defined]


def test_build_a_shadows_crew_from_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    _pick(widget.type_pick, "Shadows")
    crew = editor.owner.document
    assert crew.crew_type == "Shadows" and len(crew.claims) == 14 and crew.coin == 2
    _pick(widget.choices["reputation"], "Subtle")
    _pick(widget.choices["hunting_grounds"], "Burglary")
    _pick(widget.choices["contact"], "Fitz")
    _pick(widget.ability_pick, "Everyone Steals")
    qtbot.mouseClick(widget.add_ability, Qt.MouseButton.LeftButton)
    assert not widget.add_ability.isEnabled()
    for name in ("Thief Rigging", "Quarters"):
        row = next(r for r in range(widget.upgrades.count())
                   if widget.upgrades.item(r).data(Qt.ItemDataRole.UserRole) == name)
        widget.upgrades.setCurrentRow(row)
        qtbot.mouseClick(widget.mark_upgrade, Qt.MouseButton.LeftButton)
    crew = editor.owner.document
    assert (crew.reputation, crew.hunting_grounds, crew.contact) == (
        "Subtle", "Burglary", "Fitz")
    assert crew.special_abilities == ["Everyone Steals"]
    assert crew.upgrades == {"Hidden Lair": 1, "Training: Prowess": 1, "Thief Rigging": 1,
                             "Quarters": 1}
    assert "2 of 2 boxes" in widget.upgrade_boxes.text()
    assert not widget.add_cohort.isEnabled() and "costs 2" in widget.add_cohort.toolTip()
    for _ in range(8):
        qtbot.mouseClick(widget.xp_plus, Qt.MouseButton.LeftButton)
    assert editor.owner.document.xp == 8 and "8/8" in widget.xp_track.text()
    _pick(widget.advance_kind, "upgrades")
    qtbot.mouseClick(widget.advance, Qt.MouseButton.LeftButton)
    assert editor.owner.document.xp == 0
    assert "gains 2 stash" in widget.status.text()
    _pick(widget.cohort_kind, "gang")
    widget.cohort_type.setCurrentText("Skulks")
    qtbot.mouseClick(widget.add_cohort, Qt.MouseButton.LeftButton)
    assert editor.owner.document.cohorts[0].type == "Skulks"
    editor.owner.undo_stack.undo()
    assert editor.owner.document.cohorts == []
    path = tmp_path / "lampblacks.bladescrew"
    editor.owner.save(path)
    assert CREW.load(path) == editor.owner.document


def test_reference_shows_the_playbooks_and_crews_with_their_source(qtbot: QtBot) -> None:
    screen = SYSTEM_UI.gm_screen()
    qtbot.addWidget(screen)
    assert isinstance(screen, BladesGmScreen)
    ref = screen.reference
    ref.search.setText("infiltrator")
    titles = [ref.pick.itemText(i) for i in range(ref.pick.count())]
    assert titles[0] == "Lurk playbook (2)"
    assert "CC BY 3.0" in ref.source.text() and "Lurk playbook" in ref.source.text()
    assert "lurk.json" in ref.source.toolTip()
    cells = [ref.table.item(r, 2).text() for r in range(ref.table.rowCount())]
    assert any(c.startswith("Tier and quality never lower") for c in cells)
    ref.search.setText("hidden lair")
    assert any(t.startswith("Shadows crew") for t in
               (ref.pick.itemText(i) for i in range(ref.pick.count())))
    ref.search.setText("consequences by position")
    assert "@TODO at line 254" in ref.source.text() and "inferred" in ref.source.text()
    assert "L242" in ref.source.toolTip()


def test_a_link_is_removed_with_the_unlink_button(qtbot: QtBot) -> None:
    """A link used to go only with an undo: Unlink removes the chosen pair's link (either
    way round) as one undoable step, and is refused for a pair that is not linked."""
    editor, widget = crew_with_clocks(qtbot, "Patrol", "Vault", "Fire")
    widget.link_second.setCurrentIndex(widget.link_second.findText("Vault"))
    assert not widget.unlink_button.isEnabled()
    assert "not linked" in widget.unlink_button.toolTip()
    qtbot.mouseClick(widget.link_button, Qt.MouseButton.LeftButton)
    widget.link_first.setCurrentIndex(widget.link_first.findText("Vault"))
    widget.link_second.setCurrentIndex(widget.link_second.findText("Patrol"))
    assert widget.unlink_button.isEnabled()
    qtbot.mouseClick(widget.unlink_button, Qt.MouseButton.LeftButton)
    assert editor.owner.document.links == []
    assert widget.links.text() == "No links."
    assert editor.owner.undo_stack.undoText() == "Unlink clocks"
    editor.owner.undo_stack.undo()
    assert len(editor.owner.document.links) == 1


def test_a_long_clock_name_shows_whole_where_the_table_has_room(qtbot: QtBot) -> None:
    """Found at 1366x768: the clock table kept its names in a 100 px column ('The
    Bluecoats of the Ninth ...') and gave 660 px to the squares of the Filled column."""
    name = "The Bluecoats of the Ninth Precinct close in"
    _editor, widget = crew_with_clocks(qtbot, name, "Short")
    widget.resize(900, 1600)
    qtbot.waitUntil(lambda: widget.clocks.viewport().width() > 700)
    table = widget.clocks
    header = table.horizontalHeader()
    needed = table.fontMetrics().horizontalAdvance(name)
    assert header.sectionSize(0) > needed
    for column in (1, 2):   # the kind and the squares keep their own text whole
        item = table.item(0, column)
        assert header.sectionSize(column) > table.fontMetrics().horizontalAdvance(item.text())
    assert sum(header.sectionSize(c) for c in range(3)) <= table.viewport().width()


def test_take_follows_the_ability_picked(qtbot: QtBot) -> None:
    """Found at the table: after a crew advance for a special ability, picking a new
    ability in the box left Take disabled with 'Forged in the Fire is already taken' (the
    button followed the ability shown at the last change of the crew, not the one picked)."""
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    _pick(widget.type_pick, "Bravos")
    _pick(widget.ability_pick, "Forged in the Fire")
    qtbot.mouseClick(widget.add_ability, Qt.MouseButton.LeftButton)
    assert editor.owner.document.special_abilities == ["Forged in the Fire"]
    _pick(widget.ability_pick, "Blood Brothers")
    assert not widget.add_ability.isEnabled()
    assert "one special ability" in widget.add_ability.toolTip()
    for _ in range(8):
        qtbot.mouseClick(widget.xp_plus, Qt.MouseButton.LeftButton)
    _pick(widget.advance_kind, "ability")
    qtbot.mouseClick(widget.advance, Qt.MouseButton.LeftButton)
    _pick(widget.ability_pick, "Forged in the Fire")
    assert not widget.add_ability.isEnabled()
    assert "already taken" in widget.add_ability.toolTip()
    _pick(widget.ability_pick, "Blood Brothers")
    assert widget.add_ability.isEnabled(), widget.add_ability.toolTip()
    qtbot.mouseClick(widget.add_ability, Qt.MouseButton.LeftButton)
    assert editor.owner.document.special_abilities == ["Forged in the Fire", "Blood Brothers"]


def test_the_crew_page_fits_beside_a_wider_gm_screen(qtbot: QtBot) -> None:
    """Found at 1024x768 with the GM Screen dock 430 px wide (as a 1366 session left it):
    the crew page scrolled sideways by 19 px; the rep, heat and coin lines and the
    upgrade count held it wider than the room its tab had."""
    from tests.ui.shell.layout_check import sideways_scrolling

    editor, widget = crew_with_clocks(
        qtbot, "The Bluecoats of the Ninth Precinct close in on the bell tower lair")
    _pick(widget.type_pick, "Bravos")
    editor.owner.apply("Heat", lambda c: setattr(c, "wanted", 2))
    widget.resize(584, 700)
    qtbot.waitUntil(lambda: widget.viewport().width() < 584)
    for _ in range(3):
        QApplication.processEvents()
    assert sideways_scrolling(widget) == []


def test_a_wide_crew_page_keeps_the_crew_box_whole(qtbot: QtBot) -> None:
    """Where the tab has room for the crew box above the rep, heat and coin lines but not
    beside them at their width (1366x768), they stay one above the other: the crew's name
    shows whole and each count stays on one line."""
    name = "The Lantern Keepers of the Old Crow Quarter Dockside"
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    _pick(widget.type_pick, "Bravos")
    editor.owner.apply("Name", lambda c: setattr(c, "name", name))
    widget.resize(930, 700)
    widget.show()
    qtbot.waitUntil(lambda: widget.viewport().width() > 900)
    for _ in range(3):
        QApplication.processEvents()
    assert widget.name.width() > widget.name.fontMetrics().horizontalAdvance(name)
    for count in (widget.rep, widget.heat, widget.coin):
        assert count.height() < 2 * count.fontMetrics().lineSpacing(), count.text()
