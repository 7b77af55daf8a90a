"""The GM screen: a dock with the reference tables and the Test calculator."""

from ui.systems.swords_edge.gm.dock import GMDock

__all__ = ["GMDock"]
