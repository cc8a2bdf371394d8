#!/usr/bin/env bash
# Set up a virtual environment (the first time, or when pyproject.toml changed: scripts/venv.sh) and play Sacred
# Valley in the terminal, you (P1) against three random bots. Extra arguments go to `tawa play`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
tawa_venv
exec .venv/bin/tawa play sacred-valley --players 4 --seats human,random,random,random --seed 7 "$@"
