"""What a scene did to a PC, kept apart from the PC itself.

The scene tracker never keeps its own copy of a PC: it keeps, for each PC, the changes its
own steps made (Stress, Luck, Doom, Penalty Ranks, Advancements, the play history), as a
list of :data:`Patch` es over the character's JSON data. Replayed over the PC's file they
give the PC as the scene left it, without any edit made elsewhere (a Player name typed in
the builder and never saved), so

* a restored scene brings back what the scene did, never a PC's unsaved edits;
* End scene can write to a PC's file exactly what the scene changed;
* a PC reloaded from its file while the scene runs gets the scene's state back.

A scene step keeps only what the step itself did, so that it can be replayed over a PC
that holds other edits (End scene writing only the scene's changes, a PC's autosave older
than a step) without bringing their entries or undoing their effects
(:func:`step_changes`): a count (Luck, Penalty Ranks, the scene number) as what the step
added to it, a list that grew (Advancements, the history) as the items it appended, any
other leaf as its new value. The history entries a step appended keep, instead of their
snapshot of the whole character, what the step had changed by then: replayed, each gets
the snapshot of the PC it is replayed over with those changes, so a file's history says
what its play state is.

A PC may already hold some of the scene's changes (its own autosave or its file was written
after a scene step, perhaps with later edits of the PC's own): those are not replayed again
(:func:`unapplied`), or they would count the step twice. The history tells: it only grows,
and each scene step on a PC appends its entries there, so a PC whose history holds the
entries a step appended went through that step.

A patch names the leaves that changed: a path of dict keys and list indexes, and the new
value (``value``), that the key went away (``removed``), what was added to a count
(``add``; with ``removed`` the key goes away once the count is down to nothing), or the
items appended to a list (``append``). Autosaves written before the steps kept their own
changes hold only values (lists of another length whole, the history among them): they
read as they always did (:func:`diff` still makes them).
"""

from __future__ import annotations

import copy
from typing import Any

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.models import Character
from seforge.systems.swords_edge.play.history import CHARACTER_HISTORY, snapshot

Patch = list[dict[str, Any]]
"""``[{"path": [key or index, ...], "value": new}``, ``{"path": [...], "removed": true}``,
``{"path": [...], "add": n}`` (with ``"removed": true``: the key went away) or
``{"path": [...], "append": [item, ...]}`` (for the history, with ``"snapshots"``)``]``."""

HISTORY = "history"
"""The character's history, in its JSON data."""
SNAPSHOT = "snapshot"
"""Where a history entry keeps the character as it was just after it."""


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


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def step_changes(before: Any, after: Any) -> Patch:
    """What a step did that turned ``before`` into ``after`` (JSON data), as the step's
    own changes: counts as what was added, grown lists as what was appended, the
    history's new entries with what the step had changed when each was written."""
    if (isinstance(before, dict) and isinstance(after, dict)
            and isinstance(before.get(HISTORY), list) and isinstance(after.get(HISTORY), list)):
        rest = _own_changes({k: v for k, v in before.items() if k != HISTORY},
                            {k: v for k, v in after.items() if k != HISTORY}, ())
        return rest + _history_changes(before, after)
    return _own_changes(before, after, ())


def _own_changes(before: Any, after: Any, path: tuple[str | int, ...]) -> Patch:
    if before == after:
        return []
    if _count(before) and _count(after):
        return [{"path": list(path), "add": after - before}]
    if isinstance(before, dict) and isinstance(after, dict):
        found: Patch = []
        for key in after:
            if key in before:
                found += _own_changes(before[key], after[key], (*path, key))
            elif _count(after[key]):
                found.append({"path": [*path, key], "add": after[key]})
            else:
                found.append({"path": [*path, key], "value": copy.deepcopy(after[key])})
        for key in before:
            if key not in after:
                gone: dict[str, Any] = {"path": [*path, key], "removed": True}
                if _count(before[key]):
                    gone["add"] = -before[key]
                found.append(gone)
        return found
    if isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            found = []
            for index, (old, new) in enumerate(zip(before, after, strict=True)):
                found += _own_changes(old, new, (*path, index))
            return found
        if len(before) < len(after) and after[:len(before)] == before:
            return [{"path": list(path), "append": copy.deepcopy(after[len(before):])}]
    return [{"path": list(path), "value": copy.deepcopy(after)}]


def _history_changes(before: dict[str, Any], after: dict[str, Any]) -> Patch:
    """The entries a step appended to the history, each without its snapshot but with
    what the step had changed when it was written (None: the entry is kept as it is)."""
    old, new = before[HISTORY], after[HISTORY]
    if old == new:
        return []
    if not (len(old) < len(new) and new[:len(old)] == old):
        return [{"path": [HISTORY], "value": copy.deepcopy(new)}]
    start = _state(before)
    entries: list[Any] = []
    snapshots: list[Patch | None] = []
    for entry in new[len(old):]:
        then = _state_in(entry)
        if then is None:
            entries.append(copy.deepcopy(entry))
            snapshots.append(None)
            continue
        entries.append({k: copy.deepcopy(v) for k, v in entry.items() if k != SNAPSHOT})
        snapshots.append(_own_changes(start, then, ()))
    return [{"path": [HISTORY], "append": entries, "snapshots": snapshots}]


def _state(data: dict[str, Any]) -> dict[str, Any]:
    """What of the character's JSON ``data`` a history snapshot keeps (whole, with the
    defaults): no history, nothing carried from today's character, no unknown field."""
    kept = set(Character.model_fields) - {HISTORY, *CHARACTER_HISTORY.carried}
    return {k: v for k, v in data.items() if k in kept}


