"""The crew and the faction game: Tier, hold, rep and turf, heat and wanted level, the
lair's coin, faction status, claims and the GM's clocks (SRD, The Faction Game,
lines 447-507; heat beyond the text is an EXTERNAL default, notes §6).

Mutators change the crew in place and raise :class:`RefusedError` with the reason; each
has a ``why_not_*`` twin. Clocks go through the core's :class:`ClockBoard`.
"""

from __future__ import annotations

from dataclasses import dataclass

from seforge.core.trackers import (
    CLOCK_SIZES,
    Clock,
    ClockBoard,
    ClockLink,
    LinkKind,
    RefusedError,
)
from seforge.systems.blades.models import (
    MAX_TIER,
    Claim,
    ClockRecord,
    Cohort,
    Crew,
    Faction,
    LinkRecord,
)

CLOCK_KINDS: tuple[str, ...] = (
    "danger", "racing", "linked", "mission", "tug-of-war", "long-term project", "faction",
)
"""The kinds of clock the text describes (SRD, Progress Clocks, lines 180-196)."""

TEXT_CLOCK_SIZES: tuple[int, ...] = (4, 6, 8)
"""The sizes the text gives: complex 4, more complicated 6, daunting 8 (SRD, Progress
clocks, line 173)."""
HOUSE_CLOCK_SIZES: tuple[int, ...] = tuple(n for n in CLOCK_SIZES if n not in TEXT_CLOCK_SIZES)
"""Other sizes (12) offered as a labelled house option: the text names none."""
BLADES_CLOCK_SIZES: tuple[int, ...] = (*TEXT_CLOCK_SIZES, *HOUSE_CLOCK_SIZES)


def clock_size_label(segments: int) -> str:
    """How a clock size is offered: the text's three plainly, others as a house option."""
    if segments in TEXT_CLOCK_SIZES:
        return f"{segments} segments"
    return f"{segments} segments (house option, not in the text)"

REP_TO_FILL = 12
MAX_TURF = 6
VAULT_COIN: tuple[int, ...] = (4, 8, 16)
"""Coin the lair holds with 0, 1 and 2 vault upgrades (SRD, Coin)."""
WANTED_MAX = 4

STATUS_NAMES: dict[int, str] = {
    3: "allies", 2: "friendly", 1: "helpful", 0: "neutral",
    -1: "interfering", -2: "hostile", -3: "war",
}
"""Faction status levels (SRD, Faction status levels, lines 483-495)."""


def _refuse_if(reason: str | None) -> None:
    if reason is not None:
        raise RefusedError(reason)


def turf(crew: Crew) -> int:
    return sum(1 for claim in crew.claims if claim.held and claim.turf)


def rep_to_fill(crew: Crew) -> int:
    """Rule ``blades.crew.rep``: 12 rep, one less per turf held (at most 6)."""
    return REP_TO_FILL - min(turf(crew), MAX_TURF)


def vault_cap(crew: Crew) -> int:
    return VAULT_COIN[crew.vault]


def at_war(crew: Crew) -> bool:
    return any(faction.status == -3 for faction in crew.factions)


WAR_DOGS = "War Dogs"
"""The crew ability that keeps the hold at war (full SRD, Bravos special abilities)."""


