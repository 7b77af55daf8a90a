"""What the scene tracker and the Play dock say about the rules, in our own words.

Every number in these texts comes from the rule that uses it (:mod:`.resolution`,
:mod:`.play`), so a caption can never disagree with what a step does. The UI shows
these strings; it never writes a rule fact of its own.
"""

from __future__ import annotations

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.play.luck import DEFAULT_LUCK, LUCK_PURPOSES
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.recovery import (
    RECOVERY_TN,
    WEEKLY_RECOVERY,
    recovery_removed,
)
from seforge.systems.swords_edge.resolution.stress import (
    DOOM_WEAKNESS_RANK,
    REGULAR_STRESS_LIMIT,
    stress_result,
)
from seforge.systems.swords_edge.resolution.tns import momentum_bonus
from seforge.systems.swords_edge.scene import Scene, SceneNC
from seforge.systems.swords_edge.wording import plural


def nc_stress_rule(nc_type: NCType) -> str:
    """How Stress takes an NC of ``nc_type`` out, in a few words: ``"out at 3 in all"``."""
    if nc_type is NCType.MINION:
        return "out at 1"
    if nc_type is NCType.REGULAR:
        return f"out at {REGULAR_STRESS_LIMIT} in all"
    return "loses a Rank each"


def nc_state_text(entry: SceneNC) -> str:
    """An NC's state in the scene: ``"Good (TN 17), 2 of 3 Stress"`` or ``"out (Stress)"``."""
    if entry.removed:
        return f"out ({entry.removed_note})"
    rank = f"{entry.current_rank.label} (TN {entry.tn})"
    if entry.nc.type is NCType.REGULAR:
        return f"{rank}, {entry.stress} of {REGULAR_STRESS_LIMIT} Stress"
    if entry.nc.type is NCType.HERO and entry.stress:
        return f"{rank}, {entry.stress} Stress"
    return rank


def hit_effect_text(level: str, trait: str = "") -> str:
    """What a hit at ``level`` does to a PC, for the Take Stress dialog: ``"2 Penalty
    Ranks on Physique"``, ``"4 Penalty Ranks on Physique; Undefended for the rest of the
    scene"``, ``"5 Penalty Ranks on Physique and a Doom"``."""
    effect = stress_result(level)
    text = f"{effect.penalty_ranks} Penalty Rank" + ("" if effect.penalty_ranks == 1 else "s")
    if trait:
        text += f" on {trait}"
    if effect.undefended:
        text += "; Undefended for the rest of the scene"
    if effect.doom:
        text += " and a Doom"
    return text


def hit_levels_text() -> str:
    """What a hit at each Level does to a PC: ``"Average 1 Penalty Rank, Good 2, ...,
    Exceptional 4 and Undefended, Legendary 5 and a Doom"``."""
    parts = []
    for index, level in enumerate(LEVELS):
        effect = stress_result(level)
        text = f"{level} {effect.penalty_ranks}"
        if index == 0:
            text += " Penalty Rank" + ("" if effect.penalty_ranks == 1 else "s")
        if effect.undefended:
            text += " and Undefended"
        if effect.doom:
            text += " and a Doom"
        parts.append(text)
    return ", ".join(parts)


def momentum_level_text() -> str:
    """What winning the Momentum at each Level adds to the first Action."""
    bonuses = [f"{level} {format_modifier(momentum_bonus(level))}" for level in LEVELS
               if momentum_bonus(level)]
    return f"The Level the PC won at; the first Action gets {', '.join(bonuses)}"


def recovery_levels_text(daily: bool = False) -> str:
    """What a Recovery Test (TN 17) removes at each Level, at the end of a scene
    (this scene's Penalty Ranks only) or of a day (any)."""
    amounts = ", ".join(f"{level} {recovery_removed(level, daily)}" for level in LEVELS)
    which = "any Penalty Ranks" if daily else "Penalty Ranks taken in this scene"
    return f"The Recovery Test (TN {RECOVERY_TN}) removes {which}: {amounts}"


DOOM_OUTCOME_TEXT: dict[str, str] = {
    "survived": f"Survived: a {DOOM_WEAKNESS_RANK.label} Weakness, out of this scene",
    "averted": "Averted with a held Advancement",
    "out": "Out of the game",
}
"""Each of :data:`play.DOOM_OUTCOMES`, as a choice."""


def luck_purposes(spendable_only: bool = True) -> dict[str, str]:
    """What Luck can be spent on, as choices (``remove_stress`` happens at the end of a
    scene, so it is left out of a plain spend)."""
    # only the first letter raised: str.capitalize() lowered the rest ("the gm",
    # "another trait or element to a test")
    return {key: text[:1].upper() + text[1:] for key, text in LUCK_PURPOSES.items()
            if not (spendable_only and key == "remove_stress")}


