"""Old home of the Test's flow, now :mod:`seforge.systems.swords_edge.resolution`.

Kept only for the GM's Table scene tracker, which another change is splitting;
import from the resolution module that holds a name, and delete this file once
nothing imports it.
"""

from __future__ import annotations

from seforge.systems.swords_edge.resolution.opponents import nc_qualities as nc_qualities