@dataclass(frozen=True)
class WarHold:
    """The hold and Tier that count now, beside the ones kept on the sheet: war takes a
    step of hold away until it ends (SRD, Reducing hold, line 476, and Faction status,
    lines 491-494); a weak hold that drops costs a Tier instead and stays weak."""

    hold: str
    """The hold that counts now ("weak" or "strong")."""
    tier: int
    """The Tier that counts now (for cohorts, rep, profit and anything rolled on it)."""
    kept_hold: str
    """The hold on the sheet, which comes back when the war ends."""
    kept_tier: int
    """The Tier on the sheet, which comes back when the war ends."""
    at_war: bool
    war_dogs: bool = False
    """At war, but War Dogs keeps the hold."""

    @property
    def lowered(self) -> bool:
        """Whether the war takes something off now."""
        return (self.hold, self.tier) != (self.kept_hold, self.kept_tier)

    def hold_text(self) -> str:
        """The hold as it counts, with what comes back: "weak (strong once the war
        ends)"."""
        if self.hold != self.kept_hold:
            return f"{self.hold} ({self.kept_hold} once the war ends)"
        return self.hold

    def tier_text(self) -> str:
        """The Tier as it counts, with what comes back: "1 (2 once the war ends)"."""
        if self.tier != self.kept_tier:
            return f"{self.tier} ({self.kept_tier} once the war ends)"
        return str(self.tier)

    def summary(self) -> str:
        """One line: "Tier 2, weak hold for the war (strong once it ends)"."""
        if not self.at_war:
            return f"Tier {self.tier}, {self.hold} hold"
        if self.war_dogs:
            return f"Tier {self.tier}, {self.hold} hold: War Dogs keeps it at war"
        if self.tier != self.kept_tier:
            return (f"Tier {self.tier} for the war ({self.kept_tier} once it ends), "
                    f"{self.hold} hold")
        if self.hold != self.kept_hold:
            return (f"Tier {self.tier}, {self.hold} hold for the war ({self.kept_hold} once "
                    "it ends)")
        return f"Tier {self.tier}, {self.hold} hold: at Tier 0 there is no Tier to lose"


WAR_HOLD_RULE = ("War takes a step of hold until it ends: a strong hold counts as weak, a "
                 "weak one costs a Tier; War Dogs keeps the hold")
"""The rule of :func:`hold_at_war`, in a line (for a tooltip)."""


def hold_at_war(hold: str, tier: int, war: bool, keeps_hold: bool = False) -> WarHold:
    """The one rule of hold at war, for the crew and for a faction alike: a strong hold
    counts as weak; a weak hold counts one Tier lower (never below 0) and stays weak;
    nothing changes out of war or where the hold is kept (War Dogs)."""
    if not war or keeps_hold:
        return WarHold(hold, tier, hold, tier, war, war and keeps_hold)
    if hold == "strong":
        return WarHold("weak", tier, hold, tier, True)
    return WarHold("weak", max(0, tier - 1), hold, tier, True)


def war_hold(crew: Crew) -> WarHold:
    """The crew's hold and Tier that count now: war with any faction takes a step of hold
    (a weak hold: a Tier) until it ends; War Dogs keeps the hold (SRD, line 491)."""
    return hold_at_war(crew.hold, crew.tier, at_war(crew),
                       WAR_DOGS in crew.special_abilities)


def faction_war_hold(faction: Faction) -> WarHold:
    """A faction's hold and Tier that count now: a faction at war with the crew (status
    -3) loses a step of hold too (SRD, Reducing hold, line 476)."""
    return hold_at_war(faction.hold, faction.tier, faction.status == -3)


def tier_now(crew: Crew) -> int:
    """The crew's Tier as it counts now (:func:`war_hold`)."""
    return war_hold(crew).tier


def rep_for_score(crew: Crew, target_tier: int) -> int:
    """Rep a score earns: 2, +1 per Tier the target is above the crew, -1 per Tier below
    (at least 0) (SRD, Development, line 463); the crew's Tier as the war leaves it
    (:func:`war_hold`)."""
    return max(0, 2 + target_tier - tier_now(crew))


def rep_by_target_tier(crew: Crew) -> list[tuple[int, int]]:
    """(target's Tier, rep a score against it earns) for every Tier (:func:`rep_for_score`)."""
    return [(tier, rep_for_score(crew, tier)) for tier in range(MAX_TIER + 1)]


def why_not_gain_rep(crew: Crew, amount: int) -> str | None:
    if amount < 0:
        return "rep is gained, not lost"
    if crew.rep >= rep_to_fill(crew):
        return "the rep track is full: strengthen hold or pay to raise the Tier first"
    return None


