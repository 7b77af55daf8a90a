"""The bundle collects every registered game system, and names none (issue 25)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from seforge.systems import registry

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundled() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "seforge_bundled_systems", ROOT / "packaging" / "bundled_systems.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["seforge_bundled_systems"] = module
    spec.loader.exec_module(module)
    return module


def test_every_registered_system_is_collected(bundled: ModuleType) -> None:
    parts = bundled.registered_parts()
    systems, _failed = registry().load_all()
    core = {p.name for p in parts if p.group == bundled.CORE_GROUP}
    assert core == {s.id for s in systems}
    assert {p.name for p in parts if p.group == bundled.UI_GROUP} == core
    for part in parts:  # the package holding the entry point's module, never a whole tree
        assert part.module.startswith(part.package + ".") or part.module == part.package
        assert part.package not in ("seforge", "ui", "seforge.systems", "ui.systems")
    assert "seforge" in bundled.distributions(parts)


def test_an_outside_plugin_is_collected_from_its_entry_points(
        bundled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plug-in distribution (here made up) brings its own packages and metadata."""
    dist = SimpleNamespace(name="dice-pool")
    found = {
        "seforge.systems": [SimpleNamespace(name="dice-pool", value="dice_pool.system:SYSTEM",
                                            dist=dist)],
        "seforge.ui_systems": [SimpleNamespace(name="dice-pool",
                                               value="dice_pool_ui.dice_pool_ui:SYSTEM_UI",
                                               dist=dist)],
    }
    monkeypatch.setattr(bundled, "entry_points", lambda group: found[group])
    parts = bundled.registered_parts()
    assert [(p.group, p.package) for p in parts] == [
        ("seforge.systems", "dice_pool"), ("seforge.ui_systems", "dice_pool_ui")]
    assert bundled.distributions(parts) == ["dice-pool"]
    assert bundled.package_of("json") == "json"  # a package is its own
    assert bundled.package_of("json.decoder") == "json"


def test_packaging_names_no_system() -> None:
    """No per-system line in packaging/: the spec, the build and its smoke test read the
    registry, so a new system needs no edit there."""
    systems, _failed = registry().load_all()
    names = set()
    for system in systems:
        names |= {system.id, system.title}
        names |= {f.suffix for f in system.formats}
        module = type(system).__module__.split(".")
        if len(module) > 2 and module[:2] == ["seforge", "systems"]:
            names.add(module[2])  # the package name, e.g. the one under seforge/systems
    for path in sorted((ROOT / "packaging").iterdir()):
        if path.suffix not in (".py", ".spec", ".sh"):
            continue
        text = path.read_text(encoding="utf-8")
        named = sorted(n for n in names if n in text)
        assert not named, f"{path.name} names {named}"
