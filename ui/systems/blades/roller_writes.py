"""What a Blades roll writes to the open scoundrel or crew (or the group's leader): its
stress, a resisted harm lowered a level, desperate XP, a harm, a clock's ticks; and why each
cannot be written now, as the buttons say before they are clicked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLineEdit, QPushButton, QSpinBox

from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades import play, roller, rules
from seforge.systems.blades.facts import Effect, attribute_of
from seforge.systems.blades.levels import effect_step
from seforge.systems.blades.models import Crew, Scoundrel
from ui.shell.name_pick import NamePick
from ui.shell.refusal import refuse
from ui.systems.blades.common import TraumaPick
from ui.systems.blades.roller_log import RollerLog

if TYPE_CHECKING:
    from ui.systems.blades.gm_screen import RollsTab


class RollerWrites(RollerLog):
    """The last roll's costs (:meth:`_stress`, :meth:`_effect`), each write
    (:meth:`apply_stress`, :meth:`apply_lower_harm`, :meth:`apply_desperate_xp`,
    :meth:`apply_harm`, :meth:`apply_ticks`) and why it may not be made now."""

    rolls: RollsTab
    last: roller.Roll | None
    last_kind: str
    last_action: str
    last_desperate: bool
    last_push_stress: int
    last_push_effect: bool
    trauma: TraumaPick
    lower_pick: NamePick
    _lowerable: list[tuple[int, int]]
    lower_harm: QPushButton
    harm_level: QSpinBox
    harm_text: QLineEdit
    clock: NamePick

    def _open_crews(self) -> list[str]:
        """The names of the crews open in the window's tabs (the box's own)."""
        raise NotImplementedError

    def _effect(self) -> Effect:
        """The last action or group roll's effect: the one set on its page (the GM may
        lower it after the roll), a step up when the roll was pushed for +1 effect."""
        if self.last_kind == "group":
            return self.rolls.group_page.picked_effect()
        effect = Effect(str(self.rolls.effect.currentData()))
        return effect_step(effect, 1) if self.last_push_effect else effect

    def _stress(self) -> int | None:
        if self.last is None:
            return None
        if self.last_kind == "resistance":
            return self.last.stress
        if self.last_kind == "action":
            return self.last_push_stress or None
        if self.last_group is not None:
            return self.last_group.leader_stress
        return None

    def _why_not_stress(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last roll's stress cannot be written to the scoundrel, or None."""
        stress = self._stress()
        if scoundrel is None:
            return ("open a scoundrel to lead the group" if self.last_group is not None
                    else "open a scoundrel")
        if stress is None:
            return "roll resistance, a group action or an action you pushed first"
        if self._is_written("stress"):
            return (f"this roll's stress is written already{self._where('stress')}: roll "
                    "again for new stress")
        if self.last_group is not None:
            return play.why_not_lead_group(scoundrel, stress, self.trauma.condition())
        return play.why_not_resist(scoundrel, stress, self.trauma.condition())

    def _refresh_lower(self, scoundrel: Scoundrel | None) -> None:
        """Offer the sheet's harms, and lowering the one picked once per resistance roll."""
        harms = [(level, index, text) for level, row in
                 enumerate(scoundrel.harm if scoundrel is not None else [], 1)
                 for index, text in enumerate(row)]
        picked = self._lower_picked()
        places = [(level, index) for level, index, _text in harms]
        names = [f"Level {level}: {text}" for level, _index, text in harms]
        if places != self._lowerable or names != [
                self.lower_pick.itemText(i) for i in range(self.lower_pick.count())]:
            self.lower_pick.blockSignals(True)
            self.lower_pick.set_names(names)
            # the harm picked stays picked; else the worst, the last written in its row
            self.lower_pick.setCurrentIndex(places.index(picked) if picked in places
                                            else len(places) - 1)
            self.lower_pick.blockSignals(False)
            self._lowerable = places
        refuse(self.lower_harm, self._why_not_lower(scoundrel),
               "The resistance roll lowers the picked harm a level on the sheet (a level 1 "
               "harm goes): when the GM rules the harm reduced")

    def _lower_picked(self) -> tuple[int, int] | None:
        index = self.lower_pick.currentIndex()
        return self._lowerable[index] if 0 <= index < len(self._lowerable) else None

    def _why_not_lower(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last roll cannot lower the picked harm, or None."""
        if scoundrel is None:
            return "open a scoundrel"
        if self.last is None or self.last_kind != "resistance":
            return "roll resistance first: a resisted harm drops a level"
        if self._is_written("lower"):
            return (f"this roll has lowered a harm already{self._where('lower', 'in')}: "
                    "roll again to resist another")
        picked = self._lower_picked()
        if picked is None:
            return "the sheet has no harm to lower"
        return play.why_not_lower_harm(scoundrel, *picked)

    def _why_not_xp(self, scoundrel: Scoundrel | None) -> str | None:
        """Why the last action (or group) roll's desperate XP cannot be marked, or None:
        a group's is the leader's, for the leader's action picked from its sheet."""
        group = self.last_group is not None
        if scoundrel is None:
            return "open a scoundrel to lead the group" if group else "open a scoundrel"
        if self.last is None or self.last_kind not in ("action", "group"):
            return "roll an action or a group action first"
        if not self.last_desperate:
            return (f"the last {'group' if group else 'action'} roll was not at a desperate "
                    "position")
        if not self.last_action:
            return ("pick the leader's action from the sheet before rolling: it says which "
                    "XP track" if group else
                    "pick the action from the sheet before rolling: it says which XP track")
        if self._is_written("xp"):
            return (f"this roll's XP is marked already{self._where('xp')}: roll again "
                    "for more")
        return play.why_not_desperate_roll(scoundrel, self.last_action)

    def _why_not_tick(self, crew: Crew | None) -> str | None:
        """List the crew's clocks; why the chosen one cannot be ticked by the last action
        roll's effect, or None."""
        names = [c.name for c in crew.clocks] if crew is not None else []
        if [self.clock.itemText(i) for i in range(self.clock.count())] != names:
            self.clock.blockSignals(True)
            self.clock.set_names(names)
            self.clock.blockSignals(False)
        if crew is None:
            crews = self._open_crews()
            if crews:
                return (f"bring the tab of {' or '.join(crews)} to the front to tick its "
                        "clocks (a roll writes to the tab in front; the roll stays)")
            return "open a crew with clocks"
        if self.last is None or self.last_kind not in ("action", "group"):
            return "roll an action or a group action first"
        if not names:
            return "the crew has no clock"
        if self._is_written("ticks"):
            return (f"this roll has ticked a clock already{self._where('ticks', 'in')}: roll "
                    "again to tick one more")
        ticks = self.last.ticks(self._effect())
        return ("the roll filled no segment" if ticks == 0 else
                crew_rules.why_not_tick(crew, self.clock.currentText(), ticks))

    def apply_stress(self) -> None:
        stress, trauma = self._stress(), self.trauma.condition()
        if stress is None:
            return
        group = self.last_group is not None
        label = ("clear 1 stress" if stress < 0 else
                 f"group action, the leader takes {stress} stress" if group else
                 f"{stress} stress")
        payer = self._payer()
        if payer is None:  # no leader (or nothing open): nowhere to write
            return
        scoundrel = payer.document
        if isinstance(scoundrel, Scoundrel) and play.stress_fills(scoundrel, stress):
            label += f", the track fills: trauma {trauma}, out of the action"
        if group:
            self._apply(f"Roll: {label}", lambda sc: play.lead_group(sc, stress, trauma),
                        "stress", payer)
        else:
            self._apply(f"Roll: {label}", lambda sc: play.resist(sc, stress, trauma), "stress")

    def apply_lower_harm(self) -> None:
        picked = self._lower_picked()
        if picked is None or self.owner is None:
            return
        level, index = picked
        text = self.owner.document.harm[level - 1][index]
        now = "gone" if level == 1 else f"level {level - 1}"

        def lower(sc: Scoundrel) -> None:  # (apply takes a returned value for the document)
            play.lower_harm(sc, level, index)

        self._apply(f"Roll: resisted, {text} lowered to {now}", lower, "lower")

    def apply_desperate_xp(self) -> None:
        action = self.last_action
        if not action:
            return
        owner = self._payer()
        if owner is None:
            return
        house = owner.document.house if isinstance(owner.document, Scoundrel) else None
        track = attribute_of(action, house).capitalize()
        group = " (group action)" if self.last_group is not None else ""
        self._apply(f"Roll: desperate {rules.action_name(action)}{group}, 1 XP in {track}",
                    lambda sc: play.desperate_roll(sc, action), "xp", owner)

    def apply_harm(self) -> None:
        level, text = self.harm_level.value(), self.harm_text.text()

        def write(sc: Scoundrel) -> None:
            play.add_harm(sc, level, text)

        if self._apply(f"Roll: level {level} harm", write):
            self.harm_text.clear()  # written: the same harm is not one click from twice

    def apply_ticks(self) -> None:
        if self.last is None:
            return
        ticks = self.last.ticks(self._effect())
        name = self.clock.currentText()
        self._apply(f"Roll: tick {name} by {ticks}",
                    lambda c: crew_rules.tick(c, name, ticks), "ticks")