def gain_rep(crew: Crew, amount: int) -> None:
    """Gain rep up to the track's end (no rep is gained while it is full)."""
    _refuse_if(why_not_gain_rep(crew, amount))
    crew.rep = min(rep_to_fill(crew), crew.rep + amount)


def tier_cost(crew: Crew) -> int:
    """Coin to raise the Tier: the new Tier times 8 (SRD, Development, line 466); half
    that (rounded up) with the Patron ability (full SRD, crew special abilities)."""
    cost = (crew.tier + 1) * 8
    if "Patron" in crew.special_abilities:
        return (cost + 1) // 2
    return cost


def why_not_develop(crew: Crew, from_pcs: int = 0) -> str | None:
    """A full rep track: weak hold becomes strong; strong hold may buy the next Tier.

    The Tier is paid from the lair's coin and ``from_pcs`` coin the scoundrels put in,
    split as the table chooses: the text lists "spend coin when you advance your crew's
    Tier" among a scoundrel's uses of coin (SRD, Coin Use, line 430), and a lair holds at
    most 4/8/16, less than Tier III's 24."""
    if crew.rep < rep_to_fill(crew):
        return f"the rep track is not full ({crew.rep} of {rep_to_fill(crew)})"
    if from_pcs < 0:
        return "the scoundrels put in coin, they do not take it out"
    if crew.hold == "weak":
        if from_pcs:
            return "a weak hold turns strong for free: no coin is paid"
        return None
    if crew.tier >= 6:
        return "the crew is at the highest Tier"
    cost = tier_cost(crew)
    if from_pcs > cost:
        return f"Tier {crew.tier + 1} costs {cost} coin; the scoundrels offer {from_pcs}"
    from_lair = cost - from_pcs
    if crew.coin < from_lair:
        return (f"Tier {crew.tier + 1} costs {cost} coin: {from_pcs} from the scoundrels "
                f"leaves {from_lair} for the lair, which holds {crew.coin}")
    return None


def develop(crew: Crew, from_pcs: int = 0) -> None:
    """Spend a full rep track (rule ``blades.crew.develop``); ``from_pcs`` is the coin the
    scoundrels pay toward a new Tier (each takes it off their own sheet)."""
    _refuse_if(why_not_develop(crew, from_pcs))
    if crew.hold == "weak":
        crew.hold = "strong"
    else:
        crew.coin -= tier_cost(crew) - from_pcs
        crew.tier += 1
        crew.hold = "weak"
    crew.rep = 0


def lose_hold(crew: Crew) -> None:
    """Hold drops one step; a weak hold dropping costs a Tier (SRD, Reducing hold)."""
    if crew.hold == "strong":
        crew.hold = "weak"
    elif crew.tier > 0:
        crew.tier -= 1


def why_not_gain_heat(crew: Crew, amount: int) -> str | None:
    if amount < 0:
        return "heat is gained, not lost, here"
    if crew.wanted >= WANTED_MAX and crew.heat + amount >= crew.heat_boxes:
        return f"the wanted level is already {WANTED_MAX}, the highest"
    return None


def gain_heat(crew: Crew, amount: int) -> None:
    """Heat over the track adds a wanted level; the rest rolls over (EXTERNAL default)."""
    _refuse_if(why_not_gain_heat(crew, amount))
    heat = crew.heat + amount
    while heat >= crew.heat_boxes and crew.wanted < WANTED_MAX:
        heat -= crew.heat_boxes
        crew.wanted += 1
    crew.heat = heat


def why_not_gain_coin(crew: Crew, amount: int) -> str | None:
    if amount < 0:
        return "use spend for a loss of coin"
    if crew.coin + amount > vault_cap(crew):
        return (f"the lair holds {vault_cap(crew)} coin ({crew.coin} now); a vault upgrade "
                "holds more")
    return None


