"""The error every tracker and rule mutator raises when the rules forbid a change, alone in
its module so that a system's rules can raise it without importing the trackers
(:mod:`seforge.core.trackers` re-exports it), with the two helpers the trackers' mutators
share."""

from __future__ import annotations


class RefusedError(ValueError):
    """A tracker change the rules do not allow; ``reason`` is one line for the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def refuse_if(reason: str | None) -> None:
    """Raise :class:`RefusedError` with ``reason`` unless it is None."""
    if reason is not None:
        raise RefusedError(reason)


def amount_problem(amount: int) -> str | None:
    """Why ``amount`` cannot be added or taken (a negative one), or None."""
    if amount < 0:
        return f"the amount must be zero or more, not {amount}"
    return None
