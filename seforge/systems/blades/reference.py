"""The GM screen's reference tables as data, each with its source.

Numbers and names come from the text (``blades-in-the-dark-srd.tex.txt``, cited by
section and line); every description is in our own words. A table or row marked
``external`` is a labelled default from the published game (the notes' §6), not the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from seforge.core.probability_text import percent
from seforge.core.reference import ReferenceSource, ReferenceTable, find_table
from seforge.core.reference import search as search_tables
from seforge.systems.blades.crew import STATUS_NAMES
from seforge.systems.blades.facts import (
    DEFAULT_ATTRIBUTE_MAP,
    DEFAULT_TICKS_BY_EFFECT,
    SRD,
    TRAUMA_CONDITIONS,
)
from seforge.systems.blades.levels import ResultLevel
from seforge.systems.blades.odds import action_roll
from seforge.systems.blades.rules import HARM_PENALTIES

if TYPE_CHECKING:
    from seforge.systems.blades.content import CrewTypeData, PlaybookData, Upgrade


def srd_source(section: str, line: int | None = None, *, origin: str = "text",
               document: str = SRD) -> ReferenceSource:
    """A section of the SRD text (and its line), as the core's source: the reader sees the
    section's heading; the line is kept for checking (the SRD has no page numbers)."""
    return ReferenceSource(document, section, f"L{line}" if line is not None else "",
                           book="SRD", origin=origin)


def line_of(source: ReferenceSource) -> int | None:
    """The SRD line a source names (None when it names none)."""
    return int(source.lines.removeprefix("L")) if source.lines else None


def _result_rows() -> tuple[tuple[str, ...], ...]:
    one = action_roll(1)
    zero = action_roll(0)
    from seforge.systems.blades.facts import ResultLevel as R
    return (
        ("Critical", "two or more 6s", "success with an extra edge", percent(one[R.CRITICAL]),
         "impossible"),
        ("Full success", "highest die 6", "it goes as hoped", percent(one[R.SUCCESS]),
         percent(zero[R.SUCCESS])),
        ("Partial success", "highest die 4 or 5", "done, at a cost", percent(one[R.PARTIAL]),
         percent(zero[R.PARTIAL])),
        ("Bad outcome", "highest die 1 to 3", "it goes wrong", percent(one[R.FAILURE]),
         percent(zero[R.FAILURE])),
    )


def _published(what: str) -> ReferenceSource:
    """A labelled default from the published game, not the SRD text (the notes' §6)."""
    return ReferenceSource("reading notes blades.md §6", f"{what} of the published game",
                           origin="external")


