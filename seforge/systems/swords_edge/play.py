"""Play at the table: sessions and scenes, Luck, Stress and Doom, Advancements, Stunts.

Every public function changes a :class:`~seforge.systems.swords_edge.models.Character` in place,
adds a
:class:`~seforge.systems.swords_edge.models.HistoryEntry` (with a compact snapshot of the character
after
the change) and raises :class:`PlayRuleError` when the rules refuse. Each function
checks everything before it changes anything, so a refusal leaves the character as
it was.

Rule readings (book section in brackets):

* Luck is only held during a session: ``start_session`` sets it (3 unless the GM
  says otherwise) and ``end_session`` drops what is left [*Luck*, *Gaining Luck*].
  Luck can remove Penalty Ranks only when a scene ends, and only those taken in that
  scene, so that use goes through :func:`end_scene` [*Luck*, *Recovery*].
* A Penalty Rank lowers its Trait one Rank. The Trait cannot sink below Weak: a
  Penalty Rank that would land on a Weak Trait is not recorded but brings a Doom.
  Legendary Stress always brings a Doom [*Damage*, *Doom*].
* SFX Qualities carry their own Penalty Ranks (keyed by the Element's name), from
  failed Arcane Tests; one such failure also puts one on the linked Trait. Recovery,
  Luck and the end-of-session Advancement remove them like Trait Penalty Ranks
  [*SFX Qualities*, *Luck* ("see ... Sorcery")].
* Recovery at the end of a scene removes only that scene's Penalty Ranks (Average 1,
  Good 1, Great 2, Exceptional 2, Legendary 3); the end-of-day Test removes any (one
  per Level: Average 1 ... Legendary 5) and a week removes one by itself
  [*Recovery*]; the tables come from :func:`seforge.systems.swords_edge.testmath.recovery_removed`.
  Unless the caller gives an order, each removal takes from the Quality with the most
  removable Penalty Ranks (Traits before SFX on a tie).
* A Doom waits until the table resolves it: "averted" spends a Pivot Advancement and
  takes the character out of the scene; "survived" adds a Poor Weakness on the Trait
  and also takes the character out of the scene; "out" marks the character dead or
  gone. A Doom from Legendary Stress adds a Basic Weakness unless the character is
  out, even when averted [*Doom*, *Damage*, *Advancement*].
* A Critical Failure Advancement can only raise a Quality used in that Test (a
  Trait only when the Trait alone was used); it cannot be spent as Luck, on clearing
  Penalty Ranks or on averting a Doom, because the book says it "must be used in a
  very specific manner" [*Advancement*, *Critical Failure*]. It is not bound by the
  once-a-session limit, which the book puts under "In other cases".
* A Pivot Advancement may raise a Concept, Background, Faculty or Element one Rank or
  buy a new Quality at Good, once a session (a use between sessions counts for the
  session just ended); clear all Penalty Ranks only after a session has ended and
  before the next starts; or become one Luck during a session [*Advancement*].
* Legendary is the highest Rank a Quality can be raised to. A Weakness (or Fetish)
  raised to Average is removed from the character [*Weakness*].
* Pivots may be changed when no session is running, or during the first scene of a
  session until anything else has happened in it [*Pivots*: "at the beginning or end
  of a session, but not at any other time"].
* A Pivot Advancement is earned at once when the Pivot comes into play, at most one
  per scene [*Pivots*]; the sheet's "at end of scene" only says when it is counted.

Raising a Quality also counts the step in its ``advanced`` counter (a Trait in
``character.trait_advanced``) so the creation budget in ``seforge.systems.swords_edge.budget``
still sees
the Rank the Quality was bought at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.editing import CORE_KEYS, PIVOT_SLOTS, get_rank, quality_for
from seforge.systems.swords_edge.models import MAX_LUCK as MAX_LUCK
from seforge.systems.swords_edge.models import MAX_PENALTY_RANKS as MAX_PENALTY_RANKS
from seforge.systems.swords_edge.models import (
    TRAITS,
    Acquired,
    Character,
    Element,
    ElementKind,
    HeldAdvancement,
    HistoryEntry,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.testmath import (
    DOOM_WEAKNESS_RANK,
    LEGENDARY_WEAKNESS_RANK,
    WEEKLY_RECOVERY,
    doom_from_penalty,
    recovery_removed,
    stress_for_level,
)
from seforge.systems.swords_edge.wording import with_article

DEFAULT_LUCK = 3
"""Luck each player gets at the start of a session unless the GM chooses otherwise."""

LUCK_PURPOSES: dict[str, str] = {
    "exertion": "add another Trait or Element to a Test",
    "reroll": "reroll one of the two dice",
    "gm": "a use the GM agreed to",
    "remove_stress": "remove this scene's Penalty Ranks",
}
"""What Luck can be spent on; ``remove_stress`` happens through :func:`end_scene`."""

AdvancementUse = Literal["raise", "buy", "clear_penalties", "luck", "avert_doom"]
ADVANCEMENT_USES: tuple[AdvancementUse, ...] = (
    "raise",
    "buy",
    "clear_penalties",
    "luck",
    "avert_doom",
)

DoomOutcome = Literal["averted", "survived", "out"]
DOOM_OUTCOMES: tuple[DoomOutcome, ...] = ("averted", "survived", "out")

_FLAWS = (ElementKind.WEAKNESS, ElementKind.FETISH)
_BUYABLE = (ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX)


class PlayRuleError(Exception):
    """The rules do not allow this now; ``str()`` says why in plain words."""


@dataclass(frozen=True)
class AdvancementOption:
    """One thing a held Advancement could do, and whether the rules allow it now."""

    use: AdvancementUse
    target: str | None
    allowed: bool
    reason: str = ""
    """Why it is not allowed (empty when allowed)."""
    label: str = ""
    """A short description for a list, e.g. ``Raise Concept "Friar": Good → Great``."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


