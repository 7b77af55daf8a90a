"""The owner of the scene on the GM's table: the shell's :class:`DocumentOwner` of a
:class:`~seforge.systems.swords_edge.scene.Scene`, outside the tracker widget.

It holds the scene and the scene's undo stack (the scene's half of every step: NC
Stress, pairings, the log, each PC's part recorded as a patch). The tracker reads
:attr:`SceneOwner.scene` and pushes its scene steps on :attr:`undo_stack`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from seforge.systems.swords_edge.scene import SCENE_KIND, Scene
from ui.shell.document_owner import DocumentOwner


class SceneOwner(DocumentOwner[Scene]):
    """Holds the running scene and its undo history (the scene is autosaved by the
    tracker, never saved to a file of its own)."""

    def __init__(self, scene: Scene | None = None, parent: QObject | None = None) -> None:
        super().__init__(SCENE_KIND, scene if scene is not None else Scene(name="Scene 1"),
                         title="Scene", parent=parent)

    @property
    def scene(self) -> Scene:
        """The scene (the owner's document)."""
        return self.document

    @scene.setter
    def scene(self, scene: Scene) -> None:
        self.document = scene
