"""Importing the core stays cheap: no pydantic, no Qt, no ReportLab, no package metadata scan."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("pydantic", "PySide6", "shiboken6", "reportlab", "PIL", "importlib.metadata", "ui")


def test_importing_the_core_modules_loads_nothing_heavy() -> None:
    code = (
        "import json, sys\n"
        "import seforge.core\n"
        "bare = sorted(m for m in sys.modules if m.startswith('seforge'))\n"
        "import seforge.core.odds, seforge.core.trackers, seforge.core.systems\n"
        "print(json.dumps([bare, sorted(sys.modules)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    bare, loaded = json.loads(done.stdout)
    assert bare == ["seforge", "seforge.core"]
    heavy = [m for m in loaded if m in HEAVY or m.split(".")[0] in HEAVY[:5]]
    assert heavy == []
