"""``python -m tests.benchmarks [--out FILE] [--repeat N] [--only NAME ...]``."""

from tests.benchmarks.run import main

raise SystemExit(main())
