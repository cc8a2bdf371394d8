#!/usr/bin/env bash
# Set up a virtual environment from scratch and run every check: ruff, then the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[test,openspiel]"
.venv/bin/ruff check src tests
.venv/bin/python -m pytest -n "${TAWA_TEST_JOBS:-auto}" "$@"
