"""Fixtures of the Dice Pool plug-in's tests: offscreen Qt, throwaway SEForge folders,
and the sample characters."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


@pytest.fixture(autouse=True)
def app_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def samples() -> list[Path]:
    found = sorted(SAMPLES.glob("*.dicepool"))
    assert len(found) == 3
    return found
