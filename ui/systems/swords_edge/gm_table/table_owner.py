"""What the GM's Table's owners (the campaign's, the opponent's) add to the shell's
:class:`DocumentOwner`: a path their own code moves."""

from __future__ import annotations

from pathlib import Path

from ui.shell.document_owner import DocumentOwner, ModelT


class TableOwner(DocumentOwner[ModelT]):
    """A :class:`DocumentOwner` whose ``path`` its own methods set (after a save, an
    open, a delete); they emit ``path_changed`` themselves once the disk stamp agrees."""

    @property
    def path(self) -> Path | None:
        """The file Save writes to (None: not saved yet)."""
        return self._path

    @path.setter
    def path(self, path: Path | None) -> None:
        self._path = path
