"""PDF primitives every system's sheets and cards use: fonts with fallbacks and
right-to-left text (:mod:`.fonts`), text fitting and wrapping (:mod:`.text`), paper sizes
and rectangles (:mod:`.geometry`), the locale's paper (:mod:`.paper`) and portraits
(:mod:`.portrait`)."""
