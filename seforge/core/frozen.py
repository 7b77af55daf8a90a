"""Small immutable records without :mod:`dataclasses`, for the odds engines' results.

``@dataclass(frozen=True)`` costs ``seforge odds`` about 5 ms at start (importing
``dataclasses`` imports ``inspect``, ``ast`` and ``dis``) and each decorated class a little
more; a :class:`FrozenRecord` gives what those results need of it: fields set once in
``__init__`` (through :meth:`FrozenRecord._init`), equality and hashing by the fields, a
``repr`` naming them, and an error on assignment.
"""

from __future__ import annotations


class FrozenRecord:
    """A record compared by its fields; a subclass names them in ``_FIELDS`` (in order),
    sets ``__slots__ = _FIELDS`` and calls ``self._init(...)`` from its ``__init__``."""

    __slots__: tuple[str, ...] = ()
    _FIELDS: tuple[str, ...] = ()
    """The fields in their order (``_init``, ``repr``)."""

    def _init(self, *values: object) -> None:
        for name, value in zip(self._FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, FrozenRecord)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__name__}({fields})"
