"""Rolling the dice at the table, and writing a result to a record or a tracker.

The dice come from a secure source (:class:`random.SystemRandom`, the operating system's
generator) unless a test hands in its own. Rules:

- ``2d20.roll.test``: d20s are judged exactly as :func:`.dice.judge` does (successes, Focus,
  complications, Momentum); Fortune dice count as a rolled 1 [C] "Fortune points".
- ``2d20.roll.damage``: a Challenge / Combat die reads 1, 2, 0, 0, 1 + Effect, 1 + Effect
  [C] "Combat die"; each Effect triggers the weapon's qualities (:data:`QUALITY_NOTES`):
  Vicious X adds X damage per Effect, Piercing X ignores X Soak per Effect [S] lines 780-830,
  [C] "Armor and Soak".
- ``2d20.roll.apply``: a PC's test banks its Momentum in the group pool (what passes the cap
  is lost) and pays for bought d20s with Momentum or by adding Threat/Doom; an NPC pays from
  Threat/Doom; Fortune dice spend the roller's Fortune. Stress after Soak goes to the target's
  track, with the profile's Harms at the target's Harm threshold (:func:`hit_threshold`) and
  Intense's one more Harm when it fires (:func:`.damage.harms_with_intense`), no more than
  the target has room for under its Harm limit (:func:`hit_harms`,
  :func:`.harm_state.harms_marked`).

Every function that changes a document takes it and returns the changed copy, or raises
:class:`~seforge.core.refused.RefusedError` with the reason, so the UI applies it through
the document's owner (one undo step).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from seforge.core.frozen import FrozenRecord
from seforge.core.refused import RefusedError
from seforge.systems.twod20 import dice
from seforge.systems.twod20.damage import (
    CHALLENGE_DIE_FACES,
    harms_conan,
    harms_srd,
    harms_with_intense,
    intense_applies,
)
from seforge.systems.twod20.harm_state import harm_room, harms_marked
from seforge.systems.twod20.models import Character, Harm, HarmKind
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.settings import HarmLimitRule, TableSettings, bonus_die_cost

if TYPE_CHECKING:
    from seforge.systems.twod20.conflict import Conflict
    from seforge.systems.twod20.conflict_model import Combatant, Side


class Dice(Protocol):
    """What the roller needs of a random source."""

    def randint(self, a: int, b: int) -> int: ...


def secure_dice() -> Dice:
    """The operating system's random source (never a seeded generator)."""
    return random.SystemRandom()


# skill tests ----------------------------------------------------------------------------------


class TestRoll(FrozenRecord):
    """One rolled skill test: the set-up, the faces and the verdict."""

    _FIELDS = ("spec", "faces", "verdict", "helper_faces")
    __slots__ = _FIELDS
    spec: dice.SkillTest
    faces: tuple[int, ...]
    verdict: dice.Judgement
    helper_faces: tuple[tuple[int, ...], ...]
    """Each assistant's own d20s, in the order the assistants were given."""

    def __init__(self, spec: dice.SkillTest, faces: tuple[int, ...],
                 verdict: dice.Judgement,
                 helper_faces: tuple[tuple[int, ...], ...] = ()) -> None:
        self._init(spec, faces, verdict, helper_faces)

    @property
    def bought(self) -> int:
        """d20s bought beyond the base two."""
        return bought_dice(self.spec)

    def summary(self) -> str:
        fortune = f" + {self.spec.fortune} Fortune die" if self.spec.fortune else ""
        faces = " ".join(str(f) for f in self.faces)
        helping = "; ".join(" ".join(str(f) for f in own) for own in self.helper_faces)
        assisted = (f", {'assistant' if len(self.helper_faces) == 1 else 'assistants'} "
                    f"{helping}" if self.helper_faces else "")
        head = (f"d20s {faces}{fortune}{assisted} vs TN {self.spec.tn}"
                + (f" Focus {self.spec.focus}" if self.spec.focus else "")
                + f", D{self.spec.difficulty}: {self.verdict.successes} success"
                + ("" if self.verdict.successes == 1 else "es"))
        return head + ". " + " ".join(self.verdict.next_steps)


