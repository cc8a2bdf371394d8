"""Make tests/core's toy game (``import toy_game`` registers "toy-cards", a game without an encoding)
importable."""

from __future__ import annotations

import sys
from pathlib import Path

_CORE = Path(__file__).resolve().parents[1] / "core"
if str(_CORE) not in sys.path:
    sys.path.insert(0, str(_CORE))
