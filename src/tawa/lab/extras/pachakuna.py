"""P'achakuna extras: each seat's colour (white/black), the layout, and turns played
(win rate and turns to win by colour and by layout)."""
from __future__ import annotations

from typing import Any

from tawa.core.game import Game
from tawa.lab.extras import register_extras


def extras(g: Game) -> dict[str, Any]:
    s = g.state
    colours = ["white" if seat == s.white_seat else "black" for seat in range(g.players)]
    return {"seat_category": {"colour": colours}, "game_category": {"layout": g.params.layout},
            "turns": s.turn}


register_extras("pachakuna", extras)
