"""A rolled test counts its assistants' own d20s as the odds do (``2d20.test.assist``)."""

from __future__ import annotations

from seforge.systems.twod20 import dice, roller
from seforge.systems.twod20.dice import Helper, SkillTest
from seforge.systems.twod20.settings import AssistGate, TableSettings


class Faces:
    def __init__(self, faces: list[int]) -> None:
        self._faces = iter(faces)

    def randint(self, a: int, b: int) -> int:
        return next(self._faces)


def test_assistants_dice_are_rolled_after_the_leader_s_and_counted() -> None:
    settings = TableSettings()
    roll = roller.roll_test(SkillTest(10, 2), settings, Faces([5, 18, 2, 9]),
                            [Helper(12, focus=2), Helper(9)])
    assert roll.faces == (5, 18) and roll.helper_faces == ((2,), (9,))
    # leader 1 success; the first helper's 2 is within Focus (2 successes), the second's 9 one
    assert roll.verdict.successes == 4 and roll.verdict.momentum == 2
    assert "assistants 2; 9" in roll.summary()


def test_the_gate_decides_whether_helpers_count_and_complications_always_do() -> None:
    spec, helper = SkillTest(10, 1), Helper(10)
    gated = dice.judge([15, 20], spec, TableSettings(), [(helper, [3])])
    assert gated.successes == 0 and gated.complications == 1
    always = TableSettings(assist_gate=AssistGate.ALWAYS)
    counted = dice.judge([15, 20], spec, always, [(helper, [3])])
    assert counted.successes == 1 and counted.success
