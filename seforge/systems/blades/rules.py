"""The scoundrel's rules: derived values, every check with a stable rule id, and the
mutators the builder and the sheet run through the document owner.

Each mutator changes the scoundrel it is given in place and raises
:class:`seforge.core.trackers.RefusedError` (a one-line reason) when the rules forbid the
step; each has a ``why_not_*`` twin that returns that reason, or None, so a widget can be
disabled with the reason in its tooltip. Sources cite ``blades-in-the-dark-srd.tex.txt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seforge.core.refused import RefusedError
from seforge.core.systems import CheckProblem
from seforge.systems.blades.facts import (
    ACTIONS,
    ARMOR_BOXES,
    ATTRIBUTES,
    BACKGROUND_DOTS,
    COIN_CARRY,
    CREATION_CAP,
    CREATION_DOTS,
    FREE_DOTS,
    HERITAGE_DOTS,
    MASTERY_CAP,
    MAX_LOAD,
    PLAY_CAP,
    PLAYBOOK_DOTS,
    RETIRE_AT_TRAUMA,
    STASH_MAX,
    TRAUMA_CONDITIONS,
    XP_TRACKS,
    attribute_of,
    playbook_named,
)
from seforge.systems.blades.models import Advance, Item, Scoundrel

if TYPE_CHECKING:
    from seforge.core.trackers import Pool, TieredTrack

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


def _name(action: str) -> str:
    return action.capitalize()


def _refuse_if(reason: str | None) -> None:
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
            problems.append(_step(4, "blades.dots.cap", f"{_name(action)} is rated {rating}; "
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
        return ", ".join(f"{_name(a)} {n}" for a, n in dots.items() if n) or "none"

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


# creation mutators --------------------------------------------------------------------------


def why_not_add_dot(scoundrel: Scoundrel, action: str, source: DotSource = "free") -> str | None:
    """Why a dot cannot go on ``action`` from ``source`` now (None when it can)."""
    if action not in ACTIONS:
        return f"there is no action {action!r}"
    if scoundrel.stage != "creation":
        return ("after creation a new dot comes from an advance: fill an attribute's XP "
                "track and take it")
    if source not in SOURCE_ALLOWANCE:
        return f"a creation dot comes from {', '.join(DOT_SOURCES)}, not {source!r}"
    cap = rating_cap(scoundrel)
    if scoundrel.actions.get(action, 0) >= cap:
        return (f"{_name(action)} is already at {cap}: no action goes above {cap} while the "
                "scoundrel is being made")
    if spent(scoundrel) >= CREATION_DOTS:
        return f"all {CREATION_DOTS} creation dots are placed"
    if used_from(scoundrel, source) >= SOURCE_ALLOWANCE[source]:
        allowance = SOURCE_ALLOWANCE[source]
        return (f"the {source} gives {allowance} dot{'s' if allowance > 1 else ''} and "
                f"{'they are' if allowance > 1 else 'it is'} placed")
    return None


def add_dot(scoundrel: Scoundrel, action: str, source: DotSource = "free") -> None:
    _refuse_if(why_not_add_dot(scoundrel, action, source))
    scoundrel.actions[action] = scoundrel.actions.get(action, 0) + 1
    if source == "playbook":
        scoundrel.playbook_dots[action] = scoundrel.playbook_dots.get(action, 0) + 1
    elif source == "heritage":
        scoundrel.heritage_dot = action
    elif source == "background":
        scoundrel.background_dot = action


def why_not_remove_dot(scoundrel: Scoundrel, action: str,
                       source: DotSource = "free") -> str | None:
    if action not in ACTIONS:
        return f"there is no action {action!r}"
    if scoundrel.stage != "creation":
        return "after creation dots are not taken away"
    if source_dots(scoundrel)[source].get(action, 0) <= 0:
        return f"{_name(action)} has no {source} dot to take away"
    return None


def remove_dot(scoundrel: Scoundrel, action: str, source: DotSource = "free") -> None:
    _refuse_if(why_not_remove_dot(scoundrel, action, source))
    scoundrel.actions[action] -= 1
    if source == "playbook":
        scoundrel.playbook_dots[action] -= 1
        if not scoundrel.playbook_dots[action]:
            del scoundrel.playbook_dots[action]
    elif source == "heritage":
        scoundrel.heritage_dot = ""
    elif source == "background":
        scoundrel.background_dot = ""


def why_not_move_dot(scoundrel: Scoundrel, source: DotSource, action: str) -> str | None:
    """Why the heritage (or background) dot cannot move to ``action``."""
    if source not in ("heritage", "background"):
        return "only the heritage and background dots are moved this way"
    if scoundrel.stage != "creation":
        return f"the {source} dot is placed at creation"
    current = scoundrel.heritage_dot if source == "heritage" else scoundrel.background_dot
    if current == action:
        return None
    trial = scoundrel.model_copy(deep=True)
    if current:
        remove_dot(trial, current, source)
    return why_not_add_dot(trial, action, source) if action else None


def move_dot(scoundrel: Scoundrel, source: DotSource, action: str) -> None:
    """Put the heritage (or background) dot on ``action`` ('' takes it away)."""
    _refuse_if(why_not_move_dot(scoundrel, source, action))
    current = scoundrel.heritage_dot if source == "heritage" else scoundrel.background_dot
    if current == action:
        return
    if current:
        remove_dot(scoundrel, current, source)
    if action:
        add_dot(scoundrel, action, source)


def why_not_set_playbook(scoundrel: Scoundrel, name: str) -> str | None:
    if scoundrel.stage != "creation" and name.strip() != scoundrel.playbook:
        return "the playbook is chosen at creation"
    preset = playbook_named(name)
    if preset is None:
        return None
    trial = scoundrel.model_copy(deep=True)
    _clear_playbook_dots(trial)
    for action, dots in preset.dots:
        for _ in range(dots):
            reason = why_not_add_dot(trial, action, "playbook")
            if reason is not None:
                return f"the {preset.name} places {dots} in {_name(action)}, but {reason}"
            add_dot(trial, action, "playbook")
    return None


def _clear_playbook_dots(scoundrel: Scoundrel) -> None:
    for action, dots in list(scoundrel.playbook_dots.items()):
        scoundrel.actions[action] -= dots
    scoundrel.playbook_dots = {}


def set_playbook(scoundrel: Scoundrel, name: str) -> None:
    """Choose the playbook; one the text names places its three dots and its trigger."""
    _refuse_if(why_not_set_playbook(scoundrel, name))
    scoundrel.playbook = name.strip()
    preset = playbook_named(name)
    if preset is None:
        return
    scoundrel.playbook = preset.name
    _clear_playbook_dots(scoundrel)
    for action, dots in preset.dots:
        for _ in range(dots):
            add_dot(scoundrel, action, "playbook")
    scoundrel.xp_trigger = preset.xp_trigger


def why_not_add_ability(scoundrel: Scoundrel, ability: str) -> str | None:
    if not ability.strip():
        return "name the special ability"
    if ability.strip() in scoundrel.special_abilities:
        return f"{ability.strip()} is already taken"
    if scoundrel.stage == "creation" and scoundrel.special_abilities:
        return "a new scoundrel starts with one special ability; more come from advances"
    if scoundrel.stage == "play":
        return "after creation a special ability comes from a playbook advance"
    return None


def add_ability(scoundrel: Scoundrel, ability: str) -> None:
    """Take a special ability; one of the playbook's that spends special armor marks the
    scoundrel as having that box (SRD, Special Armor, line 565)."""
    _refuse_if(why_not_add_ability(scoundrel, ability))
    scoundrel.special_abilities.append(_ability_name(scoundrel, ability))
    _note_special_armor(scoundrel)


def _ability_name(scoundrel: Scoundrel, ability: str) -> str:
    """The ability as the playbook spells it, when it is one of the playbook's."""
    from seforge.systems.blades.content import playbook

    book = playbook(scoundrel.playbook)
    found = book.ability(ability) if book else None
    return found.name if found else ability.strip()