def bought_dice(spec: dice.SkillTest) -> int:
    """The d20s ``spec`` buys beyond the base two."""
    return max(0, spec.dice - 2)


def roll_test(spec: dice.SkillTest, settings: TableSettings, source: Dice | None = None,
              helpers: Sequence[dice.Helper] = ()) -> TestRoll:
    """Roll ``spec``'s d20s, then each assistant's own, and judge them as the odds count
    them [``2d20.roll.test``, ``2d20.test.assist``] (SkillTestError if illegal)."""
    reason = dice.why_not(spec, settings)
    if reason:
        raise RefusedError(reason)
    rng = source or secure_dice()
    faces = tuple(rng.randint(1, 20) for _ in range(spec.dice))
    helper_faces = tuple(tuple(rng.randint(1, 20) for _ in range(helper.dice))
                         for helper in helpers)
    verdict = dice.judge(faces, spec, settings, list(zip(helpers, helper_faces, strict=True)))
    return TestRoll(spec, faces, verdict, helper_faces)


# damage ---------------------------------------------------------------------------------------

QUALITY_NOTES: dict[str, str] = {
    "Area": "also strikes others near the target",
    "Drain": "the target takes 1 Fatigue per Effect",
    "Intense": "one more Harm if this attack causes any (added when applied)",
    "Knockdown": "the target may be knocked prone",
    "Perilous": "each Effect adds 1 Threat",
    "Persistent": "damage again at the end of the target's turns",
    "Piercing": "ignores Soak per Effect (counted below)",
    "Snare": "the target is held until it breaks free",
    "Stun": "the target may lose its next turn",
    "Vicious": "adds damage per Effect (counted in the total)",
    "Incendiary": "sets the target burning",
    "Nonlethal": "Harms it causes are not lethal",
    "Destructive": "wears down the target's cover",
}
"""What each quality does when an Effect is rolled, in a few words of our own (notes §3.4)."""

_QUALITY = re.compile(r"^\s*([A-Za-z][A-Za-z -]*?)\s*(\d+)?\s*$")


def parse_qualities(text: str) -> dict[str, int]:
    """"Vicious 1, Piercing 2, Knockdown" as {"Vicious": 1, "Piercing": 2, "Knockdown": 0}
    (RefusedError naming the part it cannot read)."""
    out: dict[str, int] = {}
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        match = _QUALITY.match(part)
        if match is None:
            raise RefusedError(f"cannot read the quality {part.strip()!r}; write e.g. Vicious 1")
        name = match.group(1).strip().title()
        out[name] = int(match.group(2) or 0)
    return out


class DamageRoll(FrozenRecord):
    """Rolled damage: each die's (value, Effect), the total and what the qualities did."""

    _FIELDS = ("faces", "flat", "qualities", "total", "effects", "piercing")
    __slots__ = _FIELDS
    faces: tuple[int, ...]
    flat: int
    qualities: tuple[tuple[str, int], ...]
    total: int
    effects: int
    piercing: int
    """Soak ignored: Piercing X per Effect."""

    def __init__(self, faces: tuple[int, ...], flat: int,
                 qualities: tuple[tuple[str, int], ...], total: int, effects: int,
                 piercing: int) -> None:
        self._init(faces, flat, qualities, total, effects, piercing)

    def triggered(self) -> list[str]:
        """What the qualities do, when at least one Effect was rolled."""
        if not self.effects:
            return []
        return [f"{name}{' ' + str(rating) if rating else ''}: "
                f"{QUALITY_NOTES.get(name, 'see the weapon')}"
                for name, rating in self.qualities]

    @property
    def intense(self) -> bool:
        """Whether the weapon's Intense fires: it has the quality and an Effect was rolled
        (applying the Stress then adds its Harm, as the odds count it)."""
        return intense_applies(any(name == "Intense" for name, _ in self.qualities),
                               self.effects)

    def stress(self, soak: int) -> int:
        """Stress left after ``soak`` (static + dice rolled), less what Piercing ignores."""
        return max(0, self.total - max(0, soak - self.piercing))

    def readings(self) -> list[str]:
        """Each die as it reads: its damage, with "+E" for an Effect (a face of 5 reads
        "1+E", a 3 reads "0")."""
        read = [CHALLENGE_DIE_FACES[face - 1] for face in self.faces]
        return [f"{value}+E" if effect else str(value) for value, effect in read]

    def summary(self) -> str:
        read = " ".join(self.readings()) or "none"
        flat = f" + {self.flat}" if self.flat else ""
        text = f"Damage dice {read}{flat}: {self.total} damage, {self.effects} Effect" + (
            "s" if self.effects != 1 else "")
        if self.faces:
            text += f" (d6 faces {' '.join(map(str, self.faces))})"
        notes = self.triggered()
        return text + (". " + "; ".join(notes) if notes else "")


