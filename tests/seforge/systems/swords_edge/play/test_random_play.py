"""Random sequences of play keep the character's state sane."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.budget import budget_report
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.play.advancement import (
    earn_critical_failure_advancement,
    use_advancement,
)
from seforge.systems.swords_edge.play.history import full_dump, snapshot, state_at
from seforge.systems.swords_edge.play.luck import (
    gain_luck,
    spend_luck,
)
from seforge.systems.swords_edge.play.pivots import (
    earn_pivot_advancement,
)
from seforge.systems.swords_edge.play.recovery import end_of_day, end_of_week
from seforge.systems.swords_edge.play.session import end_scene, end_session, start_session
from seforge.systems.swords_edge.play.stress import (
    resolve_doom,
    take_stress,
)
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.conftest import make_sarah

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


_operations = st.lists(
    st.one_of(
        st.tuples(st.just("start"), st.integers(0, 5)),
        st.tuples(st.just("end_scene"), st.sampled_from([None, "Average", "Great", "Legendary"]),
                  st.integers(0, 4)),
        st.tuples(st.just("end_session"), st.booleans()),
        st.tuples(st.just("spend"), st.sampled_from(["exertion", "reroll"]), st.integers(1, 4)),
        st.tuples(st.just("gain"), st.integers(1, 2)),
        st.tuples(st.just("stress"), st.sampled_from([P, CH, CU]), st.integers(1, 5),
                  st.booleans()),
        st.tuples(st.just("doom"), st.sampled_from(["averted", "survived"])),
        st.tuples(st.just("pivot"), st.sampled_from(["goal", "quirk", "style"])),
        st.tuples(st.just("cf"), st.sampled_from([["concept"], ["trait:Physique"], ["faculty"]])),
        st.tuples(st.just("use"), st.integers(0, 2),
                  st.sampled_from(["raise", "clear_penalties", "luck"]),
                  st.sampled_from(["concept", "background", "trait:Physique", "element:0"])),
        st.tuples(st.just("day"), st.sampled_from([None, "Good"])),
        st.tuples(st.just("week")),
    ),
    max_size=40,
)


def _apply(c: Character, op: tuple[object, ...]) -> None:
    name = op[0]
    args = op[1:]
    if name == "start":
        start_session(c, args[0])  # type: ignore[arg-type]
    elif name == "end_scene":
        end_scene(c, args[0], args[1])  # type: ignore[arg-type]
    elif name == "end_session":
        end_session(c, args[0])  # type: ignore[arg-type]
    elif name == "spend":
        spend_luck(c, args[0], args[1])  # type: ignore[arg-type]
    elif name == "gain":
        gain_luck(c, "reward", args[0])  # type: ignore[arg-type]
    elif name == "stress":
        take_stress(c, args[0], args[1], args[2])  # type: ignore[arg-type]
    elif name == "doom":
        resolve_doom(c, args[0])  # type: ignore[arg-type]
    elif name == "pivot":
        earn_pivot_advancement(c, args[0])  # type: ignore[arg-type]
    elif name == "cf":
        earn_critical_failure_advancement(c, args[0], None)  # type: ignore[arg-type]
    elif name == "use":
        use_advancement(c, args[0], args[1], args[2])  # type: ignore[arg-type]
    elif name == "day":
        end_of_day(c, args[0])  # type: ignore[arg-type]
    else:
        end_of_week(c)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_operations)
def test_state_stays_sane_over_random_play(operations: list[tuple[object, ...]]) -> None:
    c = make_sarah()
    for op in operations:
        before = full_dump(c)
        entries = len(c.history)
        try:
            _apply(c, op)
        except RefusedError:
            assert full_dump(c) == before  # a refusal changes nothing
            continue
        assert len(c.history) > entries
        p = c.play
        assert p.luck >= 0
        for trait in (P, CH, CU):
            total = p.penalty_ranks.get(trait, 0)
            assert 0 <= p.scene_penalty_ranks.get(trait, 0) <= total
            assert total <= int(c.trait_rank(trait)) <= int(Rank.LEGENDARY)
        for rank in (c.concept.rank, c.background.rank, c.faculty.rank):
            assert rank <= Rank.LEGENDARY
        if not p.session_running:
            assert p.luck == 0 or p.session == 0
        assert budget_report(c).spent == budget_report(make_sarah()).spent
        past = state_at(c, -1)
        assert snapshot(past) == snapshot(c)
