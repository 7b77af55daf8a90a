"""Trackers: legal changes give a new value, illegal ones are refused with a reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seforge.core.trackers import (
    BoxTrack,
    Clock,
    ClockBoard,
    Excess,
    LinkKind,
    OpposedTrack,
    Pool,
    RefusedError,
    Tier,
    TieredTrack,
    TimedEffect,
    TimeUnit,
    TurnOrder,
)

# pools --------------------------------------------------------------------------------------


def test_momentum_is_capped_and_spent_without_changing_the_old_value() -> None:
    momentum = Pool("Momentum", cap=6)
    gained = momentum.gain(4)
    assert (momentum.value, gained.value) == (0, 4)
    assert gained.why_not_gain(3) == "Momentum is capped at 6: it can take 2 more, not 3"
    with pytest.raises(RefusedError, match="capped at 6") as refused:
        gained.gain(3)
    assert refused.value.reason.startswith("Momentum")
    assert gained.overflow(3) == 1
    assert gained.spend(4).value == 0
    with pytest.raises(RefusedError, match="has 4 to spend, not 5"):
        gained.spend(5)
    with pytest.raises(RefusedError, match="zero or more"):
        gained.spend(-1)
    assert gained.decay(1).value == 3
    assert Pool("Momentum", value=1, cap=6).decay(3).value == 0


def test_a_discarding_pool_fills_to_its_cap() -> None:
    pool = Pool("Fortune", value=2, cap=3, excess=Excess.DISCARD)
    assert pool.why_not_gain(5) is None
    assert pool.gain(5).value == 3


def test_an_uncapped_pool_and_bad_construction() -> None:
    threat = Pool("Threat", value=10)
    assert threat.gain(100).value == 110
    assert threat.room is None and threat.overflow(5) == 0
    with pytest.raises(RefusedError, match="cannot be above 6"):
        Pool("Momentum", value=7, cap=6)
    with pytest.raises(RefusedError, match="cannot be below 0"):
        Pool("Doom", value=-1)
    with pytest.raises(RefusedError, match="cannot be above 6"):
        Pool("Momentum", cap=6).set(9)
    assert Pool("Momentum", cap=6).set(6).value == 6


# box tracks ---------------------------------------------------------------------------------


def test_stress_boxes_fill_and_clear_within_their_row() -> None:
    stress = BoxTrack("Stress", boxes=9, marked=7)
    assert stress.free == 2 and not stress.full
    assert stress.overflow(3) == 1
    with pytest.raises(RefusedError, match="Stress has 2 free boxes, not 3"):
        stress.mark(3)
    full = stress.mark(2)
    assert full.full
    assert full.clear(4).marked == 5
    with pytest.raises(RefusedError, match="has 9 marked boxes, not 10"):
        full.clear(10)
    assert full.clear_all().marked == 0
    with pytest.raises(RefusedError, match="at least one box"):
        BoxTrack("Stress", boxes=0)


# tiered tracks ------------------------------------------------------------------------------


def blades_harm() -> TieredTrack:
    return TieredTrack("Harm", (Tier("lesser", 2), Tier("moderate", 2), Tier("severe", 1)))


def test_harm_overflows_to_the_next_row_up_and_past_the_top_is_refused() -> None:
    harm = blades_harm().mark(0, "bruised").mark(0, "winded")
    assert harm.landing_tier(0) == 1
    harm = harm.mark(0, "battered")
    assert harm.marked == (("bruised", "winded"), ("battered",), ())
    harm = harm.mark(1, "cut").mark(1, "broken arm")
    assert harm.marked[2] == ("broken arm",)
    assert harm.landing_tier(2) is None
    assert harm.why_not_mark(0) == "Harm is full from the row lesser up"
    with pytest.raises(RefusedError, match="full from the row severe up"):
        harm.mark(2, "stabbed")
    assert harm.worst() == 2


def test_harm_refusals_and_recovery() -> None:
    harm = blades_harm().mark(1, "cut").mark(2, "stabbed")
    with pytest.raises(RefusedError, match="rows 0 to 2, not 3"):
        harm.mark(3)
    with pytest.raises(RefusedError, match="nothing is marked in the row lesser"):
        harm.clear(0)
    assert harm.clear(1).marked == ((), (), ("stabbed",))
    assert harm.shift_down().marked == (("cut",), ("stabbed",), ())
    assert blades_harm().mark(0).marked[0] == ("lesser",)
    with pytest.raises(RefusedError, match="at least one row"):
        TieredTrack("Harm", ())


# clocks -------------------------------------------------------------------------------------


def test_clock_fills_and_refuses_past_full() -> None:
    clock = Clock("Alarm", 6)
    assert clock.tick(4).tick(5).filled == 6
    assert clock.tick(6).full
    with pytest.raises(RefusedError, match="Alarm is already full"):
        clock.tick(6).tick()
    with pytest.raises(RefusedError, match="has 0 filled segments, not 1"):
        clock.untick()
    with pytest.raises(RefusedError, match="2 to 24 segments, not 1"):
        Clock("Tiny", 1)
    with pytest.raises(RefusedError, match="2 to 24 segments, not 30"):
        Clock("Huge", 30)
    assert Clock("Project", 5, kind="project").tick(2).filled == 2


def test_linked_racing_and_tug_of_war_clocks() -> None:
    board = ClockBoard((Clock("Scout", 4), Clock("Assault", 6))).link(
        LinkKind.LINKED, "Scout", "Assault"
    )
    assert board.why_not_tick("Assault") == "Assault waits for Scout to fill"
    board = board.tick("Scout", 4).tick("Assault", 2)
    assert board.clock("Assault").filled == 2

    race = ClockBoard((Clock("Escape", 4), Clock("Guards", 4))).link(
        LinkKind.RACING, "Escape", "Guards"
    )
    race = race.tick("Guards", 4)
    with pytest.raises(RefusedError, match="the race is over: Guards is full"):
        race.tick("Escape")

    tug = ClockBoard((Clock("Crowd", 8, filled=3), Clock("Rivals", 8))).link(
        LinkKind.TUG_OF_WAR, "Crowd", "Rivals"
    )
    tug = tug.tick("Rivals", 2)
    assert tug.clock("Crowd").filled == 1
    with pytest.raises(RefusedError, match="has 1 filled segments, not 2"):
        tug.tick("Rivals", 2)


def test_clock_board_refusals() -> None:
    board = ClockBoard((Clock("A"),))
    with pytest.raises(RefusedError, match="already a clock named 'A'"):
        board.add(Clock("A"))
    with pytest.raises(RefusedError, match="no clock named 'B'"):
        board.tick("B")
    with pytest.raises(RefusedError, match="not on the board"):
        board.link(LinkKind.RACING, "A", "B")
    assert board.add(Clock("B")).link(LinkKind.RACING, "A", "B").remove("B").links == ()
    chain = board.add(Clock("B")).add(Clock("C"))
    chain = chain.link(LinkKind.LINKED, "A", "B").link(LinkKind.LINKED, "B", "C")
    with pytest.raises(RefusedError, match="cannot wait for each other"):
        chain.link(LinkKind.LINKED, "C", "A")


# opposed tracks and timed effects -----------------------------------------------------------


def test_a_conflict_wears_down_the_loser_of_each_exchange() -> None:
    debate = OpposedTrack("Pilot", "Problem", 5, 4)
    assert debate.winner is None and not debate.over
    debate = debate.apply(3).apply(-2).apply(0)
    assert (debate.first_score, debate.second_score) == (3, 1)
    debate = debate.apply(5)
    assert debate.second_score == 0 and debate.winner == "Pilot"
    with pytest.raises(RefusedError, match="already over"):
        debate.apply(1)
    with pytest.raises(RefusedError, match="different names"):
        OpposedTrack("A", "A", 1, 1)


def test_a_timed_effect_counts_only_its_own_unit() -> None:
    stunned = TimedEffect("Stunned", 2, TimeUnit.ROUND)
    assert stunned.pass_time(TimeUnit.TURN, 5).remaining == 2
    assert stunned.pass_time(TimeUnit.ROUND).remaining == 1
    assert stunned.pass_time(TimeUnit.ROUND, 9).expired
    assert stunned.extend(2).remaining == 4
    with pytest.raises(RefusedError, match="zero or more"):
        stunned.pass_time(TimeUnit.ROUND, -1)


# turn order ---------------------------------------------------------------------------------


def test_fixed_order_advances_and_refuses_out_of_turn() -> None:
    turns = TurnOrder.of(["Ana", "Bo", "Cy"])
    assert turns.acting == "Ana"
    with pytest.raises(RefusedError, match="it is Ana's turn, not Bo's"):
        turns.take_turn("Bo")
    turns = turns.take_turn("Ana").take_turn("Bo")
    assert turns.acting == "Cy"
    turns = turns.take_turn("Cy")
    assert (turns.acting, turns.round) == ("Ana", 2)


def test_any_order_lets_each_act_once_a_round() -> None:
    turns = TurnOrder.of(["Ana", "Bo"], any_order=True).take_turn("Bo")
    assert turns.waiting == ("Ana",)
    with pytest.raises(RefusedError, match="Bo has already acted this round"):
        turns.take_turn("Bo")
    turns = turns.next_round()
    assert turns.waiting == ("Ana", "Bo") and turns.round == 2


def test_turn_order_edits_keep_the_one_acting() -> None:
    turns = TurnOrder.of(["Ana", "Bo", "Cy"]).take_turn("Ana")
    assert turns.add("Dee", at=0).acting == "Bo"
    assert turns.move("Cy", 0).acting == "Bo"
    assert turns.remove("Ana").acting == "Bo"
    with pytest.raises(RefusedError, match="Bo is already in the turn order"):
        turns.add("Bo")
    with pytest.raises(RefusedError, match="cannot be blank"):
        turns.add("  ")
    with pytest.raises(RefusedError, match="Zed is not in the turn order"):
        turns.remove("Zed")
    assert TurnOrder().acting is None
    last = TurnOrder.of(["Ana", "Bo", "Cy"]).take_turn("Ana").take_turn("Bo").remove("Cy")
    assert (last.acting, last.round, last.waiting) == ("Ana", 2, ("Ana", "Bo"))


# properties ---------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["gain", "spend", "decay"]), st.integers(-2, 8))))
def test_a_pool_never_leaves_its_bounds(
    steps: list[tuple[str, int]],
) -> None:
    pool = Pool("Momentum", cap=6)
    for action, amount in steps:
        reason = getattr(pool, f"why_not_{action}", lambda _: None)(amount)
        try:
            pool = getattr(pool, action)(amount)
        except RefusedError as refused:
            assert refused.reason == reason or action == "decay"
        else:
            assert reason is None
        assert 0 <= pool.value <= 6


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=8))
def test_tiered_marks_land_in_the_lowest_free_row_at_or_above(marks: list[int]) -> None:
    track = blades_harm()
    free = [2, 2, 1]  # the oracle: free boxes per row
    for tier in marks:
        target = next((row for row in range(tier, 3) if free[row]), None)
        if target is None:
            with pytest.raises(RefusedError):
                track.mark(tier)
            continue
        track = track.mark(tier)
        free[target] -= 1
        assert [len(row) for row in track.marked] == [2 - free[0], 2 - free[1], 1 - free[2]]


def test_a_pair_of_clocks_is_linked_once() -> None:
    """A second link of the same pair, either way round, is refused with the link there
    is; a board saved with a repeated link before this rule still loads."""
    from seforge.core.clocks import Clock, ClockBoard, ClockLink, LinkKind

    board = ClockBoard(clocks=(Clock("Patrol", 6), Clock("Vault", 8)))
    board = board.link(LinkKind.LINKED, "Patrol", "Vault")
    for kind, first, second in ((LinkKind.LINKED, "Patrol", "Vault"),
                                (LinkKind.RACING, "Vault", "Patrol")):
        assert board.why_not_link(kind, first, second) == (
            "Patrol and Vault are linked already (linked)")
        with pytest.raises(RefusedError, match="linked already"):
            board.link(kind, first, second)
    assert "itself" in (board.why_not_link(LinkKind.RACING, "Vault", "Vault") or "")
    old = ClockBoard(clocks=board.clocks, links=(*board.links,
                                                 ClockLink(LinkKind.LINKED, "Patrol", "Vault")))
    assert old.tick("Patrol").clock("Patrol").filled == 1


def test_a_link_is_removed_either_way_round() -> None:
    from seforge.core.clocks import Clock, ClockBoard, ClockLink, LinkKind

    board = ClockBoard(clocks=(Clock("Patrol", 6), Clock("Vault", 8), Clock("Fire", 4)),
                       links=(ClockLink(LinkKind.LINKED, "Patrol", "Vault"),
                              ClockLink(LinkKind.LINKED, "Patrol", "Vault"),
                              ClockLink(LinkKind.RACING, "Fire", "Vault")))
    after = board.unlink("Vault", "Patrol")
    assert after.links == (ClockLink(LinkKind.RACING, "Fire", "Vault"),)
    assert after.why_not_unlink("Patrol", "Vault") == "Patrol and Vault are not linked"
    with pytest.raises(RefusedError, match="not linked"):
        after.unlink("Patrol", "Fire")
    assert after.tick("Vault").clock("Vault").filled == 1  # no longer waits for Patrol