def roll_damage(count: int, flat: int = 0, qualities: str = "",
                source: Dice | None = None) -> DamageRoll:
    """Roll ``count`` Challenge / Combat dice with the weapon's ``qualities``
    [``2d20.roll.damage``]."""
    if not 0 <= count <= 30:
        raise RefusedError(f"roll 0 to 30 damage dice, not {count}")
    if not 0 <= flat <= 99:
        raise RefusedError(f"flat damage is 0 to 99, not {flat}")
    parsed = parse_qualities(qualities)
    rng = source or secure_dice()
    faces = tuple(rng.randint(1, 6) for _ in range(count))
    values = [CHALLENGE_DIE_FACES[face - 1] for face in faces]
    effects = sum(effect for _, effect in values)
    total = sum(value for value, _ in values) + flat + parsed.get("Vicious", 0) * effects
    piercing = parsed.get("Piercing", 0) * effects
    return DamageRoll(faces, flat, tuple(parsed.items()), total, effects, piercing)


def roll_soak_dice(count: int, source: Dice | None = None) -> tuple[int, ...]:
    """Cover or Morale dice: each reads its value (Effects add nothing without Sturdy)."""
    if not 0 <= count <= 12:
        raise RefusedError(f"roll 0 to 12 soak dice, not {count}")
    rng = source or secure_dice()
    return tuple(CHALLENGE_DIE_FACES[rng.randint(1, 6) - 1][0] for _ in range(count))


# applying a result: the conflict tracker ----------------------------------------------------


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def why_not_pay(conflict: Conflict, actor: str, bought: int, fortune: int,
                pay_with_momentum: bool = True) -> str | None:
    """Why ``actor`` cannot pay now for ``bought`` d20s bought and ``fortune`` Fortune dice
    in ``conflict`` [``2d20.roll.apply``]: a PC pays the bought dice's price from the group's
    Momentum (``pay_with_momentum``) or by adding it to the GM's pool, an NPC from the GM's
    pool; each Fortune die costs the actor one Fortune. None when all of it can be paid."""
    from seforge.systems.twod20 import conflict as cf

    if bought < 0 or fortune < 0:
        return "the numbers of dice must be zero or more"
    try:
        combatant = cf.find(conflict, actor)
    except RefusedError as exc:
        return exc.reason
    cost = bonus_die_cost(conflict.settings, bought)
    if cost:
        if combatant.side is cf.Side.NPC:
            reason = cf.why_not_spend_gm_pool(conflict, cost)
        elif pay_with_momentum:
            reason = cf.why_not_spend_momentum(conflict, cost)
        else:
            reason = cf.why_not_add_gm_pool(conflict, cost)
        if reason:
            return f"{_plural(bought, 'bought d20 costs', 'bought d20s cost')} {cost}; {reason}"
    if fortune:
        reason = cf.why_not_spend_fortune(conflict, actor, fortune)
        if reason:
            return f"{_plural(fortune, 'Fortune die', 'Fortune dice')}; {reason}"
    return None