def _state_in(entry: Any) -> dict[str, Any] | None:
    """The character an entry's snapshot keeps, as :func:`_state` has it (None: none,
    or none SEForge can read)."""
    kept = entry.get(SNAPSHOT) if isinstance(entry, dict) else None
    if not isinstance(kept, dict):
        return None
    try:
        return _state(data_of(Character.model_validate(kept)))
    except ValueError:
        return None


def _rebased(change: dict[str, Any], start: dict[str, Any]) -> list[Any]:
    """The history entries ``change`` appends, each with the snapshot of ``start`` (the
    character the step is replayed over) as the step had changed it by then. Raises
    ValueError when that is no valid character."""
    entries = list(change.get("append") or [])
    snapshots = change.get("snapshots")
    if not isinstance(snapshots, list) or len(snapshots) != len(entries):
        return copy.deepcopy(entries)
    out: list[Any] = []
    base = _state(start)
    for entry, changed in zip(entries, snapshots, strict=True):
        if changed is None or not isinstance(entry, dict):
            out.append(copy.deepcopy(entry))
            continue
        then = Character.model_validate(apply(base, [changed]))
        out.append({**copy.deepcopy(entry), SNAPSHOT: snapshot(then)})
    return out


def apply(data: dict[str, Any], patches: list[Patch]) -> dict[str, Any]:
    """``data`` (not changed) with ``patches`` applied in order; a leaf whose place is gone
    (a list the PC's file holds shorter) is set where it can be or left out."""
    result = copy.deepcopy(data)
    for patch in patches:
        start = _state(copy.deepcopy(_state(result))) if any(
            "snapshots" in c for c in patch) else result  # what each replayed entry is over
        for change in patch:
            _set(result, list(change.get("path", [])), change, start)
    return result


def _set(data: Any, path: list[Any], change: dict[str, Any], start: Any) -> None:
    if not path:
        return
    *parents, last = path
    node = data
    for key in parents:
        if not _has(node, key):
            return
        node = node[key]
    if not ((isinstance(node, dict) and isinstance(last, str)) or _has(node, last)):
        return
    if "add" in change:
        now = node.get(last, 0) if isinstance(node, dict) else node[last]
        count = (now if _count(now) else 0) + int(change["add"])
        if change.get("removed") and count <= 0 and isinstance(node, dict):
            node.pop(last, None)
        else:
            node[last] = count
    elif "append" in change:
        now = node.get(last) if isinstance(node, dict) else node[last]
        items = (_rebased(change, start) if "snapshots" in change and isinstance(start, dict)
                 else copy.deepcopy(list(change["append"])))
        node[last] = [*(now if isinstance(now, list) else []), *items]
    elif change.get("removed"):
        if isinstance(node, dict):
            node.pop(last, None)
    else:
        node[last] = copy.deepcopy(change.get("value"))


def _has(node: Any, key: Any) -> bool:
    if isinstance(node, dict):
        return isinstance(key, str) and key in node
    return (isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool)
            and 0 <= key < len(node))


def _bare(entry: Any) -> Any:
    """A history entry without its snapshot (a replayed entry gets its own)."""
    if isinstance(entry, dict):
        return {k: v for k, v in entry.items() if k != SNAPSHOT}
    return entry


def _find(held: list[Any], run: list[Any], start: int) -> int | None:
    """Where ``run`` stands in ``held``, at ``start`` or later (None: nowhere)."""
    for at in range(start, len(held) - len(run) + 1):
        if held[at:at + len(run)] == run:
            return at
    return None


def unapplied(character: Character, patches: list[Patch]) -> list[Patch]:
    """The scene's ``patches`` that ``character`` does not hold yet: those after the last
    one it already went through (its history holds, after those of the earlier held
    ones, the entries that patch appended; for a patch of an older autosave, its history
    begins with the history the patch set). A patch that leaves the history alone is
    held when a later one is."""
    held = data_of(character).get(HISTORY, [])
    if not isinstance(held, list):
        held = []
    bare = [_bare(entry) for entry in held]
    done = 0
    place = 0
    for index, patch in enumerate(patches):
        for change in patch:
            if list(change.get("path", [])) != [HISTORY]:
                continue
            if "append" in change:
                run = [_bare(entry) for entry in change.get("append") or []]
                at = _find(bare, run, place) if run else None
                if at is not None:
                    done, place = index + 1, at + len(run)
            elif "value" in change:
                left = change.get("value")
                if isinstance(left, list) and held[:len(left)] == left:
                    done, place = index + 1, max(place, len(left))
    return patches[done:]


def already_applied(character: Character, patches: list[Patch]) -> bool:
    """Whether ``character`` already holds every one of the scene's ``patches``."""
    return not any(unapplied(character, patches))


def data_of(character: Character) -> dict[str, Any]:
    """The character as the JSON data patches are made over (its undo snapshot)."""
    return character.model_dump(mode="json")


def character_changes(before: Character, after: Character) -> Patch:
    """What a step did that turned ``before`` into ``after`` (:func:`step_changes`)."""
    return step_changes(data_of(before), data_of(after))


def replay(character: Character, patches: list[Patch]) -> Character:
    """``character`` with the scene's ``patches`` it does not hold yet (:func:`unapplied`)
    replayed on it, as a new Character. RefusedError when the result is no valid
    character (the file changed too much)."""
    patches = unapplied(character, patches)
    if not any(patches):
        return character.model_copy(deep=True)
    try:
        return Character.model_validate(apply(data_of(character), patches))
    except ValueError as exc:
        raise RefusedError(
            f"the scene's changes no longer fit {character.name or 'the PC'} ({exc})"
        ) from None