def _note_special_armor(scoundrel: Scoundrel) -> None:
    from seforge.systems.blades.content import playbook, playbooks

    books = [b for b in (playbook(scoundrel.playbook),) if b] or list(playbooks())
    for name in scoundrel.special_abilities:
        for book in books:
            found = book.ability(name)
            if found is not None and found.special_armor:
                scoundrel.special_armor = True
                return


def why_not_carry(scoundrel: Scoundrel, name: str) -> str | None:
    """Mark one of the items the playbook offers (or a standard item) as carried."""
    from seforge.systems.blades.content import playbook_items

    found = next((i for i in playbook_items(scoundrel.playbook) if i.name == name), None)
    if found is None:
        return f"{name!r} is not an item of the {scoundrel.playbook or 'sheet'}"
    if any(item.name == name for item in scoundrel.items):
        return f"{name} is already carried"
    if scoundrel.load == 0:
        return "choose the score's load first"
    return why_not_add_item(scoundrel, name, found.load)


def carry(scoundrel: Scoundrel, name: str) -> None:
    from seforge.systems.blades.content import playbook_items

    _refuse_if(why_not_carry(scoundrel, name))
    found = next(i for i in playbook_items(scoundrel.playbook) if i.name == name)
    add_item(scoundrel, name, found.load)