clock: Callable[[], str] = _now
"""Where history timestamps come from (tests may replace it)."""


# ------------------------------------------------------------------------ helpers


def _trait_key(trait: Trait) -> str:
    return f"trait:{trait.value}"


def _sfx_key(name: str) -> str:
    return f"sfx:{name}"


def _parse_trait_key(key: str) -> Trait | None:
    if not key.startswith("trait:"):
        return None
    name = key.removeprefix("trait:")
    for trait in TRAITS:
        if trait.value.lower() == name.lower():
            return trait
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def snapshot(character: Character) -> dict[str, Any]:
    """The character as compact JSON data, without portrait and history."""
    return character.model_dump(
        mode="json", exclude={"portrait", "history"}, exclude_defaults=True
    )


def full_dump(character: Character) -> dict[str, Any]:
    """Everything about the character as JSON data (for undo)."""
    return character.model_dump(mode="json")


def restore(character: Character, data: dict[str, Any]) -> None:
    """Make ``character`` equal to ``data`` (from :func:`full_dump`) in place, so
    every holder of the object sees the restored state."""
    fresh = Character.model_validate(data)
    for name in Character.model_fields:
        setattr(character, name, getattr(fresh, name))


def _record(
    character: Character,
    kind: str,
    what: str,
    why: str = "",
    *,
    scene: int | None = None,
) -> HistoryEntry:
    play = character.play
    if play.session_running and kind not in ("start_session", "end_scene", "change_pivot"):
        play.scene_has_events = True
    entry = HistoryEntry(
        session=play.session,
        scene=play.scene if scene is None else scene,
        what=what,
        why=why,
        at=clock(),
        kind=kind,
        snapshot=snapshot(character),
    )
    character.history = [*character.history, entry]
    return entry


def state_at(character: Character, entry_index: int) -> Character:
    """The character as it was just after history entry ``entry_index``.

    The portrait is today's; the history ends with that entry. Raises PlayRuleError
    for an entry written without a snapshot (by an older SEForge or by hand).
    """
    if not -len(character.history) <= entry_index < len(character.history):
        raise PlayRuleError(f"there is no history entry number {entry_index + 1}")
    index = entry_index % len(character.history)
    entry = character.history[index]
    if entry.snapshot is None:
        raise PlayRuleError("that history entry did not keep the character's state")
    past = Character.model_validate(entry.snapshot)
    past.portrait = character.portrait
    past.history = list(character.history[: index + 1])
    return past


def _require_playing(character: Character, doing: str) -> None:
    if character.play.out_of_play:
        raise PlayRuleError(
            f"cannot {doing}: the character is out of the game after a Doom"
        )


def _require_session(character: Character, doing: str) -> None:
    _require_playing(character, doing)
    if not character.play.session_running:
        raise PlayRuleError(f"cannot {doing}: no session is running (start one first)")


def _require_no_doom(character: Character, doing: str) -> None:
    trait = character.play.doom_trait
    if trait is not None:
        raise PlayRuleError(f"cannot {doing}: a Doom on {trait.value} must be resolved first")


def _require_in_scene(character: Character, doing: str) -> None:
    if character.play.removed_from_scene:
        raise PlayRuleError(
            f"cannot {doing}: the character is out of this scene until it ends"
        )


# ------------------------------------------------------------------ reading state


def effective_trait(character: Character, trait: Trait) -> Rank:
    """The Rank the Trait works at after its Penalty Ranks: never below Weak, and
    never above Legendary (a Mythic Trait is a problem ``check`` reports; play
    treats it as Legendary so every number stays on the ladder)."""
    rank = min(character.trait_rank(trait), Rank.LEGENDARY)
    penalty = max(0, character.play.penalty_ranks.get(trait, 0))
    return Rank(max(int(Rank.WEAK), int(rank) - penalty))


def penalty_room(character: Character, trait: Trait) -> int:
    """How many more Penalty Ranks the Trait can take before it is Weak."""
    return int(effective_trait(character, trait)) - int(Rank.WEAK)


def sfx_elements(character: Character) -> list[Element]:
    return [e for e in character.elements if e.kind is ElementKind.SFX]


def effective_sfx(character: Character, element: Element) -> Rank:
    """The Rank an SFX Quality works at after its own Penalty Ranks."""
    penalty = max(0, character.play.sfx_penalty_ranks.get(element.name, 0))
    rank = min(element.rank, Rank.LEGENDARY)
    return Rank(max(int(Rank.WEAK), int(rank) - penalty))


def has_penalties(character: Character) -> bool:
    play = character.play
    return any(v > 0 for v in play.penalty_ranks.values()) or any(
        v > 0 for v in play.sfx_penalty_ranks.values()
    )


def scene_penalty_total(character: Character) -> int:
    """Penalty Ranks taken in the current scene (what scene Recovery and Luck can touch)."""
    play = character.play
    return sum(play.scene_penalty_ranks.values()) + sum(play.scene_sfx_penalty_ranks.values())


def penalty_total(character: Character) -> int:
    play = character.play
    return sum(play.penalty_ranks.values()) + sum(play.sfx_penalty_ranks.values())


def pivot_advancement_reason(character: Character, slot: str) -> str:
    """Why a Pivot Advancement cannot be earned from ``slot`` now ("" when it can)."""
    play = character.play
    if play.out_of_play:
        return "the character is out of the game after a Doom"
    if not play.session_running:
        return "no session is running"
    if slot not in PIVOT_SLOTS:
        return f"there is no Pivot slot {slot!r} (Goal, Quirk or Style)"
    if not getattr(character.pivots, slot):
        return f"the character has no {slot.capitalize()} Pivot"
    if play.pivot_advancement_this_scene:
        return "a Pivot Advancement was already earned in this scene"
    return ""


