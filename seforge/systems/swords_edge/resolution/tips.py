"""The calculator's explanations of rules, kept with the rules (their numbers come
from them)."""

from __future__ import annotations

from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.stress import penalty_modifier
from seforge.systems.swords_edge.resolution.tns import momentum_bonus, multiple_action_penalty
from seforge.systems.swords_edge.resolution.undefended import UNDEFENDED_PC_TN, UNDEFENDED_TN

READING_TIP = (
    "How to add up several NCs acting together (Seize the Momentum, or a group defending).\n"
    "Book's breakdown (sum): the first NC's Rank gives the TN and every NC, the first "
    "included, adds the Qualities it applies. Three Basic minions applying “Bureaucrat +2” "
    "make 8 + 2 + 2 + 2 = 14, as the book itemises it.\n"
    "Printed total: the first NC gives only its TN; each other NC adds a group step (its "
    "Rank modifier, at least +2) plus its Qualities. That reproduces the 16 the book prints "
    "for the same minions, but does not add up with its own itemised sum.\n"
    "With a single NC both readings give the same TN."
)


def _signed(value: int) -> str:
    return format_modifier(value)


RULE_TIPS: dict[str, str] = {
    "step:momentum": "Who acts: the PC's Trait (and any Qualities they are willing to spend) "
                     "against the NCs' joint Momentum TN",
    "step:action": "The attack (or the defence) that follows Momentum",
    "step:seize": "A Momentum loser's new Momentum Test against the NCs' joint Action TN",
    "penalty_ranks": f"Penalty Ranks on the Trait in use ({_signed(penalty_modifier(1))} each); "
                     "filled from the character's play state, edit freely",
    "nc_type": "Minion (out at 1 Stress), regular (3 Stress) or hero (loses a Rank per "
               "Stress)",
    "momentum_level": f"The Level the PC won Momentum at: {_signed(momentum_bonus(Level.GOOD))} "
                      "per Level above Average on the first Action",
    "first_action": "The Momentum bonus counts on the first Action of the first round only",
    "action_number": "Which act or reaction of the round this is: each after the first "
                     f"costs {_signed(multiple_action_penalty(1))} more",
    "target_undefended": f"Attacking an Undefended character: the TN is {UNDEFENDED_TN}",
    "pc_undefended": f"The PC is attacked while Undefended: roll against {UNDEFENDED_PC_TN} "
                     "with only Penalty Ranks; the shortfall sets the hit's Level",
    "lost_by_critical": "A defender who lost Momentum to a natural 2 gets only the Good "
                        "reward from a Great or Exceptional defence",
    "exertion": "Luck the extra Traits and Elements cost (Exertion)",
    "luck_reroll": "Spend a Luck to reroll the lower die: enter what the rerolled die shows; "
                   "the better of the two is kept and the roll is judged again, without "
                   "criticals. A natural 2 stands unless the table judges criticals on the "
                   "final dice",
    "roll": "Roll two ten-sided dice for this step (a secure random source) and judge "
            "them; the roll goes to the log",
    "roll_reroll": "Spend a Luck and roll the lower die again; the better of the two is "
                   "kept and the roll is judged again, without criticals. A natural 2 stands "
                   "unless the table judges criticals on the final dice",
    "luck_odds": "With up to 1, 2 and 3 Luck rerolls (rerolling the lower die while "
                 "failing, keeping the better)",
}
"""The calculator's explanations of rules, kept with the rules (numbers from them)."""
