"""NCs typed in at the table and what their Momentum spends."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.library import load_nc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import (
    default_applied,
    nc_spent_by_momentum,
    parse_quick_qualities,
    quick_nc,
)


def test_parse_quick_qualities() -> None:
    assert parse_quick_qualities("Bureaucrat +2, Tough +4") == [("Bureaucrat", Rank.GOOD),
                                                               ("Tough", Rank.GREAT)]
    assert parse_quick_qualities("") == []
    with pytest.raises(ValueError):
        parse_quick_qualities("Bureaucrat")
    with pytest.raises(ValueError):
        parse_quick_qualities("Odd +3")


def test_nc_spent_by_momentum() -> None:
    gorgon = load_nc("gorgon")
    # Stone Gaze (an Element) and Charisma (a Trait) went into the Momentum:
    # only the Trait may modify the following Action.
    assert nc_spent_by_momentum(gorgon, {"element:0", "trait:Charisma"}) == {"element:0"}
    assert nc_spent_by_momentum(gorgon, {"concept", "element:1", "flaw:9"}) == {
        "concept", "element:1"}
    assert nc_spent_by_momentum(gorgon, default_applied(gorgon, "momentum",
                                                        Trait.CHARISMA)) == set()
    assert nc_spent_by_momentum(gorgon, ()) == set()
    typed = quick_nc("Clerk", NCType.MINION, Rank.BASIC, parse_quick_qualities("Bureaucrat +2"))
    assert nc_spent_by_momentum(typed, default_applied(typed, "momentum", None)) == set()
