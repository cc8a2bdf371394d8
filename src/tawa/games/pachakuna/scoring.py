"""Results (PK-300..PK-307, PK-320): a win for the first seat to hold all 7 colours, or a draw by the turn cap.

There is no score (PK-307). ``scores`` gives 1 / 0 for a win and 0.5 each for a capped draw; during play it is the
number of the 7 colours each seat holds (a progress measure for the bots and reports, not a rule).
"""

from __future__ import annotations

from tawa.core.results import Standing, standings_by_keys
from tawa.games.pachakuna.data import BROWN, N_COLOURS, PLAYERS
from tawa.games.pachakuna.state import PachakunaState

WIN = f"PK-300 first to hold all {N_COLOURS} colours"
DRAW = "shared: drawn by the turn cap (PK-320)"
DURING_PLAY = "colours held so far (the game is not over)"


def colours_held(s: PachakunaState, seat: int) -> int:
    """How many of the 7 goal colours ``seat`` holds (PK-300/301: brown does not count)."""
    return sum(1 for c in range(N_COLOURS) if s.supply[seat][c])


def scores(s: PachakunaState) -> list[float]:
    if s.winner >= 0:
        return [1.0 if seat == s.winner else 0.0 for seat in range(PLAYERS)]
    if s.draw:
        return [0.5] * PLAYERS
    return [float(colours_held(s, seat)) for seat in range(PLAYERS)]


def ranking(s: PachakunaState) -> list[int]:
    sc = scores(s)
    return [1 + sum(1 for o in sc if o > mine) for mine in sc]


def breakdown(s: PachakunaState, seat: int) -> dict[str, float]:
    """What a seat has to show, each a count of what it names (no score unit: PK-300 the result is a win): the
    colours it holds, its pieces (brown included), its brown pieces and its llamas."""
    return {
        "colours held": colours_held(s, seat),
        "pieces": sum(s.supply[seat]),
        "brown pieces": s.supply[seat][BROWN],
        "llamas": s.owned(seat),
    }


def standings(s: PachakunaState) -> list[Standing]:
    """The result as players read it: the winner's place decided by PK-300, a draw shared by the cap (PK-320)."""
    sc = scores(s)
    parts = [breakdown(s, seat) for seat in range(PLAYERS)]
    if s.winner >= 0:
        return [
            Standing(seat, 1 if seat == s.winner else 2, False, sc[seat], WIN if seat == s.winner else "", parts[seat])
            for seat in range(PLAYERS)
        ]
    if s.draw:
        return [Standing(seat, 1, True, sc[seat], DRAW, parts[seat]) for seat in range(PLAYERS)]
    return standings_by_keys(sc, [[v] for v in sc], [DURING_PLAY], parts)
