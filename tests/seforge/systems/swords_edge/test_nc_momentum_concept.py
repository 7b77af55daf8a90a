"""An NC never adds its Concept to a Momentum TN (book, *Narrative Characters*): the
calculator's Test refuses it like the scene does, and counts it again in the Action."""

from __future__ import annotations

import pytest

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import nc_momentum_barred, quick_nc


def leader_test() -> tuple[pt.PendingTest, str]:
    test = pt.PendingTest(trait=Trait.CHARISMA)
    leader = pt.add_opponent(test, load_nc("desert-acolytes-leader"))  # Average, TN 12
    return test, leader.uid


def total(test: pt.PendingTest) -> int:
    breakdown = pt.tn(test)
    assert breakdown is not None
    return breakdown.total


def test_concept_is_refused_in_momentum_and_the_tn_stays() -> None:
    test, uid = leader_test()
    assert total(test) == 12 + 2  # Charisma +2, as the book's General: 14
    with pytest.raises(RefusedError, match="cannot put its Concept into a Momentum"):
        pt.set_nc_applied(test, uid, "concept", True)
    assert "concept" not in test.opponent(uid).applied["momentum"]
    assert total(test) == 14
    notes = pt.nc_blocked_notes(test, uid)
    assert set(notes) == {"concept"} == pt.nc_blocked(test, uid)
    assert "Concept" in notes["concept"][1]


def test_a_concept_already_ticked_in_momentum_does_not_count() -> None:
    test, uid = leader_test()
    test.opponent(uid).applied["momentum"].append("concept")  # e.g. from an older file
    assert total(test) == 14


def test_the_concept_counts_again_in_the_action() -> None:
    test, uid = leader_test()
    pt.set_step(test, "action")
    assert pt.nc_blocked(test, uid) == set()
    pt.set_nc_applied(test, uid, "concept", True)
    pt.set_nc_applied(test, uid, "trait:Charisma", True)
    assert total(test) == 12 + 2 + 2


def test_a_quick_nc_has_nothing_barred() -> None:
    typed = quick_nc("Bouncer", NCType.REGULAR, Rank.AVERAGE, [("Big", Rank.GOOD)])
    assert nc_momentum_barred(typed) == set()


def test_the_scene_leaves_out_a_concept_stored_in_momentum() -> None:
    from seforge.systems.swords_edge.library import load_pc
    from seforge.systems.swords_edge.scene import Scene

    scene = Scene()
    pc_id = scene.add_pc(load_pc("tella-of-jost"), start_session=True).ids[0]
    [nc_id] = scene.add_nc(load_nc("desert-acolytes-leader"), 1).ids
    scene.pair(pc_id, [nc_id])
    with pytest.raises(RefusedError, match="cannot put its Concept into a Momentum"):
        scene.set_momentum_quality(pc_id, nc_id, "concept", True)
    scene.set_momentum_quality(pc_id, nc_id, "trait:Charisma", True)
    test = scene.pairing_test(pc_id)
    test.opponents[0].applied["momentum"].append("concept")  # as an older file kept it
    scene.store_test(pc_id, test)
    assert scene.momentum_applied(pc_id) == {nc_id: ["trait:Charisma"]}
    assert scene.momentum_tn_for(pc_id, scene.momentum_applied(pc_id)) == 14
