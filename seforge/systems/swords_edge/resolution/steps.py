"""The steps of a Test at the table: ``"momentum"`` (who acts), ``"action"`` (the
attack or the defence) and ``"seize"`` (a Momentum loser's try at Seizing the Momentum)."""

from __future__ import annotations

from typing import Literal

Step = Literal["momentum", "action", "seize"]
Role = Literal["attack", "defend"]
STEPS: tuple[Step, ...] = ("momentum", "action", "seize")
STEP_TITLES: dict[Step, str] = {
    "momentum": "Momentum",
    "action": "Action",
    "seize": "Seize the Momentum",
}
