"""Fields SEForge does not know are kept, at any depth, in every document model.

A newer version's fields, or another tool's, are written back as they were read and never
refused: :func:`keep_unknown_fields` prepares a document model (and every model nested in it)
the first time a file of its kind is read (:mod:`seforge.core.documents` re-exports it).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

_KEEPING: set[type[BaseModel]] = set()
"""Document models :func:`keep_unknown_fields` has prepared (with their nested models)."""


def keep_unknown_fields(model: type[BaseModel]) -> None:
    """One rule for every file kind of every system: fields SEForge does not know (a
    newer version's, another tool's) are kept and written back, at any depth, never
    refused. The first time ``model`` is read, it and every model nested in its fields
    get ``extra="allow"`` (a system's ``extra="forbid"`` included) and are rebuilt,
    innermost first; a model's ``model_dump`` then carries the unknown fields, and its
    copies keep them."""
    if model in _KEEPING:
        return
    order: list[type[BaseModel]] = []
    _nested_models(model, order, set())
    changed: set[type[BaseModel]] = set()
    for cls in order:  # innermost first: a parent is rebuilt over its rebuilt children
        loose = cls.model_config.get("extra") != "allow"
        if loose:
            cls.model_config["extra"] = "allow"
        if loose or any(child in changed for child in _direct_models(cls)):
            cls.model_rebuild(force=True)
            changed.add(cls)
        if "__deepcopy__" not in cls.__dict__:
            cls.__deepcopy__ = _deepcopy_sharing_unknown  # type: ignore[method-assign]
    _KEEPING.update(order)


def _deepcopy_sharing_unknown(self: BaseModel, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of a document model whose unknown fields are the original's objects.

    SEForge never changes an unknown field (it keeps it and writes it back), so its
    copies may share it; copying it would cost a million objects for every undo step or
    rule query on a file at the size limit (issue 28: a 10 MB file of small unknown
    objects froze the window for 14 s). The known fields are copied as before."""
    memo = {} if memo is None else memo
    for value in (self.__pydantic_extra__ or {}).values():
        memo.setdefault(id(value), value)
    return BaseModel.__deepcopy__(self, memo)


def _direct_models(cls: type[BaseModel]) -> set[type[BaseModel]]:
    """The models named in ``cls``'s field types (in lists, dicts, unions...)."""
    import typing

    found: set[type[BaseModel]] = set()
    pending: list[Any] = [f.annotation for f in cls.model_fields.values()]
    while pending:
        annotation = pending.pop()
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            found.add(annotation)
        pending.extend(typing.get_args(annotation))
    return found


def _nested_models(cls: type[BaseModel], order: list[type[BaseModel]],
                   seen: set[type[BaseModel]]) -> None:
    """``cls`` and the models nested in it, each after the models it holds."""
    if cls in seen:
        return
    seen.add(cls)
    for child in sorted(_direct_models(cls), key=lambda c: c.__qualname__):
        _nested_models(child, order, seen)
    order.append(cls)
