"""``seforge check``, ``export`` and ``import`` spend no time that is avoidable on top of the
libraries they use (issue 28).

No timings here (house rule): each test pins down the behaviour that made the time go.
"""

from __future__ import annotations

import atexit
import gc
import typing
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from seforge.cli import main
from seforge.core.cli import PausedCollector

ROOT = Path(__file__).resolve().parents[2]
CAPTAIN = ROOT / "resources" / "systems" / "swords_edge" / "library" / "pcs" / "captain.json"


def test_check_runs_without_the_cycle_collector_and_gives_it_back(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The collector's passes over the models and validators a check builds were about a
    tenth of the check: it is off while the files are checked, on again afterwards."""
    from seforge.systems.swords_edge.cli import check as se_check

    seen: list[bool] = []
    real = se_check.check_file

    def spying(path: Path) -> Any:
        seen.append(gc.isenabled())
        return real(path)

    monkeypatch.setattr(se_check, "check_file", spying)
    assert gc.isenabled()
    assert main(["check", str(CAPTAIN)]) == 0
    assert "captain.json: legal" in capsys.readouterr().out
    assert seen == [False]
    assert gc.isenabled()


def test_the_paused_collector_leaves_a_disabled_collector_disabled() -> None:
    gc.disable()
    try:
        with PausedCollector():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_what_a_check_built_is_not_scanned_as_young_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the block's end what was made moves to the oldest generation without a pass, so
    the next automatic pass (right after, as the program ends) is not over all of it."""
    # a program that keeps nothing frozen itself (the UI tests' harness freezes what each
    # test leaves, and a block inside such a program leaves the freezing to it)
    harness_froze = gc.get_freeze_count() > 0
    gc.unfreeze()
    try:
        kept: list[object] = []
        with PausedCollector():
            kept.extend([index] for index in range(5000))  # tracked containers
        assert gc.get_count()[0] < 700  # below the youngest generation's threshold
        young = {id(obj) for obj in gc.get_objects(generation=0)}
        assert not any(id(obj) in young for obj in kept)
    finally:
        if harness_froze:
            gc.freeze()


def test_objects_another_program_keeps_frozen_stay_frozen() -> None:
    """A program that freezes objects itself (the UI tests do after each test) keeps
    them frozen: the block does not hand them back to the collector."""
    kept = [[index] for index in range(100)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with PausedCollector():
            pass
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
    assert kept


def test_the_program_exit_skips_the_collector_final_passes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's exit passes go over every object (pydantic's and the check's): the check
    freezes what is left at exit instead, once however many times it runs."""
    registered: list[object] = []
    monkeypatch.setattr(atexit, "register", registered.append)
    monkeypatch.setattr(atexit, "unregister", lambda func: registered.remove(func)
                        if func in registered else None)
    for _ in range(2):
        with PausedCollector():
            pass
    assert registered == [gc.freeze]


def _models(model: type[BaseModel]) -> list[type[BaseModel]]:
    """``model`` and every model nested in its fields."""
    found: list[type[BaseModel]] = []
    pending: list[Any] = [model]
    while pending:
        item = pending.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            if item in found:
                continue
            found.append(item)
            pending.extend(field.annotation for field in item.model_fields.values())
        pending.extend(typing.get_args(item))
    return found


def _read_models() -> list[type[BaseModel]]:
    """The models a character (and an NC, a crew) of each system is read into."""
    from seforge.systems.blades.documents import CREW, SCOUNDREL
    from seforge.systems.sword_of_life.documents import CHARACTER as SOL_CHARACTER
    from seforge.systems.swords_edge.fileformat import CHARACTER_KIND, NC_KIND
    from seforge.systems.twod20.documents import CHARACTER_KIND as TWOD20_CHARACTER

    kinds = (CHARACTER_KIND, NC_KIND, SCOUNDREL, CREW, SOL_CHARACTER, TWOD20_CHARACTER)
    return [model for kind in kinds for model in _models(kind.model)]


def test_no_model_a_character_is_read_into_has_list_as_its_default_factory() -> None:
    """pydantic asks each default factory for its signature while building a validator;
    ``list``'s is text parsed by the tokenizer, whose first use compiles a large regular
    expression (a few milliseconds of each check). The models use
    :func:`seforge.core.documents.empty_list`, whose signature costs nothing."""
    using_list = [f"{model.__qualname__}.{name}" for model in _read_models()
                  for name, field in model.model_fields.items()
                  if field.default_factory is list]
    assert using_list == []

    from seforge.core.documents import empty_list

    assert empty_list() == [] and empty_list() is not empty_list()


def test_the_models_read_the_same_empty_lists() -> None:
    """A field left out of a file is a new empty list in each document, as before."""
    from seforge.systems.swords_edge.models import Character

    first, second = Character(), Character()
    assert first.elements == [] and first.elements is not second.elements
    assert first.model_dump() == second.model_dump()


def test_export_and_import_run_without_the_cycle_collector_too(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Export and import build models, fonts and PDF objects that live to the end as a check
    does: the collector is off while they work and on again after."""
    import seforge.cli.export_cmd as export_cmd
    import seforge.cli.import_cmd as import_cmd

    seen: dict[str, bool] = {}
    for name, module in (("export", export_cmd), ("import", import_cmd)):
        real = module._run

        def spying(args: Any, real: Any = real, name: str = name) -> int:
            seen[name] = gc.isenabled()
            return int(real(args))

        monkeypatch.setattr(module, "_run", spying)
    sheet = tmp_path / "captain.pdf"
    assert main(["export", str(CAPTAIN), "-o", str(sheet)]) == 0
    assert main(["import", str(sheet), "-o", str(tmp_path / "captain.sechar")]) == 0
    capsys.readouterr()
    assert seen == {"export": False, "import": False}
    assert gc.isenabled()
    assert (tmp_path / "captain.sechar").is_file()
