"""What one game system gives the app's window, and the registry that finds it.

The shell never imports ``ui.systems``: a system's UI is registered by an entry point in
the ``seforge.ui_systems`` group (see :class:`SystemUiRegistry`), and the shell asks
:data:`UI_REGISTRY` for the one it needs.

A system UI subclasses :class:`SystemUiBase`, which declares every member the window may
use, the optional ones with their defaults; the shell calls them directly (no probing).
A GM Screen page that holds trackers implements :class:`TrackerPage`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtWidgets import QWidget

from ui.shell.document_api import DocumentEditor, NewDocumentChoice, OpenDocument, TrackerPage

if TYPE_CHECKING:
    from seforge.core.library import LibraryEntry
    from ui.shell.document_owner import DocumentOwner
    from ui.shell.window_part import WindowPart

__all__ = [  # the document interfaces live in ui.shell.document_api; systems import them here
    "UI_REGISTRY", "DocumentEditor", "NewDocumentChoice", "OpenDocument", "SystemUi",
    "SystemUiBase", "SystemUiRegistry", "TrackerPage", "format_ids_of", "loaded_systems",
    "registered_suffixes", "registry_loader", "suffixes_of",
]


@runtime_checkable
class SystemUi(Protocol):
    """Everything the window needs from one game system's UI (see :class:`SystemUiBase`,
    which every system UI subclasses, for what each member means and its default)."""

    @property
    def system_id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def suffixes(self) -> Sequence[str] | None: ...

    @property
    def format_ids(self) -> Sequence[str] | None: ...

    @property
    def file_filter(self) -> str: ...

    @property
    def clock_sizes(self) -> Sequence[int]: ...

    @property
    def clock_kinds(self) -> Sequence[str]: ...

    def new_document_choices(self) -> Sequence[NewDocumentChoice]: ...

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor: ...

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor: ...

    def gm_screen(self, parent: QWidget | None = None) -> QWidget: ...

    def offers_pdf_export(self) -> bool: ...

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int: ...

    def window_part(self, window: Any) -> WindowPart | None: ...


class SystemUiBase:
    """What a game system gives the window: every system UI subclasses this.

    Required (the base raises NotImplementedError): :attr:`system_id`, :attr:`title`,
    :meth:`new_document_choices`, :meth:`new_editor`, :meth:`open_editor` and
    :meth:`gm_screen`. Every other member has a default a system overrides only when it
    has the capability.
    """

    system_id: str = ""
    """The system's id, as in its entry point ("blades")."""
    title: str = ""
    """What the user calls the system ("Blades in the Dark")."""
    suffixes: Sequence[str] | None = None
    """The file suffixes (with the dot) :meth:`open_editor` reads: File › Open's filter,
    drops and the command line route a file to this system by them. None: the suffixes of
    the core system's document formats."""
    format_ids: Sequence[str] | None = None
    """The ``format`` ids of its documents (old aliases included): a file whose suffix no
    system claims is routed by the format written in it. None: the core system's."""
    file_filter: str = ""
    """The label of its entry in File › Open's filter ("": "<title> files")."""

    @property
    def clock_sizes(self) -> Sequence[int]:
        """The clock sizes its campaigns offer (the shell's campaign tab)."""
        from seforge.core.trackers import CLOCK_SIZES

        return CLOCK_SIZES

    @property
    def clock_kinds(self) -> Sequence[str]:
        """The kinds of clock its campaigns offer (none by default)."""
        return ()

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        """What File › New and the start page offer for this system."""
        raise NotImplementedError

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> DocumentEditor:
        """An editor holding a new, unsaved document of ``format_id``."""
        raise NotImplementedError

    def open_editor(self, path: Path, parent: QWidget | None = None) -> DocumentEditor:
        """An editor for the document at ``path`` (DocumentFileError if unreadable)."""
        raise NotImplementedError

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        """The GM Screen page of this system (reference tables, odds, trackers); a page
        holding trackers implements :class:`TrackerPage`."""
        raise NotImplementedError

    def offers_pdf_export(self) -> bool:
        """True when the system overrides :meth:`export_pdf` (File › Export PDF… shows)."""
        return type(self).export_pdf is not SystemUiBase.export_pdf

    def export_pdf(self, owner: DocumentOwner[Any], out: Path, paper: str = "") -> int:
        """File › Export PDF…: ``owner``'s document as it is now, on ``paper`` ("a4",
        "letter"; empty: the locale's); the page count. Not offered by default."""
        raise NotImplementedError(f"{self.title} exports no PDF from the window")

    def window_part(self, window: Any) -> WindowPart | None:
        """What the system adds to the window beyond its editors (docks, a menu, file
        handling of its own, its documents' state); None: nothing."""
        return None