def gain_coin(crew: Crew, amount: int) -> None:
    _refuse_if(why_not_gain_coin(crew, amount))
    crew.coin += amount


def spend_coin(crew: Crew, amount: int) -> None:
    if not 0 <= amount <= crew.coin:
        raise RefusedError(f"the lair holds {crew.coin} coin, not {amount}")
    crew.coin -= amount


def why_not_add_faction(crew: Crew, name: str) -> str | None:
    if not name.strip():
        return "name the faction"
    if any(f.name.casefold() == name.strip().casefold() for f in crew.factions):
        return f"{name.strip()} is already on the ladder"
    return None


def add_faction(crew: Crew, name: str, tier: int = 0, status: int = 0) -> None:
    _refuse_if(why_not_add_faction(crew, name))
    crew.factions.append(Faction(name=name.strip(), tier=tier, status=status))


def why_not_set_status(crew: Crew, index: int, status: int) -> str | None:
    if not 0 <= index < len(crew.factions):
        return "there is no such faction"
    if not -3 <= status <= 3:
        return "faction status runs from -3 (war) to +3 (allies)"
    return None


def set_status(crew: Crew, index: int, status: int) -> None:
    _refuse_if(why_not_set_status(crew, index, status))
    crew.factions[index].status = status


def remove_faction(crew: Crew, index: int) -> None:
    if not 0 <= index < len(crew.factions):
        raise RefusedError("there is no such faction")
    del crew.factions[index]


def add_claim(crew: Crew, name: str, turf_claim: bool = False) -> None:
    if not name.strip():
        raise RefusedError("name the claim")
    crew.claims.append(Claim(name=name.strip(), turf=turf_claim))


CLAIM_MAP_COLUMNS = 5
"""The claims map is 5 cells wide and 3 high (the crew sheet's grid)."""
LAIR_CELL = 7
"""The lair sits in the map's middle cell, between the seventh and the eighth claim."""


def claim_place(index: int) -> tuple[int, int] | None:
    """The row and column (from 1, top left) of claim ``index`` on the claims map, or None
    for a claim past the map's cells (one added beyond them)."""
    from seforge.systems.blades.content import CLAIM_MAP_SLOTS

    if not 0 <= index < CLAIM_MAP_SLOTS:
        return None
    cell = index if index < LAIR_CELL else index + 1
    return cell // CLAIM_MAP_COLUMNS + 1, cell % CLAIM_MAP_COLUMNS + 1


def place_text(index: int) -> str:
    """Where claim ``index`` is: "map row 1, column 2", or "claim 15, past the map"."""
    place = claim_place(index)
    if place is None:
        return f"claim {index + 1}, past the map"
    return f"map row {place[0]}, column {place[1]}"


def claim_text(crew: Crew, index: int) -> str:
    """Claim ``index`` as a list shows it: its name, "turf" when it is turf and its name
    does not say so, and where it is when another claim has the same name (a crew type's
    map has several "Turf" cells): "Turf (map row 2, column 4)"."""
    claim = crew.claims[index]
    notes = ["turf"] if claim.turf and "turf" not in claim.name.casefold() else []
    name = claim.name.strip().casefold()
    if sum(1 for c in crew.claims if c.name.strip().casefold() == name) > 1:
        notes.append(place_text(index))
    return f"{claim.name} ({'; '.join(notes)})" if notes else claim.name


def why_not_hold_claim(crew: Crew, index: int, held: bool) -> str | None:
    if not 0 <= index < len(crew.claims):
        return "there is no such claim"
    claim = crew.claims[index]
    if held and claim.turf and not claim.held and turf(crew) >= MAX_TURF:
        return f"a crew holds at most {MAX_TURF} turf"
    return None


def hold_claim(crew: Crew, index: int, held: bool) -> None:
    _refuse_if(why_not_hold_claim(crew, index, held))
    crew.claims[index].held = held
    crew.rep = min(crew.rep, rep_to_fill(crew))


