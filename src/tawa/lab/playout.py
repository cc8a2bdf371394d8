"""Fast self-play loops shared by tests, ``tawa simulate`` and ``tawa bench``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.bots.random_bot import weighted_choice
from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.registry import game_class
from tawa.core.rng import Rng

MAX_STEPS = 200_000


def random_action(game: Game, rng: Rng, biased: bool = False) -> Action:
    """One uniform (or progress-biased) random legal action of the current player."""
    legal = game.legal_actions()
    return weighted_choice(rng, legal, game.progress_weights(legal)) if biased else rng.choice(legal)


def random_playout(
    game: Game, rng: Rng, biased: bool = False, max_steps: int = MAX_STEPS, stop_after: int | None = None
) -> int:
    """Play ``game`` with random moves (progress-biased if asked) to the end, or only
    ``stop_after`` actions. Returns the number of actions applied. This is a trusted
    harness (it reads the true state for speed); bots use ``tawa.bots`` instead."""
    steps = 0
    while not game.is_over and steps != stop_after:
        game.apply(random_action(game, rng, biased))
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"{game.info.id}: no end after {max_steps} actions (seed {game.seed})")
    return steps


def automated_options(game_id: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's [D] safety caps, then the caller's options on top."""
    out = dict(game_class(game_id).info.automation_options)
    out.update(options or {})
    return out
