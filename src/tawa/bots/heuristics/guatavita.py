"""Guatavita evaluator: the lead in the score the game would give now (``scores()`` is the
end-of-game breakdown applied to the current position: track VP, camp, majorities,
machines, workers, pipes, emeralds, gold, head explorers), squashed with a scale of 15.
Reads only ``scores()``. Its ismcts defaults are 200 iterations and rollout depth 4 (the
rules code is the slowest of the four: 500 iterations took over a second per move here)."""
from __future__ import annotations

from tawa.bots.heuristics import outcome_value, register_evaluator, squash
from tawa.core.game import Game

SCALE = 15.0


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    sc = view.scores()
    return squash(sc[seat] - max(v for i, v in enumerate(sc) if i != seat), SCALE)


register_evaluator("guatavita", evaluate, iters=200, depth=4)
