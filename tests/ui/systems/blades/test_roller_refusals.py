"""The roller's buttons read the state they act on (the clock picked, the effect set, the
harm's level), so a click the core would refuse is not offered; and a write refused all
the same is answered in the roll log, never in a window of its own.

Found in a real session under X11: a write the core refused was shown in a status label
made without a parent, so Qt mapped it as a top-level window for a moment and destroyed it
again inside the click (the app died soon after in the X11 plugin, with a window that had
no screen)."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.facts import Effect
from seforge.systems.blades.models import Crew, Scoundrel
from tests.ui.keyboard import choose_with_keys
from ui.shell.document_owner import DocumentOwner
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.gm_screen import BladesGmScreen


class _WindowsShown(QObject):
    """Every window (a widget with no parent, or a top-level one) shown while it listens,
    tooltips and popups left out."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                and watched.isWindow() and watched.objectName() != "qtooltip_label"
                and watched.parentWidget() is None):
            self.shown.append(f"{type(watched).__name__}: {getattr(watched, 'text', str)()}")
        return False


def _rolled(qtbot: QtBot) -> tuple[BladesGmScreen, DocumentOwner[Crew]]:
    """A GM Screen on a crew with an empty clock and a full one, after an action roll
    that ticks a clock at standard effect (the empty clock picked)."""
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    screen.show()
    crew = Crew(name="Lanterns")
    crew_rules.add_clock(crew, "Alarm", 4)
    crew_rules.add_clock(crew, "Done", 4)
    crew_rules.tick(crew, "Done", 4)
    owner = DocumentOwner(CREW, crew)
    screen.set_target(owner)
    box = screen.rolls.roller
    rng = random.Random(3)
    while box.roll("action", rng).ticks(Effect.STANDARD) == 0:
        pass
    assert box.clock.currentText() == "Alarm"
    assert box.tick.isEnabled()
    return screen, owner


def test_picking_a_full_clock_after_the_roll_disables_tick(qtbot: QtBot) -> None:
    screen, _owner = _rolled(qtbot)
    box = screen.rolls.roller
    choose_with_keys(qtbot, box.clock, box.clock.findText("Done"))
    assert not box.tick.isEnabled()
    assert "already full" in box.tick.toolTip()
    choose_with_keys(qtbot, box.clock, box.clock.findText("Alarm"))
    assert box.tick.isEnabled()


def test_setting_zero_effect_after_the_roll_disables_tick(qtbot: QtBot) -> None:
    screen, _owner = _rolled(qtbot)
    box, effect = screen.rolls.roller, screen.rolls.effect
    choose_with_keys(qtbot, effect, effect.findData(Effect.ZERO.value))
    assert not box.tick.isEnabled()
    assert "filled no segment" in box.tick.toolTip()


def test_raising_the_harm_level_to_a_full_row_disables_write_harm(qtbot: QtBot) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    screen.show()
    hurt = Scoundrel(name="Vey", stage="play", harm=[[], [], ["Broken leg"]])
    screen.set_target(DocumentOwner(SCOUNDREL, hurt))
    box = screen.rolls.roller
    assert box.harm_level.value() == 2 and box.write_harm.isEnabled()
    box.harm_level.setFocus()
    qtbot.keyClick(box.harm_level, Qt.Key.Key_Up)
    assert box.harm_level.value() == 3
    assert not box.write_harm.isEnabled()
    assert "severe row is full" in box.write_harm.toolTip()


def test_a_refused_write_is_logged_and_opens_no_window(qtbot: QtBot) -> None:
    screen, owner = _rolled(qtbot)
    box = screen.rolls.roller
    box.clock.blockSignals(True)  # a click the buttons' state let through (stale before)
    box.clock.setCurrentIndex(box.clock.findText("Done"))
    box.clock.blockSignals(False)
    watcher = _WindowsShown()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(watcher)
    try:
        box.apply_ticks()
    finally:
        app.removeEventFilter(watcher)
    assert watcher.shown == []
    assert box.log.item(0).text() == "Not done: Done is already full."
    assert owner.undo_stack.count() == 0


def test_written_harm_leaves_the_harm_field_empty(qtbot: QtBot) -> None:
    """Found in a played session: after Write harm the field kept "Cut to the ribs", so
    the same harm was one click from being written twice."""
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    screen.show()
    owner = DocumentOwner(SCOUNDREL, Scoundrel(name="Vey", stage="play"))
    screen.set_target(owner)
    box = screen.rolls.roller
    box.harm_text.setFocus()
    qtbot.keyClicks(box.harm_text, "Cut to the ribs")
    qtbot.mouseClick(box.write_harm, Qt.MouseButton.LeftButton)
    assert "Cut to the ribs" in [h for row in owner.document.harm for h in row]
    assert box.harm_text.text() == ""
