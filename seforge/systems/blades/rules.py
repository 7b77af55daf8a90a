"""The scoundrel's rules: derived values and every check with a stable rule id.

The steps that change a scoundrel live beside it: :mod:`seforge.systems.blades.creation`
(making one: dots, playbook, abilities, people, texts, house defaults) and
:mod:`seforge.systems.blades.play` (what happens at the table: XP and advances, stress,
trauma, harm, healing, armor, load, items, coin and stash). Sources cite
``blades-in-the-dark-srd.tex.txt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seforge.core.refused import RefusedError
from seforge.core.systems import CheckProblem
from seforge.systems.blades.facts import (
    ACTIONS,
    ATTRIBUTES,
    BACKGROUND_DOTS,
    COIN_CARRY,
    CREATION_CAP,
    CREATION_DOTS,
    FREE_DOTS,
    HERITAGE_DOTS,
    MASTERY_CAP,
    PLAY_CAP,
    PLAYBOOK_DOTS,
    RETIRE_AT_TRAUMA,
    XP_TRACKS,
)
from seforge.systems.blades.models import Scoundrel

if TYPE_CHECKING:
    from seforge.core.trackers import TieredTrack

DotSource = str
"""Where a creation dot comes from: ``playbook``, ``heritage``, ``background`` or ``free``."""

DOT_SOURCES: tuple[DotSource, ...] = ("playbook", "heritage", "background", "free")
SOURCE_ALLOWANCE: dict[DotSource, int] = {
    "playbook": PLAYBOOK_DOTS, "heritage": HERITAGE_DOTS,
    "background": BACKGROUND_DOTS, "free": FREE_DOTS,
}
"""How many dots each source gives at creation (SRD, Assign four action dots, line 556)."""

HARM_NAMES: tuple[str, ...] = ("lesser", "moderate", "severe")
HARM_PENALTIES: tuple[str, ...] = ("less effect", "-1d", "need help")
"""Penalty of each harm row (EXTERNAL default: full SRD line 1139; the text gives only
level 1 'reduced effect' and level 3 'incapacitated')."""

LOAD_LEVELS: tuple[tuple[int, int, str], ...] = (
    (1, 3, "light"), (4, 5, "normal"), (6, 6, "heavy"), (7, 9, "encumbered"),
)
"""Load levels (SRD, Loadout, lines 599-602)."""


def action_name(action: str) -> str:
    """An action as a sentence names it."""
    return action.capitalize()


def refuse_if(reason: str | None) -> None:
    """Raise the reason a ``why_not_*`` check gave, if it gave one."""
    if reason is not None:
        raise RefusedError(reason)


# derived values -----------------------------------------------------------------------------


def attribute_rating(scoundrel: Scoundrel, attribute: str) -> int:
    """Rule ``blades.attribute``: the number of the attribute's actions with a dot
    (SRD, Attribute Ratings, line 108)."""
    actions = scoundrel.house.attribute_map[attribute]
    return sum(1 for action in actions if scoundrel.actions.get(action, 0) >= 1)


def attributes(scoundrel: Scoundrel) -> dict[str, int]:
    return {attribute: attribute_rating(scoundrel, attribute) for attribute in ATTRIBUTES}


def rating_cap(scoundrel: Scoundrel) -> int:
    """Rule ``blades.dots.cap``: 2 at creation, 3 after, 4 with the crew's Mastery
    (SRD, Character creation summary, line 590)."""
    if scoundrel.stage == "creation":
        return CREATION_CAP
    return MASTERY_CAP if scoundrel.mastery else PLAY_CAP


def spent(scoundrel: Scoundrel) -> int:
    """The action dots placed."""
    return sum(scoundrel.actions.values())


def advance_dots(scoundrel: Scoundrel) -> dict[str, int]:
    dots: dict[str, int] = {}
    for advance in scoundrel.advances:
        if advance.track != "playbook" and advance.action:
            dots[advance.action] = dots.get(advance.action, 0) + 1
    return dots


def budget(scoundrel: Scoundrel) -> int:
    """Rule ``blades.dots.total``: 7 dots at creation, plus one per attribute advance."""
    return CREATION_DOTS + sum(advance_dots(scoundrel).values())


def source_dots(scoundrel: Scoundrel) -> dict[DotSource, dict[str, int]]:
    """Where every dot went: by source, the dots each action took from it. Free dots are
    whatever the other sources do not explain (negative when the record contradicts)."""
    playbook = {a: n for a, n in scoundrel.playbook_dots.items() if n}
    heritage = {scoundrel.heritage_dot: 1} if scoundrel.heritage_dot else {}
    background = {scoundrel.background_dot: 1} if scoundrel.background_dot else {}
    advances = advance_dots(scoundrel)
    free: dict[str, int] = {}
    for action in ACTIONS:
        rest = (scoundrel.actions.get(action, 0) - playbook.get(action, 0)
                - heritage.get(action, 0) - background.get(action, 0) - advances.get(action, 0))
        if rest:
            free[action] = rest
    return {"playbook": playbook, "heritage": heritage, "background": background,
            "free": free, "advance": advances}


def used_from(scoundrel: Scoundrel, source: DotSource) -> int:
    return sum(source_dots(scoundrel)[source].values())


def xp_track_length(scoundrel: Scoundrel, track: str) -> int:
    if track == "playbook":
        return scoundrel.house.playbook_xp_boxes
    return scoundrel.house.attribute_xp_boxes


def retired(scoundrel: Scoundrel) -> bool:
    """Rule ``blades.trauma.retire``: the fourth trauma retires the scoundrel (line 156)."""
    return len(scoundrel.trauma) >= RETIRE_AT_TRAUMA


def harm_track(scoundrel: Scoundrel) -> TieredTrack:
    """The harm rows as the core's tiered track (boxes per row: a house default)."""
    from seforge.core.trackers import Tier, TieredTrack  # seforge check starts without them

    tiers = tuple(Tier(f"{i + 1} {HARM_NAMES[i]}", boxes)
                  for i, boxes in enumerate(scoundrel.house.harm_boxes))
    rows = tuple(tuple(row[:tier.boxes]) for row, tier in zip(scoundrel.harm, tiers,
                                                               strict=True))
    return TieredTrack("Harm", tiers, rows)


