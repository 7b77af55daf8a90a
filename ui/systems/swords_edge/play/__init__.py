"""The play panel: Luck, Penalty Ranks, Doom, Advancements, Stunts and history."""

from ui.systems.swords_edge.play.panel import PlayPanel

__all__ = ["PlayPanel"]