def pivot_change_reason(character: Character) -> str:
    """Why Pivots cannot be changed now ("" when they can)."""
    play = character.play
    if play.session_running and (play.scene > 1 or play.scene_has_events):
        return (
            "Pivots change only at the start or the end of a session; "
            "this session is already under way"
        )
    return ""


# ------------------------------------------------------------ sessions and scenes


def start_session(character: Character, luck: int = DEFAULT_LUCK, why: str = "") -> None:
    """Begin a session: scene 1, fresh Luck (left-over Luck is gone)."""
    _require_playing(character, "start a session")
    play = character.play
    if play.session_running:
        raise PlayRuleError("a session is already running; end it first")
    _require_no_doom(character, "start a session")
    if not 0 <= luck <= MAX_LUCK:
        raise PlayRuleError(f"Luck goes from 0 to {MAX_LUCK}")
    play.session += 1
    play.scene = 1
    play.session_running = True
    play.luck = luck
    play.scene_has_events = False
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.session_advancement_used = False
    play.removed_from_scene = False
    _record(character, "start_session", f"Session {play.session} started with {luck} Luck", why)


def _removal_order(
    counts: dict[str, int], order: Sequence[str] | None
) -> Callable[[], str | None]:
    """Pick the next key to take one Penalty Rank from (see module notes)."""
    default = list(counts)

    def pick() -> str | None:
        if order is not None:
            for key in order:
                if counts.get(key, 0) > 0:
                    return key
        best: str | None = None
        for key in default:
            if counts[key] > 0 and (best is None or counts[key] > counts[best]):
                best = key
        return best

    return pick


def _removable(character: Character, scene_only: bool) -> dict[str, int]:
    play = character.play
    traits = play.scene_penalty_ranks if scene_only else play.penalty_ranks
    sfx = play.scene_sfx_penalty_ranks if scene_only else play.sfx_penalty_ranks
    counts = {_trait_key(t): traits.get(t, 0) for t in TRAITS}
    counts.update({_sfx_key(name): n for name, n in sfx.items()})
    return counts


def _remove_penalties(
    character: Character, amount: int, scene_only: bool, order: Sequence[str] | None = None
) -> dict[str, int]:
    """Take up to ``amount`` Penalty Ranks off; returns what came off per key."""
    play = character.play
    counts = _removable(character, scene_only)
    pick = _removal_order(counts, order)
    removed: dict[str, int] = {}
    for _ in range(amount):
        key = pick()
        if key is None:
            break
        counts[key] -= 1
        removed[key] = removed.get(key, 0) + 1
    traits = dict(play.penalty_ranks)
    scene_traits = dict(play.scene_penalty_ranks)
    sfx = dict(play.sfx_penalty_ranks)
    scene_sfx = dict(play.scene_sfx_penalty_ranks)
    for key, n in removed.items():
        trait = _parse_trait_key(key)
        if trait is not None:
            traits[trait] = traits.get(trait, 0) - n
            scene_traits[trait] = min(
                traits[trait], scene_traits.get(trait, 0) - (n if scene_only else 0)
            )
        else:
            name = key.removeprefix("sfx:")
            sfx[name] = sfx.get(name, 0) - n
            scene_sfx[name] = min(sfx[name], scene_sfx.get(name, 0) - (n if scene_only else 0))
    play.penalty_ranks = {t: n for t, n in traits.items() if n > 0}
    play.scene_penalty_ranks = {t: n for t, n in scene_traits.items() if n > 0}
    play.sfx_penalty_ranks = {k: n for k, n in sfx.items() if n > 0}
    play.scene_sfx_penalty_ranks = {k: n for k, n in scene_sfx.items() if n > 0}
    return removed


def _describe_removed(removed: dict[str, int]) -> str:
    parts = []
    for key, n in removed.items():
        name = key.split(":", 1)[1]
        parts.append(f"{n} from {name}")
    return ", ".join(parts)


def _check_level(level: str | None) -> None:
    if level is not None and level not in LEVELS:
        raise PlayRuleError(
            f"unknown Level of Success {level!r} (known: {', '.join(LEVELS)})"
        )


def end_scene(
    character: Character,
    recovery_level: str | None = None,
    luck_for_penalties: int = 0,
    *,
    order: Sequence[str] | None = None,
    why: str = "",
) -> None:
    """End the current scene and start the next one.

    ``recovery_level`` is the Level of the Recovery Test (None: not made or failed);
    ``luck_for_penalties`` Luck each remove one more Penalty Rank. Both touch only
    the Penalty Ranks taken in the scene that ends. ``order`` lists keys
    (``trait:Physique``, ``sfx:<name>``) to take Penalty Ranks from first.
    """
    _require_session(character, "end a scene")
    _require_no_doom(character, "end the scene")
    _check_level(recovery_level)
    play = character.play
    if luck_for_penalties < 0:
        raise PlayRuleError("Luck spent cannot be negative")
    if luck_for_penalties > play.luck:
        raise PlayRuleError(
            f"not enough Luck: {luck_for_penalties} needed, {play.luck} held"
        )
    from_scene = scene_penalty_total(character)
    by_test = min(recovery_removed(recovery_level, daily=False), from_scene)
    if luck_for_penalties > from_scene - by_test:
        left = from_scene - by_test
        raise PlayRuleError(
            "Luck can only remove Penalty Ranks taken in this scene: "
            f"{_plural(left, 'Penalty Rank')} of them left after the Recovery Test"
        )
    ended = play.scene
    removed_test = _remove_penalties(character, by_test, scene_only=True, order=order)
    removed_luck = _remove_penalties(character, luck_for_penalties, scene_only=True, order=order)
    play.luck -= luck_for_penalties
    play.scene += 1
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.removed_from_scene = False
    play.scene_has_events = False
    parts = [f"Scene {ended} ended"]
    if recovery_level is not None:
        detail = _describe_removed(removed_test) or "nothing to remove"
        parts.append(f"{recovery_level} Recovery removed {by_test} ({detail})")
    if luck_for_penalties:
        parts.append(
            f"{luck_for_penalties} Luck removed {luck_for_penalties} "
            f"({_describe_removed(removed_luck)})"
        )
    _record(character, "end_scene", "; ".join(parts), why, scene=ended)