def tables() -> tuple[ReferenceTable, ...]:
    """Every table in the order the GM screen lists them."""
    attribute_of = {a: attr.capitalize() for attr, acts in DEFAULT_ATTRIBUTE_MAP.items()
                    for a in acts}
    actions = (
        ("Attune", "reach out to arcane forces and spirits"),
        ("Command", "make people obey at once"),
        ("Consort", "mix with friends and contacts"),
        ("Finesse", "use deft hands or quiet misdirection"),
        ("Hunt", "track a quarry; shoot from afar"),
        ("Prowl", "move quietly and skilfully"),
        ("Skirmish", "fight up close"),
        ("Study", "examine details and evidence"),
        ("Survey", "watch a scene and foresee what comes"),
        ("Sway", "persuade with wit, charm or argument"),
        ("Tinker", "work devices and mechanisms"),
        ("Wreck", "use brute force to destroy"),
    )
    status_rows = (
        *((f"{s:+d}" if s else "0", STATUS_NAMES[s].capitalize(), attitude)
          for s, attitude in (
              (3, "will help even at a cost to themselves"),
              (2, "help when it is no serious trouble"),
              (1, "help when it costs them nothing"),
              (0, "neither help nor harm"),
              (-1, "make trouble when it is cheap"),
              (-2, "hurt you when it is safe"),
              (-3, "war: go out of their way to hurt you"))),
        ("At war", "Effects", "+1 heat per score; hold drops one step for the war; "
         "one downtime action each instead of two"),
        ("Changes", "By a score", "-1 or -2 with the faction hurt; +1 with one helped; "
         "none for a quiet job"),
    )
    return (
        ReferenceTable(
            "results", "Roll results", ("Result", "Dice", "Meaning", "1 die", "0 dice"),
            _result_rows(), source=srd_source("Rolling the Dice", 62)),
        ReferenceTable(
            "actions", "Actions", ("Action", "Used to", "Attribute"),
            tuple((name, what, attribute_of[name.lower()]) for name, what in actions),
            source=srd_source("Actions", 116),
            row_sources=tuple(
                None if name in ("Hunt", "Skirmish")
                else _published("Attribute map") for name, _ in actions)),
        ReferenceTable(
            "position", "Position", ("Position", "What it means"),
            (("Controlled", "little danger; the mildest consequences"),
             ("Risky", "the usual position; real trouble is possible"),
             ("Desperate", "serious danger; harsh consequences; XP for its attribute")),
            source=srd_source("3. The GM Sets the Position", 215)),
        ReferenceTable(
            "effect", "Effect levels", ("Effect", "What it achieves", "Clock ticks"),
            (("Zero", "nothing at all", str(DEFAULT_TICKS_BY_EFFECT["zero"])),
             ("Limited", "less than hoped", str(DEFAULT_TICKS_BY_EFFECT["limited"])),
             ("Standard", "what one would expect", str(DEFAULT_TICKS_BY_EFFECT["standard"])),
             ("Great", "more than usual", str(DEFAULT_TICKS_BY_EFFECT["great"])),
             ("Extreme", "far beyond the usual", str(DEFAULT_TICKS_BY_EFFECT["extreme"]))),
            source=srd_source("4. The GM Sets the Effect Level", 218),
            row_sources=(_published("Clock ticks by effect"),) * 5),
        ReferenceTable(
            "factors", "Effect factors and bonus dice", ("Factor", "How it works"),
            (("Potency", "a weakness, extra time or arcane power shifts effect"),
             ("Quality / Tier", "better gear or a higher Tier raises effect; fine items +1"),
             ("Scale", "numbers, area or scope: can help or hinder, as the situation has it"),
             ("Assistance", "+1d; the helper takes 1 stress"),
             ("Push yourself", "+1d or +1 effect or act incapacitated; 2 stress each"),
             ("Devil's Bargain", "+1d for a cost that happens whatever the roll; not with a push"),
             ("Trade", "the GM may trade a worse position for more effect")),
            source=srd_source("Assessing Factors", 258)),
        ReferenceTable(
            "consequences", "Consequences by position", ("Position", "Result", "Typical cost"),
            (("Controlled", "4/5", "hesitate, withdraw and try again, or take a minor cost"),
             ("Controlled", "1-3", "falter: press on from risky, or withdraw"),
             ("Risky", "4/5", "harm, a complication, reduced effect, or a worse position"),
             ("Risky", "1-3", "harm, a complication, a worse position, or a lost chance"),
             ("Desperate", "4/5", "severe harm, a serious complication, reduced effect"),
             ("Desperate", "1-3", "severe harm, a serious complication, a lost chance")),
            source=srd_source("6. Roll the Dice and Judge the Result", 242, origin="inferred"),
            notes="The text's own table is a placeholder (a @TODO at line 254): these rows "
                  "are our reading of 'the worse your position, the worse the consequences' "
                  "and the five kinds of consequence."),
        ReferenceTable(
            "consequence-types", "Kinds of consequence", ("Consequence", "What it does"),
            (("Reduced effect", "effect drops one level, after every other factor"),
             ("Complication", "ticks a clock: 1 minor, 2 standard, 3 serious; never undoes "
              "a success"),
             ("Lost opportunity", "this way no longer works; find another"),
             ("Worse position", "the next roll is at a worse position"),
             ("Harm", "write harm of the level dealt")),
            source=srd_source("Consequences", 279)),
        ReferenceTable(
            "harm", "Harm", ("Level", "Examples", "Penalty"),
            (("4 fatal", "drowned, stabbed in the heart", "death unless resisted"),
             ("3 severe", "impaled, broken leg, badly burned", HARM_PENALTIES[2]),
             ("2 moderate", "deep cut, concussion, panicked", HARM_PENALTIES[1]),
             ("1 lesser", "battered, drained, scared", HARM_PENALTIES[0]),
             ("Row full", "write it one row higher", "a full top row is catastrophic")),
            source=srd_source("Harm", 305),
            row_sources=(None, None, _published("Harm penalties"),
                         None, None)),
        ReferenceTable(
            "resistance", "Resistance and armor", ("Rule", "Detail"),
            (("Attribute", "Insight: deception, understanding; Prowess: body; Resolve: mind"),
             ("Cost", "6 stress minus the highest die"),
             ("Critical", "two sixes: clear 1 stress instead"),
             ("Once", "decide before rolling; each consequence is resisted once"),
             ("Armor", "mark a box instead of rolling; heavy armor a second box"),
             ("Restore", "all armor comes back when load is chosen")),
            source=srd_source("Resistance & Armor", 316)),
        ReferenceTable(
            "trauma", "Trauma conditions", ("Condition", "In short"),
            tuple(zip(TRAUMA_CONDITIONS, (
                "untouched by appeals and bonds", "lost in old horrors",
                "fixed on one thing or person", "trusts no one",
                "careless of own safety", "gentle, lost the edge",
                "moods swing hard", "hurts people without need"), strict=True)),
            source=srd_source("Trauma Conditions", 157)),
        ReferenceTable(
            "clocks", "Progress clocks", ("Clock", "Use"),
            (("4 segments", "a complex obstacle"), ("6 segments", "a more complicated one"),
             ("8 segments", "a daunting one; a long-term project"),
             ("Danger", "ticks 1/2/3 by complication; when full, the danger arrives"),
             ("Racing", "two clocks race; the first full decides"),
             ("Linked", "a full clock opens the next"),
             ("Mission", "a window of time that runs out"),
             ("Tug-of-war", "ticks both ways"),
             ("Long-term project", "downtime work over several sessions"),
             ("Faction", "the GM ticks factions' plans in downtime")),
            source=srd_source("Progress clocks", 169)),
        ReferenceTable(
            "coin", "Coin and stash", ("Amount", "Worth / rule"),
            (("1 coin", "a week's wages"), ("2 coin", "a fine weapon or luxury clothes"),
             ("4 coin", "a month's wages"), ("6 coin", "an exquisite jewel"),
             ("8 coin", "a small business's good month"),
             ("10 coin", "selling a real asset"),
             ("Carry", "at most 4 coin on a scoundrel"),
             ("Lair", "4 coin; 8 and 16 with vault upgrades"),
             ("Stash", "up to 40; lifestyle is full rows of 10"),
             ("Withdraw", "2 stash gives 1 coin"),
             ("Retire", "0-10 poor, 11-20 meager, 21-39 modest, 40 fine")),
            source=srd_source("Coin", 410)),
        ReferenceTable(
            "tier", "Tier and gang scale", ("Tier", "Gang size"),
            (("0", "1 or 2 people"), ("I", "small gang (3-6)"), ("II", "medium gang (12)"),
             ("III", "large gang (20)"), ("IV", "huge gang (40)"),
             ("V", "massive gang (80)"),
             ("Rep", "2 per score, ±1 per Tier of difference; 12 fills, less 1 per turf"),
             ("Tier up", "with strong hold and full rep, pay new Tier × 8 coin")),
            source=srd_source("Tier", 447)),
        ReferenceTable(
            "status", "Faction status", ("Status", "Name", "Attitude"),
            status_rows,
            source=srd_source("Faction status levels", 483)),
        ReferenceTable(
            "xp", "XP triggers", ("Trigger", "XP"),
            (("Desperate action roll", "1 in that action's attribute"),
             ("Playbook trigger", "1, or 2 if it happened a lot"),
             ("Beliefs, drives, heritage, background", "1, or 2"),
             ("Struggled with vice or trauma", "1, or 2"),
             ("Training in downtime", "1 on a track, once per track"),
             ("Full attribute track", "an advance: +1 dot under it"),
             ("Full playbook track", "an advance: a special ability")),
            source=srd_source("PC Advancement", 508)),
        ReferenceTable(
            "load", "Load", ("Load", "Level", "Effect"),
            (("1-3", "Light", "quick, passes for a citizen"),
             ("4-5", "Normal", "looks ready for trouble"),
             ("6", "Heavy", "slower, clearly on a job"),
             ("7-9", "Encumbered", "can only move slowly")),
            source=srd_source("Loadout", 599)),
    )