FileInfo = tuple[Sequence[str], Sequence[str]]
"""A system's document suffixes and format ids (aliases included)."""


UI_ENTRY_POINT_GROUP = "seforge.ui_systems"
"""The entry-point group a system's UI part is declared in (the name is the system id;
the target a :class:`SystemUiBase` object, or a class or factory that returns one)."""


class UiEntryPoint(Protocol):
    """What the registry needs of an installed entry point (importlib.metadata's)."""

    @property
    def name(self) -> str: ...

    def load(self) -> Any: ...


def installed_entry_points(group: str) -> Iterable[UiEntryPoint]:
    """The group's installed entry points, read as the core reads its own group (from the
    distributions' metadata, without importlib.metadata)."""
    from seforge.core.entry_points import entry_points

    return entry_points(group)


@dataclass
class SystemUiRegistry:
    """System UIs by system id, found through the ``seforge.ui_systems`` entry points.

    Knowing which systems there are (:meth:`ids`) imports none of them; a system UI is
    imported when it is first asked for (:meth:`get`). One that fails to load is left out
    of the window with a one-line reason in :attr:`broken`.
    """

    group: str = UI_ENTRY_POINT_GROUP
    discover: Callable[[str], Iterable[UiEntryPoint]] = installed_entry_points
    """Lists the installed entry points of a group (replaceable in tests)."""
    first: str = ""
    """The default system (the app sets it): listed first, its first New choice is
    Ctrl+N's on the start page (in a tab, Ctrl+N makes one like the tab's)."""
    order: list[str] = field(default_factory=list)
    """System ids in the order their cores ask for (the app sets it): the others follow
    the default in that order, then any not in it by title."""
    file_info: Callable[[str], FileInfo] | None = None
    """Where a system UI without ``suffixes``/``format_ids`` gets them: the app sets this
    to ask the system's core (its document formats), the first time they are needed."""
    library: Callable[[str], Sequence[LibraryEntry]] | None = None
    """Where a system's ready-made documents come from: the app sets this to ask the
    system's core (its ``library()``); the samples the window offers (:meth:`samples_of`)."""
    broken: dict[str, str] = field(default_factory=dict)
    """Systems whose UI failed to load, with the one-line reason (left out of the window)."""
    _pending: dict[str, Callable[[], Any]] = field(default_factory=dict)
    _loaded: dict[str, SystemUi] = field(default_factory=dict)
    _discovered: bool = False
    _file_info: dict[str, FileInfo] = field(default_factory=dict)
    _samples: dict[str, tuple[LibraryEntry, ...]] = field(default_factory=dict)

    def files_of(self, ui: SystemUi) -> FileInfo:
        """``ui``'s suffixes and format ids: its own, else the app's ``file_info``."""
        own_suffixes = ui.suffixes
        own_formats = ui.format_ids
        if own_suffixes is not None and own_formats is not None:
            return tuple(own_suffixes), tuple(own_formats)
        if ui.system_id not in self._file_info:
            found: FileInfo = ((), ())
            if self.file_info is not None:
                try:
                    found = self.file_info(ui.system_id)
                except Exception:  # a system that fails to load opens nothing
                    found = ((), ())
            self._file_info[ui.system_id] = found
        suffixes, formats = self._file_info[ui.system_id]
        return (tuple(own_suffixes if own_suffixes is not None else suffixes),
                tuple(own_formats if own_formats is not None else formats))

    def samples_of(self, system_id: str) -> list[LibraryEntry]:
        """The ready-made documents ``system_id`` ships (none when its core cannot say),
        asked of its core once: the File menu's entry and each opening of the dialog
        list them, and each listing reads every sample's file for its name."""
        if self.library is None:
            return []
        if system_id not in self._samples:
            try:
                self._samples[system_id] = tuple(self.library(system_id))
            except Exception:  # a system whose library fails offers no samples
                self._samples[system_id] = ()
        return list(self._samples[system_id])

    def register(self, ui: SystemUi) -> None:
        """Register a system UI object now (a test's toy system)."""
        self._loaded[ui.system_id] = ui

    def _discover(self) -> None:
        if self._discovered:
            return
        self._discovered = True
        try:
            found = list(self.discover(self.group))
        except Exception as exc:  # broken package metadata must not stop the window
            self.broken["?"] = one_line(f"could not list the installed system UIs: {exc}")
            return
        for entry in found:
            if entry.name not in self._loaded and entry.name not in self._pending:
                self._pending[entry.name] = entry.load

    def ids(self) -> list[str]:
        """Every known system id (none imported), sorted."""
        self._discover()
        return sorted({*self._pending, *self._loaded} - set(self.broken))

    def get(self, system_id: str) -> SystemUi:
        """The system UI of ``system_id``, imported on first use (KeyError when there is
        none, ValueError with a one-line reason when it does not load)."""
        self._discover()
        if system_id in self._loaded:
            return self._loaded[system_id]
        if system_id in self.broken:
            raise ValueError(self.broken[system_id])
        load = self._pending[system_id]
        try:
            target = load()
            ui = target() if callable(target) and not isinstance(target, SystemUiBase) \
                else target
            if not isinstance(ui, SystemUiBase):
                raise TypeError(f"gives a {type(ui).__name__}, not a SystemUiBase")
            if ui.system_id != system_id:
                raise ValueError(f"gives the system {ui.system_id!r}")
        except Exception as exc:  # a plug-in's own bug: one line, and left out
            del self._pending[system_id]
            self.broken[system_id] = one_line(
                f"The game system {system_id!r} is left out of the window: its UI failed to "
                f"load ({type(exc).__name__}: {exc})")
            raise ValueError(self.broken[system_id]) from exc
        del self._pending[system_id]
        self._loaded[system_id] = ui
        return ui

    def problems(self) -> list[str]:
        """A line for each system UI that did not load."""
        return [self.broken[k] for k in sorted(self.broken)]


