"""Play at the table: XP and advances, stress and trauma, harm and the healing clock,
armor, load and the items carried, coin and stash; the mutators the builder, the sheet
and the roller run through the document owner.

Each mutator changes the scoundrel it is given in place and raises
:class:`seforge.core.trackers.RefusedError` (a one-line reason) when the rules forbid the
step; each has a ``why_not_*`` twin that returns that reason, or None, so a widget can be
disabled with the reason in its tooltip. Sources cite ``blades-in-the-dark-srd.tex.txt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seforge.core.refused import RefusedError
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.facts import (
    ACTIONS,
    ARMOR_BOXES,
    COIN_CARRY,
    MASTERY_CAP,
    MAX_LOAD,
    STASH_MAX,
    TRAUMA_CONDITIONS,
    XP_TRACKS,
    attribute_of,
)
from seforge.systems.blades.models import Advance, Item, Scoundrel
from seforge.systems.blades.rules import (
    HARM_NAMES,
    action_name,
    harm_track,
    healing_segments,
    items_load,
    rating_cap,
    refuse_if,
    retired,
    xp_track_length,
)

if TYPE_CHECKING:
    from seforge.core.trackers import Pool


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
    refuse_if(why_not_mark_xp(scoundrel, track, amount))
    scoundrel.xp[track] = scoundrel.xp.get(track, 0) + amount


def why_not_desperate_roll(scoundrel: Scoundrel, action: str) -> str | None:
    """A desperate action roll marks 1 XP in its action's attribute (SRD, line 512)."""
    if action not in ACTIONS:
        return f"there is no action {action!r}"
    return why_not_mark_xp(scoundrel, attribute_of(action, scoundrel.house), 1)


def desperate_roll(scoundrel: Scoundrel, action: str) -> None:
    refuse_if(why_not_desperate_roll(scoundrel, action))
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
        return f"{action_name(choice)} is not under {track.capitalize()}"
    cap = rating_cap(scoundrel)
    if scoundrel.actions.get(choice, 0) >= cap:
        more = "" if cap == MASTERY_CAP else " (4 once the crew has Mastery)"
        return f"{action_name(choice)} is already at {cap}, the highest rating now{more}"
    return None


def take_advance(scoundrel: Scoundrel, track: str, choice: str) -> None:
    refuse_if(why_not_advance(scoundrel, track, choice))
    scoundrel.xp[track] = 0
    if track == "playbook":
        scoundrel.special_abilities.append(choice.strip())
        scoundrel.advances.append(Advance(track="playbook", ability=choice.strip()))
    else:
        scoundrel.actions[choice] += 1
        scoundrel.advances.append(Advance(track=track, action=choice))


# stress, trauma, harm, armor ----------------------------------------------------------------


def stress_fills(scoundrel: Scoundrel, amount: int) -> bool:
    """Whether taking ``amount`` stress marks the last box (rule ``blades.stress``)."""
    return amount > 0 and scoundrel.stress + amount >= scoundrel.house.stress_boxes


def why_not_take_stress(scoundrel: Scoundrel, amount: int, trauma: str = "") -> str | None:
    """Filling the last stress box means a trauma (rule ``blades.stress``)."""
    if amount < 0:
        return "take a positive amount of stress"
    if stress_fills(scoundrel, amount):
        if not trauma:
            return ("this fills the stress track: choose the trauma condition it brings")
        return why_not_add_trauma(scoundrel, trauma)
    return None


def take_stress(scoundrel: Scoundrel, amount: int, trauma: str = "") -> None:
    """Mark stress; filling the track adds the trauma and leaves zero stress (line 154)."""
    refuse_if(why_not_take_stress(scoundrel, amount, trauma))
    if stress_fills(scoundrel, amount):
        scoundrel.trauma.append(trauma)
        scoundrel.stress = 0
    else:
        scoundrel.stress += amount


def why_not_resist(scoundrel: Scoundrel, stress: int, trauma: str = "") -> str | None:
    """What a resistance roll's stress does: 6 minus the die read, or on a critical one
    stress cleared (SRD, Resistance & Armor, line 323). A roll that would change nothing
    (no stress to take, none to clear) is refused with why, so nothing claims a write."""
    if stress < -1 or stress > 6:
        return f"a resistance roll costs -1 to 6 stress, not {stress}"
    if stress == 0:
        return "the roll costs no stress"
    if stress < 0:
        return None if scoundrel.stress else "there is no stress to clear"
    return why_not_take_stress(scoundrel, stress, trauma)


