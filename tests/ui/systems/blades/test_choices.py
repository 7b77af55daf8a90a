"""Choices carry values: every item of every Blades combo is picked through the widget,
and the document then holds a valid model value the rules accept (Qt hands over plain
strings; the model must still get its own types)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import odds, rules
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.facts import Effect, Position
from seforge.systems.blades.models import Crew, Scoundrel
from ui.systems.blades.blades_ui import SYSTEM_UI
from ui.systems.blades.crew_editor import CrewWidget
from ui.systems.blades.gm_screen import BladesGmScreen


def _pick_every_item(widget: QWidget, after: object) -> int:
    picked = 0
    for combo in widget.findChildren(QComboBox):
        for index in range(combo.count()):
            if index >= combo.count():  # a pick may rebuild the list
                break
            item_model = combo.model()
            item = item_model.item(index) if hasattr(item_model, "item") else None
            if item is not None and not item.isEnabled():
                continue
            combo.setCurrentIndex(index)
            combo.activated.emit(index)
            after()  # type: ignore[operator]
            picked += 1
    return picked


def test_every_builder_combo_leaves_a_valid_scoundrel(qtbot: QtBot) -> None:
    editor = SYSTEM_UI.new_editor(SCOUNDREL.format_id)
    widget = editor.widget()
    qtbot.addWidget(widget)

    def valid() -> None:
        sc = editor.owner.document
        assert Scoundrel.model_validate(sc.model_dump()) == sc
        assert isinstance(sc.vice, str) and type(sc.playbook) is str
        rules.check_scoundrel(sc)

    assert _pick_every_item(widget, valid) > 40
    assert editor.owner.document.playbook  # the last playbook picked is kept


def test_every_crew_combo_leaves_a_valid_crew(qtbot: QtBot) -> None:
    editor = SYSTEM_UI.new_editor(CREW.format_id)
    widget = editor.widget()
    assert isinstance(widget, CrewWidget)
    qtbot.addWidget(widget)

    def valid() -> None:
        crew = editor.owner.document
        assert Crew.model_validate(crew.model_dump()) == crew
        assert type(crew.crew_type) is str and type(crew.hold) is str
        crew_rules.rep_to_fill(crew)
        crew_rules.upgrade_boxes_used(crew)

    assert _pick_every_item(widget, valid) > 20
    assert editor.owner.document.crew_type == "Smugglers"


def test_every_gm_screen_combo_answers_as_the_core(qtbot: QtBot) -> None:
    screen = SYSTEM_UI.gm_screen()
    assert isinstance(screen, BladesGmScreen)
    qtbot.addWidget(screen)
    rolls = screen.rolls

    def same_as_core() -> None:
        position = Position(str(rolls.position.currentData()))
        effect = Effect(str(rolls.effect.currentData()))
        result = odds.action_odds(rolls.rating.value(), rolls.bonus(), position, effect)
        assert f"{result.final_effect.value} effect" in rolls.pool.text()

    assert _pick_every_item(screen, same_as_core) > 10
