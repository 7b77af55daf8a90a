"""What one game system gives the app's window, and the registry that finds it.

The shell never imports ``ui.systems``; the app (``ui.app``) registers each built-in
system's UI lazily by ``"module:attribute"`` (see ``ui.systems.BUILTIN_SYSTEM_UIS``), and
the shell asks :data:`UI_REGISTRY` for the one it needs.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from PySide6.QtWidgets import QWidget

from ui.shell.document_owner import DocumentOwner


@dataclass(frozen=True)
class NewDocumentChoice:
    """One entry of File › New and of the start page (e.g. "Blades in the Dark scoundrel")."""

    label: str
    format_id: str
    tooltip: str = ""


@runtime_checkable
class DocumentEditor(Protocol):
    """A system's editor for one document: a widget that works through its owner."""

    owner: DocumentOwner[Any]

    def widget(self) -> QWidget:
        """The widget the window shows in the document's tab."""
        ...


@runtime_checkable
class SystemUi(Protocol):
    """Everything the window needs from one game system's UI."""

    @property
    def system_id(self) -> str: ...

    @property
    def title(self) -> str: ...

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        """What File › New and the start page offer for this system."""
        ...

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor:
        """An editor holding a new, unsaved document of ``format_id``."""
        ...

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor:
        """An editor for the document at ``path`` (DocumentFileError if unreadable)."""
        ...

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        """The GM Screen page of this system (reference tables, odds, trackers)."""
        ...


@dataclass
class SystemUiRegistry:
    """System UIs by system id, imported on first use."""

    _targets: dict[str, str] = field(default_factory=dict)
    _loaded: dict[str, SystemUi] = field(default_factory=dict)

    def register_lazy(self, system_id: str, target: str) -> None:
        self._targets.setdefault(system_id, target)

    def register(self, ui: SystemUi) -> None:
        self._loaded[ui.system_id] = ui

    def ids(self) -> list[str]:
        return sorted({*self._targets, *self._loaded})

    def get(self, system_id: str) -> SystemUi:
        if system_id not in self._loaded:
            target = self._targets[system_id]
            module_name, _, attribute = target.partition(":")
            found = getattr(importlib.import_module(module_name), attribute)
            self._loaded[system_id] = found() if isinstance(found, type) else found
        return self._loaded[system_id]


UI_REGISTRY = SystemUiRegistry()
"""The app's system UIs."""
