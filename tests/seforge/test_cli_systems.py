"""The command line dispatches to the registered game systems: their verbs, their odds and
the list of systems in ``seforge --help``."""

from __future__ import annotations

from pathlib import Path

import pytest

import seforge.systems
from seforge import cli
from seforge.core.systems import CliVerb, SystemRegistry
from tests.seforge.core.fake_system import FakeSystem


@pytest.fixture
def with_fake(monkeypatch: pytest.MonkeyPatch) -> SystemRegistry:
    fake = FakeSystem()
    fake.cli_verbs = (CliVerb("fake-roll", "roll fake dice", "tests.seforge.fake_verb"),)
    registry = SystemRegistry(discover=lambda _group: ())
    registry.register_lazy("swords-edge", "seforge.systems.swords_edge.system:SYSTEM")
    registry.register(fake)  # type: ignore[arg-type]
    monkeypatch.setattr(seforge.systems, "registry", lambda: registry)
    return registry


def test_an_installed_systems_verb_runs(with_fake: SystemRegistry,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["fake-roll", "--sides", "20"]) == 0
    assert capsys.readouterr().out == "rolled a d20\n"


def test_an_unknown_verb_is_still_argparses_one_line(
    with_fake: SystemRegistry, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["chek", "x"])
    assert info.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_help_lists_every_registered_system(with_fake: SystemRegistry,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = "".join(capsys.readouterr().out.split())  # argparse wraps lines, even at hyphens
    assert "Gamesystems(ID=title):swords-edge=Sword'sEdge,fake-dice=FakeDice." in out


def test_odds_goes_to_the_named_system(with_fake: SystemRegistry,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["odds", "--system", "fake-dice", "3d6"]) == 0
    assert capsys.readouterr().out == "seforge odds --system fake-dice: 3d6\n"
    assert cli.main(["odds", "--system=nope"]) == 2
    assert "no game system 'nope'" in capsys.readouterr().err


def test_check_routes_a_file_by_its_format(with_fake: SystemRegistry, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "hero.fdchar"
    doc.write_text('{"format": "fake-dice.character", "version": 1}', encoding="utf-8")
    assert cli.main(["check", str(doc)]) == 0
    assert capsys.readouterr().out == f"{doc}: legal\n"


def test_the_built_ins_are_entry_points_like_any_plug_in() -> None:
    """The four systems come from SEForge's own ``seforge.systems`` entry points (read from
    its installed metadata), each with its UI part in ``seforge.ui_systems``."""
    from seforge.core.entry_points import entry_points
    from seforge.systems import registry

    core = {p.name: p for p in entry_points("seforge.systems")}
    ui = {p.name: p for p in entry_points("seforge.ui_systems")}
    assert {"swords-edge", "2d20", "blades", "sword-of-life"} <= set(core) <= set(ui)
    assert {p.distribution for p in core.values()} >= {"seforge"}
    systems, failed = registry().load_all()
    assert failed == [] and systems[0].id == "swords-edge"
    for system in systems:
        assert core[system.id].load() is system