# clocks -------------------------------------------------------------------------------------


def board(crew: Crew) -> ClockBoard:
    """The crew's clocks as the core's board (links included)."""
    return ClockBoard(
        tuple(Clock(c.name, c.segments, min(c.filled, c.segments), c.kind)
              for c in crew.clocks),
        tuple(ClockLink(LinkKind(link.kind), link.first, link.second) for link in crew.links),
    )


def _store(crew: Crew, made: ClockBoard) -> None:
    crew.clocks = [ClockRecord(name=c.name, segments=c.segments, filled=c.filled,
                               kind=c.kind) for c in made.clocks]
    crew.links = [LinkRecord(kind=link.kind.value, first=link.first, second=link.second)
                  for link in made.links]


def why_not_add_clock(crew: Crew, name: str, segments: int, kind: str) -> str | None:
    if not name.strip():
        return "name the clock"
    if kind not in CLOCK_KINDS:
        return f"a clock is one of: {', '.join(CLOCK_KINDS)}"
    try:
        board(crew).add(Clock(name.strip(), segments, 0, kind))
    except RefusedError as refused:
        return refused.reason
    return None


def add_clock(crew: Crew, name: str, segments: int = 4, kind: str = "danger") -> None:
    _refuse_if(why_not_add_clock(crew, name, segments, kind))
    _store(crew, board(crew).add(Clock(name.strip(), segments, 0, kind)))


def remove_clock(crew: Crew, name: str) -> None:
    _store(crew, board(crew).remove(name))


def why_not_tick(crew: Crew, name: str, amount: int = 1) -> str | None:
    return board(crew).why_not_tick(name, amount)


def tick(crew: Crew, name: str, amount: int = 1) -> None:
    """Tick a clock (a complication ticks 1, 2 or 3; links are honoured by the core)."""
    _store(crew, board(crew).tick(name, amount))


def untick(crew: Crew, name: str, amount: int = 1) -> None:
    _store(crew, board(crew).untick(name, amount))


def why_not_link(crew: Crew, kind: str, first: str, second: str) -> str | None:
    """Why ``first`` and ``second`` cannot be linked now (the core board's rules: one link
    per pair of clocks, no clock linked to itself, none waiting for itself)."""
    try:
        return board(crew).why_not_link(LinkKind(kind), first, second)
    except (RefusedError, ValueError) as refused:
        return getattr(refused, "reason", str(refused))


def link(crew: Crew, kind: str, first: str, second: str) -> None:
    _refuse_if(why_not_link(crew, kind, first, second))
    _store(crew, board(crew).link(LinkKind(kind), first, second))


def why_not_unlink(crew: Crew, first: str, second: str) -> str | None:
    try:
        return board(crew).why_not_unlink(first, second)
    except RefusedError as refused:
        return refused.reason


def unlink(crew: Crew, first: str, second: str) -> None:
    """Mutator: ``first`` and ``second`` are no longer linked (either way round)."""
    _refuse_if(why_not_unlink(crew, first, second))
    _store(crew, board(crew).unlink(first, second))


def link_text(link: LinkRecord) -> str:
    """One link in words, its direction kept (as the core's board reads it): a linked
    clock waits for the first to fill, a racing pair ends when either fills, and in a
    tug-of-war ticking the second unticks the first."""
    if link.kind == "linked":
        return f"{link.second} waits for {link.first} to fill (linked)"
    if link.kind == "racing":
        return f"{link.first} races {link.second}: the first to fill ends both (racing)"
    return f"{link.first} against {link.second}: ticking {link.second} unticks {link.first} " \
           "(tug-of-war)"


EDITABLE: dict[str, tuple[int, int]] = {
    "tier": (0, 6), "wanted": (0, WANTED_MAX), "vault": (0, 2), "heat": (0, 19), "xp": (0, 20),
}
"""The crew's numbers an editor sets directly, with their ranges."""