def why_not_pay_test(conflict: Conflict, actor: str, spec: dice.SkillTest,
                     pay_with_momentum: bool = True) -> str | None:
    """Why ``actor`` cannot pay for the dice of the test ``spec`` (:func:`why_not_pay`):
    asked before the dice are rolled, and again before the result is written."""
    return why_not_pay(conflict, actor, bought_dice(spec), spec.fortune, pay_with_momentum)


def why_not_pay_record(character: Character, fortune: int) -> str | None:
    """Why the record cannot pay for ``fortune`` Fortune dice: its own Fortune pays them
    (the price of bought dice is the tracker's business)."""
    reason = why_not_spend_record_fortune(character, fortune) if fortune else None
    return None if reason is None else (
        f"{_plural(fortune, 'Fortune die', 'Fortune dice')}; {reason}")


def why_not_pay_record_test(character: Character, spec: dice.SkillTest) -> str | None:
    """Why the record cannot pay for the dice of the test ``spec`` (:func:`why_not_pay_record`)."""
    return why_not_pay_record(character, spec.fortune)


class PayLimits(FrozenRecord):
    """The most d20s a roller can buy and Fortune dice it can spend, each alone, with what
    refuses one more (None where only the pool's cap stops it)."""

    _FIELDS = ("bought_max", "fortune_max", "bought_reason", "fortune_reason")
    __slots__ = _FIELDS
    bought_max: int
    fortune_max: int
    bought_reason: str | None
    fortune_reason: str | None

    def __init__(self, bought_max: int, fortune_max: int, bought_reason: str | None,
                 fortune_reason: str | None) -> None:
        self._init(bought_max, fortune_max, bought_reason, fortune_reason)


def _most(why_not: Callable[[int], str | None], top: int) -> tuple[int, str | None]:
    """The largest n up to ``top`` that ``why_not`` allows (with every smaller one: a price
    never falls as dice are added), and why n + 1 is refused (None at ``top``)."""
    for count in range(top + 1):
        reason = why_not(count)
        if reason is not None:
            return max(0, count - 1), reason
    return top, None


def pay_limits(conflict: Conflict, actor: str, pay_with_momentum: bool = True) -> PayLimits:
    """How many d20s ``actor`` can buy and Fortune dice spend in ``conflict`` now, each asked
    of :func:`why_not_pay` (up to the pool's cap)."""
    cap = conflict.settings.pool_cap
    bought, bought_reason = _most(
        lambda n: why_not_pay(conflict, actor, n, 0, pay_with_momentum), cap - 2)
    fortune, fortune_reason = _most(
        lambda n: why_not_pay(conflict, actor, 0, n, pay_with_momentum), cap)
    return PayLimits(bought, fortune, bought_reason, fortune_reason)


def record_pay_limits(character: Character, cap: int) -> PayLimits:
    """How many Fortune dice the record can spend now, asked of
    :func:`why_not_pay_record` (bought dice are not the record's to pay)."""
    fortune, reason = _most(lambda n: why_not_pay_record(character, n), cap)
    return PayLimits(max(0, cap - 2), fortune, None, reason)


def _test_steps(conflict: Conflict, roll: TestRoll, actor: str,
                pay_with_momentum: bool) -> tuple[Conflict, list[str]]:
    """The tracker after ``actor``'s rolled test, and what it paid and banked in words."""
    from seforge.systems.twod20 import conflict as cf

    reason = why_not_pay_test(conflict, actor, roll.spec, pay_with_momentum)
    if reason:
        raise RefusedError(reason)
    combatant = cf.find(conflict, actor)
    cost = bonus_die_cost(conflict.settings, roll.bought)
    gm = cf.gm_pool_name(conflict)
    out, words = conflict, []
    if cost:
        dice_words = _plural(roll.bought, "bought d20", "bought d20s")
        if combatant.side is cf.Side.NPC:
            out = cf.spend_gm_pool(out, cost)
            words.append(f"{cost} {gm} spent on {dice_words}")
        elif pay_with_momentum:
            out = cf.spend_momentum(out, cost)
            words.append(f"{cost} Momentum spent on {dice_words}")
        else:
            out = cf.add_gm_pool(out, cost)
            words.append(f"{cost} {gm} added for {dice_words}")
    if roll.spec.fortune:
        out = cf.spend_fortune(out, actor, roll.spec.fortune)
        words.append(f"{roll.spec.fortune} Fortune spent")
    if combatant.side is cf.Side.PC and roll.verdict.momentum:
        before = out.momentum
        out = cf.add_momentum(out, roll.verdict.momentum)
        banked = out.momentum - before
        lost = roll.verdict.momentum - banked
        words.append(f"{banked} Momentum banked" + (f" ({lost} over the cap lost)"
                                                      if lost else ""))
    elif combatant.side is cf.Side.NPC and roll.verdict.momentum:
        words.append(f"{roll.verdict.momentum} Momentum to spend now (an NPC banks none)")
    return out, words


