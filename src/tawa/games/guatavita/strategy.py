"""What the bots, playouts and reports know of Guatavita.

The evaluator: the lead in the score the game would give now (``scores()`` is the end-of-game breakdown applied
to the current position: track VP, camp, majorities, machines, workers, pipes, emeralds, gold, head explorers),
squashed with a scale of 15. Reads only ``scores()``. Its ismcts defaults are 200 iterations and rollout depth 4
(the rules code is the slowest of the four: 500 iterations took over a second per move here). The progress
weights favour placements that move the game toward its end (not rules; a testing and playout aid).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.strategy import outcome_value, squash
from tawa.games.guatavita.data import Tables, tables
from tawa.games.guatavita.rules.common import housed
from tawa.games.guatavita.scoring import breakdown
from tawa.games.guatavita.state import Ask, GuatavitaState

SCALE = 15.0
_ASK_PLAN = Ask.PLAN  # enum attribute lookups are slow in Python 3.11; the weights are asked at every playout step

SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 200, "depth": 4}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""

# progress-biased playouts: weights by placement kind
WEIGHTS = {
    "pass": 0.1,
    "explore": 6.0,
    "cross": 0.5,
    "sabotage": 0.4,
    "camp": 2.0,
    "pump": 6.0,
    "reexplore": 2.0,
    "harvest": 1.0,
    "pioneer": 0.5,
    "commerce": 1.5,
    "recruit": 1.0,
    "loan": 0.05,
    "balsa": 1.5,
}


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    sc = view.scores()
    return squash(sc[seat] - max(v for i, v in enumerate(sc) if i != seat), SCALE)


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: each seat's final points by source (the game's score breakdown)."""
    parts = [{k: v for k, v in b.items() if k != "total"} for b in breakdown(g.state, tables(g.params), g.params)]
    return {"seat_values": {"points by source": parts}}


def progress_weights(st: GuatavitaState, tb: Tables, actions: Sequence[Action]) -> list[float] | None:
    """Weights of a planning turn's placements (None, uniform, for the other decisions)."""
    d = st.decision
    if d is None or d.ask != _ASK_PLAN:
        return None
    seat = d.seat
    pl = st.players[seat]
    room = housed(st, seat) < pl.camp_level
    # a level-2 pump only matters once a phase-3 tile can be reached (from an own phase-2 tile): pumping
    # earlier parks a worker for good and, with the camp at level 3, leaves 2 free workers
    deep = any(st.drained[p] and st.pipes[p][seat] and tb.phase_of_pos[p] >= 2 for p in range(tb.npos))
    out = []
    for a in actions:
        move = a.data
        kind = move.kind
        w = WEIGHTS.get(kind, 1.0)
        if kind == "explore":
            w *= 1.0 + tb.phase_of_pos[move.pos]  # deeper is better
            if move.via >= 0:
                w *= 0.3
        elif kind == "pump" and pl.pump_level == 1 and pl.gold >= 2:
            w *= 3.0 if deep else 0.05
        elif kind == "camp" and not room and pl.gold >= 2:
            w *= 4.0  # the camp is full: only an upgrade lets it grow
        elif (
            kind == "commerce"
            and pl.gold >= 2
            and (pl.camp_machines if move.choice == "machine" else pl.camp_pipes) < 2
        ):
            w *= 4.0
        elif (kind in ("camp", "pump", "commerce") and pl.gold < 2) or (kind == "recruit" and pl.food < 2):
            w *= 0.1
        elif kind == "recruit" and room:
            w *= 4.0
        elif kind == "harvest" and pl.food < 4:
            w *= 3.0
        elif kind == "loan" and pl.gold <= 1:
            w *= 10.0
        out.append(w)
    return out
