"""Timings of the 2d20 calculator's answers (issue 16: each under 5 ms).

    python -m tests.benchmarks.twod20_odds [--repeat N]

Every figure is cold: the engine's caches (one d20, the Challenge Dice pools) are cleared
before each timed run. Standalone like ``core_odds``; ``run()`` has the shape of an entry of
``BENCHMARKS`` in run.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.benchmarks.odds_cases import standalone, time_cases
from tests.benchmarks.run import Result

TARGET_MS = 5.0


def _clear() -> None:
    from seforge.systems.twod20 import damage, dice

    dice.d20.cache_clear()
    damage.challenge_dice.cache_clear()


def _cases() -> dict[str, tuple[str, Callable[[], object]]]:
    from seforge.systems.twod20 import damage, dice
    from seforge.systems.twod20.profiles import Profile

    focus5 = dice.SkillTest(tn=12, difficulty=3, focus=3, dice=5, complication_range=2)
    four_one = dice.SkillTest(tn=14, difficulty=2, focus=4, dice=4, fortune=1)
    attack = dice.SkillTest(tn=13, difficulty=1, focus=3, dice=5)
    defence = dice.SkillTest(tn=11, difficulty=1, focus=2, dice=5)
    srd_hit = damage.DamageSpec(dice=10, vicious=1, piercing=2, intense=True, armour=2,
                                cover_dice=4, sturdy=True, current_stress=3, max_stress=12)
    conan_hit = damage.DamageSpec(profile=Profile.CONAN, dice=10, flat=2, piercing=1,
                                  armour=3, cover_dice=4, current_stress=12)
    helpers = [dice.Helper(10, 1), dice.Helper(12, 2), dice.Helper(9, 0)]
    return {
        "2d20-5d20-focus": ("5d20 with Focus 3: success, complications, Momentum histogram",
                            lambda: dice.skill_odds(focus5)),
        "2d20-4d20-fortune": ("4d20 + 1 Fortune die with Focus",
                              lambda: dice.skill_odds(four_one)),
        "2d20-assisted": ("5d20 led test with 3 assistants",
                          lambda: dice.assisted_odds(focus5, helpers)),
        "2d20-opposed-5v5": ("opposed 5d20 vs 5d20, every category",
                             lambda: dice.opposed_odds(attack, defence)),
        "2d20-damage-10cd-srd": ("10 Challenge Dice vs Armour 2 + 4 Cover dice: Harms",
                                 lambda: damage.damage_odds(srd_hit)),
        "2d20-damage-10cd-conan": ("10 Combat Dice vs Armor 3 + 4 Cover dice: Harms",
                                   lambda: damage.damage_odds(conan_hit)),
    }


def run(repeat: int, scratch: Path | None = None) -> list[Result]:
    return time_cases(_cases(), repeat, lambda _name: TARGET_MS, setup=_clear)


def main() -> int:
    return standalone(__doc__.splitlines()[0], run, repeat=21)


if __name__ == "__main__":
    raise SystemExit(main())
