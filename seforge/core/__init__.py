"""The game-free core of SEForge: what every game system is built on.

Nothing here knows a game system, and nothing here imports Qt, pydantic or any other
``seforge`` package (an import-linter contract checks it). Import the submodule you need:

- ``seforge.core.odds``: exact distributions as fractions (dice pools with per-face outcomes,
  sums, highest/lowest, opposed rolls, draws from a deck, multi-round conflicts, clock filling);
- ``seforge.core.trackers``: bounded pools, box tracks, tiered tracks with overflow, progress
  clocks and turn order, whose mutators refuse illegal changes with a reason;
- ``seforge.core.systems``: the ``GameSystem`` protocol and the registry of systems.

This package file stays empty on purpose, so that ``import seforge.core`` costs nothing.
"""
