#!/usr/bin/env bash
# Set up a virtual environment from scratch and start the main job: Sacred Valley in the terminal,
# you (seat 0) against three random bots. Extra arguments go to `tawa play`.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/tawa play sacred-valley --players 4 --seats human,random,random,random --seed 7 "$@"
