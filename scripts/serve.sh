#!/usr/bin/env bash
# Set up a virtual environment from scratch and start the game server on the embedded database
# (./tawa.db, SQLite); open the printed address in a browser. Extra arguments go to `tawa serve`
# (--host, --port, --db postgresql+psycopg://…).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/tawa serve "$@"
