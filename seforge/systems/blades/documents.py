"""The file kinds of Blades in the Dark: the scoundrel (``.blades``) and the crew with its
faction game and clocks (``.bladescrew``)."""

from __future__ import annotations

from seforge.core.documents import DocumentKind
from seforge.systems.blades.models import Crew, Scoundrel

SCOUNDREL = DocumentKind(
    format_id="blades.character",
    model=Scoundrel,
    suffix=".blades",
    title="Blades in the Dark scoundrel",
)

CREW = DocumentKind(
    format_id="blades.crew",
    model=Crew,
    suffix=".bladescrew",
    title="Blades in the Dark crew",
)

KINDS: dict[str, DocumentKind[Scoundrel] | DocumentKind[Crew]] = {
    SCOUNDREL.format_id: SCOUNDREL,
    CREW.format_id: CREW,
}
