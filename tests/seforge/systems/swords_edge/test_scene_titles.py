"""PCs of one name are told apart in a scene (and wherever the GM's side lists them)."""

from __future__ import annotations

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.scene import Scene
from seforge.systems.swords_edge.wording import distinct_titles


def test_distinct_titles_use_the_first_hint_that_tells_them_apart() -> None:
    assert distinct_titles(["Conan", "conan ", "Bel"], ["Sam", "Alex", ""]) == \
        ["Conan (Sam)", "conan (Alex)", "Bel"]
    # Players alike (or missing): the next hint, then a number.
    assert distinct_titles(["Conan", "Conan"], ["Sam", "Sam"], ["a.sechar", "b.sechar"]) == \
        ["Conan (a.sechar)", "Conan (b.sechar)"]
    assert distinct_titles(["Conan", "Conan", "X"], ["", "", ""]) == \
        ["Conan (1)", "Conan (2)", "X"]


def test_a_scene_names_two_pcs_of_one_name_by_player_or_number() -> None:
    scene = Scene()
    first, second = library.load_pc("jyrell"), library.load_pc("jyrell")
    a = scene.add_pc(first, start_session=True).ids[0]
    assert scene.title(a) == "Jyrell"  # alone, the name is enough
    b = scene.add_pc(second, start_session=True).ids[0]
    assert scene.log[-1] == "Jyrell (2) joins the scene."
    assert scene.pc_titles() == {a: "Jyrell (1)", b: "Jyrell (2)"}
    first.player, second.player = "Sam", "Alex"
    assert scene.pc_titles() == {a: "Jyrell (Sam)", b: "Jyrell (Alex)"}
    troopers = scene.add_nc(library.load_nc("shock-troopers"), 2).ids
    assert scene.pair(b, troopers[:1]).text == "Jyrell (Alex) faces Shock Troopers 1."
    assert scene.give_luck(a, "a fine speech").text == \
        "Jyrell (Sam) gains 1 Luck (a fine speech)."


def test_result_lines_tell_two_ncs_of_one_name_apart() -> None:
    """Two of the book's Shock Troopers in one Test: the calculator calls them "Shock
    Troopers (1)" and "(2)", and so do the verdict's lines and the TN's parts."""
    from seforge.systems.swords_edge import pending as pt

    jyrell = library.load_pc("jyrell")
    test = pt.PendingTest()
    pt.set_actor(test, jyrell.name)
    uids = [pt.add_opponent(test, library.load_nc("shock-troopers")).uid for _ in range(2)]
    assert [o.nc.name for o in test.opponents] == ["Shock Troopers", "Shock Troopers"]
    pt.set_step(test, "action")
    pt.set_target(test, uids[1])
    breakdown = pt.tn(test)
    assert breakdown is not None
    assert breakdown.lines()[0] == "5  Shock Troopers (2) (Poor) TN"
    assert "+2  Fearless Soldier (Shock Troopers (2))" in breakdown.lines()
    pt.set_dice(test, 9, 9)
    verdict = pt.judge_test(test, jyrell)
    assert verdict.success
    assert "This Stress takes Shock Troopers (2) (minion) out of the scene." in verdict.lines
    assert not any("Shock Troopers (minion)" in line for line in verdict.lines)
    # Against both together, the first is named with its number too.
    pt.set_target(test, None)
    together = pt.tn(test)
    assert together is not None and together.lines()[0].endswith("Shock Troopers (1) (Poor) TN")
    pt.judge_test(test, jyrell)
    assert test.verdict is not None
    assert "This Stress takes Shock Troopers (1) (minion) out of the scene." in test.verdict.lines
