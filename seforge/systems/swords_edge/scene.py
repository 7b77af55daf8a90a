"""The scene tracker's state: who is in the scene, who faces whom, who holds the
Momentum, what each NC has taken, and the scene's end (pure core, no Qt).

A :class:`Scene` is a pydantic model, so the app can autosave it
(:func:`save_scene` / :func:`load_scene`). It refers to PCs by id; the
:class:`~seforge.systems.swords_edge.models.Character` objects stay with the caller, who attaches
them with :meth:`Scene.add_pc` (or :meth:`Scene.bind` after loading a saved
scene). Everything that changes a PC goes through :mod:`seforge.systems.swords_edge.play` (Stress,
Doom, Luck, Recovery, Pivot Advancements), so the PC's history records it; the
caller saves each PC's file afterwards
(:func:`seforge.systems.swords_edge.fileformat.save_character`).

NCs are copied into the scene with their own running state: the Stress taken, the
current Rank (a hero loses one per Stress) and whether they are out.

Every operation returns a :class:`SceneEvent` (its ``text`` is a short line in
our own words, also appended to :attr:`Scene.log`) and raises
:class:`RefusedError` with a plain reason when it cannot be done.

Rule readings (book section in brackets):

* An NC's Momentum TN uses its Trait and, if the GM wants, Elements, never its
  Concept [*Narrative Characters*: NCs cannot put their Concept into Momentum].
  Several NCs facing one PC give one TN: the highest Rank leads, every other NC
  adds its Rank modifier but at least +2 [*Momentum*]; removed NCs do not count.
* A Quality other than a Trait put into a Momentum Test is spent for the rest of
  the scene [*Momentum*: "cannot be used again in that scene"].
* Several NCs acting together (a PC attacking a whole pairing at once, or Seize
  the Momentum against several) use
  :func:`seforge.systems.swords_edge.resolution.tns.group_action_tn`'s default reading, the
  primary being the highest current Rank.
* Stress to NCs follows :func:`seforge.systems.swords_edge.resolution.stress.apply_stress_to_nc`:
  a minion is out at one Stress, a regular at three in all, a hero drops a Rank per
  Stress and is out below Weak [*Narrative Characters*]. Spreading one attack's
  Stress over several NCs is the GM's call, not a rule: call :meth:`Scene.nc_takes_stress`
  once per NC (as when Jyrell's Good hit, two Stress, drops both minions in the
  Example of Play), or :meth:`Scene.remove_nc` when the GM simply rules an NC out.
* An Exceptional hit leaves the PC Undefended for the rest of the scene
  [*Damage*]; the scene remembers it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from seforge.core.documents import DocumentKind, Migration
from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import (
    Character,
    NCType,
    Trait,
)
from seforge.systems.swords_edge.pending import PendingTest
from seforge.systems.swords_edge.play.advancement import (
    critical_success_stunt,
    earn_critical_failure_advancement,
)
from seforge.systems.swords_edge.play.guards import check_level
from seforge.systems.swords_edge.play.history import full_dump, restore, trial_copy
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.play.luck import (
    LUCK_PURPOSES,
    gain_luck,
    refund_exertion,
    spend_luck,
)
from seforge.systems.swords_edge.play.pivots import earn_pivot_advancement
from seforge.systems.swords_edge.play.session import end_scene
from seforge.systems.swords_edge.play.stress import resolve_doom, take_stress
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.resolution.opponents import (
    nc_momentum_barred,
    nc_momentum_refusal,
    nc_quality_option,
)
from seforge.systems.swords_edge.resolution.qualities import (
    ActionOption,
    available_for_action,
    is_weakness_key,
    quality_modifier,
)
from seforge.systems.swords_edge.resolution.stress import apply_stress_to_nc, stress_result
from seforge.systems.swords_edge.resolution.tns import (
    group_action_tn,
    group_momentum_tn,
    momentum_bonus,
    nc_tn,
)
from seforge.systems.swords_edge.resolution.verdicts import NextStep
from seforge.systems.swords_edge.scene_roster import (
    PCRef,
    SceneEvent,
    SceneNC,
    ScenePC,
    SceneRoster,
    _names,
)
from seforge.systems.swords_edge.wording import plural

__all__ = [
    "SCENE_FORMAT",
    "SCENE_KIND",
    "SCENE_SUFFIX",
    "SCENE_VERSION",
    "PCRef",
    "RefusedError",
    "Scene",
    "SceneEvent",
    "SceneNC",
    "ScenePC",
    "load_scene",
    "save_scene",
    "scene_from_data",
    "scene_to_data",
]

SCENE_VERSION = 1
SCENE_SUFFIX = ".sescene"
SCENE_MIGRATIONS: dict[int, Migration] = {}
SCENE_FORMAT = "swords-edge.scene"
"""The format id of new scene files; ``seforge.scene`` (before game systems) is an alias."""

class Scene(SceneRoster):
    """The state of one scene on the GM screen: its roster (:class:`SceneRoster`) and the
    rules of play over it."""

    def pair(self, ref: PCRef, nc_ids: Sequence[str]) -> SceneEvent:
        """Set the NCs a PC faces; a new pairing needs a new Momentum Test."""
        self._open("pair")
        entry = self.pc(ref)
        for nc_id in nc_ids:
            target = self.nc(nc_id)
            if target.removed:
                raise RefusedError(f"{target.name} is already out of the scene")
        if len(set(nc_ids)) != len(nc_ids):
            raise RefusedError("an NC is listed twice in the pairing")
        entry.facing = list(nc_ids)
        entry.momentum = None
        entry.momentum_level = None
        entry.test = None
        entry.test = self.pairing_test(entry.id)
        names = [self.nc(i).name for i in nc_ids]
        return self._event(f"{self.title(entry.id)} faces {_names(names)}.")

    # ------------------------------------------------- the Test in progress

    def pairing_test(self, ref: PCRef) -> PendingTest:
        """A copy of the PC's Test in progress, brought up to date with the scene.

        Its NCs are those the PC still faces, with the Stress the scene records
        (an NC new to the Test applies nothing to Momentum until the GM ticks it);
        the PC's spent Qualities include the scene's; when the scene says the PC won
        the Momentum at a Level the Test has not followed yet, it moves to the Action.

        Rounds are the scene's: the Test goes on to the latest round another PC's Test
        has reached, and learns what its NCs did in the other PCs' Tests from that round
        on (:attr:`PendingTest.elsewhere`), so an NC several PCs deal with in one round
        pays for its later acts and reactions (:func:`pending.nc_action_penalty`).
        """
        entry = self.pc(ref)
        if entry.test is None:
            test = pt.PendingTest()
            pt.set_actor(test, self.pc_name(entry.id))
        else:
            test = entry.test.model_copy(deep=True)
        known = {o.scene_id: o for o in test.opponents if o.scene_id}
        kept: list[pt.PendingNC] = []
        for target in self.facing(ref):
            found = known.get(target.id)
            if found is None:
                found = pt.add_opponent(test, target.nc, scene_id=target.id)
                found.applied["momentum"] = []
            found.stress = target.stress
            kept.append(found)
        test.opponents = kept
        pt.turn_from_out_target(test)  # another PC's Test may have taken it out
        test.scene_spent = sorted(set(test.scene_spent) | set(entry.spent_on_momentum))
        if entry.momentum == "pc" and entry.momentum_level != test.momentum_level:
            pt.go_to(test, NextStep("", "action", "attack", entry.momentum_level))
        others = [p for p in self.pcs if p.id != entry.id and p.test is not None]
        pt.join_round(test, max([test.round_number,
                                 *(p.test.round_number for p in others if p.test)]))
        test.elsewhere = self._elsewhere(test, others)
        return test

    def _elsewhere(self, test: PendingTest, others: Sequence[ScenePC]
                   ) -> list[pt.NCActionElsewhere]:
        """What the NCs of ``test`` did in the Tests of ``others`` (other PCs of the
        scene) from the round ``test`` is in on: each act or reaction once per PC."""
        here = {o.scene_id: o.uid for o in test.opponents if o.scene_id}
        found: list[pt.NCActionElsewhere] = []
        for other in others:
            if other.test is None:
                continue
            scene_ids = {o.uid: o.scene_id for o in other.test.opponents}
            by = self.title(other.id)
            for roll in other.test.log:
                if roll.round_number < test.round_number:
                    continue
                for uid in pt.acting_ncs(other.test, roll):
                    nc_id = here.get(scene_ids.get(uid, ""))
                    if nc_id is None:
                        continue
                    seen = pt.NCActionElsewhere(nc=nc_id, round_number=roll.round_number,
                                                by=by)
                    if seen not in found:
                        found.append(seen)
        return found

    def store_test(self, ref: PCRef, test: PendingTest) -> None:
        """Keep ``test`` as the PC's Test in progress (the calculator's latest)."""
        entry = self.pc(ref)
        entry.test = test.model_copy(deep=True)

    def set_momentum_quality(self, ref: PCRef, nc_id: str, key: str, on: bool) -> None:
        """Whether NC ``nc_id`` brings its Quality ``key`` to the PC's Momentum Test
        (never its Concept)."""
        entry = self.pc(ref)
        target = self.nc(nc_id)
        if nc_id not in entry.facing:
            raise RefusedError(f"{self.title(entry.id)} does not face {target.name}")
        if on and key in nc_momentum_barred(target.nc):
            raise RefusedError(nc_momentum_refusal(target.name))
        test = self.pairing_test(ref)
        uid = next((o.uid for o in test.opponents if o.scene_id == nc_id), None)
        if uid is None:
            raise RefusedError(f"{target.name} is already out of the scene")
        try:
            pt.set_nc_applied(test, uid, key, on, step="momentum")
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        entry.test = test

    def momentum_applied(self, ref: PCRef) -> dict[str, list[str]]:
        """Per NC id still faced: the Qualities it brings to the PC's Momentum (a Concept
        ticked before the rule was enforced, in an older file, is left out as the
        calculator leaves it out)."""
        entry = self.pc(ref)
        active = {n.id for n in self.facing(ref)}
        if entry.test is None:
            return {}
        found: dict[str, list[str]] = {}
        for o in entry.test.opponents:
            keys = [k for k in o.applied["momentum"] if k not in nc_momentum_barred(o.nc)]
            if o.scene_id in active and keys:
                found[o.scene_id] = keys
        return found

    # ---------------------------------------------------------- Momentum

    def _nc_applied(self, target: SceneNC, keys: Sequence[str | Trait], momentum: bool) -> int:
        total = 0
        traits = 0
        for key in keys:
            text = QualityKey.of_trait(key) if isinstance(key, Trait) else QualityKey.parse(key)
            if momentum and text in nc_momentum_barred(target.nc):
                raise RefusedError(nc_momentum_refusal(target.name))
            if text.is_trait:
                traits += 1
            try:
                total += nc_quality_option(target.nc, text, target.current_rank).modifier
            except KeyError as exc:
                raise RefusedError(str(exc.args[0])) from None
        if momentum and traits > 1:
            raise RefusedError(f"{target.name} uses one Trait for Momentum, not {traits}")
        return total

    def momentum_tn_for(
        self, ref: PCRef, applied: Mapping[str, Sequence[str | Trait]] | None = None
    ) -> int:
        """The one Momentum TN the NCs a PC faces set together.

        ``applied`` maps an NC id to the keys of the Qualities it brings
        (``trait:Charisma`` or a Trait, ``element:0``); the Concept is refused.
        Removed NCs are skipped. Two Poor minions: 7; an Average regular with
        Charisma +2: 14.
        """
        faced = self.facing(ref)
        if not faced:
            raise RefusedError(f"{self.title(ref)} faces no NC still in the scene")
        applied = applied or {}
        unknown = set(applied) - {n.id for n in faced}
        if unknown:
            raise RefusedError(f"not faced by this PC: {', '.join(sorted(unknown))}")
        return group_momentum_tn(
            [(n.current_rank, self._nc_applied(n, applied.get(n.id, ()), True)) for n in faced]
        )

    def record_momentum(
        self,
        ref: PCRef,
        won: bool,
        level: Level | str | None = None,
        qualities_used: Sequence[str] = (),
    ) -> SceneEvent:
        """Record a Momentum Test (or a Seize the Momentum) of a PC's pairing.

        ``level`` is the Level the PC won at (None counts as Average; ignored on a
        loss); ``qualities_used`` are the PC's keys put into the roll
        (``trait:Physique``, ``concept``, ``element:1``...). All but the Trait are
        spent for the rest of the scene; reusing a spent one is refused.
        """
        self._open("record Momentum")
        entry = self.pc(ref)
        character = self.character(ref)
        if character.play.removed_from_scene or character.play.out_of_play:
            raise RefusedError(f"{self.title(entry.id)} is out of the scene")
        if entry.undefended:
            raise RefusedError(
                f"{self.title(entry.id)} cannot act or react for the rest of this scene")
        if not self.facing(ref):
            raise RefusedError(
                f"{self.title(entry.id)} faces no NC still in the scene (pair first)")
        check_level(level)
        spent_now: list[str] = []
        for key in qualities_used:
            try:
                quality_modifier(character, key)
            except ValueError:
                raise RefusedError(f"{self.title(entry.id)} has no Quality {key!r}") from None
            if QualityKey.parse(key).is_trait or is_weakness_key(character, key):
                continue  # a Trait may be used again; an invoked Weakness is not spent
            if key in entry.spent_on_momentum or key in spent_now:
                raise RefusedError(
                    f"{describe_key(character, key)} was already put into Momentum "
                    "this scene"
                )
            spent_now.append(key)
        entry.spent_on_momentum = [*entry.spent_on_momentum, *spent_now]
        entry.momentum = "pc" if won else "nc"
        entry.momentum_level = (Level.named(level) if level else Level.AVERAGE) if won else None
        trait = next((t for t in (QualityKey.parse(k).trait for k in qualities_used)
                      if t is not None), None)
        if trait is not None:
            self._follow_momentum_trait(entry, character, trait)
        names = _names([n.name for n in self.facing(ref)])
        if won:
            bonus = momentum_bonus(entry.momentum_level)
            text = f"{self.title(entry.id)} has the Momentum against {names}"
            text += f" ({entry.momentum_level}" + (
                f", +{bonus} on the first Action)" if bonus else ")"
            )
        else:
            text = f"{names} keep{'s' if len(self.facing(ref)) == 1 else ''} the Momentum " \
                f"against {self.title(entry.id)}"
        if spent_now:
            spent = ", ".join(describe_key(character, k) for k in spent_now)
            text += f"; spent for the scene: {spent}"
        return self._event(text + ".")

    def _follow_momentum_trait(self, entry: ScenePC, character: Character,
                               trait: Trait) -> None:
        """The Action after a Momentum Test uses the Trait the Momentum used (book:
        *Tests*, L421-L429): the pairing's Test takes it (with the PC's Penalty Ranks on
        it), so a Momentum recorded here rather than rolled in the calculator does not
        leave the Action on another Trait, its Faculty and Elements offered for Luck."""
        test = entry.test if entry.test is not None else self.pairing_test(entry.id)
        if test.trait == trait:
            return
        test = test.model_copy(deep=True)
        pt.set_trait(test, trait, character.play.penalty_ranks.get(trait, 0))
        entry.test = test

    def first_action_bonus(self, ref: PCRef) -> int:
        """The first-round bonus from the PC's Momentum win (0 when none)."""
        entry = self.pc(ref)
        return momentum_bonus(entry.momentum_level) if entry.momentum == "pc" else 0

    def available_for_action(self, ref: PCRef, trait: Trait) -> list[ActionOption]:
        """What the PC may still put into an Action on ``trait`` (spent Momentum
        Qualities left out)."""
        entry = self.pc(ref)
        return available_for_action(self.character(ref), trait, set(entry.spent_on_momentum))

    # ------------------------------------------------------------ Actions

    def action_tn_for(
        self, ref: PCRef, target_nc: str, applied: Sequence[str | Trait] = ()
    ) -> int:
        """The TN of a PC's Action against one NC: its current Rank's TN plus the
        Qualities it applies (any of them, Concept included). In the Example of
        Play the Desert Acolytes' leader keeps the Charisma she used for Momentum
        and adds "Assassin Monk +2": 12 + 2 + 2 = 16."""
        self.pc(ref)
        target = self.nc(target_nc)
        if target.removed:
            raise RefusedError(f"{target.name} is already out of the scene")
        return nc_tn(
            target.nc, [self._nc_applied(target, applied, False)], rank=target.current_rank
        )

    def group_action_tn_for(
        self, ref: PCRef, applied: Mapping[str, Sequence[str | Trait]] | None = None
    ) -> int:
        """The TN the NCs a PC faces set when they act or defend together (the PC
        attacking the whole group, or trying to Seize the Momentum from it)."""
        faced = sorted(self.facing(ref), key=lambda n: -int(n.current_rank))
        if not faced:
            raise RefusedError(f"{self.title(ref)} faces no NC still in the scene")
        applied = applied or {}
        return group_action_tn(
            [(n.current_rank, self._nc_applied(n, applied.get(n.id, ()), False)) for n in faced]
        )

    # ------------------------------------------------------------- Stress

    def nc_takes_stress(self, nc_id: str, stress: int, why: str = "") -> SceneEvent:
        """Stress on an NC: minion out at 1, regular at 3, hero down a Rank each."""
        self._open("record Stress")
        target = self.nc(nc_id)
        if target.removed:
            raise RefusedError(f"{target.name} is already out of the scene")
        if stress < 1:
            raise RefusedError("Stress is at least 1")
        result = apply_stress_to_nc(target.nc.type, target.nc.rank, target.stress, stress)
        before = target.current_rank
        target.stress = result.stress_total
        text = f"{target.name} takes {stress} Stress"
        if result.removed:
            target.removed = True
            target.removed_note = why or "Stress"
            text += " and is out of the scene"
        elif target.nc.type is NCType.HERO and result.rank is not None:
            target.current_rank = result.rank
            text += (
                f": {before.label} to {result.rank.label} (TN {result.rank.target_number})"
            )
        elif target.nc.type is NCType.REGULAR:
            text += f" ({result.stress_total} of 3)"
        if why:
            text += f" ({why})"
        return self._event(text + ".")

    def remove_nc(self, nc_id: str, why: str = "") -> SceneEvent:
        """Take an NC out by the GM's call (fled, surrendered, swept aside)."""
        self._open("remove an NC")
        target = self.nc(nc_id)
        if target.removed:
            raise RefusedError(f"{target.name} is already out of the scene")
        target.removed = True
        target.removed_note = why or "the GM's call"
        return self._event(f"{target.name} is out of the scene ({target.removed_note}).")

    def pc_takes_stress(
        self, ref: PCRef, trait: Trait, level: Level | str, why: str = ""
    ) -> SceneEvent:
        """A successful attack at ``level`` against a PC defending with ``trait``:
        Penalty Ranks through :func:`seforge.systems.swords_edge.play.take_stress` (a Doom if the
        Trait
        is pushed past Weak or the hit is Legendary)."""
        self._open("record Stress")
        entry = self.pc(ref)
        character = self.character(ref)
        check_level(level)
        effect = stress_result(level)
        try:
            doom = take_stress(
                character, trait, effect.penalty_ranks, legendary=effect.doom, why=why
            )
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        text = (
            f"{self.title(entry.id)} takes {level} Stress: "
            f"{plural(effect.penalty_ranks, 'Penalty Rank')} on {trait.value}"
        )
        if effect.undefended:
            entry.undefended = True
            text += "; Undefended for the rest of the scene"
        if doom:
            text += f"; Doom on {trait.value} (resolve it before the scene ends)"
        return self._event(text + ".")

    def resolve_doom(self, ref: PCRef, outcome: str, **options: Any) -> SceneEvent:
        """Settle a PC's pending Doom through :func:`seforge.systems.swords_edge.play.resolve_doom`
        (``averted``, ``survived`` or ``out``); a PC taken out leaves its pairing."""
        self._open("resolve a Doom")
        entry = self.pc(ref)
        character = self.character(ref)
        try:
            resolve_doom(character, outcome, **options)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        entry.facing = []
        entry.momentum = None
        entry.momentum_level = None
        last = character.history[-1].what if character.history else outcome
        return self._event(f"{self.title(entry.id)}: {last}.")

    # --------------------------------------------------- Luck and Pivots

    def spend_luck(
        self, ref: PCRef, purpose: str, amount: int = 1, why: str = ""
    ) -> SceneEvent:
        """Spend a PC's Luck (reroll, exertion...) via
        :func:`seforge.systems.swords_edge.play.spend_luck`."""
        self._open("spend Luck")
        entry = self.pc(ref)
        try:
            spend_luck(self.character(ref), purpose, amount, why)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        entry.luck_spent += amount
        what = LUCK_PURPOSES.get(purpose, purpose)
        return self._event(f"{self.title(entry.id)} spends {amount} Luck ({what}).")

    def refund_exertion(self, ref: PCRef, amount: int, why: str = "") -> SceneEvent:
        """Give a PC back the Luck its extra Traits and Elements cost a roll, for those
        taken out before the roll was judged again, via
        :func:`seforge.systems.swords_edge.play.luck.refund_exertion`."""
        self._open("give Luck back")
        entry = self.pc(ref)
        try:
            refund_exertion(self.character(ref), amount, why)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        entry.luck_spent = max(0, entry.luck_spent - amount)
        what = LUCK_PURPOSES["exertion"]
        return self._event(f"{self.title(entry.id)} gets back {amount} Luck spent to "
                           f"{what}.")

    def give_luck(self, ref: PCRef, reason: str, amount: int = 1) -> SceneEvent:
        """The GM rewards a PC with Luck."""
        self._open("give Luck")
        entry = self.pc(ref)
        try:
            gain_luck(self.character(ref), reason, amount)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        return self._event(f"{self.title(entry.id)} gains {amount} Luck ({reason}).")

    def earn_pivot(self, ref: PCRef, slot: str, why: str = "") -> SceneEvent:
        """A PC's Pivot came into play: an Advancement now (one per scene)."""
        self._open("earn an Advancement")
        entry = self.pc(ref)
        try:
            earn_pivot_advancement(self.character(ref), slot, why)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        return self._event(
            f"{self.title(entry.id)} earns an Advancement from the {slot.capitalize()}.")

    def critical_failure(
        self, ref: PCRef, qualities: Sequence[str], trait: Trait | None, why: str = ""
    ) -> SceneEvent:
        """A natural 2: an Advancement limited to the Qualities used (or the Trait
        used alone), through
        :func:`seforge.systems.swords_edge.play.earn_critical_failure_advancement`."""
        self._open("earn an Advancement")
        entry = self.pc(ref)
        try:
            earn_critical_failure_advancement(
                self.character(ref), list(qualities), trait, why
            )
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        return self._event(
            f"{self.title(entry.id)} earns an Advancement from a Critical Failure.")

    def stunt(self, ref: PCRef, name: str, trait: Trait, why: str = "") -> SceneEvent:
        """A natural 20: the PC gains a permanent Good Stunt linked to ``trait``
        (:func:`seforge.systems.swords_edge.play.critical_success_stunt`)."""
        self._open("gain a Stunt")
        entry = self.pc(ref)
        try:
            critical_success_stunt(self.character(ref), name, trait, why)
        except RefusedError as exc:
            raise RefusedError(str(exc)) from None
        return self._event(
            f'{self.title(entry.id)} gains the Stunt "{name.strip()}" ({trait.value}, Good).'
        )

    # ----------------------------------------------------------- the end

    def end_scene(
        self,
        recovery: Mapping[str, str | None] | None = None,
        luck_for_penalties: Mapping[str, int] | None = None,
        pivot_touched: Mapping[str, str | None] | None = None,
    ) -> list[str]:
        """End the scene for every PC in it and say what changed.

        Per PC id: ``pivot_touched`` names the Pivot slot (goal, quirk, style) that
        came into play, for an Advancement unless one was already earned this
        scene; ``recovery`` the Level of the Recovery Test (None: failed or not
        made); ``luck_for_penalties`` the Luck spent on this scene's Penalty Ranks.
        Each PC then goes through :func:`seforge.systems.swords_edge.play.end_scene`. A PC out of
        the
        game is skipped. All or nothing: if the rules refuse anything, every PC is
        put back as it was and RefusedError says why. The caller saves the PC files.
        """
        self._open("end the scene")
        recovery = recovery or {}
        luck = luck_for_penalties or {}
        pivots = pivot_touched or {}
        for key in (*recovery, *luck, *pivots):
            self.pc(key)
        characters = {p.id: self.character(p.id) for p in self.pcs}
        saved = {pid: full_dump(ch) for pid, ch in characters.items()}
        luck_before = {p.id: p.luck_spent for p in self.pcs}
        lines: list[str] = []
        try:
            for entry in self.pcs:
                character = characters[entry.id]
                who = self.title(entry.id)
                if character.play.out_of_play:
                    lines.append(f"{who}: out of the game, nothing to recover.")
                    continue
                slot = pivots.get(entry.id)
                if slot:
                    if character.play.pivot_advancement_this_scene:
                        lines.append(
                            f"{who}: already earned a Pivot Advancement this scene."
                        )
                    else:
                        earn_pivot_advancement(
                            character, slot, "Pivot brought into the scene"
                        )
                        lines.append(
                            f"{who}: an Advancement from the {slot.capitalize()} "
                            f"({len(character.play.advancements)} held)."
                        )
                spend = luck.get(entry.id, 0)
                end_scene(character, recovery.get(entry.id), spend)
                entry.luck_spent += spend
                lines.append(f"{who}: {character.history[-1].what}.")
        except RefusedError as exc:
            for pid, character in characters.items():
                restore(character, saved[pid])
            for entry in self.pcs:
                entry.luck_spent = luck_before[entry.id]
            raise RefusedError(f"the scene cannot end: {exc}") from None
        self.ended = True
        for line in lines:
            self._event(line)
        self._event("The scene ends.")
        return lines

    def end_scene_refusal(
        self,
        recovery: Mapping[str, str | None] | None = None,
        luck_for_penalties: Mapping[str, int] | None = None,
        pivot_touched: Mapping[str, str | None] | None = None,
    ) -> str | None:
        """Why :meth:`end_scene` would refuse these choices (None: it would end), tried
        on a copy of the scene and its PCs: nothing here changes. A screen asks this
        before anything else, so a refusal comes before any other question and the
        GM's choices can be corrected where they were made."""
        bound = self._characters
        self._characters = {}  # the PCs are copied below, the cheap way
        try:
            trial = self.model_copy(deep=True)
        finally:
            self._characters = bound
        for pc_id, character in bound.items():
            trial.bind(pc_id, trial_copy(character))
        try:
            trial.end_scene(recovery, luck_for_penalties, pivot_touched)
        except RefusedError as exc:
            return str(exc)
        return None


# ------------------------------------------------------------------ files


SCENE_KIND: DocumentKind[Scene] = DocumentKind(
    format_id=SCENE_FORMAT,
    model=Scene,
    suffix=SCENE_SUFFIX,
    title="Sword's Edge scene",
    version=SCENE_VERSION,
    aliases=("seforge.scene",),
    migrations=SCENE_MIGRATIONS,
)
"""A scene of the GM's Table (``.sescene``, its autosave)."""


def scene_to_data(scene: Scene) -> dict[str, Any]:
    """The JSON object for ``scene`` (PCs by id and name; their files are separate)."""
    return SCENE_KIND.to_data(scene)


def scene_from_data(data: Any, source: str = "<data>") -> Scene:
    """A scene from its JSON object; attach the Characters with :meth:`Scene.bind`."""
    return SCENE_KIND.from_data(data, source)


def save_scene(
    scene: Scene, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write the scene atomically (errors as
    :func:`seforge.systems.swords_edge.fileformat.save_character`)."""
    SCENE_KIND.save(scene, path, overwrite_read_only=overwrite_read_only)


def load_scene(path: str | os.PathLike[str]) -> Scene:
    """Read a saved scene. Raises CharacterFileError (one line)."""
    return SCENE_KIND.load(path)