PLAY_TIPS: dict[str, str] = {
    "starting_luck": f"Luck handed out at the start ({DEFAULT_LUCK} by default)",
    "end_session": "End the session; unspent Luck is lost",
    "end_session_note": "Unspent Luck is lost when the session ends.",
    "legendary": "Legendary Stress always brings a Doom",
    "doom_weakness": f"Name of the {DOOM_WEAKNESS_RANK.label} Weakness on survival",
    "doom_survived": f"Gain a {DOOM_WEAKNESS_RANK.label} Weakness on the Trait",
    "doom_averted": "Spend a Pivot Advancement; out of this scene",
    "pivot_advancement": "One Advancement per scene when a Pivot comes into play",
    "pivot_touched": "The Pivot the scene touched (one Advancement per scene)",
    "scene_luck": "Each Luck removes one more of this scene's Penalty Ranks",
    "critical_failure": "Tick what the Test used. The Advancement may only raise those; the "
                        "Trait only if nothing else was used.",
    "undefended": "Undefended for the rest of the scene",
    "end_of_day": "The daily Recovery Test: it reaches any Penalty Ranks, not only this "
                  "scene's",
    "end_of_week": f"A week of game time heals {WEEKLY_RECOVERY} Penalty Rank by itself",
    "return_to_play": "Bring back a character who was out of the game (the table's call)",
    "arcane_failure": "A failed Arcane Test: a Penalty Rank on the SFX Quality and one on its "
                      "Trait",
    "stunt": "A natural 20: the PC gains a permanent Good Stunt",
    "stunt_name": "The new Stunt's name: a permanent Good Element from a natural 20",
    "add_stunt": "Add the Stunt at Good, linked to the Trait used",
    "nc_momentum": "The Trait (and Elements) this NC brings to the Momentum Test; never its "
                   "Concept",
    "momentum_qualities": "Qualities put in (all but the Trait are spent for the scene)",
    "pivots": "Goal, Quirk and Style; changed only at the start or end of a session",
    "pivot_one": "A character has at most one {slot}. The new text replaces the current one; "
                 "leave it blank to remove the Pivot.",
    "clear_penalties": "Spends the first Advancement earned from a Pivot",
    "buy_quality": "Name of the Quality to buy at Good",
    "recovery_scene": "Removes only Stress taken in the scene just ended; Luck can clear more "
                      "of that Stress",
    "recovery_day": "The daily Recovery Test reaches older Stress too; Luck still removes only "
                    "the scene just ended's",
}
"""Short rule reminders the Play dock and the scene tracker show, by place."""


def end_session_note(scene_penalties: int) -> str:
    """What ending the session now costs: its Luck, and the scene's Recovery Test and Luck
    for the Penalty Ranks taken in the running scene (after it, only the daily Recovery
    Test and a week's rest reach them, as they reach any older Penalty Rank)."""
    note = PLAY_TIPS["end_session_note"]
    if scene_penalties <= 0:
        return note
    if scene_penalties == 1:
        taken, miss, them = "The Penalty Rank", "misses", "it"
    else:
        taken, miss, them = f"The {plural(scene_penalties, 'Penalty Rank')}", "miss", "them"
    return (f"{note} {taken} taken in this scene then {miss} the scene's Recovery Test and "
            f"Luck; only the daily Recovery Test or a week's rest reaches {them} after. "
            "End scene… first to make that Test.")


def session_scene_text(session: int, scene: int) -> str:
    """``"Session 2 · Scene 3"``: how the Play dock and the GM's Table number a scene."""
    return f"Session {session} · Scene {scene}"


def scene_numbering(scene: Scene) -> str:
    """The scene's number as its PCs' Play docks give it (``"Session 1 · Scene 2"``):
    the scene in progress, or the one that ended (its PCs are at the next one then).
    PCs at different points are each named; "" while no PC has played a session."""
    found: dict[str, list[str]] = {}
    for entry in scene.pcs:
        if not scene.is_bound(entry.id):
            continue
        play = scene.character(entry.id).play
        if play.session == 0:
            continue
        number = play.scene - 1 if scene.ended and play.scene > 1 else play.scene
        found.setdefault(session_scene_text(play.session, number), []).append(
            scene.title(entry.id))
    if len(found) == 1:
        return next(iter(found))
    return "; ".join(f"{text} ({', '.join(names)})" for text, names in found.items())
