"""The budget rule, the check of a file and the mutators' refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seforge.core.documents import DocumentFileError
from seforge.core.refused import RefusedError
from seforge.core.systems import CheckReport

from dice_pool import rules
from dice_pool.documents import CHARACTER
from dice_pool.models import Character, Trait
from dice_pool.system import SYSTEM


def write(tmp_path: Path, data: dict[str, object], name: str = "c.dicepool") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"format": "dice-pool.character", "version": 1, **data}),
                    encoding="utf-8")
    return path


def character(*pools: int, name: str = "Kim") -> Character:
    return Character(name=name, traits=[Trait(name=f"T{i}", pool=p) for i, p in enumerate(pools)])


def rules_of(found: CheckReport) -> list[tuple[str, str]]:
    return [(p.severity, p.rule) for p in found.problems]


def test_the_samples_are_legal(samples: list[Path]) -> None:
    reports = {path.stem: SYSTEM.check(path) for path in samples}
    assert all(r.legal for r in reports.values())
    assert reports["ada"].as_json() == {"legal": True, "spent": 12, "budget": 12,
                                        "problems": []}
    assert rules_of(reports["cass"]) == [("warning", "dice-pool.budget")]
    assert reports["cass"].lines[-1] == "Spent 10 of 12 dice"


def test_over_the_budget_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, {"name": "Greedy", "traits": [
        {"name": "A", "pool": 6}, {"name": "B", "pool": 6}, {"name": "C", "pool": 1}]})
    found = SYSTEM.check(path)
    assert not found.legal
    assert rules_of(found) == [("error", "dice-pool.budget")]
    assert found.figures == {"spent": 13, "budget": 12}
    assert "13 dice" in found.problems[0].message


@pytest.mark.parametrize("pool", [0, 7, 99])
def test_a_pool_outside_one_to_six_is_an_error(pool: int) -> None:
    found = rules.report(character(pool, 1))
    assert ("error", "dice-pool.pool") in rules_of(found)


def test_names_and_counts() -> None:
    twins = Character(name="", traits=[Trait(name="Wit", pool=1), Trait(name=" wit ", pool=1),
                                       Trait(name="", pool=1)])
    found = rules_of(rules.report(twins))
    assert found.count(("error", "dice-pool.trait-name")) == 2
    assert ("warning", "dice-pool.name") in found
    crowd = character(*([1] * 9))
    assert ("error", "dice-pool.traits") in rules_of(rules.report(crowd))
    assert rules_of(rules.report(Character(name="Nobody"))) == [("warning", "dice-pool.traits")]


def test_a_file_that_breaks_the_model_is_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, {"traits": [{"name": "A", "pool": 100}]})
    with pytest.raises(DocumentFileError, match=r"traits\[0\]\.pool") as error:
        SYSTEM.check(path)
    assert "\n" not in str(error.value)
    newer = tmp_path / "newer.dicepool"
    newer.write_text(json.dumps({"format": "dice-pool.character", "version": 2}),
                     encoding="utf-8")
    with pytest.raises(DocumentFileError, match="newer SEForge"):
        SYSTEM.check(newer)


def test_unknown_fields_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path, {"name": "Kim", "mood": "sunny",
                            "traits": [{"name": "A", "pool": 2, "colour": "red"}]})
    loaded = CHARACTER.load(path)
    CHARACTER.save(loaded, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["mood"] == "sunny" and data["traits"][0]["colour"] == "red"


def test_mutators_refuse_what_the_rules_forbid() -> None:
    full = character(6, 6)
    with pytest.raises(RefusedError, match="every die of the 12"):
        rules.add_trait(full)
    rules.set_pool(full, 0, 5)
    assert rules.spent(full) == 11
    with pytest.raises(RefusedError, match="1 to 6"):
        rules.set_pool(full, 0, 7)
    with pytest.raises(RefusedError, match="at most 12"):
        rules.set_pool(character(6, 5, 1), 2, 2)
    assert rules.why_not_set_pool(character(6, 6), 0, 5) is None  # lowering is always fine
    assert rules.why_not_set_pool(character(6, 6), 3, 1) == "there is no trait 4"
    with pytest.raises(RefusedError, match="already called"):
        rules.rename_trait(character(1, 1), 1, " t0 ")
    with pytest.raises(RefusedError, match="needs a name"):
        rules.rename_trait(character(1), 0, "  ")
    crowd = character(*([1] * rules.MAX_TRAITS))
    assert rules.why_not_add_trait(crowd) == "a character has at most 8 traits"


def test_a_pool_over_the_limits_can_be_lowered_step_by_step() -> None:
    greedy = character(9, 6)
    assert rules.why_not_set_pool(greedy, 0, 10) == "a trait rolls 1 to 6 dice, not 10"
    rules.set_pool(greedy, 0, 8)  # still over, but nearer
    assert rules.why_not_set_pool(greedy, 0, 0) == "a trait rolls 1 to 6 dice, not 0"
    zero = character(0, 6)
    rules.set_pool(zero, 0, 1)
    assert rules.spent(zero) == 7


def test_a_file_with_thousands_of_traits_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, {"traits": [{"name": f"T{i}", "pool": 1} for i in range(5000)]})
    with pytest.raises(DocumentFileError, match="traits"):
        SYSTEM.check(path)


def test_a_new_character_and_its_traits() -> None:
    fresh = rules.new_character()
    assert [t.name for t in fresh.traits] == ["Body", "Mind", "Spirit"]
    rules.add_trait(fresh)
    assert fresh.traits[-1].name == "Trait 4" and fresh.traits[-1].pool == 1
    rules.remove_trait(fresh, 0)
    assert [t.name for t in fresh.traits] == ["Mind", "Spirit", "Trait 4"]
    rules.set_name(fresh, "  Pat ")
    assert fresh.name == "Pat"