def one_line(text: str) -> str:
    return " ".join(str(text).split())


UI_REGISTRY = SystemUiRegistry()
"""The app's system UIs."""


def loaded_systems(registry: SystemUiRegistry | None = None) -> list[SystemUi]:
    """Every registered system UI that loads, the default one first, then in the
    registry's ``order``, then by title (one that fails to load is left out: a broken
    system must not stop the window)."""
    reg = registry or UI_REGISTRY
    found = []
    for system_id in reg.ids():
        try:
            found.append(reg.get(system_id))
        except ValueError:
            continue  # in reg.broken, tried once (not per drag)
    rank = {system_id: index for index, system_id in enumerate(reg.order)}
    return sorted(found, key=lambda ui: (ui.system_id != reg.first,
                                         rank.get(ui.system_id, len(rank)),
                                         ui.title.casefold()))


def suffixes_of(ui: SystemUi, registry: SystemUiRegistry | None = None) -> list[str]:
    """The document suffixes ``ui``'s system opens (lower case, with the dot)."""
    return [str(s).lower() for s in (registry or UI_REGISTRY).files_of(ui)[0]]


def format_ids_of(ui: SystemUi, registry: SystemUiRegistry | None = None) -> list[str]:
    """The format ids of ``ui``'s system's documents (aliases included)."""
    return [str(f) for f in (registry or UI_REGISTRY).files_of(ui)[1]]


def registered_suffixes(registry: SystemUiRegistry | None = None) -> list[str]:
    """Every registered system's document suffixes (lower case, with the dot)."""
    return [s for ui in loaded_systems(registry) for s in suffixes_of(ui, registry)]


def registry_loader(path: Path) -> DocumentEditor | None:
    """Read ``path`` with the registered system that claims its suffix (an autosave's
    loader: None when no system reads this suffix)."""
    suffix = path.suffix.lower()
    for ui in loaded_systems():
        if suffix in suffixes_of(ui):
            return ui.open_editor(path)
    return None
