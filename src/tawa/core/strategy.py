"""Generic position values shared by every game's evaluator (``Game.evaluate``) and by the bots.

An evaluation scores a position for ``seat`` in [-1, 1] (1: sure win, -1: sure loss). Games write their
own in ``games/<g>/strategy.py`` from these pieces; a game without one is valued by ``score_lead``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tawa.core.game import Game


def outcome_value(game: Game, seat: int) -> float:
    """Value of a finished game: 1 for a sole win, shared wins split, -1 for a loss
    (in n-player games a lower place is worth a little more than last)."""
    winners = game.winners()
    if seat in winners:
        return 1.0 if len(winners) == 1 else 1.0 / len(winners)
    n = game.players
    if n <= 2:
        return -1.0
    rank = game.ranking()[seat]
    return -1.0 + 0.5 * (n - rank) / (n - 1)


def score_lead(game: Game, seat: int) -> float:
    """Generic default: the seat's score lead over the best other seat, normalised to
    (-1, 1) by the size of the scores. Uses ``scores()`` only."""
    if game.is_over:
        return outcome_value(game, seat)
    scores = game.scores()
    mine = scores[seat]
    best = max(v for i, v in enumerate(scores) if i != seat) if len(scores) > 1 else 0.0
    return 0.9 * (mine - best) / (abs(mine) + abs(best) + 1.0)


def squash(lead: float, scale: float) -> float:
    """Map an unbounded lead to (-0.9, 0.9): lead / (|lead| + scale)."""
    return 0.9 * lead / (abs(lead) + scale)
