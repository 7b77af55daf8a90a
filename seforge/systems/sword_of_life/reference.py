"""Sword of Life's reference tables as data, each with its source.

The numbers and lists come from ``reference/sword-of-life.txt`` (line numbers given); every
label is our own short paraphrase, never the text's sentences.
"""

from __future__ import annotations

from seforge.core.probability_text import format_probability
from seforge.core.reference import ReferenceSource, ReferenceTable, find_table
from seforge.systems.sword_of_life.character import Characteristic

SOURCE = "sword-of-life.txt"


def _text(section: str, lines: str) -> ReferenceSource:
    """A section of the text; ``lines`` like ``"16-26 and 112-115"``."""
    return ReferenceSource(SOURCE, section, "L" + lines.replace(" and ", ", L"))


COMPUTED = ReferenceSource("reading notes sol.md 2.7", "Exact odds of one exchange",
                           origin="computed")


SCALES: dict[Characteristic, tuple[str, ...]] = {
    "edge": (
        "badly disabled person", "child", "average untrained human",
        "basic fighting training (boxing, judo, kendo)", "well-trained soldier or peace officer",
        "starship security officer", "special-operations operative",
        "heavily cyborged or bio-warped fighting machine",
    ),
    "grip": (
        "infant", "child", "average untrained human", "police officer or soldier",
        "trained crew of an exploration starship", "senior starship officer or captain",
        "top athlete", "heavily armoured, enhanced cyborg or bio-warped person",
    ),
    "point": (
        "before speech", "like a child", "average untrained human (high-school level)",
        "university scholar, research scientist, detective, politician",
        "typical starship officer", "Rhodes scholar, a 'Sherlock'", "Nobel laureate",
        "heavily cyborged or bio-warped mentat",
    ),
    "temper": (
        "emotionally shattered", "backward, superstitious human", "average untrained human",
        "typical starship crew or civilian lover of aliens", "trained first-contact specialist",
        "empath", "natural telepath", "heavily cyborged or bio-warped telepath",
    ),
}
"""The text's science-fiction example of each rating 1-8 (lines 28-72)."""
SCALE_LINES: dict[Characteristic, str] = {
    "edge": "30-39", "grip": "41-50", "point": "52-61", "temper": "63-72",
}


def scale_label(key: Characteristic, rating: int) -> str:
    """What a rating looks like in the example setting ("" outside 1-8)."""
    scale = SCALES[key]
    return scale[rating - 1] if 1 <= rating <= len(scale) else ""


SPECIALTY_EXAMPLES: dict[Characteristic, tuple[str, ...]] = {
    "edge": ("unarmed combat", "acrobatics", "melee weapon", "direct-fire weapon",
             "non-lethal weapon", "space fighter pilot"),
    "grip": ("tough to kill", "resistant to injury", "resistant to chemicals"),
    "point": ("politics", "military strategy", "economics", "criminal investigation",
              "starship navigation", "scientific research"),
    "temper": ("strong spirit", "emotionally tough", "alien understanding", "strong identity",
               "resistant to mental distress", "resistant to the shock of the alien",
               "resistant to horror", "resistant to psionic influence"),
}
"""The text's possible specialties (lines 98-106)."""


def table(table_id: str) -> ReferenceTable:
    """The table with this id; KeyError naming the known ids otherwise."""
    return find_table(tables(), table_id)


