"""Creation budget: what each Quality cost and where every Rank went.

A new PC has six Ranks to spend, plus one when at least one Weakness was taken at
creation (a second Weakness adds nothing). Costs, per the Player Character Creation
and Character Qualities sections:

* Concept, Background and Faculty start at Good; Traits start at Average. Each step
  above the start costs one Rank.
* An Element costs one Rank at Good and one more per step above Good. A GM may charge
  extra for a Quality that is too broad (``Element.gm_extra_cost``).
* An SFX Quality is an ordinary Element by default, the book's simple way (L665,
  L677; the Example of Play's Tella). Under the table rule ``sfx_subsystem`` it is
  bought at Basic for one Rank, one per step above (L677).
* A Weakness taken at creation starts at Basic and costs nothing (L325). One bonus
  Rank in all unless the table rule ``weakness_bonus_each`` gives one per creation
  Weakness. A Fetish is priced like a Weakness and earns no bonus unless the table
  rule ``fetish_earns_bonus`` says so (L689). A Weakness at Average or above is
  removed (L335) and earns nothing.
* Stunts and anything acquired in play are not bought with creation Ranks; steps
  gained through Advancements (``advanced``) are taken off before costing.

Lowering a Trait below Average refunds nothing unless the table rule
``trait_lowering_refunds`` is on (the book's Myrrdin has Physique -2 with no refund).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from seforge.systems.swords_edge.models import (
    Acquired,
    Character,
    Element,
    ElementKind,
    LinkedQuality,
    Quality,
    Trait,
)
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank

BASE_BUDGET = 6
WEAKNESS_BONUS = 1
CORE_START = Rank.GOOD
"""Where Concept, Background and Faculty start (and may not go below at creation)."""
TRAIT_START = Rank.AVERAGE
"""Where Traits start."""


@dataclass(frozen=True)
class LedgerEntry:
    """One line of the ledger: a Quality, its starting and final Rank, and its cost.

    ``cost`` is negative for a refund. The bonus Rank from a Weakness is an entry
    with ``kind == "bonus"`` and ``cost == 0`` whose ``budget_change`` is +1.
    """

    key: str
    label: str
    kind: str
    start: Rank | None
    end: Rank | None
    cost: int
    budget_change: int = 0
    note: str = ""

    def describe(self) -> str:
        """A plain-words line such as ``Concept "Bounty Hunter": Good → Exceptional, 2 Ranks``."""
        if self.kind == "bonus":
            n = self.budget_change
            text = f"{self.label}: +{n} Rank{'s' if n != 1 else ''} to spend"
            return f"{text} ({self.note})" if self.note else text
        steps = ""
        if self.start is not None and self.end is not None:
            steps = (
                f"{self.start.label}" if self.start == self.end
                else f"{self.start.label} → {self.end.label}"
            )
        cost = _ranks(self.cost)
        text = f"{self.label}: {steps}, {cost}" if steps else f"{self.label}: {cost}"
        return f"{text} ({self.note})" if self.note else text


def _ranks(n: int) -> str:
    if n < 0:
        return f"refunds {-n} Rank{'s' if n != -1 else ''}"
    return f"{n} Rank{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class BudgetReport:
    entries: tuple[LedgerEntry, ...]
    spent: int
    budget: int
    bonus_sources: tuple[str, ...] = field(default=())

    @property
    def remaining(self) -> int:
        return self.budget - self.spent

    def summary(self) -> str:
        """``Ranks: 5 of 7 spent (6 + 1 from Weakness "Lunger")``."""
        text = f"Ranks: {self.spent} of {self.budget} spent"
        if self.bonus_sources:
            names = _quoted(self.bonus_sources)
            bonus = self.budget - BASE_BUDGET
            word = _word(len(self.bonus_sources), "Weakness", "Weaknesses")
            text += f" ({BASE_BUDGET} + {bonus} from {word} {names})"
        return text


def creation_rank(rank: Rank, advanced: int) -> Rank | None:
    """The Rank a Quality had at creation, before ``advanced`` later steps."""
    return rank.shifted(-advanced)


def element_start(element: Element, character: Character) -> Rank:
    """The Rank an Element is bought at (its free starting point)."""
    if element.kind in (ElementKind.WEAKNESS, ElementKind.FETISH):
        return Rank.BASIC
    if element.kind is ElementKind.SFX and character.options.sfx_subsystem:
        return Rank.BASIC
    return Rank.GOOD


def element_counts_at_creation(element: Element) -> bool:
    """Bought with creation Ranks (not a Stunt, not something gained in play)."""
    return element.acquired is Acquired.CREATION and element.kind is not ElementKind.STUNT


def creation_weaknesses(character: Character) -> list[Element]:
    """The Weaknesses (and, by table rule, Fetishes) taken at creation that earn the
    bonus Rank: Basic at creation (L325); one at Average or above is gone (L335)."""
    kinds = {ElementKind.WEAKNESS}
    if character.options.fetish_earns_bonus and character.options.fetish_rule:
        kinds.add(ElementKind.FETISH)
    return [
        e for e in character.elements
        if e.kind in kinds and e.acquired is Acquired.CREATION
        and creation_rank(e.rank, e.advanced) is Rank.BASIC
    ]


def creation_weakness_names(character: Character) -> list[str]:
    """Weaknesses taken at creation, including any overcome in play since (an
    overcome Weakness counts only when the history shows it was taken)."""
    names = [e.name for e in creation_weaknesses(character)]
    return names + overcome_creation_weaknesses(character)


def overcome_creation_weaknesses(character: Character) -> list[str]:
    """The names in ``play.overcome_weaknesses`` that the file shows were taken at
    creation and overcome: the history records raising that Weakness until it was
    removed, and no Element of that name is left. A name with no such record
    earns nothing (issue 12, hole 4)."""
    current = {e.name.strip().casefold() for e in character.elements}
    overcome = {
        entry.what.casefold() for entry in character.history
        if entry.kind == "use_advancement" and "overcome" in entry.what
    }
    return [
        name for name in character.play.overcome_weaknesses
        if name.strip() and name.strip().casefold() not in current
        and any(w.startswith(f'raised weakness "{name.strip().casefold()}"') for w in overcome)
    ]


def weakness_bonus(character: Character) -> int:
    """The bonus Ranks creation Weaknesses earn: one in all by default, one each with
    the table rule ``weakness_bonus_each`` (L325)."""
    count = len(creation_weakness_names(character))
    if character.options.weakness_bonus_each:
        return count * WEAKNESS_BONUS
    return WEAKNESS_BONUS if count else 0


def _steps_cost(start: Rank, end: Rank | None) -> int:
    if end is None:
        return 0
    return max(0, int(end) - int(start))


def core_cost(rank: Rank, advanced: int = 0) -> int:
    """Creation cost of a Concept, Background or Faculty at ``rank``."""
    return _steps_cost(CORE_START, creation_rank(rank, advanced))


def trait_cost(character: Character, trait: Trait, rank: Rank) -> int:
    """Creation cost of ``trait`` at ``rank``: one per step above Average; below
    Average nothing, or a refund of one per step with the table rule."""
    end = creation_rank(rank, character.trait_advanced.get(trait, 0))
    if end is None:
        return 0
    if end < TRAIT_START:
        refunds = character.options.trait_lowering_refunds
        return -(int(TRAIT_START) - int(end)) if refunds else 0
    return int(end) - int(TRAIT_START)


def _quality_entry(key: str, label: str, quality: Quality | LinkedQuality) -> LedgerEntry:
    end = creation_rank(quality.rank, quality.advanced)
    note = "below its starting Rank" if end is not None and end < CORE_START else ""
    cost = core_cost(quality.rank, quality.advanced)
    return LedgerEntry(key, label, "core", CORE_START, end, cost, note=note)


def element_entry(index: int, element: Element, character: Character) -> LedgerEntry | None:
    if not element_counts_at_creation(element):
        return None
    key = QualityKey.of_element(index)
    kind_word = {
        ElementKind.WEAKNESS: "Weakness",
        ElementKind.FETISH: "Fetish",
        ElementKind.SFX: "SFX",
        ElementKind.ITEM: "Item",
    }.get(element.kind, "Element")
    label = f"{kind_word} {quoted_name(element.name)}"
    start = element_start(element, character)
    end = creation_rank(element.rank, element.advanced)
    if element.kind in (ElementKind.WEAKNESS, ElementKind.FETISH):
        return LedgerEntry(key, label, element.kind.value, start, end, 0, note="free")
    cost = 1 + _steps_cost(start, end) + element.gm_extra_cost
    notes = []
    if element.gm_extra_cost:
        notes.append(f"+{element.gm_extra_cost} GM charge for a broad Quality")
    if end is not None and end < start:
        notes.append("below its starting Rank")
    return LedgerEntry(key, label, element.kind.value, start, end, cost, note="; ".join(notes))


def ledger_entries(character: Character) -> Iterator[LedgerEntry]:
    """Every ledger line in sheet order."""
    core: tuple[tuple[str, Quality | LinkedQuality], ...] = (
        ("concept", character.concept),
        ("background", character.background),
        ("faculty", character.faculty),
    )
    for key, quality in core:
        yield _quality_entry(key, f"{key.capitalize()} {quoted_name(quality.name)}", quality)
    for trait, rank in character.traits.items():
        end = creation_rank(rank, character.trait_advanced.get(trait, 0))
        note = ""
        if end is not None and end < TRAIT_START:
            refund = character.options.trait_lowering_refunds
            note = "lowered: refund by table rule" if refund else "below Average"
        cost = trait_cost(character, trait, rank)
        yield LedgerEntry(QualityKey.of_trait(trait), trait.value, "trait", TRAIT_START, end, cost,
                          note=note)
    for index, element in enumerate(character.elements):
        entry = element_entry(index, element, character)
        if entry is not None:
            yield entry
    weaknesses = creation_weakness_names(character)
    if weaknesses:
        givers = bonus_weaknesses(character)
        others = [w for w in weaknesses if w not in givers]
        label = f"Bonus from {_word(len(givers), 'Weakness', 'Weaknesses')} " \
            f"{_quoted(givers)}"
        notes = []
        if others:
            notes.append(f"one bonus Rank in all: {_quoted(others)} "
                         f"add{'s' if len(others) == 1 else ''} none")
        if character.play.overcome_weaknesses:
            notes.append("a Weakness overcome in play keeps its creation Rank")
        note = "; ".join(notes)
        yield LedgerEntry(
            "bonus", label, "bonus", None, None, 0,
            budget_change=weakness_bonus(character), note=note,
        )


def quoted_name(name: str) -> str:
    """A Quality's name in quotes for a ledger line, or "(unnamed)" while it has none
    (rather than an empty pair of quotes)."""
    return f'"{name}"' if name.strip() else "(unnamed)"


def _quoted(names: Sequence[str]) -> str:
    return ", ".join(quoted_name(n) for n in names)


def _word(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


def bonus_weaknesses(character: Character) -> list[str]:
    """The creation Weaknesses that give the bonus Rank: the first one, or each of them
    under the table rule ``weakness_bonus_each`` (L325)."""
    names = creation_weakness_names(character)
    return names if character.options.weakness_bonus_each else names[:1]


def budget_report(character: Character) -> BudgetReport:
    entries = tuple(ledger_entries(character))
    spent = sum(e.cost for e in entries)
    bonus = sum(e.budget_change for e in entries)
    return BudgetReport(entries, spent, BASE_BUDGET + bonus,
                        tuple(bonus_weaknesses(character)))
