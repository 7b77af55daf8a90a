"""The error every tracker and rule mutator raises when the rules forbid a change, alone in
its module so that a system's rules can raise it without importing the trackers
(:mod:`seforge.core.trackers` re-exports it)."""

from __future__ import annotations


class RefusedError(ValueError):
    """A tracker change the rules do not allow; ``reason`` is one line for the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
