"""Make tests/core's toy game (``import toy_game`` registers "toy-cards") and this
folder's helpers importable."""

from __future__ import annotations

import sys
from pathlib import Path

for folder in (Path(__file__).resolve().parent, Path(__file__).resolve().parents[1] / "core"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
