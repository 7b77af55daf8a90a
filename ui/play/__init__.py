"""The play panel: Luck, Penalty Ranks, Doom, Advancements, Stunts and history."""

from ui.play.panel import PlayPanel

__all__ = ["PlayPanel"]
