"""The evaluation a bot searches with: a game's own ``Game.evaluate`` (written in ``games/<g>/strategy.py``,
with the game's search defaults in ``Game.search_defaults``), or ``score_lead`` for a game without one.

An evaluator is ``evaluate(view, seat) -> float`` in [-1, 1] (1: sure win, -1: sure loss). It reads only the
public ``Game`` API and ``view.state`` of a *determinized view* (a legitimate sample of what the seat may
believe, never the true state). docs/bots.md lists what each game's evaluator reads.
"""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.errors import UnknownGame
from tawa.core.game import Game
from tawa.core.registry import game_class
from tawa.core.strategy import outcome_value, score_lead, squash

Evaluator = Callable[[Game, int], float]


def evaluator_for(game_id: str) -> Evaluator:
    """The game's evaluation (``Game.evaluate`` of its class); ``score_lead`` for an unknown game."""
    try:
        return game_class(game_id).evaluate
    except UnknownGame:
        return score_lead


def has_own_evaluator(game_id: str) -> bool:
    """Whether the game writes its own evaluation (else bots value it by the score lead)."""
    try:
        return game_class(game_id).evaluate is not Game.evaluate
    except UnknownGame:
        return False


def search_defaults(game_id: str) -> dict[str, float | str]:
    """The game's own search-bot defaults (may be empty)."""
    try:
        return dict(game_class(game_id).search_defaults)
    except UnknownGame:
        return {}


__all__ = [
    "Evaluator",
    "evaluator_for",
    "has_own_evaluator",
    "outcome_value",
    "score_lead",
    "search_defaults",
    "squash",
]
