"""The 2d20 dice roller's damage: the damage dice and the Cover or Morale dice rolled for the
calculator's set-up and the weapon's qualities, soaked by whom the damage hits, and the
Stress applied to them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLabel, QLineEdit

from seforge.core.refused import RefusedError
from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict import Conflict
from seforge.systems.twod20.models import Character
from ui.shell.refusal import refusal_text, sentence, show_refusal
from ui.systems.twod20.roller_log import LogPart
from ui.systems.twod20.roller_targets import TargetsPart


class DamageRollPart(TargetsPart, LogPart):
    """Rolling the damage (:meth:`roll_damage`) and applying its Stress
    (:meth:`apply_damage`), the attack taken from the record (:meth:`_weapon_chosen`), and
    writing a roll's result through its document's owner (:meth:`_apply_result`, which the
    test's Apply uses too)."""

    last_damage: roller.DamageRoll | None
    last_stress: int
    _cover_faces: tuple[int, ...]
    qualities: QLineEdit
    damage_result: QLabel

    def _apply_result(self, what: str, where: str, name: str, logged: str,
                      to_record: tuple[str, Callable[[Character], Any]],
                      to_tracker: tuple[str, Callable[[Conflict], Any]]) -> str | None:
        """Apply the last roll's ``what`` ("test", "damage": an undo step's text and its
        core change) to the open record when ``where`` is "record", else to ``name`` in the
        tracker, through that document's owner; the log follows the step as ``logged``
        ("the test", "3 Stress") applied to where it went. Where it went; None when it was
        refused (the log says why)."""
        try:
            if where == "record" and self.record_owner is not None:
                who, record = self._record_name(), self.record_owner
                top = self._top(record.undo_stack)
                record.apply(*to_record)
                self._wrote(what, record, top, f"{logged} applied to {who}", who)
                return who
            conflict = self.conflict_owner
            top = self._top(conflict.undo_stack)
            conflict.apply(*to_tracker)
            target = f"{name} in {self.conflict_title(conflict)}"
            self._wrote(what, conflict, top, f"{logged} applied to {target}",
                        self.conflict_title(conflict))
            return target
        except RefusedError as exc:
            self._log(sentence("Not applied", refusal_text(exc)))
            return None

    def roll_damage(self) -> None:
        calc = self.calculator
        try:
            damage = roller.roll_damage(calc.dmg_dice.value(), calc.dmg_flat.value(),
                                        self._qualities_text(), self.source)
            cover = roller.roll_soak_dice(calc.cover.value(), self.source)
        except RefusedError as exc:
            show_refusal(self.damage_result, exc, "Not rolled")
            return
        self.last_damage = damage
        self._cover_faces = cover
        self._rolls["damage"] += 1
        self._log(f"Rolled: {self._show_damage()}")
        self.refresh()

    def _soak(self) -> tuple[int, str]:
        """The static Soak against the last damage and where it comes from: the Armour (or
        Courage, for mental damage) of whom it hits when that is known, else the
        calculator's Armour (the core's ``hit_soak``, which the calculator's odds use too)."""
        mental = self.mental.isChecked()
        target, name = self._hit_target()
        soak, theirs = roller.hit_soak(target, mental, self.calculator.typed_soak())
        if not theirs:
            return soak, "the calculator's Armour"
        return soak, f"{name}'s {'Courage' if mental else 'Armour'}"

    def _show_damage(self) -> str:
        """The last damage against whom it hits now: its Stress (kept as ``last_stress``)
        and the line saying how it was worked out."""
        damage, cover = self.last_damage, self._cover_faces
        if damage is None:
            return self.damage_result.text()
        static, source = self._soak()
        soak = static + sum(cover)
        self.last_stress = damage.stress(soak)
        soak_text = (f"Soak {static} ({source}) + dice {roller.describe(cover)} = {soak}"
                     if cover else f"Soak {soak} ({source})")
        ignored = min(soak, damage.piercing)
        pierced = f", {ignored} ignored by Piercing" if ignored else ""
        text = f"{damage.summary()}. {soak_text}{pierced}: {self.last_stress} Stress."
        self.damage_result.setText(text)
        return text

    def _qualities_text(self) -> str:
        """The typed qualities, plus Vicious and Piercing from the calculator unless typed."""
        text = self.qualities.text()
        typed = roller.parse_qualities(text)
        extra = [f"{name} {box.value()}" for name, box in (
            ("Vicious", self.calculator.vicious), ("Piercing", self.calculator.piercing))
            if box.value() and name not in typed]
        if self.calculator.intense.isChecked() and "Intense" not in typed:
            extra.append("Intense")
        return ", ".join(part for part in [text, *extra] if part.strip())

    def _weapon_chosen(self, index: int) -> None:
        from seforge.systems.twod20.records import attack_damage

        owner = self.record_owner
        position = self.weapon.itemData(index)
        if owner is None or position is None:
            return
        weapon = owner.document.weapons[int(position)]
        total, _how = attack_damage(owner.document, weapon)
        self.calculator.dmg_dice.setValue(total)
        self.qualities.setText(weapon.qualities)
        self.mental.setChecked(weapon.kind == "mental")

    def _refresh_weapons(self) -> None:
        """The record's attacks, the one picked still picked while the record has it (each
        roll redraws the roller: the box went back to '(attack set above)' after the damage
        of the attack picked was rolled)."""
        chosen, shown = self.weapon.currentData(), self.weapon.currentText()
        before = self.weapon.count() - 1
        names = ([weapon.name or f"Attack {position + 1}" for position, weapon
                  in enumerate(self.record_owner.document.weapons)]
                 if self.record_owner is not None else [])
        self.weapon.blockSignals(True)
        self.weapon.clear()
        self.weapon.addItem("(attack set above)", None)
        for position, name in enumerate(names):
            self.weapon.addItem(name, position)
        # the same attack: its place holds the same name, or only names changed (a rename)
        same = chosen is not None and int(chosen) < len(names) and (
            names[int(chosen)] == shown or len(names) == before)
        self.weapon.setCurrentIndex(int(chosen) + 1 if same else 0)
        self.weapon.blockSignals(False)
        self.weapon.setEnabled(self.weapon.count() > 1)

    def _why_not_apply_damage(self) -> str | None:
        if self.last_damage is None:
            return "roll the damage first"
        written = self._why_written("damage", "this damage")
        if written is not None:
            return written
        where, name = self._damage_target()
        return None if where else name

    def apply_damage(self) -> None:
        from seforge.systems.twod20 import conflict as cf

        reason = self._why_not_apply_damage()
        if reason is not None:
            self._log(f"Not applied: {reason}.")
            return
        where, name = self._damage_target()
        amount, mental = self.last_stress, self.mental.isChecked()
        # Intense's Harm, when it fires, is added as the odds count it
        intense = self.last_damage is not None and self.last_damage.intense
        before = self._harms_of(where, name)
        target = self._apply_result(
            "damage", where, name, f"{amount} Stress",
            (f"{self._record_name()} takes {amount} Stress",
             lambda c: roller.record_take_stress(c, amount, mental, intense)),
            (f"{name} takes {amount} Stress",
             lambda d: cf.take_stress(d, name, amount, mental, intense)))
        if target is None:
            return
        harms = self._harms_of(where, name) - before
        caused = (f": {harms} Harm{'' if harms == 1 else 's'}"
                  + (", one of them Intense's" if intense and harms else "") if harms else "")
        self._log(f"Applied {amount} Stress to {target}{caused}.")
        self.refresh()

    def _harms_of(self, where: str, name: str) -> int:
        """How many Harms whom the damage hits holds now (0: nobody)."""
        if where == "record" and self.record_owner is not None:
            return len(self.record_owner.document.harms)
        hit = next((c for c in self.conflict_owner.document.combatants if c.name == name),
                   None)
        return len(hit.harms) if hit is not None else 0