def why_not_set_number(crew: Crew, field: str, value: int) -> str | None:
    if field not in EDITABLE:
        return f"{field!r} is not set directly"
    low, high = EDITABLE[field]
    if field == "heat":
        high = crew.heat_boxes - 1
    if field == "xp":
        high = crew.crew_xp_boxes
    if not low <= value <= high:
        return f"{field} runs from {low} to {high}"
    if field == "vault" and crew.coin > VAULT_COIN[value]:
        return f"the lair holds {crew.coin} coin, more than {VAULT_COIN[value]}"
    return None


def set_number(crew: Crew, field: str, value: int) -> None:
    _refuse_if(why_not_set_number(crew, field, value))
    setattr(crew, field, value)


def set_text(crew: Crew, field: str, value: str) -> None:
    if field not in ("name", "crew_type", "notes"):
        raise RefusedError(f"{field!r} is not a text field of the crew")
    from seforge.core.limits import text_limit

    if len(value) > text_limit(field):
        raise RefusedError(f"{field} holds at most {text_limit(field):,} characters")
    setattr(crew, field, value if field == "notes" else value.strip())


# crew type, special abilities, upgrades, cohorts, advances -----------------------------------

CREATION_UPGRADE_BOXES = 2
"""Two upgrades of the crew's choice at creation, beside the type's two (SRD, Assign crew
upgrades)."""
ADVANCE_UPGRADE_BOXES = 2
"""A crew advance taken as upgrades marks two boxes (SRD, Crew Advancement, line 534)."""
STARTING_COIN = 2
"""A new crew has 2 coin (full SRD, Choose a crew type)."""


def why_not_set_crew_type(crew: Crew, name: str) -> str | None:
    if crew.crew_type == name.strip():
        return None
    if crew.advances or crew.tier:
        return "the crew type is chosen when the crew is made"
    return None


def set_crew_type(crew: Crew, name: str) -> None:
    """Choose the crew type: one the data holds lays out its claim map, its two starting
    upgrades (or cohort) and clears the special ability; another name is kept as typed."""
    from seforge.systems.blades.content import crew_type

    _refuse_if(why_not_set_crew_type(crew, name))
    data = crew_type(name)
    if data is None:
        crew.crew_type = name.strip()
        return
    if data.name == crew.crew_type:
        return
    crew.crew_type = data.name
    crew.claims = [Claim(name=c.name, turf=c.turf) for c in data.claims]
    crew.upgrades = {u: 1 for u in data.starting_upgrades}
    crew.starting_upgrades = list(data.starting_upgrades)
    crew.cohorts = [c for c in crew.cohorts if not c.starting]
    if data.starting_cohort is not None:
        crew.cohorts.insert(0, Cohort(name=data.starting_cohort.type,
                                      kind=data.starting_cohort.kind,
                                      type=data.starting_cohort.type, starting=True))
    crew.special_abilities = []
    if crew.hunting_grounds not in data.operations:
        crew.hunting_grounds = ""
    if crew.coin == 0 and not crew.factions:
        crew.coin = STARTING_COIN


def abilities_allowed(crew: Crew) -> int:
    """One at creation, one more per crew advance taken as an ability."""
    return 1 + crew.advances.count("ability")


def why_not_add_crew_ability(crew: Crew, name: str) -> str | None:
    if not name.strip():
        return "name the special ability"
    if any(a.casefold() == name.strip().casefold() for a in crew.special_abilities):
        return f"{name.strip()} is already taken"
    if len(crew.special_abilities) >= abilities_allowed(crew):
        return ("a new crew has one special ability; more come from crew advances "
                f"({len(crew.special_abilities)} of {abilities_allowed(crew)} taken)")
    return None


