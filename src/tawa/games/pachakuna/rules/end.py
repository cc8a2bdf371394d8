"""End of the game (PK-300..PK-307): the seven colours win at once."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.games.pachakuna.data import N_COLOURS
from tawa.games.pachakuna.state import PachakunaState, Payment, Phase


def has_all_colours(supply: list[int]) -> bool:
    """PK-300/301: one of each of the 7 colours; brown does not count."""
    return all(supply[c] >= 1 for c in range(N_COLOURS))


def win(s: PachakunaState, who: str) -> list[Event]:
    """PK-300, PK-304, PK-306: the game ends at once."""
    s.winner = s.active
    s.step = Phase.OVER
    s.paying = Payment.NONE
    return [Event("win", f"{who} holds all {N_COLOURS} colours and wins (PK-300)", data={"winner": s.active})]