def end_session(
    character: Character,
    clear_penalties_with_advancement: bool = False,
    *,
    advancement: int | None = None,
    why: str = "",
) -> None:
    """End the session: unspent Luck is lost and this scene's Penalty Ranks can no
    longer be recovered by the scene rules. With ``clear_penalties_with_advancement``
    a held Pivot Advancement (``advancement``, else the first one) then removes all
    Penalty Ranks."""
    _require_session(character, "end the session")
    _require_no_doom(character, "end the session")
    play = character.play
    index = -1
    if clear_penalties_with_advancement:
        index = _pick_free_advancement(character, advancement, "clear Penalty Ranks")
        if not has_penalties(character):
            raise PlayRuleError("there are no Penalty Ranks to clear")
    lost = play.luck
    play.session_running = False
    play.luck = 0
    play.scene_penalty_ranks = {}
    play.scene_sfx_penalty_ranks = {}
    play.pivot_advancement_this_scene = False
    play.removed_from_scene = False
    play.scene_has_events = False
    what = f"Session {play.session} ended"
    if lost:
        what += f" ({lost} unspent Luck lost)"
    _record(character, "end_session", what, why)
    if clear_penalties_with_advancement:
        use_advancement(character, index, "clear_penalties")


# -------------------------------------------------------------------------- Rolls


def record_roll(character: Character, line: str, why: str = "") -> None:
    """Keep a roll of the dice (one line of a roll log) in the character's history."""
    text = line.strip()
    if not text:
        raise PlayRuleError("a roll needs a line saying what was rolled")
    _record(character, "roll", f"Rolled: {text}", why)


def spend_luck_on_roll(character: Character, line: str, why: str = "") -> None:
    """A Luck reroll: spend one Luck and keep the roll it gave in the history."""
    spend_luck(character, "reroll", 1, why)
    record_roll(character, line, why)


# -------------------------------------------------------------------------- Luck


def spend_luck(character: Character, purpose: str, amount: int = 1, why: str = "") -> None:
    """Spend Luck on ``purpose`` (a key of :data:`LUCK_PURPOSES`)."""
    _require_session(character, "spend Luck")
    if purpose not in LUCK_PURPOSES:
        raise PlayRuleError(
            f"unknown use of Luck {purpose!r} (known: {', '.join(LUCK_PURPOSES)})"
        )
    if purpose == "remove_stress":
        raise PlayRuleError(
            "Luck removes Penalty Ranks only as a scene ends, and only that scene's: "
            "spend it when ending the scene"
        )
    if amount < 1:
        raise PlayRuleError("spend at least one Luck")
    play = character.play
    if amount > play.luck:
        raise PlayRuleError(f"not enough Luck: {amount} needed, {play.luck} held")
    play.luck -= amount
    _record(
        character,
        "spend_luck",
        f"Spent {amount} Luck to {LUCK_PURPOSES[purpose]}",
        why,
    )


def gain_luck(character: Character, reason: str, amount: int = 1) -> None:
    """Give the character Luck (a Weakness invoked, a GM reward...)."""
    _require_session(character, "gain Luck")
    if amount < 1:
        raise PlayRuleError("gain at least one Luck")
    if character.play.luck + amount > MAX_LUCK:
        raise PlayRuleError(f"a character holds at most {MAX_LUCK} Luck")
    character.play.luck += amount
    _record(character, "gain_luck", f"Gained {amount} Luck", reason)


# ------------------------------------------------------------------ Stress, Doom


def stress_from_level(level: str) -> tuple[int, bool]:
    """Penalty Ranks and the Legendary flag for a successful attack at ``level``."""
    _check_level(level)
    return stress_for_level(level), level == LEVELS[-1]


def _add_trait_penalties(character: Character, trait: Trait, amount: int) -> tuple[int, bool]:
    """Add up to ``amount`` Penalty Ranks; returns (recorded, doom)."""
    play = character.play
    working = effective_trait(character, trait)
    doom = doom_from_penalty(working, amount)
    recorded = min(amount, penalty_room(character, trait))
    if recorded:
        totals = dict(play.penalty_ranks)
        totals[trait] = totals.get(trait, 0) + recorded
        play.penalty_ranks = totals
        scene = dict(play.scene_penalty_ranks)
        scene[trait] = scene.get(trait, 0) + recorded
        play.scene_penalty_ranks = scene
    return recorded, doom


def _stress_checks(character: Character, doing: str) -> None:
    _require_session(character, doing)
    _require_no_doom(character, doing)
    _require_in_scene(character, doing)


def take_stress(
    character: Character,
    trait: Trait,
    penalty_ranks: int,
    legendary: bool = False,
    why: str = "",
) -> bool:
    """Put ``penalty_ranks`` Penalty Ranks on ``trait``; returns True on a Doom.

    A Penalty Rank landing on a Weak Trait is a Doom (and is not recorded: the
    Trait cannot go lower); ``legendary`` Stress is always a Doom.
    """
    _stress_checks(character, "take Stress")
    if penalty_ranks < 1:
        raise PlayRuleError("Stress puts at least one Penalty Rank on the Trait")
    recorded, doom = _add_trait_penalties(character, trait, penalty_ranks)
    doom = doom or legendary
    what = f"Took {_plural(penalty_ranks, 'Penalty Rank')} on {trait.value}"
    if legendary:
        what = "Legendary Stress: " + what
    if recorded < penalty_ranks:
        what += f" ({recorded} fit before Weak)"
    if doom:
        character.play.doom_trait = trait
        character.play.doom_legendary = legendary
        what += f"; Doom on {trait.value}"
    _record(character, "take_stress", what, why)
    return doom


