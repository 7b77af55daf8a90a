"""Performance benchmarks; run with ``python -m tests.benchmarks`` (see run.py)."""