def harm_penalties(scoundrel: Scoundrel) -> list[str]:
    """The penalties in force: each harm row with a mark gives its penalty."""
    return [HARM_PENALTIES[i] for i, row in enumerate(scoundrel.harm) if row]


HARM_DICE: tuple[int, ...] = (0, -1, 0)
"""Dice each harm row takes off a roll it applies to: moderate harm -1d (EXTERNAL default,
notes §6, as :data:`HARM_PENALTIES`); lesser harm costs effect, severe harm needs help."""


def harm_dice(scoundrel: Scoundrel) -> int:
    """The dice the scoundrel's marked harm takes off a roll it applies to (0 or less)."""
    return sum(HARM_DICE[i] for i, row in enumerate(scoundrel.harm) if row)


def harm_marks(scoundrel: Scoundrel) -> list[str]:
    """Each marked harm with its row's penalty ("Deep cut (-1d)"), worst row first."""
    return [f"{text} ({HARM_PENALTIES[i]})" for i in reversed(range(len(scoundrel.harm)))
            for text in scoundrel.harm[i]]


def load_level(load: int) -> str:
    """Light, normal, heavy or encumbered (rule ``blades.load``)."""
    for low, high, level in LOAD_LEVELS:
        if low <= load <= high:
            return level
    return "none chosen"


def items_load(scoundrel: Scoundrel) -> int:
    """Load in use: the marked items' boxes plus one slot per coin carried (rule
    ``blades.load``; SRD, Coin, line 423: carried coin takes an item slot)."""
    return sum(item.boxes for item in scoundrel.items) + scoundrel.coin


