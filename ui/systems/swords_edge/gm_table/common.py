"""Small helpers shared by the GM's table widgets."""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QMessageBox, QWidget

from seforge.systems.swords_edge.models import NarrativeCharacter, NCType
from seforge.systems.swords_edge.nc_builder import TEMPLATES, quality_rows
from seforge.systems.swords_edge.ranks import Rank

NC_RANKS: tuple[Rank, ...] = tuple(Rank)
"""Every Rank an NC may be built at (Mythic included: an obstacle can be)."""

TYPE_LABELS: dict[NCType, str] = {
    NCType.MINION: "Minion",
    NCType.REGULAR: "Regular",
    NCType.HERO: "Hero",
}


def rank_tn_text(rank: Rank) -> str:
    """``"Good (TN 17)"``."""
    return f"{rank.label} (TN {rank.target_number})"


def fill_rank_combo(combo: QComboBox, ranks: Iterable[Rank] = NC_RANKS) -> None:
    for rank in ranks:
        combo.addItem(rank_tn_text(rank), int(rank))


def fill_type_combo(combo: QComboBox) -> None:
    for nc_type in NCType:
        combo.addItem(TYPE_LABELS[nc_type], nc_type.value)
        combo.setItemData(combo.count() - 1, TEMPLATES[nc_type].stress_rule,
                          Qt.ItemDataRole.ToolTipRole)


def combo_select(combo: QComboBox, data: object) -> None:
    """Show the item holding ``data`` without emitting a change."""
    index = combo.findData(data)
    if index >= 0 and index != combo.currentIndex():
        blocked = combo.blockSignals(True)
        combo.setCurrentIndex(index)
        combo.blockSignals(blocked)


def warn(parent: QWidget | None, title: str, message: str) -> None:
    """The core's one-line message in a warning box."""
    QMessageBox.warning(parent, title, message)


def nc_summary(nc: NarrativeCharacter) -> str:
    """``"Good hero, TN 17"``."""
    return f"{nc.rank.label} {nc.type.value}, TN {nc.base_tn}"


def nc_preview_html(nc: NarrativeCharacter) -> str:
    """A short stat block: name, type, Rank, then every Quality with its TN."""
    esc = html.escape
    rows = "".join(
        f"<tr><td>{esc(row.label)}</td><td>{esc(row.kind)}"
        f"{' · ' + esc(row.trait.value) if row.trait and row.kind != 'trait' else ''}</td>"
        f"<td align='right'><b>TN {row.tn}</b></td></tr>"
        for row in quality_rows(nc)
    )
    parts = [
        f"<h3 style='margin-bottom:2px'>{esc(nc.name or 'Unnamed')}</h3>",
        f"<p style='margin-top:0'>{esc(TYPE_LABELS[nc.type])} · {esc(rank_tn_text(nc.rank))}"
        f"{' · ' + esc(nc.genre) if nc.genre else ''}</p>",
        f"<p><i>{esc(TEMPLATES[nc.type].stress_rule)}</i></p>",
    ]
    if rows:
        parts.append(
            "<table cellspacing='0' cellpadding='3' width='100%'>"
            "<tr><th align='left'>Quality</th><th align='left'>Kind</th>"
            f"<th align='right'>TN when it applies</th></tr>{rows}</table>"
        )
    if nc.notes:
        parts.append(f"<p>{esc(nc.notes)}</p>")
    if nc.source:
        parts.append(f"<p><small>Source: {esc(nc.source)}</small></p>")
    return "".join(parts)
