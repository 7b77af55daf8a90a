"""Every book PC checked against the creation rules, with the result recorded.

The spent/budget figures come from the hand-worked tables in test_library.py, so
the budget engine is compared with arithmetic done independently of it. Where a
book character breaks its own rules, the library keeps the book's numbers and the
expected result names the problem.
"""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import RuleOptions
from seforge.systems.swords_edge.validation import check_character
from tests.seforge.systems.swords_edge.test_library import EXPECTED_BUDGET, EXPECTED_SPENT

# Error rule ids each book PC produces as printed (empty: legal).
EXPECTED_ERRORS: dict[str, set[str]] = {pc_id: set() for pc_id in EXPECTED_SPENT}
EXPECTED_ERRORS.update({
    "jyrell": {"budget.over"},  # spends 7 of 6
    "myrrdin": {"budget.over", "creation.trait_below_average"},  # Physique -2, no refund
})

# With the table rule that fits the character, the book's printing becomes legal.
LEGAL_WITH_OPTION: dict[str, RuleOptions] = {
    "myrrdin": RuleOptions(trait_lowering_refunds=True),
}

# Table rules under which a book PC printed legal goes over budget (and by how much).
OVER_WITH_OPTION: dict[str, tuple[RuleOptions, int]] = {
    # L677: under the SFX Qualities subsystem Tella's Good SFX costs 3, not 1.
    "tella-of-jost": (RuleOptions(sfx_subsystem=True), 8),
}


def pc_ids() -> list[str]:
    return [e.id for e in library.list_entries("pc")]


def test_every_book_pc_has_an_expected_result() -> None:
    assert sorted(pc_ids()) == sorted(EXPECTED_ERRORS)
    assert len(EXPECTED_ERRORS) == 23


@pytest.mark.parametrize("pc_id", sorted(EXPECTED_SPENT))
def test_book_pc_against_creation_rules(pc_id: str) -> None:
    result = check_character(library.load_pc(pc_id))
    assert result.budget.spent == EXPECTED_SPENT[pc_id]
    assert result.budget.budget == EXPECTED_BUDGET.get(pc_id, 6)
    assert {p.rule for p in result.errors} == EXPECTED_ERRORS[pc_id]
    assert result.legal == (not EXPECTED_ERRORS[pc_id])
    assert not [p for p in result.warnings if p.rule != "name.missing"], result.warnings


@pytest.mark.parametrize("pc_id", sorted(LEGAL_WITH_OPTION))
def test_table_rules_make_the_printed_character_legal(pc_id: str) -> None:
    character = library.load_pc(pc_id)
    character.options = LEGAL_WITH_OPTION[pc_id]
    result = check_character(character)
    assert result.legal, result.problems
    assert result.budget.spent == result.budget.budget == 6


@pytest.mark.parametrize("pc_id", sorted(OVER_WITH_OPTION))
def test_table_rules_that_put_a_printed_character_over(pc_id: str) -> None:
    character = library.load_pc(pc_id)
    character.options, spent = OVER_WITH_OPTION[pc_id]
    result = check_character(character)
    assert {p.rule for p in result.errors} == {"budget.over"}
    assert result.budget.spent == spent
