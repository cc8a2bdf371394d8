"""Sacred Valley evaluator. The winner has the most coins plus Camayo end rewards
(``scores()``), and Harvest Points on the track turn into coins at the next Harvest
(SV-220: ``params.HARVEST_TRACK`` pays by track position), so a seat's worth is
``scores()[seat]`` + what its farmers would cash now (``state.farmers[seat]``, public).
The value is the lead of that worth over the best other seat, squashed with a scale of 10.
Reads ``scores()``, ``params.HARVEST_TRACK`` and ``state.farmers`` of the determinized
view. (A Warehouse term, +1 per stored Seed Tile, made the bots buy and discard in loops;
dropped.)"""
from __future__ import annotations

from tawa.bots.heuristics import outcome_value, register_evaluator, squash
from tawa.core.game import Game

SCALE = 10.0


def worth(view: Game, seat: int, scores: list[float]) -> float:
    track = view.params.HARVEST_TRACK
    top = len(track) - 1
    cash = sum(track[max(0, min(top, hp))] for hp in view.state.farmers[seat])
    return scores[seat] + cash


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    sc = view.scores()
    mine = worth(view, seat, sc)
    best = max(worth(view, s, sc) for s in range(view.players) if s != seat)
    return squash(mine - best, SCALE)


register_evaluator("sacred-valley", evaluate)
