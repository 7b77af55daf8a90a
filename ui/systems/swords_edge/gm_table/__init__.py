"""The GM's table: opponent builder and library, party view, scene tracker.

Every rule lives in the core (``seforge.systems.swords_edge.nc_builder``,
``seforge.systems.swords_edge.campaign``,
``seforge.systems.swords_edge.scene``); these widgets only ask it and show the answers.
"""

from ui.systems.swords_edge.gm_table.calculator_bridge import CalculatorBridge
from ui.systems.swords_edge.gm_table.clocks import ClockWidget
from ui.systems.swords_edge.gm_table.nc_editor import NCEditor
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker
from ui.systems.swords_edge.gm_table.window import GMTableWidget

__all__ = [
    "CalculatorBridge",
    "ClockWidget",
    "GMTableWidget",
    "NCEditor",
    "OpponentLibrary",
    "PartyView",
    "SceneTracker",
]
