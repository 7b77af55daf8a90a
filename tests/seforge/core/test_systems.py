"""The game-system registry: lazy, one-line errors, built-ins and installed entry points."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from seforge.core.systems import (
    REGISTRY,
    CheckProblem,
    CheckReport,
    DocumentFormat,
    GameSystem,
    OddsVerb,
    SystemLoadError,
    SystemRegistry,
)

FAKE = "tests.seforge.core.fake_system"


def registry_with(*entries: tuple[str, str]) -> SystemRegistry:
    def discover(group: str) -> Iterable[EntryPoint]:
        assert group == "seforge.systems"
        return [EntryPoint(name, value, group) for name, value in entries]

    return SystemRegistry(discover=discover)


@pytest.fixture(autouse=True)
def _forget_fake_module() -> None:
    sys.modules.pop(FAKE, None)


def test_the_app_registry_starts_empty_of_built_ins() -> None:
    # in a fresh interpreter: the command line tests register the built-ins in this one
    import subprocess

    code = ("from seforge.core.systems import REGISTRY, SystemRegistry\n"
            "assert isinstance(REGISTRY, SystemRegistry)\n"
            "assert not REGISTRY._loaded and not REGISTRY._pending\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[3], timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert isinstance(REGISTRY, SystemRegistry)


def test_entry_points_are_listed_without_importing_them() -> None:
    registry = registry_with(("fake-dice", f"{FAKE}:SYSTEM"))
    assert registry.ids() == ["fake-dice"]
    assert "fake-dice" in registry
    assert FAKE not in sys.modules
    system = registry.get("fake-dice")
    assert FAKE in sys.modules
    assert isinstance(system, GameSystem)
    assert system.title == "Fake Dice"
    assert registry.get("fake-dice") is system


def test_a_factory_target_is_called_and_lazy_built_ins_work_too() -> None:
    registry = registry_with(("other-dice", f"{FAKE}:make_other"))
    registry.register_lazy("fake-dice", f"{FAKE}:FakeSystem")
    assert registry.ids() == ["fake-dice", "other-dice"]
    assert FAKE not in sys.modules
    assert registry.get("other-dice").id == "other-dice"
    assert registry.get("fake-dice").id == "fake-dice"


def test_built_in_objects_and_duplicate_ids() -> None:
    from tests.seforge.core.fake_system import FakeSystem

    registry = registry_with(("fake-dice", f"{FAKE}:broken"))
    registry.register(FakeSystem())
    assert registry.get("fake-dice").title == "Fake Dice"  # the built-in wins
    with pytest.raises(SystemLoadError, match="'fake-dice' is already registered"):
        registry.register(FakeSystem())
    with pytest.raises(SystemLoadError, match="lower case words joined by hyphens"):
        registry.register_lazy("Fake Dice", f"{FAKE}:SYSTEM")


def test_a_broken_system_is_one_line_and_does_not_stop_the_others() -> None:
    registry = registry_with(
        ("fake-dice", f"{FAKE}:SYSTEM"),
        ("bad-one", f"{FAKE}:broken"),
        ("not-one", f"{FAKE}:NOT_A_SYSTEM"),
        ("wrong-id", f"{FAKE}:make_other"),
        ("missing", "tests.seforge.core.no_such_module:SYSTEM"),
    )
    with pytest.raises(SystemLoadError) as error:
        registry.get("bad-one")
    assert str(error.value) == (
        "the system 'bad-one' failed to load: RuntimeError: the plug-in has a bug"
    )
    with pytest.raises(SystemLoadError, match="failed to load"):
        registry.get("bad-one")  # remembered, not retried
    systems, errors = registry.load_all()
    assert [system.id for system in systems] == ["fake-dice"]
    assert len(errors) == 4
    assert all("\n" not in message for message in errors)
    assert any("does not give a game system (got object)" in m for m in errors)
    assert any("gives the system 'other-dice', not 'wrong-id'" in m for m in errors)
    assert any("ModuleNotFoundError" in m for m in errors)
    with pytest.raises(SystemLoadError, match=r"no game system 'nope' \(known: "):
        registry.get("nope")


def test_broken_package_metadata_is_reported_not_raised() -> None:
    def discover(group: str) -> Iterable[EntryPoint]:
        raise OSError("unreadable metadata")

    registry = SystemRegistry(discover=discover)
    assert registry.ids() == []
    assert registry.load_all() == (
        [],
        ["could not list the installed systems: unreadable metadata"],
    )


def test_formats_and_suffixes_route_to_their_system(tmp_path: Path) -> None:
    registry = registry_with(("fake-dice", f"{FAKE}:SYSTEM"))
    system, document_format = registry.for_format("fd-char")
    assert (system.id, document_format.id) == ("fake-dice", "fake-dice.character")
    assert registry.for_suffix(".FDNC")[1].id == "fake-dice.nc"
    with pytest.raises(SystemLoadError, match=r"no game system opens '\.txt' files"):
        registry.for_suffix(".txt")
    with pytest.raises(SystemLoadError, match=r"reads the format 'x\.y'"):
        registry.for_format("x.y")
    sample = tmp_path / "a.fdchar"
    sample.write_text("", encoding="utf-8")
    assert system.check(sample) == CheckReport(problems=(CheckProblem("empty"),))
    assert not system.check(sample).legal
    assert not system.check(sample).legal


def test_document_formats_refuse_malformed_ids() -> None:
    with pytest.raises(ValueError, match=r"'system\.kind'"):
        DocumentFormat("Character", "x", ".x")
    with pytest.raises(ValueError, match="starts with a dot"):
        DocumentFormat("a.b", "x", "sechar")


def test_the_installed_entry_point_group_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def fake_entry_points(group: str) -> list[EntryPoint]:
        seen.append(group)
        return [EntryPoint("fake-dice", f"{FAKE}:SYSTEM", group)]

    monkeypatch.setattr("seforge.core.entry_points.entry_points", fake_entry_points)
    registry = SystemRegistry()
    assert registry.ids() == ["fake-dice"]
    assert seen == ["seforge.systems"]


def test_an_odds_verb_in_a_module_imports_it_only_when_called(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lazy_odds_verb.py").write_text(
        "def go(argv, prog):\n    return len(argv) if prog == 'p' else -1\n\n"
        "def build_parser(prog):\n    return ('parser', prog)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "lazy_odds_verb", raising=False)
    verb = OddsVerb.in_module("lazy odds", "lazy_odds_verb", run="go")
    assert verb.summary == "lazy odds"
    assert "lazy_odds_verb" not in sys.modules
    assert verb.run(["a", "b"], "p") == 2
    assert "lazy_odds_verb" in sys.modules
    assert verb.parser("seforge odds") == ("parser", "seforge odds")
