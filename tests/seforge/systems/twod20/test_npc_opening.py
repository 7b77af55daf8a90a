"""What an NPC opening round 1 costs now: the one answer the round line and Take turn share."""

from __future__ import annotations

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import OrderMode, Side
from seforge.systems.twod20.profiles import Profile


def _docks() -> cf.Conflict:
    doc = cf.new_conflict(Profile.SRD2022, "Docks")
    return cf.add_combatant(cf.add_combatant(doc, "Ana", Side.PC), "Guard", Side.NPC)


def test_an_npc_opening_costs_the_table_s_price_until_round_1_begins() -> None:
    doc = _docks()
    assert cf.npc_opening_cost(doc) == 2
    assert "spends 2 Threat" in (cf.why_not_take_turn(doc, "Guard") or "")
    begun = cf.take_turn(doc, "Ana")
    assert cf.npc_opening_cost(begun) == 0
    assert cf.why_not_take_turn(begun, "Guard") is None


def test_no_price_outside_the_alternating_order_or_when_the_table_sets_none() -> None:
    doc = _docks()
    assert cf.npc_opening_cost(cf.set_settings(doc, npc_opener_cost=0)) == 0
    narrative = cf.set_order_mode(doc, OrderMode.NARRATIVE)
    assert cf.npc_opening_cost(narrative) == 0
