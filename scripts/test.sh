#!/usr/bin/env bash
# Set up a virtual environment (the first time, or when pyproject.toml changed: scripts/venv.sh) and run every
# check: ruff (lint and format), mypy, then the whole test suite (extra arguments go to pytest), the RL environments' checks and a
# smoke training of examples/train_maskable_ppo.py among them (tests/rl).
# The browser tests drive Debian's Chromium: it is installed with apt when missing (as root, or with
# passwordless sudo); where apt cannot be used they are skipped with the reason. The server tests run on
# SQLite, and on PostgreSQL too when TAWA_TEST_DATABASE_URL is set (.ci/run starts one).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
tawa_venv test,openspiel,rl,ray,tune
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"   # torch and BLAS: one thread per test worker
if [ ! -x "${TAWA_CHROMIUM:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then APT="apt-get"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null && command -v apt-get >/dev/null 2>&1; then APT="sudo apt-get"
  else APT=""; fi
  if [ -n "$APT" ]; then
    echo "installing Debian's chromium for the browser tests (apt)…"
    { $APT update -qq && DEBIAN_FRONTEND=noninteractive $APT install -y -qq chromium; } >/dev/null \
      || echo "could not install chromium: the browser tests will be skipped"
  else
    echo "chromium is missing and apt cannot be used here: the browser tests will be skipped"
  fi
fi
.venv/bin/ruff check src tests scripts examples
.venv/bin/ruff format --check src tests scripts examples   # formatting is ruff's (ruff format)
.venv/bin/mypy
.venv/bin/python -m pytest -n "${TAWA_TEST_JOBS:-auto}" --dist loadgroup --durations=30 "$@"   # loadgroup: xdist_group(NAME) tests share a worker; the 30 slowest are listed