def apply_test_to_conflict(conflict: Conflict, roll: TestRoll, actor: str,
                           pay_with_momentum: bool = True) -> Conflict:
    """The tracker after ``actor``'s rolled test [``2d20.roll.apply``]: the bought dice paid
    for, the Fortune dice spent, and a PC's Momentum banked (NPCs spend theirs at once).
    Refused with :func:`why_not_pay_test`'s reason when the dice cannot be paid."""
    return _test_steps(conflict, roll, actor, pay_with_momentum)[0]


def paid_and_banked(conflict: Conflict, roll: TestRoll, actor: str,
                 pay_with_momentum: bool = True) -> str:
    """What applying ``actor``'s test to ``conflict`` pays and banks, in words ("1 Momentum
    spent on 1 bought d20, 2 Momentum banked"; "nothing paid or banked")."""
    words = _test_steps(conflict, roll, actor, pay_with_momentum)[1]
    return ", ".join(words) or "nothing paid or banked"


def record_test_payment(roll: TestRoll) -> str:
    """What applying the record's own test pays, in words."""
    return f"{roll.spec.fortune} Fortune spent" if roll.spec.fortune else "nothing paid"


def known_soak(target: Character | Combatant, mental: bool) -> int | None:
    """The static Soak a target brings against a hit [S] "Resistance", [C] "Armor and
    Soak": its Armour (physical) or Courage (mental) from its record; None when it is not
    known (a tracker character added by name: the calculator's Armour is used)."""
    return target.courage if mental else target.armour


def hit_soak(target: Character | Combatant | None, mental: bool, typed: int) -> tuple[int, bool]:
    """The static Soak that counts against a hit on ``target`` (None: nobody known) and
    whether it is the target's own: its Armour (physical) or Courage (mental) when known
    (:func:`known_soak`), else ``typed``, the Soak the GM set by hand. The damage's odds and
    the Stress a rolled damage applies both take it from here, so they agree."""
    known = known_soak(target, mental) if target is not None else None
    return (typed, False) if known is None else (known, True)


class HitTrack(FrozenRecord):
    """The track a hit's Stress goes to, as the Harms it causes are counted: by whose rules
    (``profile``), what the track holds now and its maximum."""

    _FIELDS = ("profile", "current", "maximum")
    __slots__ = _FIELDS
    profile: Profile
    current: int
    """SRD: the Stress marked. Conan: the Vigor (or Resolve, for mental Stress) left."""
    maximum: int
    """SRD: the maximum Stress. Conan: the track's maximum (the Harms do not count it)."""

    def __init__(self, profile: Profile, current: int, maximum: int) -> None:
        self._init(profile, current, maximum)


def hit_track(target: Character | Combatant | None, mental: bool, tracker: Profile,
              typed: HitTrack) -> tuple[HitTrack, bool]:
    """The track a hit on ``target`` (None: nobody known) lands on and whether it is the
    target's own: a record's by its own profile (:func:`track_left`, what
    :func:`record_take_stress` counts from), a tracker character's by the tracker's
    ``tracker`` profile (what :func:`.conflict.take_stress` counts from), else ``typed``,
    the track the GM set by hand. The damage's odds count their Harms from it, as applying
    the damage does."""
    if target is None:
        return typed, False
    if isinstance(target, Character):
        current, top = track_left(target, mental)
        return HitTrack(target.profile, current, top), True
    if tracker is Profile.CONAN:
        return HitTrack(tracker, target.resolve if mental else target.vigor,
                        target.max_resolve if mental else target.max_vigor), True
    return HitTrack(tracker, target.stress, target.max_stress), True


