"""Sacred Valley extras: the Camayos each seat holds at the end (win rate by Camayo)."""
from __future__ import annotations

from typing import Any

from tawa.core.game import Game
from tawa.lab.extras import register_extras


def extras(g: Game) -> dict[str, Any]:
    from tawa.games.sacred_valley import data as D

    held = [[D.CAMAYO_NAMES[k] for k in cams] for cams in g.state.cam]
    return {"seat_category": {"Camayo held at the end": held}}


register_extras("sacred-valley", extras)
