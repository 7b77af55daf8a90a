"""Python's cycle collector, run from the event loop instead of wherever it happens to start.

Left to itself, Python collects reference cycles whenever enough objects have been made since
its last pass: in the middle of a Qt call (a paint, a layout, a signal a view is handling).
Freeing a closed window or a document's owner there lets Qt delete objects that the call in
progress is still using. SEForge's views and owners do form cycles (a view holds its owner,
the owner's signals hold the view), so the app turns Python's automatic passes off and
makes the same passes itself, from the event loop, between two events, where nothing of Qt
is half done. Anki does the same for the same reason.

:class:`Collector` checks once a second and collects what Python would have collected by
then, with Python's own thresholds: the youngest generation once enough objects were made,
the older ones as often as Python would reach them.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 1000
"""How often the event loop looks (garbage waits at most this long)."""


def due_generation() -> int | None:
    """The oldest generation Python's automatic collector would have collected by now (None:
    not yet due), judged by its thresholds and counts (``gc.get_threshold``, ``gc.get_count``)."""
    threshold0, threshold1, threshold2 = gc.get_threshold()
    count0, count1, count2 = gc.get_count()
    if threshold0 == 0 or count0 < threshold0:
        return None
    if count2 >= threshold2 and count1 >= threshold1:
        return 2
    return 1 if count1 >= threshold1 else 0


class Collector(QObject):
    """Runs Python's cycle collection from the event loop of ``parent``'s thread (the GUI
    thread) while it lives; Python's automatic collection stays off meanwhile."""

    def __init__(self, parent: QObject, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int | None:
        """Collect the generation that is due, if any (returns it)."""
        generation = due_generation()
        if generation is not None:
            gc.collect(generation)
        return generation

    def stop(self) -> None:
        """Stop, and give collection back to Python as it was before."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()

