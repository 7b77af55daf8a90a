"""The dice roller on the Rolls page writes to the open scoundrel or crew through its
owner: one undo step per write, each logged."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel
from tests.ui.keyboard import active_window
from ui.shell.document_owner import DocumentOwner
from ui.shell.window import MainWindow
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen
from ui.systems.blades.window_part import BladesWindowPart


@pytest.fixture
def window(qtbot: QtBot, prompts: list[str]) -> Iterator[MainWindow]:
    yield from active_window(qtbot)


def _screen(qtbot: QtBot) -> BladesGmScreen:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    return screen


def test_resistance_roll_writes_stress_undoably(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    assert not box.take_stress.isEnabled() and "open a scoundrel" in box.take_stress.toolTip()
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross", stress=2))
    screen.set_target(owner)
    assert "scoundrel Cross" in box.target.text()
    screen.rolls.resist_dice.setValue(2)
    rolled = box.roll("resistance", random.Random(3))
    assert box.result.text().startswith("Resistance roll 2d [")
    # a resistance roll always succeeds: it reads as the stress it costs, not as a level
    assert not any(word in box.result.text() for word in ("success", "bad outcome"))
    assert "stress" in box.result.text()
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    expected = max(0, 2 - 1) if rolled.stress < 0 else 2 + rolled.stress
    assert owner.document.stress == expected
    assert box.log.item(0).text().startswith("Written: Roll:")
    assert owner.undo_stack.undoText().startswith("Roll:")
    owner.undo_stack.undo()
    assert owner.document.stress == 2
    box.harm_text.setText("Cut to the ribs")
    box.harm_level.setValue(2)
    qtbot.mouseClick(box.write_harm, Qt.MouseButton.LeftButton)
    assert owner.document.harm[1] == ["Cut to the ribs"]


def test_action_roll_ticks_a_crew_clock(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    box = screen.rolls.roller
    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Alarm", 8)
    owner = DocumentOwner(CREW, crew)
    screen.set_target(owner)
    assert not box.tick.isEnabled() and "roll an action" in box.tick.toolTip()
    ticks = roll_until_ticks(box, screen)
    assert ticks > 0
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert owner.document.clocks[0].filled == ticks
    owner.undo_stack.undo()
    assert owner.document.clocks[0].filled == 0


def crew_rules_effect(screen: BladesGmScreen) -> object:
    from seforge.systems.blades.levels import Effect

    return Effect(str(screen.rolls.effect.currentData()))


def test_the_window_part_follows_the_current_tab(qtbot: QtBot) -> None:
    part = BladesWindowPart(window=None)
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Nadja"))
    part.current_changed(owner, None)
    page = part.gm_screen()
    assert isinstance(page, BladesGmScreen)
    qtbot.addWidget(page)
    assert page.rolls.roller.owner is owner
    part.current_changed(None, None)
    assert page.rolls.roller.owner is None
    part.current_changed(owner, None)
    assert part.released(owner) and page.rolls.roller.owner is None


def test_round_clocks_are_clicked_to_fill(qtbot: QtBot) -> None:
    import math

    from PySide6.QtCore import QPoint

    from ui.systems.blades.clock_face import segment_at
    from ui.systems.blades.crew_editor import CrewWidget

    assert segment_at(32, 5, 64, 4) == 0 and segment_at(60, 32, 64, 4) == 1
    assert segment_at(32, 60, 64, 4) == 2 and segment_at(4, 32, 64, 4) == 3
    assert segment_at(1, 1, 64, 4) is None
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)
    widget.show()
    editor.owner.apply("clock", lambda c: crew_rules.add_clock(c, "Alarm", 6))
    face, label = widget._faces["Alarm"]
    assert face.accessibleDescription() == "0 of 6 segments filled"

    def click(segment: int) -> None:
        side = min(face.width(), face.height())
        angle = math.radians((segment + 0.5) * 60)
        point = QPoint(round(side / 2 + side * 0.3 * math.sin(angle)),
                       round(side / 2 - side * 0.3 * math.cos(angle)))
        qtbot.mouseClick(face, Qt.MouseButton.LeftButton, pos=point)

    click(2)
    assert editor.owner.document.clocks[0].filled == 3 and label.text() == "Alarm\n3/6"
    click(2)  # the last filled one empties by one
    assert editor.owner.document.clocks[0].filled == 2
    face.setFocus()
    qtbot.keyClick(face, Qt.Key.Key_Plus)
    assert editor.owner.document.clocks[0].filled == 3
    editor.owner.undo_stack.undo()
    assert editor.owner.document.clocks[0].filled == 2


def test_a_roll_is_written_once(qtbot: QtBot) -> None:
    """Clicking "Take the stress" (or "Tick by effect") a second time must not pay the
    same roll twice; undoing the write lets it be written again, a new roll is new."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(owner)
    screen.rolls.rating.setValue(1)
    screen.rolls.push.setChecked(True)  # an action pushed for +1d costs 2 stress
    box.roll("action", random.Random(1))
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    assert not box.take_stress.isEnabled()
    assert "written already" in box.take_stress.toolTip()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    owner.undo_stack.undo()
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    box.roll("action", random.Random(2))
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 4

    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Alarm", 12)
    crew_owner = DocumentOwner(CREW, crew)
    screen.set_target(crew_owner)
    ticks = roll_until_ticks(box, screen)
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert crew_owner.document.clocks[0].filled == ticks
    assert not box.tick.isEnabled() and "ticked a clock already" in box.tick.toolTip()
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert crew_owner.document.clocks[0].filled == ticks