def tables() -> list[ReferenceTable]:
    """Every table of the GM screen, in the order it lists them."""
    from seforge.systems.sword_of_life.odds import exchange

    scale_rows = tuple(
        (str(rating), *(SCALES[key][rating - 1] for key in SCALES)) for rating in range(1, 9)
    )
    win_rows = tuple(
        (str(n), *(format_probability(exchange(n, m).win, 0) for m in range(1, 9)))
        for n in range(1, 9)
    )
    tie_rows = tuple(
        (str(n), *(format_probability(exchange(n, m).tie, 0) for m in range(1, 9)))
        for n in range(1, 9)
    )
    return [
        ReferenceTable(
            "characteristics", "Characteristics", ("Characteristic", "Draw it for"),
            (("Edge", "physical action, fights and combat (combat wounds lower Grip)"),
             ("Grip", "holding on to life: injury, radiation, gas, falls"),
             ("Point", "thinking, investigating, science, arguing"),
             ("Temper", "distress, horror, psionics, the strangeness of aliens")),
            source=_text("Characteristics", "16-26 and 112-115")),
        ReferenceTable(
            "scales", "Example ratings (science fiction)",
            ("Rating", "Edge", "Grip", "Point", "Temper"), scale_rows,
            source=_text("Characteristics", "28-72")),
        ReferenceTable(
            "effective", "Effective skill ratings", ("Skill", "Cards drawn"),
            (("a skill of the career", "the characteristic"),
             ("a specialty of the career", "characteristic + 1"),
             ("a skill outside the career", "characteristic - 1"),
             ("a specialty outside the career", "the characteristic"),
             ("a highly specialised skill, untrained", "may be impossible (GM decides)")),
            source=_text("Careers", "77-96")),
        ReferenceTable(
            "specialties", "Specialty examples", ("Characteristic", "Examples"),
            tuple((key.title(), ", ".join(items)) for key, items in SPECIALTY_EXAMPLES.items()),
            source=_text("Possible Specialties", "98-106")),
        ReferenceTable(
            "outcomes", "Outcome of an exchange", ("Margin", "Result"),
            (("0", "both still engaged; nothing changes yet"),
             ("more than 0", "the opposition loses the margin: Grip in combat, Point in a "
              "debate, cards of a problem"),
             ("less than 0, a problem", "the player loses the margin from the score drawn "
              "against the problem (the text's rule, line 166)"),
             ("less than 0, combat or debate", "table setting \"The player loses on a lost "
              "exchange\": on, the player loses the margin the same way (our reading, the "
              "default); off, nothing changes"),
             ("Grip 0", "unconscious"), ("Point 0 in a debate", "persuaded; others may try"),
             ("problem at 0 cards", "solved"),
             ("player's Point 0 on a problem", "stuck until new tools or information")),
            source=_text("Conflict Resolution", "131-172")),
        ReferenceTable(
            "difficulty", "Problem difficulty", ("Cards", "Use"),
            (("0", "ordinary action: no draw"), ("1-3", "everyday obstacles of an adventure"),
             ("4-6", "serious crises")),
            source=_text("Ordinary Actions", "184-190")),
        ReferenceTable(
            "adjustments", "Card adjustments", ("Source", "Cards"),
            (("good roleplaying or a good idea", "+ (GM)"), ("poor roleplaying", "- (GM)"),
             ("special weapon or equipment", "typically +1"),
             ("time to prepare", "bonus at the GM's call")),
            source=_text("Penalties and Bonuses", "174-182")),
        ReferenceTable(
            "opponents", "Several opponents or problems", ("Method", "How"),
            (("Realistic (split)", "divide your cards between them before the draw"),
             ("Less realistic (carry)", "beat the first, carry the leftover successes on"),
             ("Cinematic", "a full hand against each")),
            source=_text("Multiple Opponents or Problems", "192-223")),
        ReferenceTable(
            "options", "Optional rules", ("Rule", "Effect"),
            (("Rule 1", "red Ace = 2 successes; black Deuce removes 2"),
             ("Rule 2", "red Ace wins outright; black Deuce fails outright; Ace beats Deuce"),
             ("Saving a card", "aim or plan: keep 1 unflipped card up to 2 turns, discard the "
              "rest")),
            source=_text("Essence and Antithesis / Saving Unflipped Cards", "225-248")),
        ReferenceTable(
            "win-matrix", "P(win) of one exchange, one deck (rows: your cards)",
            ("N \\ M", *(str(m) for m in range(1, 9))), win_rows,
            source=COMPUTED),
        ReferenceTable(
            "tie-matrix", "P(tie) of one exchange, one deck (rows: your cards)",
            ("N \\ M", *(str(m) for m in range(1, 9))), tie_rows,
            source=COMPUTED),
    ]
