"""Choices carry values: every item of every 2d20 combo box (record editor, calculator,
conflict view, settings, roller) is picked through the widget, and the document then holds
valid model values of the model's own types (an enum, never a bare str) and the rules answer
as the core does on a freshly validated copy."""

from __future__ import annotations

import types
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel
from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from seforge.core.trackers import TimeUnit
from seforge.systems.twod20 import attacks, dice
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Side
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import check_character
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.record_editor import RecordEditor
from ui.systems.twod20.twod20_ui import SYSTEM_UI

THAK = Path(__file__).parents[4] / "resources" / "systems" / "twod20" / "thak-the-reaver.s2d20"


def check_value(value: Any, annotation: Any, where: str) -> None:
    origin = get_origin(annotation)
    if origin is Annotated:
        check_value(value, get_args(annotation)[0], where)
    elif origin in (Union, types.UnionType):
        if value is not None:
            options = [a for a in get_args(annotation) if a is not type(None)]
            assert any(not isinstance(a, type) or isinstance(value, a) for a in options), where
            for option in options:
                if isinstance(option, type) and isinstance(value, option):
                    check_value(value, option, where)
    elif origin in (list, tuple):
        args = [a for a in get_args(annotation) if a is not Ellipsis]
        for item in value:
            check_value(item, args[0], where)
    elif isinstance(annotation, type) and issubclass(annotation, Enum):
        assert type(value) is annotation, f"{where} holds {value!r}, not a {annotation.__name__}"
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        assert_typed(value)


def assert_typed(model: BaseModel) -> None:
    """Every field holds its annotation's type (enums as enums), recursively, and the model
    validates again to itself."""
    for name, info in type(model).model_fields.items():
        check_value(getattr(model, name), info.annotation, f"{type(model).__name__}.{name}")
    assert type(model).model_validate(model.model_dump(mode="json")) == model


def combos(widget: QWidget) -> list[str]:
    names = sorted({c.accessibleName() for c in widget.findChildren(QComboBox)})
    assert "" not in names, "every combo box has an accessible name"
    return names


def pick_every_item(widget: QWidget, name: str, after: Any) -> int:
    """Pick each item of the combo(s) called ``name`` in turn; ``after()`` checks each."""
    picks = 0
    count = max((c.count() for c in widget.findChildren(QComboBox)
                 if c.accessibleName() == name), default=0)
    for index in range(count):
        for combo in [c for c in widget.findChildren(QComboBox) if c.accessibleName() == name]:
            if index < combo.count():
                combo.setCurrentIndex(index)
                combo.activated.emit(index)
                picks += 1
                after()
    return picks


def test_record_editor_choices(qtbot: QtBot) -> None:
    made = SYSTEM_UI.open_editor(THAK)
    assert isinstance(made, RecordEditor)
    qtbot.addWidget(made)
    owner = made.owner

    def after() -> None:
        doc = owner.document
        assert_typed(doc)
        fresh = type(doc).model_validate(doc.model_dump(mode="json"))
        assert check_character(doc) == check_character(fresh)

    total = 0
    for profile in (Profile.CONAN, Profile.SRD2022):
        made.profile.setCurrentIndex(made.profile.findData(profile.value))
        assert owner.document.profile is profile
        if not owner.document.weapons:
            next(b for b in made.findChildren(type(made.add_wound))
                 if b.text() == "Add attack").click()
        for name in combos(made):
            if name == made.profile.accessibleName():
                continue
            total += pick_every_item(made, name, after)
    assert total > 100
    for value in ("pc", "npc"):
        made.role.setCurrentIndex(made.role.findData(value))
        assert owner.document.role.value == value
        assert_typed(owner.document)


def test_calculator_conflict_and_roller_choices(qtbot: QtBot) -> None:
    gm = SYSTEM_UI.gm_screen()
    assert isinstance(gm, GmScreen)
    qtbot.addWidget(gm)
    owner = gm.conflict_owner
    view = gm.conflict
    calc = gm.calculator

    def after_tracker() -> None:
        doc = owner.document
        assert_typed(doc)
        fresh = type(doc).model_validate(doc.model_dump(mode="json"))
        assert cf.check_conflict(doc) == cf.check_conflict(fresh)
        assert calc.settings == doc.settings

    def after_calculator() -> None:
        spec = calc.spec()
        if calc.attack_kind.currentData() == "ranged":
            assert calc.difficulty.value() == attacks.ranged_difficulty(
                calc.weapon_range.currentData() or calc.weapon_range.currentText(),
                calc.target_range.currentData() or calc.target_range.currentText(),
                calc.settings)
        if dice.why_not(spec, calc.settings) is None:
            assert calc.last_odds == dice.assisted_odds(spec, calc.helpers_in_use(),
                                                        calc.settings)

    # characters of both sides, picked through the side combo
    for side in Side:
        view.new_side.setCurrentIndex(view.new_side.findData(side.value))
        view.new_name.setText(f"Someone {side.value}")
        view.add_character()
    assert [c.side for c in owner.document.combatants] == list(Side)
    view.select("Someone npc")
    for unit in TimeUnit:
        view.effect_unit.setCurrentIndex(view.effect_unit.findData(unit.value))
        view.effect_name.setText(f"lasts a {unit.value}")
        view.add_effect()
    assert [e.unit for e in owner.document.effects] == list(TimeUnit)
    after_tracker()
    for profile in (Profile.SRD2022, Profile.CONAN):
        gm.profile.setCurrentIndex(gm.profile.findData(profile.value))
        assert owner.document.profile is profile
        for name in combos(view):
            pick_every_item(view, name, after_tracker)
        for name in combos(calc):
            pick_every_item(calc, name, after_calculator)
        for name in combos(gm.roller):
            pick_every_item(gm.roller, name, after_tracker)
    assert_typed(owner.document)