def arcane_failure(character: Character, element_index: int, why: str = "") -> bool:
    """A failed Arcane Test: one Penalty Rank on the SFX Quality and one on its Trait.
    Returns True when the Trait's Penalty Rank brought a Doom."""
    _stress_checks(character, "record a failed Arcane Test")
    if not 0 <= element_index < len(character.elements):
        raise PlayRuleError(f"there is no Element number {element_index + 1}")
    element = character.elements[element_index]
    if not character.options.sfx_subsystem:
        raise PlayRuleError(
            "Arcane Tests belong to the SFX Qualities subsystem table rule; without it an "
            "SFX is used like any Quality"
        )
    if element.kind is not ElementKind.SFX:
        raise PlayRuleError(f'"{element.name}" is not an SFX Quality')
    if element.trait is None:
        raise PlayRuleError(f'"{element.name}" is not linked to a Trait')
    if effective_sfx(character, element) <= Rank.WEAK:
        raise PlayRuleError(f'"{element.name}" is down to Weak and cannot be used')
    play = character.play
    sfx = dict(play.sfx_penalty_ranks)
    sfx[element.name] = sfx.get(element.name, 0) + 1
    play.sfx_penalty_ranks = sfx
    scene = dict(play.scene_sfx_penalty_ranks)
    scene[element.name] = scene.get(element.name, 0) + 1
    play.scene_sfx_penalty_ranks = scene
    trait = element.trait
    _, doom = _add_trait_penalties(character, trait, 1)
    what = f'Failed Arcane Test: a Penalty Rank on "{element.name}" and on {trait.value}'
    if doom:
        play.doom_trait = trait
        play.doom_legendary = False
        what += f"; Doom on {trait.value}"
    _record(character, "arcane_failure", what, why)
    return doom


def _new_weakness(character: Character, name: str, rank: Rank, trait: Trait) -> None:
    weakness = Element(
        name=name, rank=rank, trait=trait, kind=ElementKind.WEAKNESS, acquired=Acquired.PLAY
    )
    character.elements = [*character.elements, weakness]


def _pick_free_advancement(character: Character, index: int | None, doing: str) -> int:
    """A held Advancement that is not from a Critical Failure (``index`` or the first)."""
    held = character.play.advancements
    if index is not None:
        if not 0 <= index < len(held):
            raise PlayRuleError(f"there is no held Advancement number {index + 1}")
        if held[index].source == "critical_failure":
            raise PlayRuleError(
                f"cannot {doing} with a Critical Failure Advancement: it can only raise "
                "a Quality used in that Test"
            )
        return index
    for i, adv in enumerate(held):
        if adv.source != "critical_failure":
            return i
    raise PlayRuleError(
        f"cannot {doing}: no Advancement from a Pivot is held "
        "(Critical Failure Advancements only raise the Qualities of their Test)"
    )


def resolve_doom(
    character: Character,
    outcome: str,
    *,
    advancement: int | None = None,
    weakness_name: str = "",
    legendary_weakness_name: str = "",
    why: str = "",
) -> None:
    """Settle the pending Doom: ``averted`` (spends a Pivot Advancement), ``survived``
    (a Poor Weakness on the Trait) or ``out`` (dead or gone, the table's call)."""
    _require_playing(character, "resolve a Doom")
    play = character.play
    trait = play.doom_trait
    if trait is None:
        raise PlayRuleError("there is no Doom to resolve")
    if outcome not in DOOM_OUTCOMES:
        raise PlayRuleError(
            f"unknown outcome {outcome!r} (known: {', '.join(DOOM_OUTCOMES)})"
        )
    legendary = play.doom_legendary
    index = -1
    if outcome == "averted":
        index = _pick_free_advancement(character, advancement, "avert a Doom")
    basic_name = legendary_weakness_name.strip() or f"Legendary wound ({trait.value})"
    poor_name = weakness_name.strip() or f"Mark of Doom ({trait.value})"
    parts: list[str] = []
    if outcome == "averted":
        held = list(play.advancements)
        held.pop(index)
        play.advancements = held
        play.removed_from_scene = True
        parts.append(f"Doom on {trait.value} averted with an Advancement; out of this scene")
    elif outcome == "survived":
        _new_weakness(character, poor_name, DOOM_WEAKNESS_RANK, trait)
        play.removed_from_scene = True
        parts.append(
            f'Survived the Doom on {trait.value}: Weakness "{poor_name}" '
            f"{DOOM_WEAKNESS_RANK.display()}; out of this scene"
        )
    else:
        play.out_of_play = True
        parts.append(f"Doom on {trait.value}: the character is out of the game")
    if legendary and outcome != "out":
        _new_weakness(character, basic_name, LEGENDARY_WEAKNESS_RANK, trait)
        parts.append(
            f'Legendary Stress leaves Weakness "{basic_name}" '
            f"{LEGENDARY_WEAKNESS_RANK.display()}"
        )
    play.doom_trait = None
    play.doom_legendary = False
    _record(character, "resolve_doom", "; ".join(parts), why)


def return_to_play(character: Character, why: str = "") -> None:
    """Bring back a character marked out of the game (the table's decision)."""
    if not character.play.out_of_play:
        raise PlayRuleError("the character is not out of the game")
    character.play.out_of_play = False
    _record(character, "return_to_play", "Back in the game", why)


# --------------------------------------------------------------------- Recovery


