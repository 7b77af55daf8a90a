"""The scene tracker: its controller (:mod:`.tracker`), one PC's pairing
(:mod:`.pc_panel`), its dialogs (:mod:`.dialogs`), the steps it runs on the PCs'
owners (:mod:`.pc_owner_steps`) and its autosave (:mod:`.autosave`)."""

from ui.systems.swords_edge.gm_table.scene.tracker import SceneTracker

__all__ = ["SceneTracker"]