def roll_until_ticks(box: Any, screen: Any) -> int:
    """Roll actions until one fills a segment (Tick by effect enabled); its ticks."""
    rng = random.Random(0)
    for _ in range(50):
        rolled = box.roll("action", rng)
        if box.tick.isEnabled():
            return int(rolled.ticks(crew_rules_effect(screen)))
    raise AssertionError("no roll in 50 filled a segment")


def _pushed_for_two(screen: BladesGmScreen) -> None:
    """An action roll pushed for +1d: it costs the roller 2 stress."""
    screen.rolls.rating.setValue(1)
    screen.rolls.push.setChecked(True)
    screen.rolls.roller.roll("action", random.Random(1))


def test_undo_lets_a_roll_be_written_again_once(qtbot: QtBot) -> None:
    """Undo the write, and the roll can be written again, once; redo the write, and it
    stands written; undo it and edit the sheet another way, and it can be written once."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(owner)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    owner.undo_stack.undo()
    assert owner.document.stress == 0 and box.take_stress.isEnabled()
    owner.undo_stack.redo()
    assert owner.document.stress == 2 and not box.take_stress.isEnabled()
    owner.undo_stack.undo()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2 and not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    owner.undo_stack.undo()
    owner.apply("Alias", lambda sc: setattr(sc, "alias", "Ash"))  # the redo is dropped
    assert box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2 and not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    assert [owner.undo_stack.text(i) for i in range(owner.undo_stack.count())] == [
        "Alias", "Roll: 2 stress"]


def test_a_roll_is_paid_in_one_document_only(qtbot: QtBot) -> None:
    """A roll's stress written to one scoundrel is not written to another open one (nor a
    second time to the first after going there and back); undone there, it may go to
    the other; written to a document since closed, it stays paid until a new roll."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    cross = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    nadja = DocumentOwner(SCOUNDREL, Scoundrel(name="Nadja"))
    screen.set_target(cross)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert cross.document.stress == 2
    screen.set_target(nadja)
    assert not box.take_stress.isEnabled()
    assert "written already to Cross" in box.take_stress.toolTip()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert nadja.document.stress == 0
    screen.set_target(cross)
    assert not box.take_stress.isEnabled()
    cross.undo_stack.undo()
    screen.set_target(nadja)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert nadja.document.stress == 2
    screen.set_target(None)  # Nadja's tab closes: the window lets her owner go
    nadja.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    screen.set_target(cross)
    assert not box.take_stress.isEnabled()
    assert "since closed" in box.take_stress.toolTip()
    box.roll("resistance", random.Random(3))
    assert box.take_stress.isEnabled()


def _log(box: Any) -> list[str]:
    return [box.log.item(i).text() for i in range(box.log.count())]


