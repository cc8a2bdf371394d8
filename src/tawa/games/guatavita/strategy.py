"""Guatavita evaluator: the lead in the score the game would give now (``scores()`` is the
end-of-game breakdown applied to the current position: track VP, camp, majorities,
machines, workers, pipes, emeralds, gold, head explorers), squashed with a scale of 15.
Reads only ``scores()``. Its ismcts defaults are 200 iterations and rollout depth 4 (the
rules code is the slowest of the four: 500 iterations took over a second per move here)."""
from __future__ import annotations

from typing import Any

from tawa.core.game import Game
from tawa.core.strategy import outcome_value, squash
from tawa.games.guatavita.scoring import breakdown

SCALE = 15.0


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    sc = view.scores()
    return squash(sc[seat] - max(v for i, v in enumerate(sc) if i != seat), SCALE)


SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 200, "depth": 4}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: each seat's final points by source (the game's score breakdown)."""
    parts = [{k: v for k, v in b.items() if k != "total"} for b in breakdown(g.state, g.params)]
    return {"seat_values": {"points by source": parts}}
