#!/usr/bin/env bash
# Build the standalone app and smoke-test it (called from .ci/run, or by hand with
# a venv active that has SEForge's dependencies). Installs the build requirements
# into the active Python environment first. Any failure exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
# The exact versions of packaging/constraints.txt: two builds of one commit are the same.
python -m pip install -q -e . -c packaging/constraints.txt
python -m pip install -q -r packaging/requirements-build.txt -c packaging/constraints.txt
# A frozen Qt app still needs Qt's system libraries to start offscreen.
QT_QPA_PLATFORM=offscreen python packaging/build.py "$@"
