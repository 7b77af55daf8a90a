"""SEForge runs no pydantic plugins, and validating a file never imports pydantic's plugin
lookup (importlib.metadata, about 30 ms of every check, export and import): the lookup's
module is stood in for by seforge/__init__.py. This also guards the stand-in against a
pydantic that asks its loader for more than ``get_plugins``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CAPTAIN = ROOT / "resources" / "systems" / "swords_edge" / "library" / "pcs" / "captain.json"


def test_a_checked_file_is_validated_without_the_plugin_lookup() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from seforge.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
        f"    main(['check', {str(CAPTAIN)!r}])\n"
        "assert 'pydantic' in sys.modules, 'the check validated nothing'\n"
        "assert 'importlib.metadata' not in sys.modules\n"
        "from seforge.systems.swords_edge.models import Character\n"
        "try:\n"
        "    Character.model_validate({'name': 7})\n"
        "except Exception as error:\n"
        "    print('refused', type(error).__name__)\n"
        "print(out.getvalue())\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert "refused ValidationError" in result.stdout
    assert "legal" in result.stdout


def test_pydantic_finds_no_plugins() -> None:
    code = ("import sys, seforge\n"
            "from pydantic import BaseModel\n"
            "class Point(BaseModel):\n"
            "    x: int\n"
            "assert Point.model_validate({'x': '3'}).x == 3\n"
            "loader = sys.modules['pydantic.plugin._loader']\n"
            "print(loader.__spec__.origin, list(loader.get_plugins()))\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "seforge (no pydantic plugins) []"