def drop(scoundrel: Scoundrel, name: str) -> None:
    for index, item in enumerate(scoundrel.items):
        if item.name == name:
            remove_item(scoundrel, index)
            return
    raise RefusedError(f"{name} is not carried")


def remove_ability(scoundrel: Scoundrel, ability: str) -> None:
    if ability not in scoundrel.special_abilities:
        raise RefusedError(f"{ability} is not taken")
    scoundrel.special_abilities.remove(ability)


def why_not_set_contact(scoundrel: Scoundrel, role: str, name: str) -> str | None:
    """Rule ``blades.friend-rival``: the close friend and the rival are different people."""
    other = scoundrel.rival if role == "friend" else scoundrel.friend
    if name.strip() and name.strip().casefold() == other.strip().casefold():
        return (f"{name.strip()} is already the {'rival' if role == 'friend' else 'close friend'};"
                " the friend and the rival are two different people")
    return None


def set_contact(scoundrel: Scoundrel, role: str, name: str) -> None:
    _refuse_if(why_not_set_contact(scoundrel, role, name))
    if role == "friend":
        scoundrel.friend = name.strip()
    else:
        scoundrel.rival = name.strip()


def why_not_finish_creation(scoundrel: Scoundrel) -> str | None:
    """Creation ends once every dot is placed and nothing breaks a rule."""
    if scoundrel.stage != "creation":
        return "creation is already finished"
    errors = [p for p in check_scoundrel(scoundrel) if p.severity == "error"]
    if errors:
        return errors[0].message
    if spent(scoundrel) < CREATION_DOTS:
        return f"{CREATION_DOTS - spent(scoundrel)} action dots are still to place"
    return None


def finish_creation(scoundrel: Scoundrel) -> None:
    _refuse_if(why_not_finish_creation(scoundrel))
    scoundrel.stage = "play"


# advancement --------------------------------------------------------------------------------


def why_not_mark_xp(scoundrel: Scoundrel, track: str, amount: int = 1) -> str | None:
    if track not in XP_TRACKS:
        return f"there is no XP track {track!r}"
    length = xp_track_length(scoundrel, track)
    marks = scoundrel.xp.get(track, 0) + amount
    if marks < 0:
        return f"the {track} track has {scoundrel.xp.get(track, 0)} marks to clear"
    if marks > length:
        return f"the {track} track is full ({length}); take the advance first"
    return None


def mark_xp(scoundrel: Scoundrel, track: str, amount: int = 1) -> None:
    """Mark (or with a negative amount clear) XP on a track (rule ``blades.xp``)."""
    _refuse_if(why_not_mark_xp(scoundrel, track, amount))
    scoundrel.xp[track] = scoundrel.xp.get(track, 0) + amount


def why_not_desperate_roll(scoundrel: Scoundrel, action: str) -> str | None:
    """A desperate action roll marks 1 XP in its action's attribute (SRD, line 512)."""
    if action not in ACTIONS:
        return f"there is no action {action!r}"
    return why_not_mark_xp(scoundrel, attribute_of(action, scoundrel.house), 1)


def desperate_roll(scoundrel: Scoundrel, action: str) -> None:
    _refuse_if(why_not_desperate_roll(scoundrel, action))
    mark_xp(scoundrel, attribute_of(action, scoundrel.house), 1)


