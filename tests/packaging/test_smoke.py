"""The bundle's smoke test (packaging/build.py) never lets a check pass by skipping."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("seforge_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["seforge_build"] = module
    spec.loader.exec_module(module)
    return module


def test_a_skip_is_a_failure(build: ModuleType, tmp_path: Path) -> None:
    smoke = build.Smoke(tmp_path / "dist", tmp_path)
    smoke.step("a check that could not run", lambda: "SKIP: export ran but wrote nothing")
    smoke.step("a check that passed", lambda: "ok")
    assert smoke.failures == ["a check that could not run: SKIP: export ran but wrote nothing"]


def test_an_export_that_writes_nothing_fails(build: ModuleType, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    smoke = build.Smoke(tmp_path / "dist", tmp_path)
    monkeypatch.setattr(smoke, "has_verb", lambda _verb: True)
    monkeypatch.setattr(smoke, "run_cli", lambda *a, **k: subprocess.CompletedProcess(
        ["seforge-cli", *a], 0, "", ""))
    smoke.step("export", smoke.check_export)
    assert len(smoke.failures) == 1 and "wrote nothing" in smoke.failures[0]


def test_print_support_must_be_bundled(build: ModuleType, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "SEForge").mkdir(parents=True)
    smoke = build.Smoke(dist, tmp_path)
    smoke.step("print support", smoke.check_print_support)
    assert smoke.failures and "QtPrintSupport" in smoke.failures[0]
    lib = dist / "SEForge" / "_internal" / "PySide6" / "QtPrintSupport.abi3.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"")
    smoke.failures.clear()
    smoke.step("print support", smoke.check_print_support)
    assert smoke.failures == []
