"""The import contracts in ``pyproject.toml`` catch each kind of forbidden import, for any
system name: run on a small tree shaped like SEForge's (two made-up systems), they are all
kept, and each planted import breaks the contract that forbids it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ("quill", "ember_isle")
"""Two system packages no real system is called (the contracts name none)."""

TREE = {
    "seforge/__init__.py": "",
    "seforge/core/__init__.py": "",
    "seforge/core/documents.py": "",
    "seforge/systems/__init__.py": "",
    "seforge/cli/__init__.py": "import seforge.systems.quill\nimport seforge.core.documents\n",
    "seforge/desktop.py": "import seforge.core.documents\n",
    "ui/__init__.py": "",
    "ui/app.py": "import ui.shell.window\nimport ui.systems.quill.editor\n",
    "ui/launch.py": "import ui.app\n",
    "ui/shell/__init__.py": "",
    "ui/shell/window.py": "import PySide6\nimport shiboken6\nimport seforge.core.documents\n",
    "ui/systems/__init__.py": "",
    "PySide6/__init__.py": "",
    "shiboken6/__init__.py": "",
}
for _name in SYSTEMS:
    TREE[f"seforge/systems/{_name}/__init__.py"] = ""
    TREE[f"seforge/systems/{_name}/rules.py"] = "import seforge.core.documents\n"
    TREE[f"ui/systems/{_name}/__init__.py"] = ""
    TREE[f"ui/systems/{_name}/editor.py"] = (f"import ui.shell.window\n"
                                             f"import seforge.systems.{_name}.rules\n")

PLANTED = {
    "a shell importing a system's UI": ("ui/shell/window.py", "import ui.systems.quill\n",
                                        "ui.shell (the frame"),
    "a shell importing a system": ("ui/shell/window.py", "import seforge.systems.quill\n",
                                   "ui.shell (the frame"),
    "the core importing a system": ("seforge/core/documents.py",
                                    "import seforge.systems.ember_isle\n",
                                    "seforge.core imports nothing from seforge"),
    "a system importing another": ("seforge/systems/quill/rules.py",
                                   "import seforge.systems.ember_isle.rules\n",
                                   "The game systems never import each other"),
    "a system importing the CLI dispatcher": ("seforge/systems/ember_isle/rules.py",
                                              "import seforge.cli\n",
                                              "The command line dispatches"),
    "a system's UI importing another's": ("ui/systems/quill/editor.py",
                                          "import ui.systems.ember_isle.editor\n",
                                          "The systems' UIs never import each other"),
    "a system's UI importing another system": ("ui/systems/ember_isle/editor.py",
                                               "import seforge.systems.quill.rules\n",
                                               "A system's UI uses only its own"),
    "a system's UI importing the app": ("ui/systems/quill/editor.py", "import ui.app\n",
                                        "The systems' UIs stand on the shell"),
    "the core importing Qt": ("seforge/core/documents.py", "import PySide6\n",
                              "seforge.core imports no Qt"),
}
"""Each forbidden import: the file it goes in, the line, and the contract it breaks."""


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    section = config["tool"]["importlinter"]
    lines = ["[importlinter]", "root_packages =", "    seforge", "    ui",
             "include_external_packages = True",
             "contract_types =", *(f"    {t}" for t in section["contract_types"])]
    for index, contract in enumerate(section["contracts"]):
        lines.append(f"[importlinter:contract:{index}]")
        for key, value in contract.items():
            if isinstance(value, list):
                lines.append(f"{key} =")
                lines += [f"    {item}" for item in value]
            else:
                lines.append(f"{key} = {value}")
    (tree / ".importlinter").write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # for tests.contracts (after the tree)
    linter = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(linter), "--config", ".importlinter", "--no-cache"],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


def build(tmp_path: Path, planted: tuple[str, str, str] | None = None) -> Path:
    for name, text in TREE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if planted is not None:
        file, line, _contract = planted
        with (tmp_path / file).open("a", encoding="utf-8") as out:
            out.write(line)
    return tmp_path


def test_a_clean_tree_keeps_every_contract(tmp_path: Path) -> None:
    result = lint(build(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("what", sorted(PLANTED))
def test_each_forbidden_import_breaks_a_contract(tmp_path: Path, what: str) -> None:
    result = lint(build(tmp_path, PLANTED[what]))
    assert result.returncode == 1, result.stdout + result.stderr
    broken = [line for line in result.stdout.splitlines() if line.endswith("BROKEN")]
    assert any(line.startswith(PLANTED[what][2]) for line in broken), result.stdout
