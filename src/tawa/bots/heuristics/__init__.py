"""Evaluation functions for the bots: game id -> ``evaluate(view, seat) -> float``.

An evaluator scores a position for ``seat`` in [-1, 1] (1: sure win, -1: sure loss). It
reads only the public ``Game`` API and ``view.state`` of a *determinized view* (a
legitimate sample of what the seat may believe, never the true state). Per-game
evaluators live in ``tawa.bots.heuristics.<game_package>`` and register themselves;
every other game uses ``score_lead``. docs/bots.md lists what each one reads.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping

from tawa.core.game import Game

Evaluator = Callable[[Game, int], float]

_EVALUATORS: dict[str, Evaluator] = {}
_SEARCH_DEFAULTS: dict[str, dict[str, float | str]] = {}
_MODULES = {
    "sacred-valley": "tawa.bots.heuristics.sacred_valley",
    "pachakuna": "tawa.bots.heuristics.pachakuna",
    "guatavita": "tawa.bots.heuristics.guatavita",
    "ayar": "tawa.bots.heuristics.ayar",
}
_tried: set[str] = set()


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


def register_evaluator(game_id: str, fn: Evaluator, **search_defaults: float | str) -> Evaluator:
    """Make ``fn`` the evaluator of ``game_id``. ``search_defaults`` (e.g. ``iters=300,
    depth=8, rollout="random"`` for ismcts, ``samples=4`` for greedy) replace the bots'
    defaults for this game, so that the default strength stays under a second per move;
    arguments given in the bot spec still win."""
    _EVALUATORS[game_id] = fn
    if search_defaults:
        _SEARCH_DEFAULTS[game_id] = dict(search_defaults)
    return fn


def search_defaults(game_id: str) -> dict[str, float | str]:
    """The game's own ismcts defaults (may be empty)."""
    evaluator_for(game_id)
    return dict(_SEARCH_DEFAULTS.get(game_id, {}))


def evaluator_for(game_id: str) -> Evaluator:
    """The game's evaluator (its module is imported on first use), else ``score_lead``."""
    if game_id not in _EVALUATORS and game_id not in _tried and game_id in _MODULES:
        _tried.add(game_id)
        try:
            importlib.import_module(_MODULES[game_id])
        except ModuleNotFoundError as e:  # the game (or its evaluator) is not there yet
            if e.name is None or not e.name.startswith("tawa."):
                raise
    return _EVALUATORS.get(game_id, score_lead)


def has_own_evaluator(game_id: str) -> bool:
    return evaluator_for(game_id) is not score_lead


class _Registry(Mapping[str, Evaluator]):
    """Read-only mapping view: ``HEURISTICS[game_id]`` (default for unknown ids)."""

    def __getitem__(self, game_id: str) -> Evaluator:
        return evaluator_for(game_id)

    def __iter__(self) -> Iterator[str]:
        for gid in _MODULES:
            evaluator_for(gid)
        return iter(sorted(_EVALUATORS))

    def __len__(self) -> int:
        return sum(1 for _ in self)


HEURISTICS: Mapping[str, Evaluator] = _Registry()

__all__ = ["HEURISTICS", "Evaluator", "evaluator_for", "has_own_evaluator", "outcome_value",
           "register_evaluator", "score_lead", "search_defaults", "squash"]