def _content_source(path: str, what: str) -> ReferenceSource:
    return ReferenceSource(path, f"{what} (published game, CC BY 3.0)", origin="external")


def content_tables() -> tuple[ReferenceTable, ...]:
    """The playbooks, crew types and creation lists from the data files (facts of the
    published game under CC BY 3.0; their summaries in our own words)."""
    from seforge.systems.blades.content import crew_types, playbooks

    return (*(_playbook_table(book) for book in playbooks()),
            *(_crew_type_table(crew) for crew in crew_types()), _lists_table())


def _playbook_table(book: PlaybookData) -> ReferenceTable:
    rows: list[tuple[str, ...]] = [
        ("Playbook", book.name, book.summary),
        ("Starting dots", ", ".join(f"{a.capitalize()} {n}"
                                    for a, n in book.starting_dots.items()), ""),
        ("XP trigger", "", book.xp_trigger)]
    rows += [("Special ability", a.name, a.summary + (" (special armor)"
                                                     if a.special_armor else ""))
             for a in book.special_abilities]
    rows += [("Friend or rival", p.name, p.role) for p in book.friends]
    rows += [("Item", i.name, f"{i.load} load" if i.load else "no load")
             for i in book.items]
    return ReferenceTable(
        f"playbook-{book.name.lower()}", f"{book.name} playbook",
        ("Part", "Name", "What it gives"), tuple(rows),
        source=_content_source(f"playbooks/{book.name.lower()}.json",
                               f"{book.name} playbook"))


