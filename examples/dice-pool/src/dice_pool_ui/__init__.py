"""Dice Pool for SEForge: the UI part (the builder and the GM Screen page). It imports
``dice_pool``, ``seforge.core`` and SEForge's shell (``ui.shell``), nothing else of SEForge."""