def hit_threshold(target: Character | Combatant | None, tracker: TableSettings, typed: int
                  ) -> tuple[int, bool]:
    """The Stress in one hit that causes a Harm on ``target`` (None: nobody known) and
    whether it is the target's own: a record's table setting (what
    :func:`record_take_stress` counts with), a tracker character's tracker's ``tracker``
    settings (what :func:`.conflict.take_stress` counts with), else ``typed``, the threshold
    the GM set by hand (5, or 5 + Scale [S] "Stress Threshold"). The damage's odds count
    their Harms with it, as applying the damage does."""
    if target is None:
        return typed, False
    if isinstance(target, Character):
        return target.settings.harm_threshold, True
    return tracker.harm_threshold, True


class HitHarms(FrozenRecord):
    """The Harms a hit's target holds, how many more can be marked on them and the limit
    that stops them (rule ``2d20.harms.limit``)."""

    _FIELDS = ("held", "room", "limit")
    __slots__ = _FIELDS
    held: int
    room: int
    """How many more Harms can be marked (:func:`.harm_state.harm_room`)."""
    limit: int | None
    """The Harms that leave the target Defeated, None under a rule with no limit."""

    def __init__(self, held: int, room: int, limit: int | None) -> None:
        self._init(held, room, limit)


def hit_harms(target: Character | Combatant | None, tracker: TableSettings, typed: int
              ) -> tuple[HitHarms, bool]:
    """The Harms ``target`` (None: nobody known) holds and has room for, and whether they are
    the target's own: a record's by its own table settings (what :func:`record_take_stress`
    stops at), a tracker character's by the tracker's ``tracker`` settings (what
    :func:`.conflict.take_stress` stops at), else ``typed`` Harms held under ``tracker``'s
    rule. The damage's odds count no more Harms than this room, as applying the damage
    marks no more."""
    if target is None:
        settings, held, theirs = tracker, typed, False
    elif isinstance(target, Character):
        settings, held, theirs = target.settings, len(target.harms), True
    else:
        settings, held, theirs = tracker, len(target.harms), True
    limit = (settings.harm_limit if settings.harm_limit_rule is HarmLimitRule.DEFEATED
             else None)
    return HitHarms(held, harm_room(settings, held), limit), theirs


def first_foe(characters: Sequence[tuple[str, Side]], actor: str, side: Side | None
              ) -> str | None:
    """Whom ``actor`` (on ``side``; None: not known) hits by default: the first of
    ``characters`` (key, side) on the other side, else the first who is not the actor;
    None when there is nobody else."""
    others = [key for key, _their in characters if key != actor]
    foes = [key for key, their in characters if key != actor and side is not None
            and their is not side]
    chosen = foes or others
    return chosen[0] if chosen else None


# applying a result: a record ------------------------------------------------------------------


def track_left(character: Character, mental: bool) -> tuple[int, int]:
    """(left, maximum) of the record's Vigor or Resolve (Conan), or (Stress marked, maximum
    Stress) in the SRD."""
    from seforge.systems.twod20.records import derived

    if character.profile is Profile.CONAN:
        top = derived(character, "resolve" if mental else "vigor")
        lost = character.resolve_lost if mental else character.vigor_lost
        return max(0, top - lost), top
    return character.stress, derived(character, "max_stress")


def _add_harms(character: Character, kind: HarmKind, caused: int) -> list[Harm]:
    """The record's Harms with ``caused`` more of ``kind``, no more than it has room for
    [``2d20.harms.limit``]; a Harm marked undoes the treatment of its kind."""
    count = harms_marked(caused, character.settings, len(character.harms))
    harms = [h.model_copy(update={"treated": False}) if h.kind is kind and count else h
             for h in character.harms]
    label = "Wound" if kind is HarmKind.WOUND else "Trauma"
    return harms + [Harm(kind=kind, name=f"{label} {len(harms) + i + 1}")
                    for i in range(count)]


