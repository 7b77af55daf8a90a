"""Old home of a Test's arithmetic, now :mod:`seforge.systems.swords_edge.resolution`.

Kept only for the GM's Table scene tracker, which another change is splitting;
import from the resolution module that holds a name, and delete this file once
nothing imports it.
"""

from __future__ import annotations

from seforge.systems.swords_edge.resolution.qualities import (
    available_for_action as available_for_action,
)