def end_of_day(
    character: Character,
    level: str | None,
    *,
    order: Sequence[str] | None = None,
    why: str = "",
) -> None:
    """The end-of-day Recovery Test at ``level`` (None: failed); any Penalty Ranks."""
    _require_playing(character, "recover")
    _require_no_doom(character, "recover")
    _check_level(level)
    amount = recovery_removed(level, daily=True)
    removed = _remove_penalties(character, amount, scene_only=False, order=order)
    total = sum(removed.values())
    if level is None:
        what = "End of day: the Recovery Test failed"
    else:
        what = f"End of day: {level} Recovery removed {total}"
        if removed:
            what += f" ({_describe_removed(removed)})"
    _record(character, "end_of_day", what, why)


def end_of_week(
    character: Character, *, order: Sequence[str] | None = None, why: str = ""
) -> None:
    """A week of game time removes one Penalty Rank by itself."""
    _require_playing(character, "recover")
    _require_no_doom(character, "recover")
    removed = _remove_penalties(character, WEEKLY_RECOVERY, scene_only=False, order=order)
    what = "End of week: " + (
        f"removed {_describe_removed(removed)}" if removed else "no Penalty Ranks to remove"
    )
    _record(character, "end_of_week", what, why)


# ------------------------------------------------------------------ Advancements


def earn_pivot_advancement(character: Character, slot: str, why: str = "") -> None:
    """A Pivot came into play this scene: gain an Advancement (one per scene)."""
    reason = pivot_advancement_reason(character, slot)
    if reason:
        raise PlayRuleError(f"no Pivot Advancement: {reason}")
    play = character.play
    text = getattr(character.pivots, slot)
    play.advancements = [
        *play.advancements,
        HeldAdvancement(
            source="pivot",
            note=f"{slot.capitalize()}: {text}",
            earned_session=play.session,
            earned_scene=play.scene,
        ),
    ]
    play.pivot_advancement_this_scene = True
    _record(character, "earn_pivot", f"Advancement from the {slot.capitalize()} Pivot", why)


def _key_exists(character: Character, key: str) -> bool:
    if key in CORE_KEYS:
        return True
    if key.startswith("element:"):
        rest = key.removeprefix("element:")
        return rest.isdigit() and int(rest) < len(character.elements)
    return False


def describe_key(character: Character, key: str) -> str:
    """``Concept "Friar"``, ``Physique``, ``Element "Sharp Eyes"``."""
    trait = _parse_trait_key(key)
    if trait is not None:
        return trait.value
    if not _key_exists(character, key):
        return key.split(":", 1)[-1]
    quality = quality_for(character, key)
    if isinstance(quality, Element):
        word = {
            ElementKind.WEAKNESS: "Weakness",
            ElementKind.FETISH: "Fetish",
            ElementKind.SFX: "SFX",
            ElementKind.STUNT: "Stunt",
            ElementKind.ITEM: "Item",
        }.get(quality.kind, "Element")
    else:
        word = key.capitalize()
    return f'{word} "{quality.name}"'


def earn_critical_failure_advancement(
    character: Character, qualities_used: list[str], trait: Trait | None, why: str = ""
) -> None:
    """A natural 2: an Advancement tied to the Qualities (keys) and Trait of that Test.

    A Test may hold a second Trait brought in with Luck (L363); it is kept among the
    Qualities used, so the Advancement is earned but no Trait may rise (L533).
    """
    _require_session(character, "earn an Advancement")
    _require_in_scene(character, "roll a Test")
    keys: list[str] = []
    for key in qualities_used:
        key_trait = _parse_trait_key(key)
        if key_trait is not None:
            if trait is None:
                trait = key_trait
            elif key_trait is not trait and key not in keys:
                keys.append(key)
            continue
        if not _key_exists(character, key):
            raise PlayRuleError(f"the character has no Quality {key!r}")
        if key not in keys:
            keys.append(key)
    if not keys and trait is None:
        raise PlayRuleError("name the Qualities or the Trait used in the failed Test")
    play = character.play
    used = [describe_key(character, k) for k in keys]
    if trait is not None:
        used.append(trait.value)
    play.advancements = [
        *play.advancements,
        HeldAdvancement(
            source="critical_failure",
            qualities=keys,
            trait=trait,
            note="Test used " + ", ".join(used),
            earned_session=play.session,
            earned_scene=play.scene,
        ),
    ]
    _record(
        character,
        "earn_critical_failure",
        "Advancement from a Critical Failure (" + ", ".join(used) + ")",
        why,
    )


def _raise_targets(character: Character) -> list[str]:
    keys = list(CORE_KEYS)
    keys.extend(f"element:{i}" for i in range(len(character.elements)))
    keys.extend(_trait_key(t) for t in TRAITS)
    return keys


def _use_reason(
    character: Character,
    index: int,
    use: str,
    target: str | None,
    new_element: Element | None,
    *,
    need_details: bool,
) -> str:
    play = character.play
    if play.out_of_play:
        return "the character is out of the game after a Doom"
    if not 0 <= index < len(play.advancements):
        return f"there is no held Advancement number {index + 1}"
    if use not in ADVANCEMENT_USES:
        return f"unknown use {use!r} (known: {', '.join(ADVANCEMENT_USES)})"
    adv = play.advancements[index]
    from_failure = adv.source == "critical_failure"
    if from_failure and use != "raise":
        return "a Critical Failure Advancement can only raise a Quality used in that Test"
    once_used = (
        "an Advancement was already used this session to raise or buy a Quality "
        "(once a session)"
    )
    if use == "raise":
        if target is None:
            return "choose the Quality to raise"
        trait = _parse_trait_key(target)
        if trait is not None:
            if not from_failure:
                return (
                    "Traits rise only through a Critical Failure on a Test that used "
                    "the Trait alone"
                )
            if adv.trait is not trait and _trait_key(trait) not in adv.qualities:
                return f"{trait.value} was not used in that Test"
            if adv.qualities:
                return "that Test also used other Qualities, so its Trait cannot rise"
        elif not _key_exists(character, target):
            return f"the character has no Quality {target!r}"
        elif from_failure and target not in adv.qualities:
            return "this Quality was not used in the Test that failed critically"
        rank = get_rank(character, target)
        if rank >= Rank.LEGENDARY:
            return "already Legendary, the highest Rank"
        if not from_failure and play.session_advancement_used:
            return once_used
        return ""
    if use == "buy":
        if play.session_advancement_used:
            return once_used
        if new_element is None:
            return "describe the new Quality" if need_details else ""
        if not new_element.name.strip():
            return "give the new Quality a name"
        if new_element.trait is None:
            return "link the new Quality to a Trait"
        if new_element.kind not in _BUYABLE:
            return f"{with_article(new_element.kind.value)} cannot be bought with an Advancement"
        return ""
    if use == "clear_penalties":
        if play.session_running:
            return "only at the end of a session: end the session first"
        if play.session == 0:
            return "only at the end of a session, and none has been played yet"
        if not has_penalties(character):
            return "there are no Penalty Ranks to clear"
        return ""
    if use == "luck":
        if not play.session_running:
            return "Luck exists only during a session"
        return ""
    # avert_doom
    if play.doom_trait is None:
        return "there is no Doom to avert"
    return ""