def add_crew_ability(crew: Crew, name: str) -> None:
    from seforge.systems.blades.content import crew_type

    _refuse_if(why_not_add_crew_ability(crew, name))
    data = crew_type(crew.crew_type)
    found = next((a.name for a in (data.special_abilities if data else ())
                  if a.name.casefold() == name.strip().casefold()), name.strip())
    crew.special_abilities.append(found)


def remove_crew_ability(crew: Crew, name: str) -> None:
    if name not in crew.special_abilities:
        raise RefusedError(f"{name} is not taken")
    crew.special_abilities.remove(name)


def upgrade_boxes_allowed(crew: Crew) -> int:
    return CREATION_UPGRADE_BOXES + ADVANCE_UPGRADE_BOXES * crew.advances.count("upgrades")


def upgrade_boxes_used(crew: Crew) -> int:
    """Boxes the crew chose: marked upgrades beyond the type's start, plus 2 per cohort
    beyond the type's (SRD, Cohorts: a new cohort costs two upgrades)."""
    from seforge.systems.blades.content import lists

    marked = sum(crew.upgrades.values()) - sum(
        1 for u in crew.starting_upgrades if crew.upgrades.get(u, 0) >= 1)
    cohorts = sum(1 for c in crew.cohorts if not c.starting)
    return marked + cohorts * lists().cohort_cost


def _upgrade_size(crew: Crew, name: str) -> int | None:
    from seforge.systems.blades.content import crew_type, upgrade

    found = upgrade(crew_type(crew.crew_type), name)
    return found.boxes if found else None


def why_not_mark_upgrade(crew: Crew, name: str) -> str | None:
    size = _upgrade_size(crew, name)
    if size is None:
        return f"{name!r} is not an upgrade of the {crew.crew_type or 'crew'}"
    if crew.upgrades.get(name, 0) >= size:
        return f"{name} is fully marked ({size} box{'es' * (size > 1)})"
    if upgrade_boxes_used(crew) >= upgrade_boxes_allowed(crew):
        return (f"all {upgrade_boxes_allowed(crew)} upgrade boxes are used; a crew advance "
                "gives two more")
    return None


def mark_upgrade(crew: Crew, name: str) -> None:
    """Mark one box of an upgrade; Mastery (4 boxes) lets actions reach 4."""
    _refuse_if(why_not_mark_upgrade(crew, name))
    crew.upgrades[name] = crew.upgrades.get(name, 0) + 1
    crew.mastery = crew.upgrades.get("Mastery", 0) >= 4


def clear_upgrade(crew: Crew, name: str) -> None:
    if not crew.upgrades.get(name):
        raise RefusedError(f"{name} has no box marked")
    if name in crew.starting_upgrades and crew.upgrades[name] == 1:
        raise RefusedError(f"{name} comes with the crew type")
    crew.upgrades[name] -= 1
    if not crew.upgrades[name]:
        del crew.upgrades[name]
    crew.mastery = crew.upgrades.get("Mastery", 0) >= 4


def why_not_add_cohort(crew: Crew, kind: str, kind_type: str) -> str | None:
    from seforge.systems.blades.content import lists

    if kind not in ("gang", "expert"):
        return "a new cohort is a gang or an expert"
    if not kind_type.strip():
        return "name the cohort's type" + (" (Adepts, Rooks, Rovers, Skulks, Thugs)"
                                          if kind == "gang" else " (e.g. Doctor, Spy)")
    cost = lists().cohort_cost
    if upgrade_boxes_used(crew) + cost > upgrade_boxes_allowed(crew):
        return (f"a cohort costs {cost} upgrade boxes; "
                f"{upgrade_boxes_allowed(crew) - upgrade_boxes_used(crew)} are free")
    return None


def add_cohort(crew: Crew, kind: str, kind_type: str, name: str = "") -> None:
    _refuse_if(why_not_add_cohort(crew, kind, kind_type))
    crew.cohorts.append(Cohort(name=name.strip() or kind_type.strip(),
                               kind="expert" if kind == "expert" else "gang",
                               type=kind_type.strip()))


