"""A system's credits: what it declares, and nothing for a system that declares none."""

from __future__ import annotations

import pytest

from seforge.core.credits import SourceCredit, credits_of
from seforge.systems import registry


def test_a_credit_names_its_work_and_authors() -> None:
    with pytest.raises(ValueError):
        SourceCredit(" ", "Someone")
    with pytest.raises(ValueError):
        SourceCredit("A Game", "")


def test_credits_of_reads_what_a_system_declares() -> None:
    one = SourceCredit("A Game", "Someone")

    class Single:
        credits = one

    class Mixed:
        credits = (one, "a stray string")

    assert credits_of(Single()) == (one,)
    assert credits_of(Mixed()) == (one,)
    with pytest.raises(AttributeError):  # every system declares its credits
        credits_of(object())  # type: ignore[arg-type]


def test_the_blades_srd_carries_its_attribution() -> None:
    (blades,) = credits_of(registry().get("blades"))
    assert blades.notice.startswith("This work is based on Blades in the Dark (found at "
                                    "http://www.bladesinthedark.com/), product of One Seven "
                                    "Design, developed and authored by John Harper")
    assert "Creative Commons Attribution 3.0 Unported license" in blades.notice
