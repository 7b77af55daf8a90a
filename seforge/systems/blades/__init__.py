"""Blades in the Dark: the scoundrel builder's rules, exact odds, clocks, the crew and
the faction game, reference tables and printed sheets (Qt-free).

``system.SYSTEM`` is the :class:`seforge.core.systems.GameSystem` the app registers;
importing this package imports nothing heavy.
"""
