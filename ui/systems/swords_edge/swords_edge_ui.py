"""Sword's Edge as the window sees it: its new documents, its editor and its GM Screen.

:data:`SYSTEM_UI` is a :class:`ui.shell.system_uis.SystemUiBase`, declared in the
``seforge.ui_systems`` entry points. What Sword's Edge adds to the window beyond an
editor (the Budget, Play and GM's Table docks, the Character menu, sheets and prints) is
its window part (:mod:`ui.systems.swords_edge.window_part`), built by :meth:`window_part`.

Imports stay inside the methods: registering the system (and the start page listing it)
loads none of its widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ui.shell.system_uis import NewDocumentChoice, SystemUiBase

if TYPE_CHECKING:
    from ui.systems.swords_edge.document import CharacterDocument
    from ui.systems.swords_edge.editor import CharacterEditor

SYSTEM_ID = "swords-edge"
CHARACTER_FORMAT = "swords-edge.character"
CHARACTER_FORMATS = (CHARACTER_FORMAT, "seforge.character")
"""The character's format id and its alias in files written before the systems."""
NC_FORMATS = ("swords-edge.nc", "seforge.nc")
CAMPAIGN_FORMATS = ("seforge.campaign",)


class CharacterTab:
    """A :class:`~ui.shell.system_uis.DocumentEditor` for one character: the builder
    (its widget) and the character's owner."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        from ui.systems.swords_edge.editor import CharacterEditor

        self.owner: Any = document
        """The :class:`CharacterDocument` (an owner with the members the window needs)."""
        self.editor: CharacterEditor = CharacterEditor(document, parent)

    def widget(self) -> QWidget:
        return self.editor


class SwordsEdgeUi(SystemUiBase):
    """Sword's Edge's UI for the window (see the module's docstring)."""

    system_id = SYSTEM_ID
    title = "Sword's Edge"
    suffixes: tuple[str, ...] = (".sechar", ".senc", ".secampaign")
    """The builder opens ``.sechar``; the GM's Table opens NCs and campaigns."""
    format_ids: tuple[str, ...] = (*CHARACTER_FORMATS, *NC_FORMATS, *CAMPAIGN_FORMATS)
    file_filter = "Sword's Edge files"

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (NewDocumentChoice("Sword's Edge character", CHARACTER_FORMAT,
                                  "Start an empty Sword's Edge character sheet"),)

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> CharacterTab:
        """A new, empty character (the only document Sword's Edge edits in a tab: NCs
        and campaigns live on the GM's Table)."""
        from ui.systems.swords_edge.document import CharacterDocument

        if format_id not in CHARACTER_FORMATS:
            raise ValueError(f"Sword's Edge has no editor for {format_id!r}")
        return CharacterTab(CharacterDocument(), parent)

    def open_editor(self, path: Path, parent: QWidget | None = None) -> CharacterTab:
        """The character at ``path`` in the builder (CharacterFileError, a
        DocumentFileError, when it cannot be read)."""
        from ui.systems.swords_edge.document import CharacterDocument

        return CharacterTab(CharacterDocument.load(Path(path)), parent)

    def editor_for(self, document: CharacterDocument,
                   parent: QWidget | None = None) -> CharacterTab:
        """The builder for an owner that is already open (a book copy, a duplicate, a
        character the scene holds)."""
        return CharacterTab(document, parent)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        """Today's GM Screen (reference tables, Test calculator, SFX, Recovery) as a page
        of the window's GM Screen dock, reading no characters. The window part gives the
        window's page the open characters instead (:meth:`window_part`)."""
        return gm_screen_page(parent)

    def window_part(self, window: Any) -> Any:
        """The docks, menu and file handling Sword's Edge adds to ``window``."""
        from ui.systems.swords_edge.window_part import SwordsEdgeWindowPart

        return SwordsEdgeWindowPart(self, window)


def gm_screen_page(parent: QWidget | None = None, characters: Any = None,
                   refresh: Any = None) -> QWidget:
    """The GM Screen's tabs in a widget that can sit inside another dock: the GMDock
    without its own title bar (the window's GM Screen dock carries the title)."""
    from PySide6.QtWidgets import QDockWidget

    from ui.systems.swords_edge.gm import GMDock

    page = GMDock(characters, refresh, parent)
    page.setTitleBarWidget(QWidget(page))
    page.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
    page.setObjectName("swordsEdgeGmScreen")
    return page


def is_character_editor(widget: QWidget | None) -> bool:
    from ui.systems.swords_edge.editor import CharacterEditor

    return isinstance(widget, CharacterEditor)


def character_editor(widget: QWidget | None) -> CharacterEditor | None:
    from ui.systems.swords_edge.editor import CharacterEditor

    return widget if isinstance(widget, CharacterEditor) else None


SYSTEM_UI = SwordsEdgeUi()
"""The registered Sword's Edge UI."""
