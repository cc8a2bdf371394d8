"""Guatavita extras: each seat's final points by source (the game's score breakdown)."""
from __future__ import annotations

from typing import Any

from tawa.core.game import Game
from tawa.lab.extras import register_extras


def extras(g: Game) -> dict[str, Any]:
    from tawa.games.guatavita.scoring import breakdown

    parts = [{k: v for k, v in b.items() if k != "total"} for b in breakdown(g.state, g.params)]
    return {"seat_values": {"points by source": parts}}


register_extras("guatavita", extras)
