"""The 2d20 game system: the SRD 2022 "Action and Conflict" chapter and the Conan GM screen.

Two profiles (``srd2022`` and ``conan``) share one engine. Qt-free; the UI lives in
``ui.systems.twod20``. Sources: ``shared/reference/2d20-srd-action-and-conflict.txt`` [S],
``shared/reference/conan-2d20-gm-screen.txt`` [C] and the reading notes
``shared/reference/systems/2d20.md``.
"""

from seforge.core.limits import NAME_CHARS as _NAME_CHARS
from seforge.core.limits import declare_text_limits as _declare_text_limits

_declare_text_limits({"qualities": _NAME_CHARS})  # a weapon's qualities: a short list