def _upgrade_row(kind: str, upgrade: Upgrade) -> tuple[str, ...]:
    boxes = upgrade.boxes
    return (kind, upgrade.name, f"{upgrade.summary} ({boxes} box{'es' * (boxes > 1)})")


def _crew_type_table(crew: CrewTypeData) -> ReferenceTable:
    rows: list[tuple[str, ...]] = [
        ("Crew type", crew.name, crew.summary), ("XP trigger", "", crew.xp_trigger),
        ("Operations", "", ", ".join(crew.operations)),
        ("Starts with", "", ", ".join(crew.starting_upgrades) + (
            f", a {crew.starting_cohort.type} {crew.starting_cohort.kind}"
            if crew.starting_cohort else ""))]
    rows += [("Special ability", a.name, a.summary) for a in crew.special_abilities]
    rows += [_upgrade_row("Upgrade", u) for u in crew.upgrades]
    rows += [("Contact", p.name, p.role) for p in crew.contacts]
    rows += [("Claim", c.name, c.summary or "turf") for c in crew.claims]
    return ReferenceTable(
        f"crew-{crew.name.lower()}", f"{crew.name} crew", ("Part", "Name", "What it gives"),
        tuple(rows), source=_content_source(f"crews/{crew.name.lower()}.json",
                                            f"{crew.name} crew"))


def _lists_table() -> ReferenceTable:
    from seforge.systems.blades.content import lists

    shared = lists()
    rows: list[tuple[str, ...]] = [("Heritage", h.name, h.summary) for h in shared.heritages]
    rows += [("Background", b.name, b.summary) for b in shared.backgrounds]
    rows += [("Standard item", i.name, f"{i.load} load" if i.load else "no load")
             for i in shared.standard_items]
    rows += [_upgrade_row("Crew upgrade", u) for u in shared.crew_upgrades]
    rows += [("Gang type", g.name, g.summary) for g in shared.gang_types]
    rows += [("Reputation", r, "") for r in shared.reputations]
    return ReferenceTable("creation-lists", "Heritages, backgrounds, items, upgrades",
                          ("List", "Name", "In short"), tuple(rows),
                          source=_content_source("lists.json", "Creation lists"))


def all_tables() -> tuple[ReferenceTable, ...]:
    return (*tables(), *content_tables())


def table(table_id: str) -> ReferenceTable:
    """The table with this id; KeyError naming the known ids otherwise."""
    return find_table(all_tables(), table_id)


def search(query: str) -> list[tuple[ReferenceTable, list[int]]]:
    """Tables with their matching rows (the core's one search over every table)."""
    return search_tables(all_tables(), query)


_CONSEQUENCE_RESULTS: dict[ResultLevel, str] = {ResultLevel.PARTIAL: "4/5",
                                                ResultLevel.FAILURE: "1-3"}
"""The results the "consequences" table has a row for (a success or a critical costs
nothing)."""


def consequences_at(position: str) -> list[tuple[str, str]]:
    """The "consequences" table's rows for ``position`` ("risky"): (result, typical cost)."""
    return [(row[1], row[2]) for row in table("consequences").rows
            if row[0].lower() == position.lower()]


def consequence_of(position: str, level: ResultLevel) -> str:
    """The typical cost of a roll read as ``level`` at ``position`` ("" for a success or a
    critical), from the "consequences" table."""
    result = _CONSEQUENCE_RESULTS.get(level)
    return next((cost for got, cost in consequences_at(position) if got == result), "")
