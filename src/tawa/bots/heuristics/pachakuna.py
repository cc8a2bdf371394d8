"""P'achakuna evaluator. A seat wins at once when its supply holds all 7 colours (PK rules),
so the value of a position is its *progress*: colours held (``supply[seat][c] > 0`` for the
7 goal colours), plus 0.4 for each colour it lacks that one of its llamas carries (a sale
away), plus 0.1 per spare resource piece up to 8 (currency for rotations and llamas), minus
the same measure for the opponent, squashed with a scale of 2. Reads ``view.state.supply``,
``.load`` and ``.pos`` of the determinized view (all public). Search default: 250
iterations (400 averaged 0.80 s per move over a whole game here, slowest 1.22 s)."""
from __future__ import annotations

from tawa.bots.heuristics import outcome_value, register_evaluator, squash
from tawa.core.game import Game

SCALE = 2.0
COLOURS = 7
LLAMAS_PER_SEAT = 3


def progress(view: Game, seat: int) -> float:
    s = view.state
    supply = s.supply[seat]
    held = [supply[c] > 0 for c in range(COLOURS)]
    carried = {s.load[i] for i in range(seat * LLAMAS_PER_SEAT, (seat + 1) * LLAMAS_PER_SEAT)
               if s.pos[i] >= 0 and 0 <= s.load[i] < COLOURS}
    spare = sum(supply) - sum(held)
    return sum(held) + 0.4 * sum(1 for c in carried if not held[c]) + 0.1 * min(spare, 8)


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    return squash(progress(view, seat) - progress(view, 1 - seat), SCALE)


register_evaluator("pachakuna", evaluate, iters=250)
