#!/usr/bin/env bash
# Set up a virtual environment (the first time, or when pyproject.toml changed: scripts/venv.sh) and start the game
# server on the embedded database (./tawa.db, SQLite); open the printed address in a browser. Every argument goes
# to `tawa serve`: --host, --port (`bash scripts/serve.sh --port 8080`), --db postgresql+psycopg://…
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
tawa_venv
exec .venv/bin/tawa serve "$@"
