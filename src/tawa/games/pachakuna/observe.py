"""Observations (PK-340..PK-345): everything on the table is public; only the order of future draws is hidden.

The bag is kept as an unordered set of ids (PK-342) and every draw is made from the game RNG at the moment it
happens, so the only hidden thing is the RNG state, which no observation holds (PK-343). Both seats see the same
dict apart from ``observer`` (PK-344).
"""

from __future__ import annotations

from typing import Any

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    COLOURS,
    LLAMAS_PER_PLAYER,
    N_COLOURS,
    N_LLAMAS,
    TILE_CELLS,
    Tables,
    cell_name,
)
from tawa.games.pachakuna.state import PachakunaState


def observation(s: PachakunaState, tables: Tables, params: Params, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees (``None``: a spectator): everything public, which here is everything but the RNG."""
    llamas = []
    for k in range(N_LLAMAS):
        owner = k // LLAMAS_PER_PLAYER
        llamas.append(
            {
                "seat": owner,
                "side": "white" if s.colour_of(owner) == 0 else "black",
                "slot": k % LLAMAS_PER_PLAYER,
                "cell": cell_name(s.pos[k]) if s.pos[k] >= 0 else None,
                "region": s.region[k],
                "load": COLOURS[s.load[k]] if s.load[k] >= 0 else None,
                "reload": s.reload[k],
                "moved": int(s.moved[k]),
                "bought": s.bought[k],
            }
        )
    return {
        "observer": seat,
        "layout": params.layout,
        "white_seat": s.white_seat,
        "active": s.active,
        "step": s.step.label,
        "turn": s.turn,
        "turn_cap": params.TURN_CAP,
        "tiles": {cell_name(c): [s.types[c], s.orient[c]] for c in TILE_CELLS},
        # the geometry a board view needs, from the (overridable) options: PK-011 village cells, PK-041 regions
        "village_cells": {COLOURS[v]: cell_name(tables.village_cell[v]) for v in range(N_COLOURS)},
        "tile_types": {
            name: [[terrain, list(sides)] for terrain, sides in regions] for name, regions in params.TILE_TYPES.items()
        },
        "rocks": [cell_name(c) for c in s.rocks],
        "rotated": [cell_name(c) for c in s.rotated],
        "llamas": llamas,
        "supply": [{ALL_PIECES[c]: n for c, n in enumerate(sup) if n} for sup in s.supply],
        "villages": {COLOURS[v]: (s.demand[v] if s.demand[v] >= 0 else None) for v in range(N_COLOURS)},
        "demands": [[COLOURS[u], COLOURS[lo]] for u, lo in tables.demands],
        "bag": list(s.bag),
        "discard": list(s.discard),
        "sold": [COLOURS[v] for v in s.sold],
        "buys": s.buys,
        "move_slot": s.move_slot,
        "paying": {
            "for": s.paying.value,
            "still": s.pay_need,
            "tile": cell_name(s.pay_cell) if s.pay_cell >= 0 else None,
            "orientation": s.pay_orient,
            "village": COLOURS[s.pay_village] if s.pay_village >= 0 else None,
        }
        if s.paying
        else None,
        "winner": s.winner if s.winner >= 0 else None,
        "draw": s.draw,
    }


def resample_hidden(s: PachakunaState, tables: Tables, params: Params, seat: int, rng: Rng) -> None:
    """PK-341/345: the only hidden thing is the order of future draws. The bag is an unordered set and every draw
    is taken from the game's RNG when it happens, which ``determinize`` has already reseeded: that is the reshuffle
    of the bag. Nothing else to resample."""
