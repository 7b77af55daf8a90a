"""The scene tracker: its controller (:mod:`.tracker`), one PC's pairing
(:mod:`.pc_panel`) and its dialogs (:mod:`.dialogs`)."""

from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

__all__ = ["SceneTracker"]