def record_harms_from(character: Character, amount: int, mental: bool = False,
                      intense: bool = False) -> int:
    """How many Harms ``amount`` Stress would cause the record now (the profile's rule, the
    record's Harm threshold), with Intense's one more when it fires (``intense``); those
    marked stop at its Harm limit (:func:`.harm_state.harms_marked`)."""
    threshold = character.settings.harm_threshold
    if character.profile is Profile.CONAN:
        left, _top = track_left(character, mental)
        harms = harms_conan(amount, left, threshold)
    else:
        marked, top = track_left(character, mental)
        harms = harms_srd(amount, marked, top, threshold)
    return harms_with_intense(harms, intense)


def record_take_stress(character: Character, amount: int, mental: bool = False,
                       intense: bool = False) -> Character:
    """The record after taking ``amount`` Stress (after Soak): Vigor or Resolve lost (Conan) or
    Stress marked (SRD), and the Harms it causes, Wounds or Traumas, one more when the hit's
    Intense fires (``intense``, :attr:`DamageRoll.intense`); a new Harm undoes the
    treatment of its kind [S] "Recovering from Damage". Under the Defeated rule Harms stop at
    the limit (what more does is the GM's ruling)."""
    if not 0 <= amount <= 99:
        raise RefusedError(f"Stress taken is 0 to 99, not {amount}")
    harms = record_harms_from(character, amount, mental, intense)
    kind = HarmKind.TRAUMA if mental else HarmKind.WOUND
    update: dict[str, object] = {"harms": _add_harms(character, kind, harms)}
    if character.profile is Profile.CONAN:
        field = "resolve_lost" if mental else "vigor_lost"
        _left, top = track_left(character, mental)
        update[field] = min(top, getattr(character, field) + amount, 99)
    else:
        _marked, top = track_left(character, mental)
        update["stress"] = min(top, character.stress + amount)
    return character.model_copy(update=update)


def record_recover(character: Character, amount: int, mental: bool = False) -> Character:
    """Vigor or Resolve regained (Conan), or Stress removed (SRD)."""
    if not 0 <= amount <= 99:
        raise RefusedError(f"the amount is 0 to 99, not {amount}")
    if character.profile is Profile.CONAN:
        field = "resolve_lost" if mental else "vigor_lost"
        return character.model_copy(update={field: max(0, getattr(character, field) - amount)})
    return character.model_copy(update={"stress": max(0, character.stress - amount)})


def why_not_spend_record_fortune(character: Character, amount: int = 1) -> str | None:
    if amount < 0:
        return f"the amount must be zero or more, not {amount}"
    if character.fortune < amount:
        return f"{character.name or 'the character'} has {character.fortune} Fortune, " \
               f"not {amount}"
    return None


def record_spend_fortune(character: Character, amount: int = 1) -> Character:
    reason = why_not_spend_record_fortune(character, amount)
    if reason:
        raise RefusedError(reason)
    return character.model_copy(update={"fortune": character.fortune - amount})


def record_gain_fortune(character: Character, amount: int = 1) -> Character:
    if not 0 <= amount <= 99 - character.fortune:
        raise RefusedError(f"Fortune is at most 99; {character.fortune} + {amount} is more")
    return character.model_copy(update={"fortune": character.fortune + amount})


def apply_test_to_record(character: Character, roll: TestRoll) -> Character:
    """The record after its own rolled test: the Fortune dice it spent. (Momentum and the
    price of bought dice belong to the group pool and the GM's pool, in the tracker.)
    Refused with :func:`why_not_pay_record_test`'s reason when it cannot pay them."""
    reason = why_not_pay_record_test(character, roll.spec)
    if reason:
        raise RefusedError(reason)
    if roll.spec.fortune:
        return record_spend_fortune(character, roll.spec.fortune)
    return character


def describe(faces: Sequence[int]) -> str:
    return " ".join(str(face) for face in faces)