def why_not_advance(scoundrel: Scoundrel, track: str, choice: str) -> str | None:
    """A full XP track gives an advance: a dot under that attribute, or a new special
    ability for the playbook track (SRD, PC Advancement, line 520)."""
    if scoundrel.stage == "creation":
        return "finish creation before taking advances"
    if track not in XP_TRACKS:
        return f"there is no XP track {track!r}"
    if scoundrel.xp.get(track, 0) < xp_track_length(scoundrel, track):
        return f"the {track} XP track is not full yet"
    if track == "playbook":
        if not choice.strip():
            return "name the new special ability"
        if choice.strip() in scoundrel.special_abilities:
            return f"{choice.strip()} is already taken"
        return None
    if choice not in ACTIONS:
        return f"choose an action under {track.capitalize()}"
    if attribute_of(choice, scoundrel.house) != track:
        return f"{_name(choice)} is not under {track.capitalize()}"
    cap = rating_cap(scoundrel)
    if scoundrel.actions.get(choice, 0) >= cap:
        more = "" if cap == MASTERY_CAP else " (4 once the crew has Mastery)"
        return f"{_name(choice)} is already at {cap}, the highest rating now{more}"
    return None


def take_advance(scoundrel: Scoundrel, track: str, choice: str) -> None:
    _refuse_if(why_not_advance(scoundrel, track, choice))
    scoundrel.xp[track] = 0
    if track == "playbook":
        scoundrel.special_abilities.append(choice.strip())
        scoundrel.advances.append(Advance(track="playbook", ability=choice.strip()))
    else:
        scoundrel.actions[choice] += 1
        scoundrel.advances.append(Advance(track=track, action=choice))


# stress, trauma, harm, armor ----------------------------------------------------------------


def why_not_take_stress(scoundrel: Scoundrel, amount: int, trauma: str = "") -> str | None:
    """Filling the last stress box means a trauma (rule ``blades.stress``)."""
    if amount < 0:
        return "take a positive amount of stress"
    if scoundrel.stress + amount >= scoundrel.house.stress_boxes:
        if not trauma:
            return ("this fills the stress track: choose the trauma condition it brings")
        return why_not_add_trauma(scoundrel, trauma)
    return None


def take_stress(scoundrel: Scoundrel, amount: int, trauma: str = "") -> None:
    """Mark stress; filling the track adds the trauma and leaves zero stress (line 154)."""
    _refuse_if(why_not_take_stress(scoundrel, amount, trauma))
    if scoundrel.stress + amount >= scoundrel.house.stress_boxes:
        scoundrel.trauma.append(trauma)
        scoundrel.stress = 0
    else:
        scoundrel.stress += amount


def why_not_resist(scoundrel: Scoundrel, stress: int, trauma: str = "") -> str | None:
    """What a resistance roll's stress does: 6 minus the die read, or on a critical one
    stress cleared (SRD, Resistance & Armor, line 323)."""
    if stress < -1 or stress > 6:
        return f"a resistance roll costs -1 to 6 stress, not {stress}"
    if stress < 0:
        return None
    return why_not_take_stress(scoundrel, stress, trauma)


def resist(scoundrel: Scoundrel, stress: int, trauma: str = "") -> None:
    _refuse_if(why_not_resist(scoundrel, stress, trauma))
    if stress < 0:
        scoundrel.stress = max(0, scoundrel.stress - 1)
    else:
        take_stress(scoundrel, stress, trauma)


def clear_stress(scoundrel: Scoundrel, amount: int) -> None:
    if not 0 <= amount <= scoundrel.stress:
        raise RefusedError(f"there are {scoundrel.stress} stress to clear, not {amount}")
    scoundrel.stress -= amount


def why_not_add_trauma(scoundrel: Scoundrel, condition: str) -> str | None:
    if condition not in TRAUMA_CONDITIONS:
        return f"{condition!r} is not a trauma condition"
    if condition in scoundrel.trauma:
        return f"{condition} is already marked"
    if retired(scoundrel):
        return "four trauma conditions: the scoundrel has retired"
    return None


def add_trauma(scoundrel: Scoundrel, condition: str) -> None:
    _refuse_if(why_not_add_trauma(scoundrel, condition))
    scoundrel.trauma.append(condition)


def remove_trauma(scoundrel: Scoundrel, condition: str) -> None:
    if condition not in scoundrel.trauma:
        raise RefusedError(f"{condition} is not marked")
    scoundrel.trauma.remove(condition)