def test_the_log_follows_undo_and_redo_of_a_write(qtbot: QtBot) -> None:
    """A write the document's history undoes reads as undone in the roller's log, and as
    written again on Redo; a write undone and then dropped by another edit stays undone;
    the log follows a document the roller no longer writes to."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    cross = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(cross)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    box.harm_text.setText("Cut to the ribs")
    qtbot.mouseClick(box.write_harm, Qt.MouseButton.LeftButton)
    assert _log(box)[:2] == ["Written: Roll: level 2 harm (Cross)",
                             "Written: Roll: 2 stress (Cross)"]
    cross.undo_stack.undo()
    assert _log(box)[:2] == ["Undone: Roll: level 2 harm (Cross)",
                             "Written: Roll: 2 stress (Cross)"]
    cross.undo_stack.undo()
    assert _log(box)[:2] == ["Undone: Roll: level 2 harm (Cross)",
                             "Undone: Roll: 2 stress (Cross)"]
    cross.undo_stack.redo()
    assert _log(box)[:2] == ["Undone: Roll: level 2 harm (Cross)",
                             "Written: Roll: 2 stress (Cross)"]
    nadja = DocumentOwner(SCOUNDREL, Scoundrel(name="Nadja"))
    screen.set_target(nadja)  # another tab: Cross's history still moves the log
    cross.undo_stack.undo()
    assert _log(box)[1] == "Undone: Roll: 2 stress (Cross)"
    assert box.take_stress.isEnabled()  # undone in Cross: it may be written to Nadja
    cross.apply("Alias", lambda sc: setattr(sc, "alias", "Ash"))  # the redo is dropped
    cross.undo_stack.undo()
    cross.undo_stack.redo()
    assert _log(box)[:2] == ["Undone: Roll: level 2 harm (Cross)",
                             "Undone: Roll: 2 stress (Cross)"]
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert nadja.document.stress == 2
    assert _log(box)[0] == "Written: Roll: 2 stress (Nadja)"


def test_edit_undo_in_the_window_marks_the_write_undone(window: MainWindow,
                                                        qtbot: QtBot) -> None:
    """Edit > Undo on the scoundrel's tab undoes the roll's write, the log says so, and
    the roll may be written once more; Edit > Redo writes it again and it may not."""
    from tests.ui.systems.blades.test_keyboard import gm_page, new_scoundrel

    owner, _builder = new_scoundrel(window)
    owner.apply("Name", lambda sc: setattr(sc, "name", "Cross"))
    screen = gm_page(window)
    box = screen.rolls.roller
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2 and _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    window.tabs.currentWidget().setFocus()
    window.undo_action.trigger()
    assert owner.document.stress == 0 and _log(box)[0] == "Undone: Roll: 2 stress (Cross)"
    assert box.take_stress.isEnabled()
    window.redo_action.trigger()
    assert owner.document.stress == 2 and _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()


def test_a_write_read_back_from_its_file_stays_paid(qtbot: QtBot, tmp_path: Path) -> None:
    """Reloading the file starts the document's history afresh: the roll's stress was
    saved with it, so the log keeps it written and the roll is not paid a second time."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(owner)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    owner.save(tmp_path / "cross.blades")
    owner.reload()
    assert owner.document.stress == 2 and owner.undo_stack.count() == 0
    assert _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2


def test_the_log_names_the_document_written_to(qtbot: QtBot) -> None:
    """With a scoundrel and a crew open, each write's line says which one it went to
    (found in a session: "Written: Roll: 2 stress" sat above a crew's clock tick); a
    tick already made in another crew says "in" it."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    cross = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(cross)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Alarm", 12)
    lanterns = DocumentOwner(CREW, crew)
    screen.set_target(lanterns)
    ticks = roll_until_ticks(box, screen)
    qtbot.mouseClick(box.tick, Qt.MouseButton.LeftButton)
    assert _log(box)[0] == f"Written: Roll: tick Alarm by {ticks} (Lanterns)"
    assert "Written: Roll: 2 stress (Cross)" in _log(box)
    lanterns.undo_stack.undo()
    assert _log(box)[0] == f"Undone: Roll: tick Alarm by {ticks} (Lanterns)"
    lanterns.undo_stack.redo()
    other = Crew(name="Hawkers")
    crew_rules.add_clock(other, "Alarm", 12)
    screen.set_target(DocumentOwner(CREW, other))
    assert "ticked a clock already in Lanterns:" in box.tick.toolTip()


def test_a_resistance_costing_no_stress_writes_nothing(qtbot: QtBot) -> None:
    """A resistance roll that costs no stress leaves "Take the stress" refused with the
    rules' reason; clicking it logs no write (found in a session: two "Written: Roll: 0
    stress" lines and no change to the sheet)."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(owner)
    screen.rolls.resist_dice.setValue(2)
    assert box.roll("resistance", random.Random(19)).stress == 0
    assert not box.take_stress.isEnabled() and "costs no stress" in box.take_stress.toolTip()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert not any(line.startswith("Written") for line in _log(box))
    assert owner.undo_stack.count() == 0