def lifestyle(scoundrel: Scoundrel) -> int:
    """Lifestyle quality: full rows of 10 stash (SRD, Stash & Retirement)."""
    return scoundrel.stash // 10


def resistance_dice(scoundrel: Scoundrel) -> dict[str, int]:
    """The dice each attribute rolls to resist: its rating."""
    return attributes(scoundrel)


HEALING_SEGMENTS = 4
"""The healing clock's size (EXTERNAL: the full SRD's Recovery; the Vigorous ability
keeps one segment filled)."""


def healing_segments(scoundrel: Scoundrel) -> int:
    """Segments still to tick: Vigorous fills one for good (its ability text)."""
    return HEALING_SEGMENTS - (1 if "Vigorous" in scoundrel.special_abilities else 0)


# checks -------------------------------------------------------------------------------------


CREATION_STEPS: dict[int, str] = {
    1: "playbook", 2: "heritage", 3: "background", 4: "action dots", 5: "special ability",
    6: "friend and rival", 7: "vice", 8: "name, alias and look",
}
"""The eight steps of creation, numbered as the text's summary (SRD, lines 587-594)."""

RULES: dict[str, str] = {
    "blades.playbook": "SRD, Character creation summary, step 1, line 587",
    "blades.heritage": "SRD, Choose a heritage, line 551; summary step 2, line 588",
    "blades.background": "SRD, Choose a background, line 553; summary step 3, line 589",
    "blades.name": "SRD, Record your name, alias & look, line 579; step 8, line 594",
    "blades.dots.total": "SRD, Assign four action dots, line 556",
    "blades.dots.cap": "SRD, Assign four action dots, line 556; summary line 590",
    "blades.dots.playbook": "SRD, Assign four action dots, line 556",
    "blades.dots.heritage": "SRD, Assign four action dots, line 558",
    "blades.dots.background": "SRD, Assign four action dots, line 559",
    "blades.dots.free": "SRD, Assign four action dots, line 560",
    "blades.ability": "SRD, Choose a special ability, line 563",
    "blades.friend-rival": "SRD, Choose one close friend and one rival, line 567",
    "blades.vice": "SRD, Choose your vice, line 569",
    "blades.trauma.retire": "SRD, Trauma, line 156",
    "blades.stress": "SRD, Trauma, line 154",
    "blades.harm": "SRD, Harm, line 305",
    "blades.armor": "SRD, Armor line 341; Special Armor line 565",
    "blades.coin": "SRD, Coin, line 422",
    "blades.load": "SRD, Loadout, line 597; Coin, line 423",
    "blades.xp": "SRD, PC Advancement, line 520",
}
"""Each stable rule id and where it comes from."""


def _step(number: int, rule: str, message: str, severity: str = "error") -> CheckProblem:
    """A problem with creation step ``number``, named as the text's summary names it."""
    return CheckProblem(f"Step {number} ({CREATION_STEPS[number]}): {message}", severity, rule)


