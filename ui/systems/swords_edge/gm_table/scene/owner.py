"""The owner of the scene on the GM's table: the shell's :class:`DocumentOwner` of a
:class:`~seforge.systems.swords_edge.scene.Scene`, outside the tracker widget.

It holds the scene and the scene's undo stack (the scene's half of every step: NC
Stress, pairings, the log, each PC's part recorded as a patch). The tracker reads
:attr:`SceneOwner.scene` and redraws (its status line too) on ``changed``, emitted each
time a scene is put in place; a scene step is :meth:`SceneOwner.apply_step`: the core's
mutator runs on a copy of the scene, and the step the tracker makes of the result is
pushed here, whose redo puts the new scene in place (nothing is changed first and
recorded afterwards).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoCommand

from seforge.systems.swords_edge.scene import SCENE_KIND, Scene, scene_from_data, scene_to_data
from ui.shell.document_owner import DocumentOwner

T = TypeVar("T")


class SceneOwner(DocumentOwner[Scene]):
    """Holds the running scene and its undo history (the scene is autosaved by the
    tracker, never saved to a file of its own)."""

    def __init__(self, scene: Scene | None = None, parent: QObject | None = None) -> None:
        super().__init__(SCENE_KIND, scene if scene is not None else Scene(name=""),
                         title="Scene", parent=parent)

    @property
    def scene(self) -> Scene:
        """The scene (the owner's document)."""
        return self.document

    @scene.setter
    def scene(self, scene: Scene) -> None:
        """Put ``scene`` in place (a step's redo or undo, another scene shown) and tell
        the views through ``changed``."""
        self._replace(scene)

    def work_copy(self) -> Scene:
        """A copy of the scene to run a core mutator on: its data read back, each PC
        bound to the same Character as here (the PCs' owners' characters, whose changes
        the tracker turns into undo steps on their owners)."""
        scene = self.scene
        work = scene_from_data(scene_to_data(scene))
        for entry in scene.pcs:
            if scene.is_bound(entry.id):
                work.bind(entry.id, scene.character(entry.id))
        return work

    def apply_step(self, mutate: Callable[[Scene], T],
                   make_step: Callable[[dict[str, Any], Scene], QUndoCommand | None],
                   push: Callable[[QUndoCommand], None] | None = None) -> T:
        """Run the core mutator ``mutate`` on :meth:`work_copy` (a refusal propagates and
        the scene is untouched), then push the step ``make_step(data before, changed
        copy)`` makes of it (None: nothing to record), with ``push`` if given (a step
        that joins a larger one), else on :attr:`undo_stack`; the step's redo is what
        puts the changed scene in place."""
        before = scene_to_data(self.scene)
        work = self.work_copy()
        result = mutate(work)
        step = make_step(before, work)
        if step is not None:
            (push if push is not None else self.undo_stack.push)(step)
        return result