def why_not_add_harm(scoundrel: Scoundrel, level: int) -> str | None:
    """Harm goes in its row, or the next row up when that row is full (SRD, Harm)."""
    if level == 4:
        return "fatal harm (level 4): the scoundrel dies unless it is resisted"
    if not 1 <= level <= 3:
        return f"harm levels run from 1 to 4, not {level}"
    if harm_track(scoundrel).landing_tier(level - 1) is None:
        return ("the severe row is full: this harm is catastrophic (a permanent "
                "consequence or death)")
    return None


def add_harm(scoundrel: Scoundrel, level: int, text: str) -> int:
    """Write harm of ``level``; returns the level of the row it landed in."""
    _refuse_if(why_not_add_harm(scoundrel, level))
    track = harm_track(scoundrel)
    row = track.landing_tier(level - 1)
    assert row is not None
    marked = track.mark(level - 1, text.strip() or HARM_NAMES[level - 1]).marked
    scoundrel.harm = [list(entries) for entries in marked]
    return row + 1


def clear_harm(scoundrel: Scoundrel, level: int, index: int = -1) -> None:
    track = harm_track(scoundrel).clear(level - 1, index)
    scoundrel.harm = [list(row) for row in track.marked]


HEALING_SEGMENTS = 4
"""The healing clock's size (EXTERNAL: the full SRD's Recovery; the Vigorous ability
keeps one segment filled)."""


def healing_segments(scoundrel: Scoundrel) -> int:
    """Segments still to tick: Vigorous fills one for good (its ability text)."""
    return HEALING_SEGMENTS - (1 if "Vigorous" in scoundrel.special_abilities else 0)


def why_not_tick_healing(scoundrel: Scoundrel, ticks: int) -> str | None:
    if ticks == 0:
        return "tick at least one segment"
    if scoundrel.healing + ticks < 0:
        return f"the healing clock has {scoundrel.healing} segments to clear"
    if ticks > 0 and not any(scoundrel.harm):
        return "there is no harm to heal"
    return None


def tick_healing(scoundrel: Scoundrel, ticks: int) -> int:
    """Tick (or untick) the healing clock; each time it fills, every harm drops one level
    (level 1 is healed) and the clock starts again with what was left over (EXTERNAL: the
    full SRD's Recovery). Returns how many times it filled."""
    _refuse_if(why_not_tick_healing(scoundrel, ticks))
    filled, size, healed = scoundrel.healing + ticks, healing_segments(scoundrel), 0
    while filled >= size and any(scoundrel.harm):
        filled -= size
        healed += 1
        _healed, moderate, severe = scoundrel.harm
        boxes = scoundrel.house.harm_boxes
        rows = [list(moderate), list(severe), []]
        for level in (0, 1):  # a smaller house row keeps what does not fit one row up
            while len(rows[level]) > boxes[level]:
                rows[level + 1].insert(0, rows[level].pop())
        scoundrel.harm = rows
    scoundrel.healing = 0 if not any(scoundrel.harm) else min(filled, size - 1)
    return healed


def why_not_mark_armor(scoundrel: Scoundrel, box: str) -> str | None:
    """Rule ``blades.armor``: heavy needs heavy armor worn, special an ability using it."""
    if box not in ARMOR_BOXES:
        return f"there is no {box!r} armor box"
    if box in scoundrel.armor_used:
        return f"the {box} armor box is already marked; it is restored when load is chosen"
    if box == "heavy" and not scoundrel.heavy_armor:
        return "the heavy box is for heavy armor, which the scoundrel is not wearing"
    if box == "heavy" and "standard" not in scoundrel.armor_used:
        return "heavy armor reduces harm a second time: mark the standard box first"
    if box == "special" and not scoundrel.special_armor:
        return "no special ability of the scoundrel uses special armor"
    return None


def mark_armor(scoundrel: Scoundrel, box: str) -> None:
    _refuse_if(why_not_mark_armor(scoundrel, box))
    scoundrel.armor_used = sorted({*scoundrel.armor_used, box}, key=ARMOR_BOXES.index)


def restore_armor(scoundrel: Scoundrel) -> None:
    scoundrel.armor_used = []


# load, coin, stash --------------------------------------------------------------------------


