"""What a scene did to a PC, kept apart from the PC itself.

The scene tracker never keeps its own copy of a PC: it keeps, for each PC, the changes its
own steps made (Stress, Luck, Doom, Penalty Ranks, Advancements, the play history), as a
list of :data:`Patch` es over the character's JSON data. Replayed over the PC's file they
give the PC as the scene left it, without any edit made elsewhere (a Player name typed in
the builder and never saved), so

* a restored scene brings back what the scene did, never a PC's unsaved edits;
* End scene can write to a PC's file exactly what the scene changed;
* a PC reloaded from its file while the scene runs gets the scene's state back.

A PC may already hold some of the scene's changes (its own autosave or its file was written
after a scene step, perhaps with later edits of the PC's own): those are not replayed again
(:func:`unapplied`), or they would set Luck and the history back to the scene's and lose
the later edits. The history tells: it only grows, and each scene step on a PC writes
its entries there, so a PC whose history already begins with the one a step left went
through that step.

A patch names the leaves that changed: a path of dict keys and list indexes and the new
value (or that the key went away). Lists of another length are replaced whole.
"""

from __future__ import annotations

import copy
from typing import Any

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character

Patch = list[dict[str, Any]]
"""``[{"path": [key or index, ...], "value": new}`` or ``{"path": [...], "removed": true}]``."""


def diff(before: Any, after: Any, path: tuple[str | int, ...] = ()) -> Patch:
    """The leaves of ``after`` that differ from ``before`` (JSON data)."""
    if before == after:
        return []
    if isinstance(before, dict) and isinstance(after, dict):
        return _diff_dicts(before, after, path)
    if (isinstance(before, list) and isinstance(after, list)
            and len(before) == len(after)):
        found: Patch = []
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            found += diff(old, new, (*path, index))
        return found
    return [{"path": list(path), "value": copy.deepcopy(after)}]


def _diff_dicts(before: dict[str, Any], after: dict[str, Any],
                path: tuple[str | int, ...]) -> Patch:
    found: Patch = []
    for key in after:
        if key not in before:
            found.append({"path": [*path, key], "value": copy.deepcopy(after[key])})
        else:
            found += diff(before[key], after[key], (*path, key))
    found += [{"path": [*path, key], "removed": True} for key in before if key not in after]
    return found


def apply(data: dict[str, Any], patches: list[Patch]) -> dict[str, Any]:
    """``data`` (not changed) with ``patches`` applied in order; a leaf whose place is gone
    (a list the PC's file holds shorter) is set where it can be or left out."""
    result = copy.deepcopy(data)
    for patch in patches:
        for change in patch:
            _set(result, list(change.get("path", [])), change)
    return result


def _set(data: Any, path: list[Any], change: dict[str, Any]) -> None:
    if not path:
        return
    *parents, last = path
    node = data
    for key in parents:
        if not _has(node, key):
            return
        node = node[key]
    if isinstance(node, dict) and isinstance(last, str):
        if change.get("removed"):
            node.pop(last, None)
        else:
            node[last] = copy.deepcopy(change.get("value"))
    elif _has(node, last) and isinstance(node, list) and not change.get("removed"):
        node[last] = copy.deepcopy(change.get("value"))


def _has(node: Any, key: Any) -> bool:
    if isinstance(node, dict):
        return isinstance(key, str) and key in node
    return (isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool)
            and 0 <= key < len(node))


HISTORY = "history"
"""The character's history, in its JSON data."""


def _touches_history(patch: Patch) -> bool:
    return any(list(change.get("path", []))[:1] == [HISTORY] for change in patch)


def unapplied(character: Character, patches: list[Patch]) -> list[Patch]:
    """The scene's ``patches`` that ``character`` does not hold yet: those after the last
    one it already went through (its history begins with the history that patch left;
    a patch that leaves the history alone is held when a later one is)."""
    data = data_of(character)
    held = data.get(HISTORY, [])
    state = copy.deepcopy(data)
    done = 0
    for index, patch in enumerate(patches):
        for change in patch:
            _set(state, list(change.get("path", [])), change)
        if not _touches_history(patch):
            continue
        left = state.get(HISTORY, [])
        if isinstance(left, list) and isinstance(held, list) and held[:len(left)] == left:
            done = index + 1
    return patches[done:]


def already_applied(character: Character, patches: list[Patch]) -> bool:
    """Whether ``character`` already holds every one of the scene's ``patches``."""
    return not any(unapplied(character, patches))


def data_of(character: Character) -> dict[str, Any]:
    """The character as the JSON data patches are made over (its undo snapshot)."""
    return character.model_dump(mode="json")


def character_changes(before: Character, after: Character) -> Patch:
    """What turned ``before`` into ``after``."""
    return diff(data_of(before), data_of(after))


def replay(character: Character, patches: list[Patch]) -> Character:
    """``character`` with the scene's ``patches`` it does not hold yet (:func:`unapplied`)
    replayed on it, as a new Character. RefusedError when the result is no valid
    character (the file changed too much)."""
    patches = unapplied(character, patches)
    if not any(patches):
        return character.model_copy(deep=True)
    data = apply(data_of(character), patches)
    try:
        return Character.model_validate(data)
    except ValueError as exc:
        raise RefusedError(
            f"the scene's changes no longer fit {character.name or 'the PC'} ({exc})"
        ) from None