def _check_origins(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Steps 1-3: playbook, heritage and background."""
    problems: list[CheckProblem] = []
    if not scoundrel.playbook.strip():
        problems.append(_step(1, "blades.playbook", "no playbook is chosen."))
    if not scoundrel.heritage.strip():
        problems.append(_step(2, "blades.heritage", "no heritage is chosen."))
    elif not scoundrel.heritage_detail.strip():
        problems.append(_step(2, "blades.heritage", "add a detail about the family.",
                              "warning"))
    if not scoundrel.background.strip():
        problems.append(_step(3, "blades.background", "no background is chosen."))
    elif not scoundrel.background_detail.strip():
        problems.append(_step(3, "blades.background", "add a detail about the background.",
                              "warning"))
    return problems


def _check_dot_totals(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Step 4: the number of dots placed and each action's rating against the cap."""
    problems: list[CheckProblem] = []
    total, allowed, cap = spent(scoundrel), budget(scoundrel), rating_cap(scoundrel)
    if total > allowed:
        problems.append(_step(4, "blades.dots.total", f"{total} action dots are placed but "
                              f"only {allowed} are allowed; take {total - allowed} away."))
    elif total < allowed:
        problems.append(_step(4, "blades.dots.total", f"{allowed - total} of the {allowed} "
                              "action dots are still to place."))
    for action in ACTIONS:
        rating = scoundrel.actions.get(action, 0)
        if rating > cap:
            when = ("while the scoundrel is being made" if scoundrel.stage == "creation"
                    else "without the crew's Mastery" if cap == PLAY_CAP else "")
            problems.append(_step(4, "blades.dots.cap", f"{action_name(action)} is rated {rating}; "
                                  f"no action goes above {cap} {when}".rstrip() + "."))
    return problems


_SOURCE_WHAT: dict[DotSource, str] = {
    "playbook": "the playbook's dots", "heritage": "the heritage dot",
    "background": "the background dot", "free": "the free dots",
}


def _check_dot_sources(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Step 4: where the dots come from (each source's allowance, at creation) and whether
    the recorded sources agree with the actions."""
    problems: list[CheckProblem] = []
    sources = source_dots(scoundrel)
    within_budget = spent(scoundrel) <= budget(scoundrel)
    if scoundrel.stage == "creation":
        for source in ("playbook", "heritage", "background", "free"):
            used, allowance = sum(sources[source].values()), SOURCE_ALLOWANCE[source]
            rule = f"blades.dots.{source}"
            if used > allowance and source == "free":
                problems.append(_step(4, rule, f"{used} dots are not tied to the playbook, "
                                      "heritage or background; a new scoundrel has "
                                      f"{allowance} free dots.", "warning"))
            elif used > allowance:
                problems.append(_step(4, rule, f"{used} dots come from the {source} but it "
                                      f"gives {allowance}."))
            elif used < allowance and within_budget:
                problems.append(_step(4, rule, f"{_SOURCE_WHAT[source]}: "
                                      f"{allowance - used} still to place.", "warning"))
    if any(n < 0 for n in sources["free"].values()) or any(
            scoundrel.playbook_dots.get(a, 0) > scoundrel.actions.get(a, 0) for a in ACTIONS):
        problems.append(_step(4, "blades.dots.playbook", "the dots said to come from the "
                              "playbook, heritage or background are more than the actions "
                              "hold."))
    return problems


def _check_choices(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Steps 5-8: special ability, friend and rival, vice, name and look."""
    problems: list[CheckProblem] = []
    abilities = [a for a in scoundrel.special_abilities if a.strip()]
    if scoundrel.stage == "creation" and len(abilities) > 1:
        problems.append(_step(5, "blades.ability", f"{len(abilities)} special abilities are "
                              "chosen; a new scoundrel starts with one."))
    elif not abilities:
        problems.append(_step(5, "blades.ability", "no special ability is chosen yet."))
    problems += _check_friend_and_rival(scoundrel)
    if not scoundrel.vice:
        problems.append(_step(7, "blades.vice", "no vice is chosen yet."))
    elif not scoundrel.vice_purveyor.strip():
        problems.append(_step(7, "blades.vice", f"name the purveyor of the {scoundrel.vice} "
                              "vice and where to find them."))
    if not scoundrel.name.strip():
        problems.append(_step(8, "blades.name", "the scoundrel has no name."))
    elif not scoundrel.look.strip():
        problems.append(_step(8, "blades.name", "a few words on the look are missing.",
                              "warning"))
    return problems


def _check_friend_and_rival(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Step 6: one close friend and one rival, not the same person."""
    friend, rival = scoundrel.friend.strip(), scoundrel.rival.strip()
    if friend and rival and friend.casefold() == rival.casefold():
        return [_step(6, "blades.friend-rival", f"{friend} cannot be both the close friend "
                      "and the rival.")]
    problems: list[CheckProblem] = []
    if not friend:
        problems.append(_step(6, "blades.friend-rival", "no close friend is chosen."))
    if not rival:
        problems.append(_step(6, "blades.friend-rival", "no rival is chosen."))
    return problems


def _check_condition(scoundrel: Scoundrel) -> list[CheckProblem]:
    """The tracks of play: trauma, stress, harm and armor."""
    problems: list[CheckProblem] = []
    if retired(scoundrel):
        problems.append(CheckProblem(f"{len(scoundrel.trauma)} trauma conditions: the "
                                     "scoundrel must retire.", "warning",
                                     "blades.trauma.retire"))
    if scoundrel.stress >= scoundrel.house.stress_boxes:
        problems.append(CheckProblem(f"Stress {scoundrel.stress} fills the "
                                     f"{scoundrel.house.stress_boxes}-box track; filling it "
                                     "means a trauma and a fresh track.", "error",
                                     "blades.stress"))
    for i, row in enumerate(scoundrel.harm):
        boxes = scoundrel.house.harm_boxes[i]
        if len(row) > boxes:
            problems.append(CheckProblem(f"Harm row {i + 1} holds {boxes} but {len(row)} are "
                                         "written.", "error", "blades.harm"))
    if "heavy" in scoundrel.armor_used and not scoundrel.heavy_armor:
        problems.append(CheckProblem("The heavy armor box is marked without heavy armor.",
                                     "error", "blades.armor"))
    if "special" in scoundrel.armor_used and not scoundrel.special_armor:
        problems.append(CheckProblem("The special armor box is marked, but no ability uses "
                                     "it.", "error", "blades.armor"))
    return problems


def _check_gear_and_xp(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Coin carried, load in use and the XP tracks."""
    problems: list[CheckProblem] = []
    if scoundrel.coin > COIN_CARRY:
        problems.append(CheckProblem(f"{scoundrel.coin} coin carried; a scoundrel carries at "
                                     f"most {COIN_CARRY}.", "error", "blades.coin"))
    if (scoundrel.load or scoundrel.items) and items_load(scoundrel) > scoundrel.load:
        problems.append(CheckProblem(f"The marked items and carried coin take "
                                     f"{items_load(scoundrel)} slots but the chosen load is "
                                     f"{scoundrel.load}.", "error", "blades.load"))
    for track in XP_TRACKS:
        length = xp_track_length(scoundrel, track)
        if scoundrel.xp.get(track, 0) > length:
            problems.append(CheckProblem(f"The {track} XP track holds {length} marks, not "
                                         f"{scoundrel.xp[track]}.", "error", "blades.xp"))
    return problems


def check_scoundrel(scoundrel: Scoundrel) -> list[CheckProblem]:
    """Every problem with the scoundrel, in plain words with its rule id."""
    return [*_check_origins(scoundrel), *_check_dot_totals(scoundrel),
            *_check_dot_sources(scoundrel), *_check_choices(scoundrel),
            *_check_condition(scoundrel), *_check_gear_and_xp(scoundrel)]


def ledger_lines(scoundrel: Scoundrel) -> list[str]:
    """Where every dot went, for the ledger and ``seforge check``."""
    sources = source_dots(scoundrel)

    def listed(dots: dict[str, int]) -> str:
        return ", ".join(f"{action_name(a)} {n}" for a, n in dots.items() if n) or "none"

    lines = [f"Action dots: {spent(scoundrel)} of {budget(scoundrel)}"]
    playbook = scoundrel.playbook or "playbook"
    labels = {"playbook": f"Playbook ({playbook})", "heritage": "Heritage",
              "background": "Background", "free": "Free"}
    for source in ("playbook", "heritage", "background", "free"):
        used = sum(sources[source].values())
        lines.append(f"{labels[source]}: {listed(sources[source])} "
                     f"({used} of {SOURCE_ALLOWANCE[source]})")
    if sources["advance"]:
        lines.append(f"Advances: {listed(sources['advance'])}")
    attrs = attributes(scoundrel)
    lines.append("Attributes (resistance dice): " + ", ".join(
        f"{a.capitalize()} {attrs[a]}" for a in ATTRIBUTES))
    return lines