def why_not_set_load(scoundrel: Scoundrel, load: int) -> str | None:
    if not 0 <= load <= MAX_LOAD:
        return f"load runs from 1 to {MAX_LOAD}"
    if load == 0:
        return "drop the marked items first" if scoundrel.items else None
    if load < items_load(scoundrel):
        return f"the marked items and carried coin already take {items_load(scoundrel)}"
    return None


def set_load(scoundrel: Scoundrel, load: int) -> None:
    """Choose the score's load; choosing it restores all armor (SRD, Armor)."""
    _refuse_if(why_not_set_load(scoundrel, load))
    scoundrel.load = load
    scoundrel.armor_used = []


def why_not_add_item(scoundrel: Scoundrel, name: str, boxes: int = 1) -> str | None:
    if not name.strip():
        return "name the item"
    if not 0 <= boxes <= 3:
        return "an item takes 0 to 3 boxes (heavy armor takes 3)"
    if items_load(scoundrel) + boxes > scoundrel.load:
        return (f"the chosen load is {scoundrel.load}: {items_load(scoundrel)} is used, "
                f"{name.strip()} needs {boxes} more")
    return None


def add_item(scoundrel: Scoundrel, name: str, boxes: int = 1) -> None:
    _refuse_if(why_not_add_item(scoundrel, name, boxes))
    scoundrel.items.append(Item(name=name.strip(), boxes=boxes))


def remove_item(scoundrel: Scoundrel, index: int) -> None:
    if not 0 <= index < len(scoundrel.items):
        raise RefusedError("there is no such item")
    del scoundrel.items[index]


def _coin(scoundrel: Scoundrel) -> Pool:
    from seforge.core.trackers import Pool

    return Pool("Coin", min(scoundrel.coin, COIN_CARRY), cap=COIN_CARRY)


def why_not_gain_coin(scoundrel: Scoundrel, amount: int) -> str | None:
    reason = _coin(scoundrel).why_not_gain(amount)
    if reason is not None:
        return f"{reason}; stash or spend the rest"
    if scoundrel.load and items_load(scoundrel) + amount > scoundrel.load:
        return (f"carried coin takes a load slot each, and the chosen load of "
                f"{scoundrel.load} has {scoundrel.load - items_load(scoundrel)} free")
    return None


def gain_coin(scoundrel: Scoundrel, amount: int) -> None:
    _refuse_if(why_not_gain_coin(scoundrel, amount))
    scoundrel.coin = _coin(scoundrel).gain(amount).value


def spend_coin(scoundrel: Scoundrel, amount: int) -> None:
    scoundrel.coin = _coin(scoundrel).spend(amount).value


def why_not_stash(scoundrel: Scoundrel, amount: int) -> str | None:
    if not 0 < amount <= scoundrel.coin:
        return f"there are {scoundrel.coin} coin to stash, not {amount}"
    if scoundrel.stash + amount > STASH_MAX:
        return f"the stash holds at most {STASH_MAX}"
    return None


def stash_coin(scoundrel: Scoundrel, amount: int) -> None:
    _refuse_if(why_not_stash(scoundrel, amount))
    scoundrel.coin -= amount
    scoundrel.stash += amount


def why_not_take_profit(scoundrel: Scoundrel, tier: int) -> str | None:
    """A crew advance puts Tier + 2 in each scoundrel's stash (SRD, Profits, line 540)."""
    if not 0 <= tier <= 6:
        return f"the crew's Tier runs from 0 to 6, not {tier}"
    if scoundrel.stash >= STASH_MAX:
        return f"the stash is full ({STASH_MAX})"
    return None


def take_profit(scoundrel: Scoundrel, tier: int) -> int:
    """Add the crew advance's profit to the stash (up to its 40); returns what was added."""
    _refuse_if(why_not_take_profit(scoundrel, tier))
    added = min(tier + 2, STASH_MAX - scoundrel.stash)
    scoundrel.stash += added
    return added


def why_not_withdraw(scoundrel: Scoundrel, coin: int) -> str | None:
    """Taking coin out of the stash costs 2 stash per coin (SRD, line 445)."""
    if coin <= 0:
        return "withdraw at least one coin"
    if scoundrel.stash < 2 * coin:
        return f"{coin} coin costs {2 * coin} stash; the stash holds {scoundrel.stash}"
    return why_not_gain_coin(scoundrel, coin)


def withdraw(scoundrel: Scoundrel, coin: int) -> None:
    _refuse_if(why_not_withdraw(scoundrel, coin))
    scoundrel.stash -= 2 * coin
    scoundrel.coin += coin