def test_a_write_reverted_away_may_be_written_again(window: MainWindow, qtbot: QtBot,
                                                    tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """File > Revert reads the sheet's file again with a fresh history: a roll's stress
    written since the last save is no longer on the sheet, so the log says the write was
    reverted and the roll may be written again, once (found in a session: the roller
    still said "written already: roll again for new stress"). Saved with the write and
    then reverted, the sheet still holds it: written, not paid again."""
    from tests.ui.systems.blades.test_keyboard import gm_page
    from ui.shell import dialogs

    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: "Revert")
    path = tmp_path / "cross.blades"
    SCOUNDREL.save(Scoundrel(name="Cross"), path)
    owner = window.open_path(path)
    assert isinstance(owner, DocumentOwner)
    screen = gm_page(window)
    box = screen.rolls.roller
    screen.rolls.rating.setValue(1)
    screen.rolls.push.setChecked(True)  # pushed for +1d: 2 stress, whatever the dice
    qtbot.mouseClick(box.roll_action, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2 and not box.take_stress.isEnabled()
    window.tabs.currentWidget().setFocus()
    assert window.revert_action.isEnabled()
    window.revert_action.trigger()
    assert owner.document.stress == 0 and owner.undo_stack.count() == 0
    assert _log(box)[0] == "Reverted: Roll: 2 stress (Cross)"
    assert box.take_stress.isEnabled(), box.take_stress.toolTip()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2 and _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
    # saved with the write, the file read again still holds it
    window.save_action.trigger()
    window.revert_action.trigger()
    assert owner.document.stress == 2 and owner.undo_stack.count() == 0
    assert _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2


def test_a_write_saved_then_undone_comes_back_with_a_revert(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    """Saved with the write, then undone: reading the file again brings the write back,
    so it stands written; undone and replaced by another edit before a revert to a file
    saved without it, it stays undone and may be written."""
    screen = _screen(qtbot)
    box = screen.rolls.roller
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Cross"))
    screen.set_target(owner)
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    owner.save(tmp_path / "cross.blades")
    owner.undo_stack.undo()
    assert box.take_stress.isEnabled() and _log(box)[0] == "Undone: Roll: 2 stress (Cross)"
    owner.reload()
    assert owner.document.stress == 2
    assert _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()
    _pushed_for_two(screen)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 4
    owner.undo_stack.undo()
    owner.apply("Alias", lambda sc: setattr(sc, "alias", "Ash"))  # the write is dropped
    owner.reload()
    assert owner.document.stress == 2 and _log(box)[0] == "Undone: Roll: 2 stress (Cross)"
    assert box.take_stress.isEnabled()


def test_a_saved_write_undone_and_replaced_comes_back_with_a_revert(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved with the write, undone and replaced by another edit: the file still holds the
    write, so File > Revert brings it back and the roll stands paid (the log used to keep
    "Undone:" and let the same stress be taken twice)."""
    from tests.ui.systems.blades.test_keyboard import gm_page
    from ui.shell import dialogs

    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: "Revert")
    path = tmp_path / "cross.blades"
    SCOUNDREL.save(Scoundrel(name="Cross"), path)
    owner = window.open_path(path)
    assert isinstance(owner, DocumentOwner)
    screen = gm_page(window)
    box = screen.rolls.roller
    screen.rolls.rating.setValue(1)
    screen.rolls.push.setChecked(True)  # pushed for +1d: 2 stress, whatever the dice
    qtbot.mouseClick(box.roll_action, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    window.tabs.currentWidget().setFocus()
    window.save_action.trigger()
    window.undo_action.trigger()
    assert owner.document.stress == 0 and _log(box)[0] == "Undone: Roll: 2 stress (Cross)"
    owner.apply("Alias", lambda sc: setattr(sc, "alias", "Ash"))  # the write is dropped
    assert box.take_stress.isEnabled()
    window.revert_action.trigger()
    assert owner.document.stress == 2 and owner.document.alias == ""
    assert _log(box)[0] == "Written: Roll: 2 stress (Cross)"
    assert not box.take_stress.isEnabled()
    qtbot.mouseClick(box.take_stress, Qt.MouseButton.LeftButton)
    assert owner.document.stress == 2
