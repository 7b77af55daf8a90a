"""An import-linter contract: each system's UI uses only its own system's core.

``ui.systems.X`` may import ``seforge.systems.X`` but no other ``seforge.systems.Y``,
directly or through other modules. The packages are found by wildcards, so a system added
later is covered without editing the contract (configured in ``pyproject.toml``)::

    [[tool.importlinter.contracts]]
    type = "own_system"
    ui_systems = "ui.systems"
    core_systems = "seforge.systems"
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def _children(graph: ImportGraph, package: str) -> dict[str, str]:
    """The direct subpackages/modules of ``package`` by their last name."""
    return {module.rpartition(".")[2]: module for module in graph.find_children(package)
            if not module.rpartition(".")[2].startswith("_")}


class OwnSystemContract(Contract):
    type_name = "own_system"

    ui_systems = fields.StringField()
    core_systems = fields.StringField()

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        ui_parts = _children(graph, str(self.ui_systems))
        core_parts = _children(graph, str(self.core_systems))
        broken: list[tuple[str, str, list[str]]] = []
        for name, ui_package in sorted(ui_parts.items()):
            for other, core_package in sorted(core_parts.items()):
                if other == name:
                    continue
                chain = graph.find_shortest_chain(importer=ui_package, imported=core_package,
                                                  as_packages=True)
                if chain:
                    broken.append((ui_package, core_package, list(chain)))
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for ui_package, core_package, chain in check.metadata["broken"]:
            output.print_error(f"{ui_package} is not allowed to import {core_package}:")
            output.print_error("    " + " -> ".join(chain))
            output.new_line()