# what the builder's controls do -------------------------------------------------------------

TEXT_FIELDS: tuple[str, ...] = (
    "name", "alias", "look", "heritage", "heritage_detail", "background",
    "background_detail", "xp_trigger", "vice_purveyor", "notes",
)
"""The free-text fields the builder edits directly."""


def why_not_set_text(field: str, value: str) -> str | None:
    if field not in TEXT_FIELDS:
        return f"{field!r} is not a text field of the scoundrel"
    from seforge.core.limits import text_limit

    limit = text_limit(field)
    if len(value) > limit:
        return f"{field.replace('_', ' ')} holds at most {limit:,} characters"
    return None


def set_text(scoundrel: Scoundrel, field: str, value: str) -> None:
    _refuse_if(why_not_set_text(field, value))
    setattr(scoundrel, field, value if field == "notes" else value.strip())


def why_not_set_vice(vice: str) -> str | None:
    from seforge.systems.blades.facts import VICES

    if vice and vice not in VICES:
        return f"{vice!r} is not a vice"
    return None


def set_vice(scoundrel: Scoundrel, vice: str) -> None:
    _refuse_if(why_not_set_vice(vice))
    scoundrel.vice = vice


def next_dot_source(scoundrel: Scoundrel) -> DotSource:
    """Where the builder's + button takes a dot from: the playbook's own three while a
    playbook the text does not describe still has dots to place, else the free dots."""
    if playbook_named(scoundrel.playbook) is None and used_from(scoundrel, "playbook") < 3:
        return "playbook"
    return "free"


def removable_source(scoundrel: Scoundrel, action: str) -> DotSource | None:
    """Which dot the builder's - button takes off ``action`` (None: none it may take)."""
    dots = source_dots(scoundrel)
    if dots["free"].get(action, 0) > 0:
        return "free"
    if playbook_named(scoundrel.playbook) is None and dots["playbook"].get(action, 0) > 0:
        return "playbook"
    return None


def why_not_remove_any(scoundrel: Scoundrel, action: str) -> str | None:
    if scoundrel.stage != "creation":
        return "after creation dots are not taken away"
    source = removable_source(scoundrel, action)
    if source is None:
        if scoundrel.actions.get(action, 0) == 0:
            return f"{_name(action)} has no dots"
        return (f"{_name(action)}'s dots come from the playbook, heritage or background: "
                "change those instead")
    return None


def set_house(scoundrel: Scoundrel, **changes: object) -> None:
    """Change house defaults (stress boxes, harm boxes, XP track lengths, attribute map)."""
    from pydantic import ValidationError

    from seforge.systems.blades.facts import HouseDefaults

    data = {**scoundrel.house.model_dump(), **changes}
    try:
        house = HouseDefaults.model_validate(data)
    except ValidationError as exc:
        raise RefusedError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ")) from None
    for i, boxes in enumerate(house.harm_boxes):
        if len(scoundrel.harm[i]) > boxes:
            raise RefusedError(f"harm row {i + 1} holds {len(scoundrel.harm[i])} entries; "
                               "heal some before making it smaller")
    scoundrel.house = house
    if scoundrel.stress >= scoundrel.house.stress_boxes:
        scoundrel.stress = scoundrel.house.stress_boxes - 1


def move_action(scoundrel: Scoundrel, action: str, attribute: str) -> None:
    """House default: put ``action`` under ``attribute`` in the attribute map."""
    if action not in ACTIONS or attribute not in ATTRIBUTES:
        raise RefusedError(f"cannot put {action!r} under {attribute!r}")
    mapping = {attr: tuple(a for a in acts if a != action)
               for attr, acts in scoundrel.house.attribute_map.items()}
    mapping[attribute] = (*mapping[attribute], action)
    set_house(scoundrel, attribute_map=mapping)


def set_harm_boxes(scoundrel: Scoundrel, level: int, boxes: int) -> None:
    """House default: the number of boxes in harm row ``level`` (1-3)."""
    if not 1 <= level <= 3:
        raise RefusedError("harm rows are 1 to 3")
    rows = list(scoundrel.house.harm_boxes)
    rows[level - 1] = boxes
    set_house(scoundrel, harm_boxes=tuple(rows))