def resist(scoundrel: Scoundrel, stress: int, trauma: str = "") -> None:
    refuse_if(why_not_resist(scoundrel, stress, trauma))
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
    refuse_if(why_not_add_trauma(scoundrel, condition))
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
    refuse_if(why_not_add_harm(scoundrel, level))
    track = harm_track(scoundrel)
    row = track.landing_tier(level - 1)
    assert row is not None
    marked = track.mark(level - 1, text.strip() or HARM_NAMES[level - 1]).marked
    scoundrel.harm = [list(entries) for entries in marked]
    return row + 1


def why_not_lower_harm(scoundrel: Scoundrel, level: int, index: int) -> str | None:
    """A resisted harm drops a level: level 1 goes, a higher one moves to the row below,
    or stays where it is when that row is full (SRD, Resistance & Armor, lines 316-327:
    the GM rules whether a resisted consequence is reduced or avoided; reduced harm drops
    one level, and a level 1 harm reduced is read here as gone)."""
    if not 1 <= level <= len(scoundrel.harm):
        return f"harm levels on the sheet run from 1 to {len(scoundrel.harm)}, not {level}"
    if not 0 <= index < len(harm_track(scoundrel).marked[level - 1]):
        return f"there is no such harm at level {level}"
    if level > 1:
        track = harm_track(scoundrel).clear(level - 1, index)
        if track.landing_tier(level - 2) == level - 1:
            return (f"the {HARM_NAMES[level - 2]} row is full: the harm would stay at "
                    f"level {level}")
    return None


def lower_harm(scoundrel: Scoundrel, level: int, index: int) -> int:
    """Lower the harm ``index`` of ``level`` a level (:func:`why_not_lower_harm`), under the
    same words; returns the level it is at now (0: a level 1 harm is gone)."""
    refuse_if(why_not_lower_harm(scoundrel, level, index))
    track = harm_track(scoundrel)
    text = track.marked[level - 1][index]
    track = track.clear(level - 1, index)
    landed = 0
    if level > 1:
        landed = (track.landing_tier(level - 2) or 0) + 1
        track = track.mark(level - 2, text)
    scoundrel.harm = [list(row) for row in track.marked]
    return landed


def why_not_lead_group(scoundrel: Scoundrel, stress: int, trauma: str = "") -> str | None:
    """The leader of a group action takes 1 stress per member who rolled a 1-3 (a rule
    beyond the supplied text, notes §6)."""
    if stress <= 0:
        return "no member rolled a 1-3: the leader takes no stress"
    return why_not_take_stress(scoundrel, stress, trauma)


def lead_group(scoundrel: Scoundrel, stress: int, trauma: str = "") -> None:
    """Write a group action's stress to its leader (:func:`why_not_lead_group`)."""
    refuse_if(why_not_lead_group(scoundrel, stress, trauma))
    take_stress(scoundrel, stress, trauma)


def clear_harm(scoundrel: Scoundrel, level: int, index: int = -1) -> None:
    track = harm_track(scoundrel).clear(level - 1, index)
    scoundrel.harm = [list(row) for row in track.marked]


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
    refuse_if(why_not_tick_healing(scoundrel, ticks))
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
    refuse_if(why_not_mark_armor(scoundrel, box))
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
    refuse_if(why_not_set_load(scoundrel, load))
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
    refuse_if(why_not_add_item(scoundrel, name, boxes))
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
    refuse_if(why_not_gain_coin(scoundrel, amount))
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
    refuse_if(why_not_stash(scoundrel, amount))
    scoundrel.coin -= amount
    scoundrel.stash += amount


def why_not_take_profit(scoundrel: Scoundrel, tier: int) -> str | None:
    """A crew advance puts its profit in each scoundrel's stash
    (:func:`seforge.systems.blades.crew.profit_for_tier`)."""
    low, high = crew_rules.EDITABLE["tier"]
    if not low <= tier <= high:
        return f"the crew's Tier runs from {low} to {high}, not {tier}"
    if scoundrel.stash >= STASH_MAX:
        return f"the stash is full ({STASH_MAX})"
    return None


def take_profit(scoundrel: Scoundrel, tier: int) -> int:
    """Add the crew advance's profit to the stash (up to its 40); returns what was added."""
    refuse_if(why_not_take_profit(scoundrel, tier))
    added = min(crew_rules.profit_for_tier(tier), STASH_MAX - scoundrel.stash)
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
    refuse_if(why_not_withdraw(scoundrel, coin))
    scoundrel.stash -= 2 * coin
    scoundrel.coin += coin


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

    refuse_if(why_not_carry(scoundrel, name))
    found = next(i for i in playbook_items(scoundrel.playbook) if i.name == name)
    add_item(scoundrel, name, found.load)


def drop(scoundrel: Scoundrel, name: str) -> None:
    for index, item in enumerate(scoundrel.items):
        if item.name == name:
            remove_item(scoundrel, index)
            return
    raise RefusedError(f"{name} is not carried")
