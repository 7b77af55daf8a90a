"""Making a scoundrel: the creation dots and where they come from, the playbook, special
abilities, friend and rival, vice, the free-text fields, finishing creation, and the
house defaults; the mutators the builder runs through the document owner.

Each mutator changes the scoundrel it is given in place and raises
:class:`seforge.core.trackers.RefusedError` (a one-line reason) when the rules forbid the
step; each has a ``why_not_*`` twin that returns that reason, or None, so a widget can be
disabled with the reason in its tooltip. Sources cite ``blades-in-the-dark-srd.tex.txt``.
"""

from __future__ import annotations

from seforge.core.refused import RefusedError
from seforge.systems.blades.facts import ACTIONS, ATTRIBUTES, CREATION_DOTS, playbook_named
from seforge.systems.blades.models import Scoundrel
from seforge.systems.blades.rules import (
    DOT_SOURCES,
    SOURCE_ALLOWANCE,
    DotSource,
    action_name,
    check_scoundrel,
    rating_cap,
    refuse_if,
    source_dots,
    spent,
    used_from,
)

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
        return (f"{action_name(action)} is already at {cap}: no action goes above {cap} while the "
                "scoundrel is being made")
    if spent(scoundrel) >= CREATION_DOTS:
        return f"all {CREATION_DOTS} creation dots are placed"
    if used_from(scoundrel, source) >= SOURCE_ALLOWANCE[source]:
        return _source_full(scoundrel, source)
    return None


def _source_full(scoundrel: Scoundrel, source: DotSource) -> str:
    """Why ``source`` has no dot left: its dots are placed, and which other source still
    has one to place (so a refused free dot points to the heritage or background dot)."""
    allowance = SOURCE_ALLOWANCE[source]
    owner = "the playbook's" if source == "playbook" else "the"
    placed = (f"{owner} {allowance} {source} dots are placed" if allowance > 1
              else f"{owner} {source} dot is placed")
    left = {other: SOURCE_ALLOWANCE[other] - used_from(scoundrel, other)
            for other in DOT_SOURCES if other != source}
    waiting = [f"{n} {other} dot{'s' if n > 1 else ''}" for other, n in left.items() if n > 0]
    return f"{placed} (still to place: {', '.join(waiting)})" if waiting else placed


def add_dot(scoundrel: Scoundrel, action: str, source: DotSource = "free") -> None:
    refuse_if(why_not_add_dot(scoundrel, action, source))
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
        return f"{action_name(action)} has no {source} dot to take away"
    return None


def remove_dot(scoundrel: Scoundrel, action: str, source: DotSource = "free") -> None:
    refuse_if(why_not_remove_dot(scoundrel, action, source))
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
    refuse_if(why_not_move_dot(scoundrel, source, action))
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
                return f"the {preset.name} places {dots} in {action_name(action)}, but {reason}"
            add_dot(trial, action, "playbook")
    return None


def _clear_playbook_dots(scoundrel: Scoundrel) -> None:
    for action, dots in list(scoundrel.playbook_dots.items()):
        scoundrel.actions[action] -= dots
    scoundrel.playbook_dots = {}


def set_playbook(scoundrel: Scoundrel, name: str) -> None:
    """Choose the playbook; one the text names places its three dots and its trigger."""
    refuse_if(why_not_set_playbook(scoundrel, name))
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
    refuse_if(why_not_add_ability(scoundrel, ability))
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
    refuse_if(why_not_set_contact(scoundrel, role, name))
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
    refuse_if(why_not_finish_creation(scoundrel))
    scoundrel.stage = "play"


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
    refuse_if(why_not_set_text(field, value))
    setattr(scoundrel, field, value if field == "notes" else value.strip())


def why_not_set_vice(vice: str) -> str | None:
    from seforge.systems.blades.facts import VICES

    if vice and vice not in VICES:
        return f"{vice!r} is not a vice"
    return None


def set_vice(scoundrel: Scoundrel, vice: str) -> None:
    refuse_if(why_not_set_vice(vice))
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
            return f"{action_name(action)} has no dots"
        return (f"{action_name(action)}'s dots come from the playbook, heritage or background: "
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