def remove_cohort(crew: Crew, index: int) -> None:
    if not 0 <= index < len(crew.cohorts):
        raise RefusedError("there is no such cohort")
    del crew.cohorts[index]


def cohort_quality(crew: Crew, cohort: Cohort) -> int:
    """A gang's quality and scale are the crew's Tier; an expert's quality is Tier + 1
    (SRD, Cohorts); the crew's Tier as the war leaves it (:func:`war_hold`)."""
    return tier_now(crew) + (1 if cohort.kind in ("expert", "vehicle") else 0)


PROFIT_ABOVE_TIER = 2
"""Each crew advance pays every scoundrel stash equal to the crew's Tier plus this
(SRD, Crew Advancement, Profits, line 540)."""


def profit_for_tier(tier: int) -> int:
    """Stash each scoundrel gains when a crew of ``tier`` advances."""
    return tier + PROFIT_ABOVE_TIER


def profit(crew: Crew) -> int:
    """Stash each scoundrel gains when ``crew`` advances (its Tier as the war leaves it,
    :func:`war_hold`)."""
    return profit_for_tier(tier_now(crew))


def profit_note(tier: int) -> str:
    """What a crew advance pays each scoundrel at ``tier`` and how it is reckoned, as a
    clause a sentence can end with: "each scoundrel gains 4 stash (Tier 2, plus 2)"."""
    return (f"each scoundrel gains {profit_for_tier(tier)} stash "
            f"(Tier {tier}, plus {PROFIT_ABOVE_TIER})")


def why_not_crew_advance(crew: Crew, kind: str) -> str | None:
    if kind not in ("ability", "upgrades"):
        return "a crew advance is a special ability or two upgrade boxes"
    if crew.xp < crew.crew_xp_boxes:
        return f"the crew XP track is not full ({crew.xp} of {crew.crew_xp_boxes})"
    return None


def take_crew_advance(crew: Crew, kind: str) -> int:
    """A full crew XP track: clear it and take a special ability or two upgrade boxes
    (SRD, Crew Advancement, line 534); returns the stash each scoundrel gains."""
    _refuse_if(why_not_crew_advance(crew, kind))
    crew.xp = 0
    crew.advances.append("ability" if kind == "ability" else "upgrades")
    return profit(crew)


def mark_crew_xp(crew: Crew, amount: int) -> None:
    """Mark (or clear) crew XP on its track: 1 or 2 per trigger (SRD, line 527)."""
    if not 0 <= crew.xp + amount <= crew.crew_xp_boxes:
        raise RefusedError(f"the crew XP track holds 0 to {crew.crew_xp_boxes}")
    crew.xp += amount


def war_effects(crew: Crew) -> list[str]:
    """What war with any faction does to the crew now (SRD, Faction status, line 495)."""
    if not at_war(crew):
        return []
    held = war_hold(crew)
    effects = ["+1 heat from every score"]
    if held.war_dogs:
        effects.append("War Dogs: hold stays, two downtime activities each")
    else:
        effects.append("hold drops a step for the war" + (
            f" (weak: Tier counts as {held.tier})" if crew.hold == "weak" else
            f" (counts as {held.hold})"))
        effects.append("one downtime activity each instead of two")
    return effects


def score_heat(crew: Crew, heat: int) -> int:
    """Heat a score brings: what the GM sets, +1 while at war (SRD, line 495)."""
    return heat + (1 if at_war(crew) else 0)


def set_field(crew: Crew, field: str, value: str) -> None:
    """The crew's reputation, lair, hunting grounds and favourite contact."""
    if field not in ("reputation", "lair", "hunting_grounds", "contact"):
        raise RefusedError(f"{field!r} is not set this way")
    limit = 500 if field == "lair" else 60 if field != "contact" else 200
    if len(value) > limit:
        raise RefusedError(f"{field.replace('_', ' ')} holds at most {limit} characters")
    setattr(crew, field, value.strip())
