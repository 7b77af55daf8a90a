"""A Sword of Life character: four characteristics, one career, specialties, skills.

Source: ``reference/sword-of-life.txt``, "Characteristics" (lines 14-73) and "Careers"
(lines 75-106). The file keeps what the player chose; :mod:`.rules` says whether it is legal
and what each skill's effective rating is.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from seforge.core.documents import empty_list

Characteristic = Literal["edge", "grip", "point", "temper"]
CHARACTERISTICS: tuple[Characteristic, ...] = ("edge", "grip", "point", "temper")
"""E, G, P, T in the text's order ("EGPT")."""

LABELS: dict[Characteristic, str] = {
    "edge": "Edge",
    "grip": "Grip",
    "point": "Point",
    "temper": "Temper",
}


class Characteristics(BaseModel):
    """The four ratings (normally 1-8; the file may hold others so check can report them)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    edge: int = Field(default=5, ge=-99, le=99)
    grip: int = Field(default=5, ge=-99, le=99)
    point: int = Field(default=5, ge=-99, le=99)
    temper: int = Field(default=5, ge=-99, le=99)

    def get(self, key: Characteristic) -> int:
        value: int = getattr(self, key)
        return value


class Specialty(BaseModel):
    """A specialty skill of one characteristic (one each at most)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    name: str = ""
    in_career: bool = True
    """Whether the specialty belongs to the career (then +1; outside it the net is 0)."""

    @classmethod
    def of(cls, value: Any) -> Any:
        return {"name": value} if isinstance(value, str) else value


class Skill(BaseModel):
    """Any other skill the player notes on the sheet with its characteristic."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    name: str = ""
    characteristic: Characteristic = "point"
    in_career: bool = True
    highly_specialised: bool = False
    """A skill the untrained may not even try (the GM rules; text line 96)."""


class SolSettings(BaseModel):
    """The character's table options."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    gm_allows_outside_range: bool = False
    """The text says "normally 1 to 8": with the GM's leave a rating outside it is a warning."""
    unspent_points_are_error: bool = False
    """[A] sol.md 4.3: unspent points are only a warning (the issue's check contract); a
    table that wants every point spent turns this on."""


class SolCharacter(BaseModel):
    """The fields of a ``sword-of-life.character`` file."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=True)

    name: str = ""
    career: str = ""
    characteristics: Characteristics = Field(default_factory=Characteristics)
    specialties: dict[Characteristic, list[Specialty]] = Field(default_factory=dict)
    """Keyed by characteristic; a list so a file with two on one can be read and refused."""
    skills: list[Skill] = Field(default_factory=empty_list)
    grip_now: int | None = Field(default=None, ge=0, le=99)
    """Current Grip after wounds (None: unhurt); at most Grip's own bound."""
    settings: SolSettings = Field(default_factory=SolSettings)
    notes: str = ""

    @field_validator("specialties", mode="before")
    @classmethod
    def _single_to_list(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        out: dict[Any, Any] = {}
        for key, item in value.items():
            items = item if isinstance(item, list) else [] if item in (None, "") else [item]
            out[key] = [Specialty.of(one) for one in items]
        return out

    def specialty(self, key: Characteristic) -> Specialty | None:
        """The characteristic's specialty (the first, when a file holds several)."""
        found = [s for s in self.specialties.get(key, []) if s.name.strip()]
        return found[0] if found else None
