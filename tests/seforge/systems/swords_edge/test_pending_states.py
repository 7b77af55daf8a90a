"""Any sequence of changes to a Test in progress keeps it whole: a refused change
leaves it exactly as it was, the TN adds up, and it round-trips through JSON."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.opponents import quick_nc
from seforge.systems.swords_edge.resolution.ranges import RANGES
from seforge.systems.swords_edge.resolution.steps import STEPS
from seforge.systems.swords_edge.resolution.verdicts import NextStep

PCS = {name: load_pc(name) for name in ("jyrell", "tella-of-jost")}
NCS = [load_nc("shock-troopers"), load_nc("gorgon"), load_nc("desert-acolytes-leader"),
       quick_nc("Clerk", NCType.MINION, Rank.BASIC, [("Bureaucrat", Rank.GOOD)])]
KEYS = ["trait:Physique", "trait:Charisma", "trait:Cunning", "concept", "background",
        "faculty", "element:0", "element:1", "element:2", "element:9"]


class InProgressMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.test = pt.PendingTest()
        self.character = None

    def change(self, mutate: object) -> None:
        before = self.test.model_dump_json()
        try:
            mutate(self.test)  # type: ignore[operator]
        except pt.RefusedError:
            assert self.test.model_dump_json() == before

    @rule(name=st.sampled_from([None, *PCS]))
    def actor(self, name: str | None) -> None:
        self.character = PCS[name] if name else None
        self.change(lambda t: pt.set_actor(t, self.character.name if self.character else None))

    @rule(trait=st.sampled_from(list(Trait)))
    def trait(self, trait: Trait) -> None:
        self.change(lambda t: pt.set_trait(t, trait))

    @rule(index=st.integers(0, len(NCS) - 1), stress=st.integers(-1, 3))
    def add(self, index: int, stress: int) -> None:
        self.change(lambda t: pt.add_opponent(t, NCS[index], stress=stress))

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        uid = data.draw(st.sampled_from(["nc0", *(o.uid for o in self.test.opponents)]))
        self.change(lambda t: pt.remove_opponent(t, uid))

    @rule(data=st.data(), key=st.sampled_from(KEYS), on=st.booleans())
    def nc_quality(self, data: st.DataObject, key: str, on: bool) -> None:
        uid = data.draw(st.sampled_from(["nc0", *(o.uid for o in self.test.opponents)]))
        self.change(lambda t: pt.set_nc_applied(t, uid, key, on))

    @rule(key=st.sampled_from(KEYS), on=st.booleans())
    def pc_quality(self, key: str, on: bool) -> None:
        if self.character is not None:
            character = self.character
            self.change(lambda t: pt.toggle_quality(t, character, key, on))

    @rule(step=st.sampled_from(STEPS))
    def step(self, step: str) -> None:
        self.change(lambda t: pt.set_step(t, step))  # type: ignore[arg-type]

    @rule(role=st.sampled_from(["attack", "defend"]), band=st.sampled_from([*RANGES, "x"]),
          number=st.integers(0, 11), undefended=st.booleans())
    def options(self, role: str, band: str, number: int, undefended: bool) -> None:
        self.change(lambda t: pt.set_options(t, role=role, range_band=band,
                                             action_number=number,
                                             target_undefended=undefended))

    @rule(d1=st.integers(0, 11), d2=st.integers(1, 10))
    def judge(self, d1: int, d2: int) -> None:
        self.change(lambda t: pt.set_dice(t, d1, d2))
        self.change(lambda t: pt.judge_test(t, self.character))

    @rule(value=st.integers(1, 10))
    def reroll(self, value: int) -> None:
        self.change(lambda t: pt.luck_reroll(t, self.character, value))

    @rule()
    def follow(self) -> None:
        verdict = self.test.verdict
        if verdict is not None and verdict.next_steps:
            target: NextStep = verdict.next_steps[0].to_next_step()
            self.change(lambda t: pt.go_to(t, target))

    @rule()
    def stress(self) -> None:
        self.change(pt.apply_stress)

    @invariant()
    def whole(self) -> None:
        text = pt.pending_to_json(self.test)
        assert pt.pending_from_json(text) == self.test
        breakdown = pt.tn(self.test)
        if breakdown is not None:
            assert sum(p.value for p in breakdown.parts) == breakdown.total
        assert not set(self.test.selected()) & set(self.test.scene_spent)
        for entry in self.test.opponents:
            assert set(entry.applied) == set(STEPS)


InProgressMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestPendingTestStates = InProgressMachine.TestCase