def _option_label(character: Character, use: str, target: str | None) -> str:
    if use == "raise" and target is not None:
        name = describe_key(character, target)
        if _parse_trait_key(target) is None and not _key_exists(character, target):
            return f"Raise {name}"
        rank = get_rank(character, target)
        up = rank.shifted(1)
        if up is None or up > Rank.LEGENDARY:
            return f"Raise {name} ({rank.label})"
        quality = None if target.startswith("trait:") else quality_for(character, target)
        if isinstance(quality, Element) and quality.kind in _FLAWS and up >= Rank.AVERAGE:
            text = f"Raise {name}: {rank.label} → Average, which removes it"
            lost = _sfx_lost_with(character, quality)
            if lost:
                text += f" and with it access to SFX \"{lost}\""
            return text
        return f"Raise {name}: {rank.label} → {up.label}"
    if use == "buy" and character.options.sfx_subsystem:
        fetish = " with its Basic Fetish" if character.options.fetish_rule else ""
        return f"Buy a new Quality at Good (an SFX at Basic{fetish})"
    return {
        "buy": "Buy a new Quality at Good",
        "clear_penalties": "Clear all Penalty Ranks (end of session)",
        "luck": "Turn into one Luck",
        "avert_doom": "Avert the pending Doom",
    }.get(use, use)


def _sfx_lost_with(character: Character, fetish: Element) -> str:
    """The SFX a Fetish opens under the Fetish rule (L691), or ''."""
    if fetish.kind is not ElementKind.FETISH or not character.options.fetish_rule:
        return ""
    target = (fetish.fetish_of or "").strip().casefold()
    for element in character.elements:
        if element.kind is ElementKind.SFX and element.name.strip().casefold() == target:
            return element.name
    return ""


def advancement_options(character: Character, index: int) -> list[AdvancementOption]:
    """Every use of held Advancement ``index`` (each raise target separately), with
    whether the rules allow it now and, if not, why."""
    if not 0 <= index < len(character.play.advancements):
        raise PlayRuleError(f"there is no held Advancement number {index + 1}")
    options: list[AdvancementOption] = []
    for target in _raise_targets(character):
        reason = _use_reason(character, index, "raise", target, None, need_details=True)
        options.append(
            AdvancementOption(
                "raise", target, not reason, reason, _option_label(character, "raise", target)
            )
        )
    for use in ADVANCEMENT_USES[1:]:
        reason = _use_reason(character, index, use, None, None, need_details=False)
        options.append(
            AdvancementOption(use, None, not reason, reason, _option_label(character, use, None))
        )
    return options


def _remove_element(character: Character, index: int) -> Element:
    """Remove an Element, keeping the Critical Failure keys pointing at the right ones."""
    elements = list(character.elements)
    removed = elements.pop(index)
    character.elements = elements
    gone = f"element:{index}"
    for adv in character.play.advancements:
        keys: list[str] = []
        for key in adv.qualities:
            if key == gone:
                keys.append(f"removed:{removed.name}")
            elif key.startswith("element:") and int(key.removeprefix("element:")) > index:
                keys.append(f"element:{int(key.removeprefix('element:')) - 1}")
            else:
                keys.append(key)
        adv.qualities = keys
    return removed


def _raise(character: Character, target: str) -> str:
    trait = _parse_trait_key(target)
    if trait is not None:
        old = character.trait_rank(trait)
        traits = dict(character.traits)
        traits[trait] = Rank(int(old) + 1)
        character.traits = traits
        steps = dict(character.trait_advanced)
        steps[trait] = steps.get(trait, 0) + 1
        character.trait_advanced = steps
        return f"Raised {trait.value}: {old.label} → {traits[trait].label}"
    name = describe_key(character, target)
    quality = quality_for(character, target)
    old = quality.rank
    quality.rank = Rank(int(old) + 1)
    quality.advanced += 1
    text = f"Raised {name}: {old.label} → {quality.rank.label}"
    if isinstance(quality, Element) and quality.kind in _FLAWS and quality.rank >= Rank.AVERAGE:
        _remove_element(character, int(target.removeprefix("element:")))
        if quality.kind is ElementKind.WEAKNESS and quality.acquired is Acquired.CREATION:
            character.play.overcome_weaknesses = [
                *character.play.overcome_weaknesses, quality.name
            ]
        text += ", so it is overcome and removed"
    return text


