"""Seeded Guatavita games for the tests (tests/guatavita is on sys.path, as tests/core is for toy_game)."""

from __future__ import annotations

from typing import Any

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import random_playout


def progress_game(players: int, seed: int, options: dict[str, Any] | None = None, steps: int = 100_000) -> tawa.Game:
    """A game played ``steps`` progress-biased moves with ``Rng(seed)`` (as ``tawa simulate --seats progress``),
    or to its end; La Balsa on and the round cap of automated runs (GV-863) unless ``options`` say otherwise."""
    g = tawa.new_game("guatavita", players, seed, {"balsa": True, "MAX_ROUNDS": 40, **(options or {})})
    random_playout(g, Rng(seed), biased=True, stop_after=steps)
    return g
