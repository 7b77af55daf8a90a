"""Dice Pool for SEForge: a generic d6 dice-pool game (the Qt-free core part).

Roll N dice with S sides; each die at or above the target T is a success. A character has
a few traits, each with a pool of dice. This package imports only ``seforge.core``; the UI
part is ``dice_pool_ui``.
"""