def use_advancement(
    character: Character,
    index: int,
    use: str,
    target: str | None = None,
    new_element: Element | None = None,
    why: str = "",
    fetish_name: str = "",
) -> None:
    """Spend held Advancement ``index`` on ``use`` (see :data:`ADVANCEMENT_USES`).

    ``target`` is the key of the Quality to raise; ``new_element`` describes a
    Quality to buy (name, Trait, kind; it comes in at Good, gained in play; an SFX
    under the SFX subsystem at Basic, L677, and under the Fetish rule with a Basic
    Fetish named ``fetish_name``, L689).
    """
    reason = _use_reason(character, index, use, target, new_element, need_details=True)
    if reason:
        raise PlayRuleError(reason)
    if use == "avert_doom":
        resolve_doom(character, "averted", advancement=index, why=why)
        return
    play = character.play
    adv = play.advancements[index]
    held = list(play.advancements)
    held.pop(index)
    play.advancements = held
    source = "Critical Failure" if adv.source == "critical_failure" else "Pivot"
    if use == "raise":
        assert target is not None
        what = _raise(character, target)
        if adv.source != "critical_failure":
            play.session_advancement_used = True
    elif use == "buy":
        assert new_element is not None
        sfx = new_element.kind is ElementKind.SFX
        start = Rank.BASIC if sfx and character.options.sfx_subsystem else Rank.GOOD
        bought = new_element.model_copy(
            update={"rank": start, "acquired": Acquired.PLAY, "advanced": 0}
        )
        added = [bought]
        if sfx and character.options.fetish_rule:
            # L689: a Fetish is taken at Basic when a new SFX Quality is bought.
            added.append(Element(
                name=fetish_name.strip() or f"Fetish of {bought.name}", rank=Rank.BASIC,
                trait=bought.trait, kind=ElementKind.FETISH, acquired=Acquired.PLAY,
                fetish_of=bought.name,
            ))
        character.elements = [*character.elements, *added]
        play.session_advancement_used = True
        trait_name = bought.trait.value if bought.trait else ""
        what = f'Bought "{bought.name}" ({trait_name}) at {start.label}'
        if len(added) > 1:
            what += f', with its Fetish "{added[1].name}" at Basic'
    elif use == "clear_penalties":
        total = penalty_total(character)
        play.penalty_ranks = {}
        play.scene_penalty_ranks = {}
        play.sfx_penalty_ranks = {}
        play.scene_sfx_penalty_ranks = {}
        what = f"Cleared all Penalty Ranks ({total})"
    else:  # luck
        play.luck = min(MAX_LUCK, play.luck + 1)
        what = "Turned an Advancement into one Luck"
    _record(character, "use_advancement", f"{what} [{source} Advancement]", why)


# ------------------------------------------------------------------ Stunts, Pivots


def critical_success_stunt(character: Character, name: str, trait: Trait, why: str = "") -> None:
    """A natural 20: a permanent Good Stunt linked to the Trait used."""
    _require_session(character, "gain a Stunt")
    _require_in_scene(character, "roll a Test")
    if not name.strip():
        raise PlayRuleError("give the Stunt a name")
    stunt = Element(
        name=name.strip(),
        rank=Rank.GOOD,
        trait=trait,
        kind=ElementKind.STUNT,
        acquired=Acquired.PLAY,
    )
    character.elements = [*character.elements, stunt]
    _record(character, "stunt", f'Stunt "{stunt.name}" ({trait.value}) at Good', why)


def change_pivot(character: Character, slot: str, text: str | None, why: str = "") -> None:
    """Set, replace or (with blank text) remove a Pivot; see :func:`pivot_change_reason`."""
    if slot not in PIVOT_SLOTS:
        raise PlayRuleError(f"there is no Pivot slot {slot!r} (Goal, Quirk or Style)")
    reason = pivot_change_reason(character)
    if reason:
        raise PlayRuleError(reason)
    value = text.strip() if text and text.strip() else None
    old = getattr(character.pivots, slot)
    setattr(character.pivots, slot, value)
    if value is None:
        what = f"Removed the {slot.capitalize()} Pivot"
    elif old is None:
        what = f'{slot.capitalize()} Pivot set to "{value}"'
    else:
        what = f'{slot.capitalize()} Pivot changed to "{value}"'
    _record(character, "change_pivot", what, why)


# ----------------------------------------------------------------------- summary


def summary_lines(character: Character) -> list[str]:
    """A plain read-only description of the character's state in play."""
    play = character.play
    lines = [character.name or "(unnamed)"]
    if play.session:
        status = "running" if play.session_running else "ended"
        lines.append(f"Session {play.session} ({status}), scene {play.scene}")
    lines.append(f"Luck {play.luck}; {_plural(len(play.advancements), 'Advancement')} held")
    lines.append(f'Concept "{character.concept.name}" {character.concept.rank.display()}')
    lines.append(f'Background "{character.background.name}" {character.background.rank.display()}')
    lines.append(f'Faculty "{character.faculty.name}" {character.faculty.rank.display()}')
    for trait in TRAITS:
        rank = character.trait_rank(trait)
        penalty = play.penalty_ranks.get(trait, 0)
        text = f"{trait.value} {rank.display()}"
        if penalty:
            working = effective_trait(character, trait).display()
            text += f", {_plural(penalty, 'Penalty Rank')}: works at {working}"
        lines.append(text)
    for index, element in enumerate(character.elements):
        link = element.trait.value if element.trait else "no Trait"
        name = describe_key(character, f"element:{index}")
        text = f"{name} {element.rank.display()} ({link})"
        penalty = play.sfx_penalty_ranks.get(element.name, 0)
        if element.kind is ElementKind.SFX and penalty:
            text += f", {_plural(penalty, 'Penalty Rank')}"
        lines.append(text)
    if play.doom_trait is not None:
        lines.append(f"Doom pending on {play.doom_trait.value}")
    if play.removed_from_scene:
        lines.append("Out of the current scene")
    if play.out_of_play:
        lines.append("Out of the game")
    return lines
